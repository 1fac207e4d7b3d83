// OpenAPI 3.1 and 3.2 read Schema Objects as JSON Schema 2020-12: a schema with an `$id` is a
// schema resource named by that URI (resolved against the resources around it, and the document's
// own URI), and a `$ref` inside one is resolved against it. A `$ref` that names a resource of its
// own document, by its URI or relative to the one it is in, is found here; anything else is left
// to the document-relative resolution (resolve.ts), and a miss there is not judged (ref-unresolved).
import { pathToFileURL } from 'url';
import { ParsedText, SyntaxNode } from '../syntax/tree';
import { isRemoteLocation } from './location';
import { ParsedRef } from './ref';

/** Members whose values are data, not schemas: an `$id` in an example is the example's. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum', 'value']);
/** Maps of schemas by name: there a key is a name (a property called `value`), not a keyword. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas']);

/** Whether a member holds data (an example, an extension...), not schemas. */
function isData(member: SyntaxNode, parent: SyntaxNode): boolean {
  const key = member.key;
  if (typeof key !== 'string' || NAME_MAPS.has(String(parent.key))) return false;
  return DATA_KEYS.has(key) || key.startsWith('x-');
}

/** The `$id` of an object, when it has a string one (looked up: for a node's few ancestors). */
function idOf(node: SyntaxNode): string | undefined {
  const id = node.kind === 'object' ? node.get('$id') : undefined;
  return id?.kind === 'string' ? (id.value as string) : undefined;
}

/**
 * An object's first member of this key, when it is a string, read from its children: for the walks
 * of every object, where `get` would build an index of each large object's keys.
 */
function memberString(node: SyntaxNode, key: string): string | undefined {
  if (node.kind !== 'object') return undefined;
  const children = node.children!;
  for (let i = 0; i < children.length; i++) {
    if (children[i].key === key) return children[i].kind === 'string' ? (children[i].value as string) : undefined;
  }
  return undefined;
}

/** `reference` resolved against `base`, without its fragment; undefined when either is not a URI. */
function absolute(reference: string, base: string): string | undefined {
  try {
    const url = new URL(reference, base);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * A document's base URI: its `$self` (3.2), resolved against where it is read from; else that
 * place: its URL, or its file's `file:` URL.
 */
function documentUri(root: SyntaxNode | undefined, path: string): string {
  const location = isRemoteLocation(path) ? path : pathToFileURL(path).href;
  const self = root?.kind === 'object' ? root.get('$self') : undefined;
  if (self?.kind !== 'string' || !/^3\.2\./.test(String(root!.get('openapi')?.value))) return location;
  return absolute(self.value as string, location) ?? location;
}

interface ResourceIndex {
  /** The resources by their absolute URIs; null for a URI two of them claim (which one is meant is not judged). */
  byUri: Map<string, SyntaxNode | null>;
  /** Per resource asked about, its schemas by `$anchor` and `$dynamicAnchor` names (see anchorsIn). */
  anchors: Map<SyntaxNode, Map<string, SyntaxNode>>;
}

const resourceIndexes = new WeakMap<ParsedText, ResourceIndex>();

/**
 * The schema resources of a parsed text, found in one walk when a reference first asks (an edit
 * makes a new text). Data (examples, defaults, enums, extensions) is not walked. Empty for a text
 * without `$id`.
 */
function resourcesOf(parsed: ParsedText, path: string): ResourceIndex {
  let index = resourceIndexes.get(parsed);
  if (index) return index;
  index = { byUri: new Map(), anchors: new Map() };
  const stack: [SyntaxNode, string][] = parsed.root ? [[parsed.root, documentUri(parsed.root, path)]] : [];
  while (stack.length) {
    const [node, outer] = stack.pop()!;
    const children = node.children;
    if (!children) continue;
    const id = memberString(node, '$id');
    const uri = id === undefined ? undefined : absolute(id, outer);
    if (uri !== undefined) index.byUri.set(uri, index.byUri.has(uri) ? null : node);
    const base = uri ?? outer;
    for (let i = children.length - 1; i >= 0; i--) if (!isData(children[i], node)) stack.push([children[i], base]);
  }
  resourceIndexes.set(parsed, index);
  return index;
}

/** The base URI of a node: its document's (see documentUri), with each `$id` around it (and its own) applied, outermost first. */
function baseOf(node: SyntaxNode, path: string): { base: string; inResource: boolean } | undefined {
  const ids: string[] = [];
  let root = node;
  for (let n: SyntaxNode | undefined = node; n; n = n.parent) {
    const id = idOf(n);
    if (id !== undefined) ids.push(id);
    root = n;
  }
  let base: string | undefined = documentUri(root, path);
  for (let i = ids.length - 1; i >= 0 && base !== undefined; i--) base = absolute(ids[i], base);
  return base === undefined ? undefined : { base, inResource: ids.length > 0 };
}

/**
 * The schemas of a resource by their `$anchor` and `$dynamicAnchor` names (the first of a name),
 * those of resources nested in it left out; one walk of the resource, kept for the next reference.
 */
function anchorsIn(index: ResourceIndex, resource: SyntaxNode): Map<string, SyntaxNode> {
  let anchors = index.anchors.get(resource);
  if (anchors) return anchors;
  anchors = new Map();
  const stack = [resource];
  while (stack.length) {
    const node = stack.pop()!;
    if (node !== resource && memberString(node, '$id') !== undefined) continue;
    for (const key of ['$anchor', '$dynamicAnchor']) {
      const name = memberString(node, key);
      if (name !== undefined && !anchors.has(name)) anchors.set(name, node);
    }
    const children = node.children;
    if (children) for (let i = children.length - 1; i >= 0; i--) if (!isData(children[i], node)) stack.push(children[i]);
  }
  index.anchors.set(resource, anchors);
  return anchors;
}

export type ResourceTarget =
  /** The schema an anchor names. */
  | { node: SyntaxNode }
  /**
   * The resource a URI names, its fragment's pointer to be read from it; `inResource`: the `$ref`
   * is inside a resource itself (a pointer that fails there is not judged: see resolve.ts).
   */
  | { resource: SyntaxNode; inResource: boolean };

/**
 * What a Schema's `$ref` (`holder` holds it) names among the schema resources of its own document:
 * a URI that names one (`https://example.com/pet`, `pet` inside `$id: https://example.com/`, a
 * relative path that an embedded `$id` takes), or, inside a resource, a fragment of it (`#/$defs/tag`,
 * `#name`). Undefined when it names none (and for a fragment outside every resource, the
 * document's), and when a URI is claimed by two resources or an anchor is not found.
 */
export function resolveInResources(parsed: ParsedText, path: string, holder: SyntaxNode, ref: ParsedRef): ResourceTarget | undefined {
  const around = baseOf(holder, path);
  if (!around || (!around.inResource && ref.form === 'local')) return undefined;
  const index = resourcesOf(parsed, path);
  if (index.byUri.size === 0) return undefined;
  const uri = absolute(ref.raw, around.base);
  const resource = uri === undefined ? undefined : index.byUri.get(uri);
  if (!resource) return undefined;
  if (ref.anchor === undefined) return { resource, inResource: around.inResource };
  const node = anchorsIn(index, resource).get(ref.anchor);
  return node ? { node } : undefined;
}

/** Whether a schema or one around it has an `$id`: references in it resolve against that URI (3.1, 3.2). */
export function underSchemaId(node: SyntaxNode): boolean {
  for (let n: SyntaxNode | undefined = node; n; n = n.parent) if (n.kind === 'object' && n.get('$id')?.kind === 'string') return true;
  return false;
}
