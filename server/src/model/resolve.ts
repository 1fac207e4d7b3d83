// One `$ref` to its target: the file (loaded through the store) and the node its pointer names.
import * as path from 'path';
import { ParsedText, SyntaxNode } from '../syntax/tree';
import { DocumentStore, isLoadFailure, LoadFailure, SourceDocument } from './documents';
import { refLocation } from './location';
import { ParsedRef, parseRef } from './ref';
import { resolveInResources } from './schema-ids';

export type RefFailure =
  | { reason: 'not-string' }
  /** A URL nothing fetches (another scheme than http and https); `why` says so. */
  | { reason: 'url'; why: string }
  | { reason: 'file'; file: string; failure: LoadFailure }
  | { reason: 'not-a-document'; file: string }
  /** `inSchema`: the pointer is read from a schema the `$ref` names by its `$id` (3.1, 3.2), not from the document. */
  | { reason: 'pointer'; doc: SourceDocument; segments: string[]; failedAt: number; parent: SyntaxNode | undefined; inSchema?: boolean };

export interface Target {
  doc: SourceDocument;
  node: SyntaxNode;
}


/**
 * A `$ref`'s target. `holder`: the Schema Object holding it, in a 3.1 or 3.2 document, where a
 * schema resource of the same document (`$id`) may be what it names (see schema-ids.ts).
 */
export function resolveRefTarget(store: DocumentStore, doc: SourceDocument, parsed: ParsedRef, holder?: SyntaxNode, passes = { left: MAX_POINTER_PASSES }): { target?: Target; failure?: RefFailure } {
  const inResource = holder && resolveInSchemaResources(doc, parsed, holder);
  if (inResource) return inResource;
  let targetDoc = doc;
  const target = refLocation(doc.path, parsed);
  if (target && 'unsupported' in target) return { failure: { reason: 'url', why: target.unsupported } };
  if (target) {
    const file = target.location;
    const loaded = store.get(file);
    if (isLoadFailure(loaded)) return { failure: { reason: 'file', file, failure: loaded } };
    // A file without a YAML/JSON extension counts as one only if it parses as one.
    const notData = !/\.(ya?ml|json)$/i.test(file) && (loaded.parsed.errors.length > 0 || (loaded.root?.kind !== 'object' && loaded.root?.kind !== 'array'));
    if (!loaded.root || notData) return { failure: { reason: 'not-a-document', file } };
    targetDoc = loaded;
  }
  if (parsed.anchor !== undefined) {
    const anchored = anchorsOf(targetDoc.parsed).get(parsed.anchor);
    if (anchored) return { target: { doc: targetDoc, node: anchored } };
  }
  const segments = parsed.pointer ?? [];
  let node: SyntaxNode | undefined = targetDoc.root;
  // After a pass through a `$ref`, a failure names the place in the document passed into.
  let passedInto: { path: string[]; at: number } | undefined;
  for (let i = 0; i < segments.length; i++) {
    const parent: SyntaxNode | undefined = node;
    node = child(parent, segments[i]);
    if (!node) {
      // A pointer through a `$ref` (`#/paths/~1pets/get` where `/pets` is `$ref: pets.yaml`) goes
      // on in what the reference names, as swagger-parser and Redocly read it.
      const through = parent?.kind === 'object' ? parent.get('$ref') : undefined;
      if (through?.kind === 'string' && passes.left-- > 0) {
        const passed = resolveRefTarget(store, targetDoc, parseRef(through.value as string), undefined, passes).target;
        node = passed && child(passed.node, segments[i]);
        if (node) {
          targetDoc = passed!.doc;
          passedInto = { path: passed!.node.path.map(String), at: i };
        }
      }
    }
    if (!node) {
      if (!passedInto) return { failure: { reason: 'pointer', doc: targetDoc, segments, failedAt: i, parent } };
      const inPassed = [...passedInto.path, ...segments.slice(passedInto.at)];
      return { failure: { reason: 'pointer', doc: targetDoc, segments: inPassed, failedAt: passedInto.path.length + i - passedInto.at, parent } };
    }
  }
  if (!node) return { failure: { reason: 'pointer', doc: targetDoc, segments, failedAt: 0, parent: undefined } };
  return { target: { doc: targetDoc, node } };
}

/** `$ref`s one pointer may pass through on its way, all nested resolutions together. */
const MAX_POINTER_PASSES = 16;

/**
 * The target of a Schema's `$ref` in a schema resource of its own document, or undefined when it
 * names none. A pointer that fails from a resource the `$ref` is inside of is left to the
 * document (`#/components/schemas/Owner` inside a schema with an `$id`, which 2020-12 reads from
 * that schema, is written for the document by many).
 */
export function resolveInSchemaResources(doc: SourceDocument, parsed: ParsedRef, holder: SyntaxNode): { target?: Target; failure?: RefFailure } | undefined {
  const found = resolveInResources(doc.parsed, doc.path, holder, parsed);
  if (!found) return undefined;
  if ('node' in found) return { target: { doc, node: found.node } };
  const segments = parsed.pointer ?? [];
  let node: SyntaxNode | undefined = found.resource;
  for (let i = 0; i < segments.length; i++) {
    const parent: SyntaxNode = node!;
    node = child(parent, segments[i]);
    if (!node) return found.inResource ? undefined : { failure: { reason: 'pointer', doc, segments, failedAt: i, parent, inSchema: true } };
  }
  return { target: { doc, node: node! } };
}

const anchorIndexes = new WeakMap<ParsedText, Map<string, SyntaxNode>>();

/**
 * The schemas of a parsed text by their `$anchor` and `$dynamicAnchor` names (the first of a
 * name), found in one walk of the tree when a reference first asks (an edit makes a new text).
 */
function anchorsOf(parsed: ParsedText): Map<string, SyntaxNode> {
  let anchors = anchorIndexes.get(parsed);
  if (anchors) return anchors;
  anchors = new Map();
  const stack = parsed.root ? [parsed.root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    const children = node.children;
    if (!children) continue;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (node.kind === 'object' && (child.key === '$anchor' || child.key === '$dynamicAnchor') && child.kind === 'string' && !anchors.has(child.value as string)) {
        anchors.set(child.value as string, node);
      }
      stack.push(child);
    }
  }
  anchorIndexes.set(parsed, anchors);
  return anchors;
}

/** The node a JSON Pointer's decoded segments name from `root`, if any. */
export function nodeAtPointer(root: SyntaxNode | undefined, segments: readonly string[]): SyntaxNode | undefined {
  let node = root;
  for (let i = 0; node && i < segments.length; i++) node = child(node, segments[i]);
  return node;
}

/**
 * The absolute path of the file a file `$ref` names, or the URL it names inside a remote document
 * (see refLocation, which also reads URL references).
 */
export function refFilePath(doc: SourceDocument, parsed: ParsedRef): string {
  const target = refLocation(doc.path, parsed);
  return target && 'location' in target ? target.location : path.resolve(path.dirname(doc.path), parsed.file);
}

function child(parent: SyntaxNode | undefined, segment: string): SyntaxNode | undefined {
  if (parent?.kind === 'object') return parent.get(segment);
  if (parent?.kind === 'array' && /^(0|[1-9]\d*)$/.test(segment)) return parent.at(Number(segment));
  return undefined;
}

/** References one `followRefs` follows before giving up (each step may be another file). */
export const MAX_REF_CHAIN = 64;

/**
 * The object a node stands for: itself, or the end of its chain of `$ref`s, read on demand through
 * the store (no walk of the whole document first). Undefined when a `$ref` does not resolve, the
 * chain loops or runs past MAX_REF_CHAIN references.
 */
export function followRefs(store: DocumentStore, doc: SourceDocument, node: SyntaxNode): Target | undefined {
  let current: Target = { doc, node };
  for (let steps = 0; steps <= MAX_REF_CHAIN; steps++) {
    const ref = current.node.kind === 'object' ? current.node.get('$ref') : undefined;
    if (ref?.kind !== 'string') return current;
    const { target } = resolveRefTarget(store, current.doc, parseRef(ref.value as string));
    if (!target) return undefined;
    current = target;
  }
  return undefined;
}
