// The schemas some `allOf` extends through a `$ref` (`Cat: {allOf: [{$ref: Pet}, ...]}` extends
// Pet), with the schemas that extend them: a discriminator is legal there, and the extending
// schemas may define what Pet requires.
import { Analysis, Target } from './analysis';
import { SyntaxNode } from '../syntax/tree';

/**
 * Per walk (its references, which a check after value edits keeps: the analysis record is new at
 * each keystroke), the schemas extended through allOf, each with the schemas whose allOf names it:
 * one pass over the references for every rule and object that asks.
 */
const extendedCache = new WeakMap<readonly unknown[], Map<SyntaxNode, Extended>>();

/** An extended schema (with its document) and the schemas whose allOf names it. */
export interface Extended {
  base: Target;
  extending: Target[];
}

export function extendedSchemas(analysis: Analysis): Map<SyntaxNode, Extended> {
  let extended = extendedCache.get(analysis.references);
  if (extended) return extended;
  extended = new Map();
  for (const reference of analysis.references) {
    const holder = reference.holder;
    const allOf = holder.parent;
    if (reference.expected !== 'Schema' || allOf?.kind !== 'array' || allOf.key !== 'allOf') continue;
    const target = analysis.resolve(holder, reference.doc).target;
    if (!target) continue;
    // Read through the reference: a value edit keeps the references (and this map) but makes a
    // new document record, which `reference.doc` follows.
    const extending: Target = { node: allOf.parent!, get doc() { return reference.doc; } };
    const known = extended.get(target.node);
    if (known) known.extending.push(extending);
    else extended.set(target.node, { base: target, extending: [extending] });
  }
  extendedCache.set(analysis.references, extended);
  return extended;
}
