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

const isData = (key: string | number | undefined) => typeof key === 'string' && (DATA_KEYS.has(key) || key.startsWith('x-'));

/** The `$id` of an object, when it has a string one. */
function idOf(node: SyntaxNode): string | undefined {
  const id = node.kind === 'object' ? node.get('$id') : undefined;
  return id?.kind === 'string' ? (id.value as string) : undefined;
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

/** The URI a document is read from: its URL, or its file's `file:` URL. */
function documentUri(path: string): string {
  return isRemoteLocation(path) ? path : pathToFileURL(path).href;
}

interface ResourceIndex {
  /** The resources by their absolute URIs (the first of a URI). */
  byUri: Map<string, SyntaxNode>;
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
  const stack: [SyntaxNode, string][] = parsed.root ? [[parsed.root, documentUri(path)]] : [];
  while (stack.length) {
    const [node, outer] = stack.pop()!;
    const children = node.children;
    if (!children) continue;
    const id = idOf(node);
    const uri = id === undefined ? undefined : absolute(id, outer);
    if (uri !== undefined && !index.byUri.has(uri)) index.byUri.set(uri, node);
    const base = uri ?? outer;
    for (let i = children.length - 1; i >= 0; i--) if (!isData(children[i].key)) stack.push([children[i], base]);
  }
  resourceIndexes.set(parsed, index);
  return index;
}

/** The base URI of a node: its document's, with each `$id` around it (and its own) applied, outermost first. */
function baseOf(node: SyntaxNode, path: string): { base: string; inResource: boolean } | undefined {
  const ids: string[] = [];
  for (let n: SyntaxNode | undefined = node; n; n = n.parent) {
    const id = idOf(n);
    if (id !== undefined) ids.push(id);
  }
  let base: string | undefined = documentUri(path);
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
    if (node !== resource && idOf(node) !== undefined) continue;
    for (const key of ['$anchor', '$dynamicAnchor']) {
      const name = node.kind === 'object' ? node.get(key) : undefined;
      if (name?.kind === 'string' && !anchors.has(name.value as string)) anchors.set(name.value as string, node);
    }
    const children = node.children;
    if (children) for (let i = children.length - 1; i >= 0; i--) if (!isData(children[i].key)) stack.push(children[i]);
  }
  index.anchors.set(resource, anchors);
  return anchors;
}

export type ResourceTarget =
  | { node: SyntaxNode }
  /** The resource was found, its fragment's pointer not: where it stopped, from the resource. */
  | { resource: SyntaxNode; failedAt: number; parent: SyntaxNode | undefined };

/**
 * The target of a Schema's `$ref` (`holder` holds it) in a schema resource of its own document:
 * a URI that names one (`https://example.com/pet`, or `pet` inside `$id: https://example.com/`),
 * or a fragment inside the resource the holder is in (`#/$defs/tag`, `#name`). Undefined when the
 * reference names no resource of the document, and for every reference of a document without `$id`.
 */
export function resolveInResources(parsed: ParsedText, path: string, holder: SyntaxNode, ref: ParsedRef): ResourceTarget | undefined {
  const index = resourcesOf(parsed, path);
  if (index.byUri.size === 0) return undefined;
  const around = baseOf(holder, path);
  // Outside every resource a reference is the document's, but for a URL that names one.
  if (!around || (!around.inResource && ref.form !== 'url')) return undefined;
  const uri = absolute(ref.raw, around.base);
  const resource = uri === undefined ? undefined : index.byUri.get(uri);
  if (!resource) return undefined;
  if (ref.anchor !== undefined) {
    const node = anchorsIn(index, resource).get(ref.anchor);
    return node ? { node } : { resource, failedAt: 0, parent: undefined };
  }
  let node: SyntaxNode | undefined = resource;
  const segments = ref.pointer ?? [];
  for (let i = 0; i < segments.length; i++) {
    const parent: SyntaxNode = node!;
    node = parent.kind === 'object' ? parent.get(segments[i]) : parent.kind === 'array' && /^(0|[1-9]\d*)$/.test(segments[i]) ? parent.at(Number(segments[i])) : undefined;
    if (!node) return { resource, failedAt: i, parent };
  }
  return { node: node! };
}
