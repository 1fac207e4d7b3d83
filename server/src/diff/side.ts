// One version of a description as a diff reads it: the root and the files it references (through
// the model's store and `$ref` resolution, read on demand), its operations keyed by what a client
// calls, its security schemes. Built once per version and kept: the editor diffs every edit of the
// new version against the same base side, whose views of schemas stay cached.
import { DocumentStore, SourceDocument } from '../model/documents';
import { followRefs } from '../model/resolve';
import { HTTP_METHODS } from '../model/spec';
import { SyntaxNode } from '../syntax/tree';
import { schemaView, SchemaView } from './schema-view';
import { At, OperationAt } from './types';

export interface DiffSide {
  root: SourceDocument;
  store: DocumentStore;
  /** Operations by `method path` with the path's parameter names left out (`get /pets/{}`), in document order. */
  operations: Map<string, OperationAt>;
  /** Path Items by their path without parameter names. */
  pathItems: Map<string, At>;
  /** The members under `paths` (their key is the path), by the same keys. */
  pathMembers: Map<string, At>;
  /** The `paths` member of the root (or the root when it has none). */
  paths: At;
  /** Follows `$ref`s from a node to the object it stands for. */
  resolve(at: At): At | undefined;
  /** A schema as compared, cached per node. */
  schema(use: At): SchemaView | undefined;
  /** The documents this side read so far: the root, and each file a `$ref` it followed reached. */
  documents(): Iterable<SourceDocument>;
}

/** `/pets/{petId}` -> `/pets/{}`: clients call a path, not its parameter names. */
export function pathShape(path: string): string {
  return path.replace(/\{[^{}]*\}/g, '{}');
}

export function operationKey(method: string, path: string): string {
  return `${method} ${pathShape(path)}`;
}

/** How messages name an operation: `GET /pets/{petId}`. */
export function operationLabel(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

export function createSide(store: DocumentStore, root: SourceDocument): DiffSide {
  const documents = new Set<SourceDocument>([root]);
  // By document and `$ref` text: a description uses one component from hundreds of places, and
  // reading the reference and walking its pointer again for each was most of a diff's time.
  const targets = new Map<SourceDocument, Map<string, At | null>>();
  const resolve = (at: At): At | undefined => {
    const ref = at.node.kind === 'object' ? at.node.get('$ref') : undefined;
    if (ref?.kind !== 'string') return at;
    let byRef = targets.get(at.doc);
    if (!byRef) targets.set(at.doc, (byRef = new Map()));
    let target = byRef.get(ref.value as string);
    if (target === undefined) {
      target = followRefs(store, at.doc, at.node) ?? null;
      byRef.set(ref.value as string, target);
      if (target) documents.add(target.doc);
    }
    return target ?? undefined;
  };
  // Per schema object (not per place that uses it), with the place of use added.
  const contents = new WeakMap<SyntaxNode, SchemaView | null>();
  const views = new WeakMap<SyntaxNode, SchemaView | null>();
  const schema = (use: At) => {
    let view = views.get(use.node);
    if (view === undefined) {
      const at = resolve(use);
      let content = at ? contents.get(at.node) : null;
      if (at && content === undefined) contents.set(at.node, (content = schemaView(at, resolve) ?? null));
      view = content
        ? {
            use,
            at: content.at,
            parts: content.parts,
            properties: content.properties,
            alternatives: content.alternatives,
          }
        : null;
      views.set(use.node, view);
    }
    return view ?? undefined;
  };
  const operations = new Map<string, OperationAt>();
  const pathItems = new Map<string, At>();
  const pathMembers = new Map<string, At>();
  const pathsNode = root.root?.kind === 'object' ? root.root.get('paths') : undefined;
  const paths: At = { node: pathsNode ?? root.root!, doc: root };
  if (pathsNode?.kind === 'object') {
    for (const member of pathsNode.children!) {
      const path = member.key as string;
      if (path.startsWith('x-')) continue;
      const pathMember = { node: member, doc: root };
      const pathItem = resolve(pathMember);
      if (!pathItem || pathItem.node.kind !== 'object') continue;
      const shape = pathShape(path);
      if (pathItems.has(shape)) continue;
      pathItems.set(shape, pathItem);
      pathMembers.set(shape, pathMember);
      for (const operation of operationsOf(pathItem, path, pathMember))
        operations.set(operationKey(operation.method, path), operation);
    }
  }
  return { root, store, operations, pathItems, pathMembers, paths, resolve, schema, documents: () => documents };
}

/** The operations of a Path Item, in the order written. */
export function operationsOf(pathItem: At, path: string, pathMember: At): OperationAt[] {
  const found: OperationAt[] = [];
  for (const member of pathItem.node.children!) {
    const method = member.key as string;
    if (member.kind !== 'object' || !(HTTP_METHODS as readonly string[]).includes(method)) continue;
    found.push({ node: member, doc: pathItem.doc, method, path, pathItem, pathMember });
  }
  return found;
}
