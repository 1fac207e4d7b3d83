// Go to definition: from a `$ref` value to the node it names (in this file or another one).
import { Target } from '../model/analysis';
import { DocumentStore, SourceDocument } from '../model/documents';
import { parseRef } from '../model/ref';
import { resolveRefTarget } from '../model/resolve';
import { nodeAt } from './node-at';

export interface DefinitionResult {
  /** The `$ref` value the cursor is on. */
  origin: { offset: number; length: number };
  target: Target;
}

export function definitionAt(store: DocumentStore, doc: SourceDocument, offset: number): DefinitionResult | undefined {
  const at = nodeAt(doc.root, offset);
  if (!at) return undefined;
  const node = at.node;
  if (node.key !== '$ref' || node.kind !== 'string') return undefined;
  const { target } = resolveRefTarget(store, doc, parseRef(node.value as string));
  return target ? { origin: { offset: node.offset, length: node.length }, target } : undefined;
}
