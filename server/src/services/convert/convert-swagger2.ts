// Swagger 2.0 -> OpenAPI 3.0.3 for a root document and every file it references: the service the
// CLI's `convert` and the editor's "Convert to OpenAPI 3.0" call. Pure: files come from a
// FileSource, the converted files and the notes are returned as data.
import * as path from 'path';
import { DocumentStore, FileSource, isLoadFailure, SourceDocument } from '../../model/documents';
import { escapePointerSegment, parseRef } from '../../model/ref';
import { isSwagger2Root } from '../../model/swagger2';
import { indentUnit } from '../../syntax/edit';
import { SourceFormat, SyntaxNode } from '../../syntax/tree';
import { yamlComments } from '../../syntax/yaml-comments';
import { DocState, Swagger2Converter } from './converter';
import { emitJson, emitYaml, EmitContext, Layout } from './emit';
import { finishTree, follow, Out, OutRef, placeOf } from './out';

export interface ConvertOptions {
  /** Where the converted root is written (default: the root's own path). Other files keep their place relative to it. */
  rootOutput?: string;
  /** The format of every file written (default: the root's output extension, else each file's own). */
  format?: SourceFormat;
  /**
   * Where each referenced file's conversion goes (default: its place relative to the root, kept
   * beside `rootOutput`). The editor writes each one beside its source under a new name.
   */
  outputOf?: (sourcePath: string) => string;
}

export interface ConvertedFile {
  /** Where the converted file goes. */
  path: string;
  /** The Swagger 2.0 (or fragment) file it was converted from. */
  source: string;
  text: string;
}

export interface ConvertNote {
  /** The source file and the 0-based position the note is about. */
  path: string;
  line: number;
  character: number;
  message: string;
}

export interface ConvertResult {
  /** The root first, then the files it references in the order they were reached. */
  files: ConvertedFile[];
  notes: ConvertNote[];
  /** Why nothing was converted (unreadable root, not a Swagger 2.0 document, syntax errors). */
  failure?: string;
}

/** How notes read as comments in YAML output. */
export const NOTE_PREFIX = 'Swagger 2.0 conversion: ';

export function convertSwagger2(rootPath: string, files: FileSource, options: ConvertOptions = {}): ConvertResult {
  const store = new DocumentStore(files);
  const rootAbsolute = path.resolve(rootPath);
  const root = store.get(rootAbsolute);
  if (isLoadFailure(root)) return { files: [], notes: [], failure: root.message };
  if (root.parsed.errors.some((e) => e.severity === 'error')) {
    return { files: [], notes: [], failure: `${rootAbsolute} has syntax errors: fix them first (openapi-check shows them).` };
  }
  if (!isSwagger2Root(root.root)) {
    return { files: [], notes: [], failure: `${rootAbsolute} is not a Swagger 2.0 document: its root has no "swagger: '2.0'".` };
  }
  const converter = new Swagger2Converter(store);
  converter.run(root);
  converter.notesInOutput();

  const rootOutput = path.resolve(options.rootOutput ?? rootAbsolute);
  const rootFormat = options.format ?? formatOfName(rootOutput) ?? root.format;
  const outputs = new Map<DocState, { path: string; format: SourceFormat }>();
  for (const state of converter.states.values()) {
    if (!state.out) continue;
    if (state.doc === root) {
      outputs.set(state, { path: rootOutput, format: rootFormat });
      continue;
    }
    const relative = path.relative(path.dirname(rootAbsolute), state.doc.path);
    let output = options.outputOf ? path.resolve(options.outputOf(state.doc.path)) : path.join(path.dirname(rootOutput), relative);
    const format = options.format ?? state.doc.format;
    if (format !== state.doc.format) output = output.replace(/\.(ya?ml|json)$/i, format === 'json' ? '.json' : '.yaml');
    outputs.set(state, { path: output, format });
  }

  const fileOfRoot = new Map<Out, string>();
  for (const [state, output] of outputs) {
    finishTree(state.out!, output.path);
    fileOfRoot.set(state.out!, output.path);
  }
  const sourceOfOutput = new Map([...outputs].map(([state, output]) => [output.path, state.doc.path]));
  const refText = (ref: OutRef) => referenceText(ref, converter, fileOfRoot, sourceOfOutput);

  const written: ConvertedFile[] = [];
  for (const [state, output] of outputs) {
    written.push({ path: output.path, source: state.doc.path, text: emit(state, output.format, refText) });
  }
  const fileOrder = new Map([...converter.states.keys()].map((file, i) => [file, i]));
  const notes = converter.notes
    .map((n) => ({ path: n.doc.path, ...n.doc.lineIndex.positionAt(n.offset), message: n.message }))
    .sort((a, b) => fileOrder.get(a.path)! - fileOrder.get(b.path)! || a.line - b.line || a.character - b.character);
  return { files: written, notes };
}

function formatOfName(file: string): SourceFormat | undefined {
  return /\.json$/i.test(file) ? 'json' : /\.ya?ml$/i.test(file) ? 'yaml' : undefined;
}

function emit(state: DocState, format: SourceFormat, refText: (ref: OutRef) => string): string {
  const doc = state.doc;
  const fromYaml = doc.format === 'yaml';
  const comments = fromYaml && format === 'yaml' ? yamlComments(doc.text, doc.root) : undefined;
  const context: EmitContext = {
    comments: comments?.byMember ?? new Map(),
    blankLineBefore: comments?.blankLineBefore ?? new Set(),
    refText,
    notePrefix: NOTE_PREFIX,
    keyStyles: fromYaml,
  };
  const unit = indentUnit(doc.parsed);
  if (format === 'json') return emitJson(state.out!, context, fromYaml || unit === '\t' ? '  ' : unit);
  const layout: Layout = {
    indent: fromYaml && unit !== '\t' ? unit : '  ',
    indentSeq: fromYaml ? sequencesIndented(doc) : true,
    endComments: comments?.end,
    singleQuote: fromYaml && prefersSingleQuotes(doc.text),
  };
  return emitYaml(state.out!, context, layout);
}

/** Whether the author quotes values with single quotes more often than with double ones (looked at in the first 1 MB). */
function prefersSingleQuotes(text: string): boolean {
  const head = text.slice(0, 1024 * 1024);
  let single = 0;
  let double = 0;
  for (let i = 0; i < head.length; i++) {
    const code = head.charCodeAt(i);
    if (code === 39) single++;
    else if (code === 34) double++;
  }
  return single > double;
}

/** Whether the author indents a block sequence under its key (`key:\n  - a`) rather than not (`key:\n- a`). */
function sequencesIndented(doc: SourceDocument): boolean {
  const stack: SyntaxNode[] = doc.root ? [doc.root] : [];
  let visited = 0;
  while (stack.length > 0 && visited++ < 10_000) {
    const node = stack.pop()!;
    if (node.kind === 'array' && !node.flow && node.keyOffset >= 0 && node.children!.length > 0) {
      const index = doc.lineIndex;
      return index.positionAt(node.offset).character > index.positionAt(node.keyOffset).character;
    }
    if (node.children && !node.flow) for (const child of node.children) stack.push(child);
  }
  return true;
}

/** The text of a `$ref` in the file it is written in. */
function referenceText(ref: OutRef, converter: Swagger2Converter, fileOfRoot: Map<Out, string>, sourceOfOutput: Map<string, string>): string {
  const target = ref.target;
  if (target.kind === 'text') return target.text;
  let place: { root: Out; segments: (string | number)[] } | undefined;
  let fragment = true;
  if (target.kind === 'out') place = placeOf(target.node);
  else {
    fragment = target.fragment;
    // The target, or the nearest node above it that was written somewhere, and the way down from there.
    const below: (string | number)[] = [];
    for (let node: SyntaxNode | undefined = target.node; node; node = node.parent) {
      const placed = converter.placed.get(node);
      if (placed) {
        const found = placeOf(placed.out);
        place = { root: found.root, segments: [...found.segments, ...below.reverse()] };
        break;
      }
      if (node.key !== undefined) below.push(node.key);
    }
  }
  const targetFile = place && fileOfRoot.get(place.root);
  if (!place || !targetFile || !ref.file) return ref.raw ?? '';
  if (target.kind === 'source' && !follow(place.root, place.segments.map(String))) return ref.raw ?? '';
  const pointer = place.segments.length || fragment ? '#' + place.segments.map((s) => encodeSegment(String(s))).join('') : '';
  if (targetFile === ref.file) return pointer || '#';
  return fileReference(ref, targetFile, sourceOfOutput) + pointer;
}

/** The file part of a reference to another output file: as the author wrote it when it still leads there. */
function fileReference(ref: OutRef, targetFile: string, sourceOfOutput: Map<string, string>): string {
  const wanted = path.relative(path.dirname(ref.file!), targetFile).split(path.sep).join('/');
  if (ref.raw !== undefined) {
    const written = parseRef(ref.raw);
    const from = sourceOfOutput.get(ref.file!);
    const to = sourceOfOutput.get(targetFile);
    const hash = ref.raw.indexOf('#');
    const filePart = hash < 0 ? ref.raw : ref.raw.slice(0, hash);
    if (written.form === 'file' && from && to && path.resolve(path.dirname(from), written.file) === to && path.relative(path.dirname(from), to) === path.relative(path.dirname(ref.file!), targetFile)) {
      return filePart;
    }
  }
  return wanted.split('/').map(encodeURIComponent).join('/');
}

/** One pointer segment in a `$ref`: `~` and `/` escaped, and characters a URI cannot hold percent-encoded. */
function encodeSegment(segment: string): string {
  return '/' + escapePointerSegment(segment).replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@\u0080-\uffff]/g, (c) => encodeURIComponent(c));
}
