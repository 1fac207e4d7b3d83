// What the preview of a file shows: its root's bundle (the same as `openapi-check bundle`, from the
// models the caller holds, so an editor's unsaved text) and where the file's own part is in it; or,
// when the root cannot be bundled, the first error and its place, so the preview can keep its last
// good render and point at what to fix.
import * as path from 'path';
import { Analysis } from '../model/analysis';
import { DocumentStore, SourceDocument } from '../model/documents';
import { escapePointerSegment } from '../model/ref';
import { HTTP_METHODS } from '../model/spec';
import { firstSyntaxError, type SyntaxNode } from '../syntax/tree';
import { drain, Steps } from '../syntax/steps';
import { bundleValueSteps, Json } from './bundle';

export interface PreviewBundle {
  root: string;
  document: Json;
  /** JSON pointer of the previewed file's part in the bundle ('' for the root itself). */
  pointer: string;
  /** What the bundler noted (renamed components, references left as they were). */
  notes: string[];
  /** Every file the bundle read: an edit in any of them changes the preview. */
  files: string[];
  /** Where each operation and component of the bundle is written in its file: scroll sync, both ways. */
  parts: PreviewPart[];
  /** Per file the bundle read, the pointer of its first part (the preview of another file scrolls there). */
  places: Map<string, string>;
}

/** A preview, and the models it was built from (the same models give the same preview). */
export interface PreviewBuild {
  answer: PreviewBundle | PreviewError;
  /** Every model the bundle read (a copy: the analysis's own list follows later edits); empty when the root could not be read or analysed. */
  read: readonly SourceDocument[];
  /** Every file and URL a `$ref` named, read or not (a missing file named changes the bundle once created). */
  named: readonly string[];
}

/** An operation, path item or component: its span in a file (key included) and its pointer in the bundle. */
export interface PreviewPart {
  path: string;
  offset: number;
  length: number;
  pointer: string;
}

export interface PreviewError {
  root: string;
  message: string;
  /** Where the error is (a file the root reads, an offset in it). */
  at?: { path: string; offset: number; length: number };
}

/** `analysis`: the root's analysis over the store's current models, if the caller has one. */
export function previewOf(store: DocumentStore, root: string, file: string, analysis?: Analysis): PreviewBundle | PreviewError {
  return drain(previewSteps(store, root, file, analysis)).answer;
}

/** `previewOf` in steps, for the language server's scheduler. */
export function* previewSteps(store: DocumentStore, root: string, file: string, analysis?: Analysis): Steps<PreviewBuild> {
  const bundled = yield* bundleValueSteps(store, { root, dereference: false, outDir: path.dirname(root), show: (p) => path.basename(p) }, analysis);
  if ('failure' in bundled) {
    const error = bundled.syntaxError;
    return { answer: error ? { root, message: `${path.basename(error.path)}: ${error.message}`, at: error } : { root, message: bundled.failure }, read: [], named: [] };
  }
  const read = [...bundled.analysis.documents];
  const named = [...bundled.analysis.files];
  // A referenced file with syntax errors is bundled from what could be read: the preview says so.
  for (const doc of bundled.analysis.documents) {
    const first = firstSyntaxError(doc.parsed.errors);
    if (first) return { answer: { root, message: `${path.basename(doc.path)}: ${first.message}`, at: { path: doc.path, offset: first.offset, length: first.length } }, read, named };
  }
  const files = bundled.analysis.documents.map((doc) => doc.path);
  const parts = partsOf(root, bundled.analysis.root.root!, bundled.nodePlaces);
  const answer = { root, document: bundled.value, pointer: bundled.places.get(file) ?? '', notes: bundled.notes, files, parts, places: bundled.places };
  return { answer, read, named };
}

/**
 * The root's own path items, operations and components keep their pointers; a node of another file
 * written whole into the bundle has the pointer it was written at, and a path item's operations
 * follow it. Linear in the number of path items, operations and components.
 */
function partsOf(root: string, rootNode: SyntaxNode, nodePlaces: Map<SyntaxNode, { path: string; pointer: string }>): PreviewPart[] {
  const parts: PreviewPart[] = [];
  const add = (file: string, node: SyntaxNode, pointer: string) => {
    const start = node.keyOffset >= 0 ? node.keyOffset : node.offset;
    parts.push({ path: file, offset: start, length: node.end - start, pointer });
  };
  const addPathItem = (file: string, item: SyntaxNode, pointer: string) => {
    add(file, item, pointer);
    if (item.kind !== 'object') return;
    for (const child of item.children!) {
      if (HTTP_METHODS.includes(child.key as never)) add(file, child, `${pointer}/${child.key}`);
    }
  };
  const paths = rootNode.get('paths');
  if (paths?.kind === 'object') {
    for (const item of paths.children!) addPathItem(root, item, `/paths/${escapePointerSegment(String(item.key))}`);
  }
  const components = rootNode.get('components');
  if (components?.kind === 'object') {
    for (const map of components.children!) {
      if (map.kind !== 'object') continue;
      for (const entry of map.children!) add(root, entry, `/components/${escapePointerSegment(String(map.key))}/${escapePointerSegment(String(entry.key))}`);
    }
  }
  for (const [node, place] of nodePlaces) {
    if (place.path === root) continue;
    if (/^\/paths\/[^/]+$/.test(place.pointer)) addPathItem(place.path, node, place.pointer);
    else add(place.path, node, place.pointer);
  }
  return parts;
}

export function isPreviewError(answer: PreviewBundle | PreviewError): answer is PreviewError {
  return 'message' in answer;
}
