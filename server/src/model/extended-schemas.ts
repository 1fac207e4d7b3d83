// The schemas some `allOf` extends through a `$ref` (`Cat: {allOf: [{$ref: Pet}, ...]}` extends
// Pet): a discriminator is legal there, and the extending schemas may define what Pet requires.
import { Analysis } from './analysis';
import { SyntaxNode } from '../syntax/tree';

/**
 * Per walk (its references, which a check after value edits keeps: the analysis record is new at
 * each keystroke), the schemas extended through allOf: one pass over the references for every
 * rule and object that asks.
 */
const extendedCache = new WeakMap<readonly unknown[], Set<SyntaxNode>>();

export function extendedSchemas(analysis: Analysis): Set<SyntaxNode> {
  let extended = extendedCache.get(analysis.references);
  if (extended) return extended;
  extended = new Set();
  for (const reference of analysis.references) {
    const holder = reference.holder;
    if (reference.expected !== 'Schema' || holder.parent?.kind !== 'array' || holder.parent.key !== 'allOf') continue;
    const target = analysis.resolve(holder, reference.doc).target;
    if (target) extended.add(target.node);
  }
  extendedCache.set(analysis.references, extended);
  return extended;
}
