// What the preview of a file shows: its root's bundle (the same as `openapi-check bundle`, from the
// models the caller holds, so an editor's unsaved text) and where the file's own part is in it; or,
// when the root cannot be bundled, the first error and its place, so the preview can keep its last
// good render and point at what to fix.
import * as path from 'path';
import { Analysis } from '../model/analysis';
import { DocumentStore } from '../model/documents';
import { bundleValue, Json } from './bundle';

export interface PreviewBundle {
  root: string;
  document: Json;
  /** JSON pointer of the previewed file's part in the bundle ('' for the root itself). */
  pointer: string;
  /** What the bundler noted (renamed components, references left as they were). */
  notes: string[];
  /** Every file the bundle read: an edit in any of them changes the preview. */
  files: string[];
}

export interface PreviewError {
  root: string;
  message: string;
  /** Where the error is (a file the root reads, an offset in it). */
  at?: { path: string; offset: number; length: number };
}

/** `analysis`: the root's analysis over the store's current models, if the caller has one. */
export function previewOf(store: DocumentStore, root: string, file: string, analysis?: Analysis): PreviewBundle | PreviewError {
  const bundled = bundleValue(store, { root, dereference: false, outDir: path.dirname(root), show: (p) => path.basename(p) }, analysis);
  if ('failure' in bundled) {
    const error = bundled.syntaxError;
    return error ? { root, message: `${path.basename(error.path)}: ${error.message}`, at: error } : { root, message: bundled.failure };
  }
  // A referenced file with syntax errors is bundled from what could be read: the preview says so.
  for (const doc of bundled.analysis.documents) {
    const first = doc.parsed.errors[0];
    if (first) return { root, message: `${path.basename(doc.path)}: ${first.message}`, at: { path: doc.path, offset: first.offset, length: first.length } };
  }
  const files = bundled.analysis.documents.map((doc) => doc.path);
  return { root, document: bundled.value, pointer: bundled.places.get(file) ?? '', notes: bundled.notes, files };
}

export function isPreviewError(answer: PreviewBundle | PreviewError): answer is PreviewError {
  return 'message' in answer;
}
