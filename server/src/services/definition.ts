// Go to definition: from a `$ref` value to the node it names (in this file or another one).
import { Analysis, documentVersion, Target } from '../model/analysis';
import { SyntaxNode } from '../syntax/tree';
import { DocumentStore, SourceDocument } from '../model/documents';
import { parseRef } from '../model/ref';
import { resolveRefTarget } from '../model/resolve';
import { nodeAt } from './node-at';
import { isSwagger2Root } from '../model/swagger2';

export interface DefinitionResult {
  /** The `$ref` value the cursor is on. */
  origin: { offset: number; length: number };
  target: Target;
}

/**
 * Where the thing under the cursor is defined: a `$ref`'s target; a Link's `operationId`'s
 * operation; a security requirement's scheme; an operation tag's entry in the root `tags`.
 */
export function definitionAt(store: DocumentStore, doc: SourceDocument, offset: number, analysis?: Analysis): DefinitionResult | undefined {
  const at = nodeAt(doc.root, offset);
  if (!at) return undefined;
  const node = at.node;
  const origin = (n: SyntaxNode, onKey = false) => (onKey ? { offset: n.keyOffset, length: n.keyLength } : { offset: n.offset, length: n.length });
  if (node.key === '$ref' && node.kind === 'string' && !at.onKey) {
    // 3.1, 3.2: a Schema's `$ref` may name a schema resource of this document by its `$id`.
    const schemaIds = (analysis?.version ?? documentVersion(doc.root)) !== '3.0';
    const { target } = resolveRefTarget(store, doc, parseRef(node.value as string), schemaIds ? node.parent : undefined);
    return target ? { origin: origin(node), target } : undefined;
  }
  if (isSwagger2Root(doc.root)) return swagger2SchemeAt(doc, node, at.onKey);
  if (!analysis) return undefined;
  const objects = (n: SyntaxNode | undefined) => (n ? analysis.objectsAt(n) : []);
  const rootDoc = analysis.root;
  // A Link's operationId.
  if (node.key === 'operationId' && node.kind === 'string' && objects(node.parent).some((o) => o.kind === 'Link')) {
    const operation = analysis.operationIds.get(node.value as string)?.[0];
    return operation ? { origin: origin(node), target: { doc: operation.doc, node: operation.node } } : undefined;
  }
  // A scheme name in a security requirement (the key of the requirement).
  if (at.onKey && objects(node.parent).some((o) => o.kind === 'SecurityRequirement')) {
    const scheme = rootDoc.root?.get('components')?.get('securitySchemes')?.get(String(node.key));
    return scheme ? { origin: origin(node, true), target: { doc: rootDoc, node: scheme } } : undefined;
  }
  // A tag of an operation.
  if (node.kind === 'string' && node.parent?.key === 'tags' && objects(node.parent.parent).some((o) => o.kind === 'Operation')) {
    const tags = rootDoc.root?.get('tags');
    const entry = tags?.kind === 'array' ? tags.children!.find((t) => t.get('name')?.value === node.value) : undefined;
    return entry ? { origin: origin(node), target: { doc: rootDoc, node: entry } } : undefined;
  }
  return undefined;
}

/**
 * In a Swagger 2.0 document (which the 3.0 walk does not place): a scheme name in a security
 * requirement of the root or of an operation, to its entry in `securityDefinitions`.
 */
function swagger2SchemeAt(doc: SourceDocument, node: SyntaxNode, onKey: boolean): DefinitionResult | undefined {
  const list = node.parent?.parent;
  if (!onKey || list?.kind !== 'array' || list.key !== 'security') return undefined;
  const owner = list.parent;
  const inOperation = owner?.parent?.parent?.key === 'paths' && owner.parent.parent.parent === doc.root;
  if (owner !== doc.root && !inOperation) return undefined;
  const scheme = doc.root?.get('securityDefinitions')?.get(String(node.key));
  return scheme ? { origin: { offset: node.keyOffset, length: node.keyLength }, target: { doc, node: scheme } } : undefined;
}
