// One `$ref` to its target: the file (loaded through the store) and the node its pointer names.
import * as path from 'path';
import { SyntaxNode } from '../syntax/tree';
import { DocumentStore, isLoadFailure, LoadFailure, SourceDocument } from './documents';
import { ParsedRef } from './ref';

export type RefFailure =
  | { reason: 'not-string' }
  | { reason: 'url' }
  | { reason: 'file'; file: string; failure: LoadFailure }
  | { reason: 'not-a-document'; file: string }
  | { reason: 'pointer'; doc: SourceDocument; segments: string[]; failedAt: number; parent: SyntaxNode | undefined };

export interface Target {
  doc: SourceDocument;
  node: SyntaxNode;
}


export function resolveRefTarget(store: DocumentStore, doc: SourceDocument, parsed: ParsedRef): { target?: Target; failure?: RefFailure } {
  if (parsed.form === 'url') return { failure: { reason: 'url' } };
  let targetDoc = doc;
  if (parsed.form === 'file') {
    const file = refFilePath(doc, parsed);
    const loaded = store.get(file);
    if (isLoadFailure(loaded)) return { failure: { reason: 'file', file, failure: loaded } };
    // A file without a YAML/JSON extension counts as one only if it parses as one.
    const notData = !/\.(ya?ml|json)$/i.test(file) && (loaded.parsed.errors.length > 0 || (loaded.root?.kind !== 'object' && loaded.root?.kind !== 'array'));
    if (!loaded.root || notData) return { failure: { reason: 'not-a-document', file } };
    targetDoc = loaded;
  }
  const segments = parsed.pointer ?? [];
  let node: SyntaxNode | undefined = targetDoc.root;
  for (let i = 0; i < segments.length; i++) {
    const parent: SyntaxNode | undefined = node;
    node = child(parent, segments[i]);
    if (!node) return { failure: { reason: 'pointer', doc: targetDoc, segments, failedAt: i, parent } };
  }
  if (!node) return { failure: { reason: 'pointer', doc: targetDoc, segments, failedAt: 0, parent: undefined } };
  return { target: { doc: targetDoc, node } };
}

/** The node a JSON Pointer's decoded segments name from `root`, if any. */
export function nodeAtPointer(root: SyntaxNode | undefined, segments: readonly string[]): SyntaxNode | undefined {
  let node = root;
  for (let i = 0; node && i < segments.length; i++) node = child(node, segments[i]);
  return node;
}

/** The absolute path of the file a file `$ref` names. */
export function refFilePath(doc: SourceDocument, parsed: ParsedRef): string {
  return path.resolve(path.dirname(doc.path), parsed.file);
}

function child(parent: SyntaxNode | undefined, segment: string): SyntaxNode | undefined {
  if (parent?.kind === 'object') return parent.get(segment);
  if (parent?.kind === 'array' && /^(0|[1-9]\d*)$/.test(segment)) return parent.at(Number(segment));
  return undefined;
}
