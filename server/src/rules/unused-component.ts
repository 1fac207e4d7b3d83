import { Analysis } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { parseRef } from '../model/ref';
import { SyntaxNode } from '../syntax/tree';
import { extendedSchemas } from '../model/extended-schemas';
import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { OPENAPI_VERSIONS } from '../model/spec';

const LIVE = '';

/** `schemas/Pet` for a node inside `#/components/schemas/Pet` of the root document. */
function componentKey(node: SyntaxNode): string | undefined {
  // The three keys nearest the root, read going up: not a path array per call (two per reference,
  // 20,000 on GitHub's description, most of them deep in an operation) to look at its start.
  let first: string | number | undefined;
  let second: string | number | undefined;
  let third: string | number | undefined;
  let depth = 0;
  for (let n: SyntaxNode | undefined = node; n && n.key !== undefined; n = n.parent) {
    third = second;
    second = first;
    first = n.key;
    depth++;
  }
  return first === 'components' && depth >= 3 ? `${String(second)}/${String(third)}` : undefined;
}

/** Which part of the description a node belongs to: a component, a referenced file, or the live rest. */
function ownerOf(analysis: Analysis, doc: SourceDocument, node: SyntaxNode): string {
  if (doc !== analysis.root) return 'file:' + doc.path;
  return componentKey(node) ?? LIVE;
}

type Place = { node: SyntaxNode; doc: SourceDocument };

/** Whether a node is a schema with a name: an entry of a document's `components/schemas`. */
function isNamedSchema(node: SyntaxNode): boolean {
  const schemas = node.parent;
  return schemas?.key === 'schemas' && schemas.parent?.key === 'components' && schemas.parent.parent !== undefined && schemas.parent.parent.parent === undefined;
}

/**
 * The named schemas a discriminator's schema reaches: those that extend it through allOf, or
 * extend one that does, each by its name (Discriminator Object, "Models with Polymorphism Support":
 * "all schemas comprising the parent schema in an allOf construct may be used as an alternate
 * schema", named by the payload). A schema is named where it is an entry of `components/schemas`,
 * or by such an entry that is only a `$ref` to it (`Cat: {$ref: cat.yaml}`); an inline schema with
 * an allOf is no alternate. Pairs of the schema with the discriminator (or one extending it) and
 * the name reached.
 */
function extendedByDiscriminator(analysis: Analysis): { parent: Place; named: Place }[] {
  // Entries of `components/schemas` that are a `$ref`, by the schema they name.
  const namesOf = new Map<SyntaxNode, Place[]>();
  for (const reference of analysis.references) {
    const holder = reference.holder;
    if (reference.expected !== 'Schema' || !isNamedSchema(holder)) continue;
    const target = analysis.resolve(holder, reference.doc).target;
    if (!target) continue;
    const names = namesOf.get(target.node);
    if (names) names.push({ node: holder, doc: reference.doc });
    else namesOf.set(target.node, [{ node: holder, doc: reference.doc }]);
  }
  const extended = extendedSchemas(analysis);
  // The schemas with a discriminator (an object: an empty `discriminator:` is none), and down the
  // allOf extensions from them (each once: a cycle of allOf ends).
  const discriminating = new Set<SyntaxNode>();
  const queue: SyntaxNode[] = [];
  for (const base of extended.keys()) if (base.get('discriminator')?.kind === 'object') discriminating.add(base), queue.push(base);
  while (queue.length) {
    for (const child of extended.get(queue.pop()!)?.extending ?? []) if (!discriminating.has(child.node)) discriminating.add(child.node), queue.push(child.node);
  }
  const reached: { parent: Place; named: Place }[] = [];
  for (const { base, extending } of extended.values()) {
    if (!discriminating.has(base.node)) continue;
    for (const child of extending) {
      if (isNamedSchema(child.node)) reached.push({ parent: base, named: child });
      for (const named of namesOf.get(child.node) ?? []) reached.push({ parent: base, named });
    }
  }
  return reached;
}

/**
 * The named schemas that extend, through allOf (also down a chain), a schema with a discriminator
 * that `reached` says is used: in the editor, another root of the workspace may use the parent
 * (the workspace's graph has `$ref`s, not these edges). One pass: each parent asked once, each
 * schema queued once.
 */
function extendingReachedParents(extensions: readonly { parent: Place; named: Place }[], reached: (place: Place) => boolean | undefined): Set<SyntaxNode> {
  const childrenOf = new Map<SyntaxNode, SyntaxNode[]>();
  const asked = new Set<SyntaxNode>();
  const queue: SyntaxNode[] = [];
  for (const { parent, named } of extensions) {
    const list = childrenOf.get(parent.node);
    if (list) list.push(named.node);
    else childrenOf.set(parent.node, [named.node]);
    if (!asked.has(parent.node)) {
      asked.add(parent.node);
      if (reached(parent)) queue.push(parent.node);
    }
  }
  const found = new Set<SyntaxNode>();
  while (queue.length) {
    for (const child of childrenOf.get(queue.pop()!) ?? []) if (!found.has(child)) found.add(child), queue.push(child);
  }
  return found;
}

/**
 * The component graph: who uses whom, through `$ref`, security requirements, discriminator mappings
 * and the schemas a discriminator's schema is extended by.
 */
function usageGraph(analysis: Analysis, extensions: readonly { parent: Place; named: Place }[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    let set = edges.get(from);
    if (!set) edges.set(from, (set = new Set()));
    set.add(to);
  };
  for (const reference of analysis.references) {
    if (!reference.target) continue;
    const owner = ownerOf(analysis, reference.doc, reference.holder);
    add(owner, ownerOf(analysis, reference.target.doc, reference.target.node));
    // A pointer into a component that passes through a `$ref` on its way (resolve.ts) ends
    // elsewhere, but uses the component it is written into.
    const pointer = reference.parsed?.form === 'local' && reference.doc === analysis.root ? reference.parsed.pointer : undefined;
    if (pointer && pointer[0] === 'components' && pointer.length > 3) add(owner, `${pointer[1]}/${pointer[2]}`);
  }
  for (const { parent, named } of extensions) add(ownerOf(analysis, parent.doc, parent.node), ownerOf(analysis, named.doc, named.node));
  for (const requirement of analysis.byKind.get('SecurityRequirement') ?? []) {
    for (const name of requirement.node.children!) add(ownerOf(analysis, requirement.doc, requirement.node), `securitySchemes/${String(name.key)}`);
  }
  for (const schema of analysis.byKind.get('Schema') ?? []) {
    const mapping = schema.node.get('discriminator')?.get('mapping');
    if (mapping?.kind !== 'object') continue;
    for (const entry of mapping.children!) {
      if (entry.kind !== 'string') continue;
      const value = entry.value as string;
      const owner = ownerOf(analysis, schema.doc, schema.node);
      // A mapping value is a schema name or a reference (`#/components/schemas/Dog`).
      const pointer = value.includes('#') || value.includes('/') ? parseRef(value).pointer ?? [] : ['components', 'schemas', value];
      if (pointer[0] === 'components' && pointer.length >= 3) add(owner, `${pointer[1]}/${pointer[2]}`);
    }
  }
  return edges;
}

export default defineRule({
  id: 'unused-component',
  severity: 'hint',
  description: 'A component never referenced from the operations of the document or, in the editor, of any other description in the workspace, directly or through other components. A schema with a discriminator reaches the schemas that extend it through allOf, since a payload names them.',
  spec: ['Components Object'],
  rationale:
    'The specification says components have no effect on the API unless they are referenced: an unused component is dead text, or a reference that was forgotten.',
  messages: { unused: '"{name}" is never used: no operation references it, directly or through other components.' },
  tags: ['unnecessary'],
  pickedFixes: 'Deleting a component is for the author to decide: another description may reference it (the command line sees only the files it checks), or it may be there for one to come.',
  kinds: ['Components'],
  versions: OPENAPI_VERSIONS,
  versionNote: 'The same in every version; webhooks use components as paths do. A 3.1 or 3.2 document with neither `paths` nor `webhooks` is a library of components for other documents: its components are not reported; nor is a schema with an `$id` or a `$dynamicAnchor`, which references by URI or `$dynamicRef` reach. A schema reached by its `$anchor` (`$ref: \'#pet\'`) counts as used.',
  // The graph is `$ref`s, security requirement keys (a key typed or renamed is a member edit of
  // the requirement) and discriminator mapping values.
  readsValue: (edited) => edited.kinds.includes('Discriminator') || edited.kinds.includes('SecurityRequirement'),
  // A generator: a large description can have thousands of unused components to report.
  *checkObject(object, context) {
    const { analysis } = context;
    if (object.doc !== analysis.root) return;
    // 3.1 and 3.2 let a document hold only components: a library other documents reference.
    const top = analysis.root.root;
    if (context.version !== '3.0' && !top?.get('paths') && !top?.get('webhooks')) return;
    const extensions = extendedByDiscriminator(analysis);
    const edges = usageGraph(analysis, extensions);
    let extendingElsewhere: Set<SyntaxNode> | undefined; // made once, when the workspace is asked
    const reached = new Set<string>([LIVE]);
    const queue = [LIVE];
    while (queue.length) for (const next of edges.get(queue.pop()!) ?? []) if (!reached.has(next)) reached.add(next), queue.push(next);
    for (const map of object.node.children!) {
      if (map.kind !== 'object' || String(map.key).startsWith('x-')) continue;
      for (const entry of map.children!) {
        // `schemas: {$ref: ./schemas.yaml}` is no component named "$ref" (ref-not-allowed reports it).
        if (entry.key === '$ref') continue;
        const key = `${String(map.key)}/${String(entry.key)}`;
        if (reached.has(key)) continue;
        // 3.1, 3.2: a schema with an `$id` or a `$dynamicAnchor` is reached by its URI or through
        // `$dynamicRef`, which this graph does not follow.
        if (context.version !== '3.0' && map.key === 'schemas' && entry.kind === 'object' && (entry.get('$id') || entry.get('$dynamicAnchor'))) continue;
        // Another description of the workspace may use it (a shared components document), or a
        // schema with a discriminator that it extends.
        const workspace = context.workspace;
        if (workspace?.reachedFromOtherRoots(object.doc.path, object.doc.path, ['components', String(map.key), String(entry.key)])) continue;
        if (workspace && map.key === 'schemas' && (extendingElsewhere ??= extendingReachedParents(extensions, (place) => workspace.reachedFromOtherRoots(object.doc.path, place.doc.path, place.node.path.map(String)))).has(entry)) continue;
        context.report({ at: { node: entry, part: 'key' }, messageId: 'unused', data: { name: key }, fixes: [removalFix(`Delete "${key}"`, object.doc.parsed, entry)] });
        yield;
      }
    }
  },
});
