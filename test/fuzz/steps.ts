// What the fuzzer does, one step at a time: edits as an editor sends them (characters typed and
// deleted anywhere, lines pasted, removed and re-indented, several cursors, whole-document
// replacements, stale versions), files changed on disk with and without the editor, opens and
// closes, pauses until diagnostics are published; and after each step, a request. Every action
// is plain data, so a failing run can be replayed and shrunk without the random source.
import * as fs from 'fs';
import * as path from 'path';
import { hostileDocument, jsonSnippet, Scale, yamlSnippet } from './documents';
import { Random } from './random';
import { ContentChange, lineStarts, offsetAt, Position, positionAt, rangeOf, splitsAPair, withLineEnds } from './text';

export type Action =
  | { do: 'open'; file: string; version: number; text: string }
  | { do: 'change'; file: string; version: number; changes: ContentChange[]; what: string }
  | { do: 'close'; file: string }
  /** A file written on disk (text or raw bytes), then `workspace/didChangeWatchedFiles` (created or changed). */
  | { do: 'write'; file: string; text?: string; base64?: string }
  | { do: 'delete'; file: string }
  | { do: 'fifo'; file: string }
  /** Waits until the diagnostics of the file's current version are published. */
  | { do: 'wait'; file: string }
  | { do: 'request'; method: string; params: unknown };

/** The editor's view: open documents with their text and version. */
export interface EditorState {
  folder: string;
  open: Map<string, { text: string; version: number }>;
}

/** Files the fuzzer may create, edit, delete or open (besides the workspace's own). */
const EXTRA_FILES = ['missing.yaml', 'lib/later.json', 'root3.yaml'];

const TYPED: Record<string, number> = {
  a: 4, ' ': 5, '\n': 4, ':': 3, '-': 2, "'": 2, '"': 2, '{': 1, '}': 1, '[': 1, ']': 1, ',': 1, '#': 1, '&': 1,
  '*': 1, '!': 1, '|': 1, '>': 1, '\t': 1, $: 1, '/': 1, '~': 1, '%': 1, '\\': 1, '\r': 1, '\r\n': 1, 'é': 1, '😀': 1,
  '\u2028': 0.3, '\ufeff': 0.3, '?': 0.5, '0': 1,
};

const TYPED_WORDS = [
  "$ref: '#/components/schemas/", 'type: string', 'properties:', '  ', 'required: true', "'#/", 'openapi: 3.0.3',
  '{}', '[]', '": "', 'null', '&x', '*x',
];

export class StepGenerator {
  constructor(private readonly rnd: Random, private readonly scale: Scale, private readonly files: readonly string[]) {}

  /** The actions of one step: what changes, then one request. */
  step(state: EditorState): Action[] {
    const actions = this.change(state);
    const request = this.request(state);
    if (request) actions.push(request);
    return actions;
  }

  private change(state: EditorState): Action[] {
    const open = [...state.open.keys()];
    const kind = this.rnd.weighted({
      type: 25, backspace: 14, word: 6, deleteRange: 5, paste: 8, removeLines: 6, reindent: 5, cursors: 3, replace: 3,
      stale: 2, outside: 1, disk: 6, create: 2, remove: 1, invalidUtf8: 1, fifo: 0.5, save: 2, openFile: 4, close: 3,
      wait: 8,
    });
    const file = open.length > 0 ? this.rnd.pick(open) : undefined;
    const doc = file ? state.open.get(file)! : undefined;
    if (!file || !doc) return this.openFile(state);
    const version = doc.version + 1;
    const edit = (changes: ContentChange[], what: string): Action[] => [{ do: 'change', file, version, changes, what }];
    switch (kind) {
      case 'type': {
        const at = this.offset(doc.text);
        const typed = this.rnd.weighted(TYPED);
        return edit([{ range: rangeOf(doc.text, at, at), text: typed }], `type ${JSON.stringify(typed)} at ${at}`);
      }
      case 'backspace': {
        const at = this.offset(doc.text);
        if (at === 0) return [];
        let from = at - 1;
        if (splitsAPair(doc.text, from)) from--;
        const deleted = JSON.stringify(doc.text.slice(from, at));
        return edit([{ range: rangeOf(doc.text, from, at), text: '' }], `delete ${deleted} at ${from}`);
      }
      case 'word': {
        // Typed one character at a time, one change each, as fast as a user types.
        const typed = this.rnd.pick(TYPED_WORDS);
        let at = this.offset(doc.text);
        let text = doc.text;
        const actions: Action[] = [];
        for (const [i, c] of [...typed].entries()) {
          const changes = [{ range: rangeOf(text, at, at), text: c }];
          const what = `type ${JSON.stringify(c)} at ${at}`;
          actions.push({ do: 'change', file, version: doc.version + 1 + i, changes, what });
          text = text.slice(0, at) + c + text.slice(at);
          at += c.length;
        }
        return actions;
      }
      case 'deleteRange': {
        const start = this.offset(doc.text);
        let end = Math.min(doc.text.length, start + this.rnd.int(1, 200));
        if (splitsAPair(doc.text, end)) end++;
        return edit([{ range: rangeOf(doc.text, start, end), text: '' }], `delete ${start}..${end}`);
      }
      case 'paste': {
        const at = this.lineStart(doc.text);
        const indent = ' '.repeat(this.rnd.int(0, 6) * 2);
        const eol = this.rnd.pick(['\n', '\r\n', '\r']);
        const text = file.endsWith('.json')
          ? jsonSnippet(this.rnd) + eol
          : yamlSnippet(this.rnd).map((l) => indent + l + eol).join('');
        return edit([{ range: rangeOf(doc.text, at, at), text }], `paste ${JSON.stringify(text)} at ${at}`);
      }
      case 'removeLines': {
        const starts = lineStarts(doc.text);
        const first = this.rnd.int(0, starts.length - 1);
        const last = Math.min(starts.length - 1, first + this.rnd.int(0, 4));
        const atEnd = last + 1 >= starts.length;
        const end = atEnd ? positionAt(doc.text, doc.text.length, starts) : { line: last + 1, character: 0 };
        const range = { start: { line: first, character: 0 }, end };
        return edit([{ range, text: '' }], `remove lines ${first}..${last}`);
      }
      case 'reindent':
        return edit(this.reindent(doc.text), 'reindent');
      case 'cursors': {
        // Several cursors typing the same text: one change per cursor, last first, as VS Code sends them.
        const typed = this.rnd.weighted(TYPED);
        const cursors = Array.from({ length: this.rnd.int(2, 5) }, () => this.offset(doc.text));
        const offsets = [...new Set(cursors)].sort((a, b) => b - a);
        const starts = lineStarts(doc.text);
        const changes = offsets.map((at) => ({ range: rangeOf(doc.text, at, at, starts), text: typed }));
        return edit(changes, `type ${JSON.stringify(typed)} at ${offsets.join(', ')}`);
      }
      case 'replace':
        return edit([{ text: this.replacement(file, doc.text) }], 'replace the whole text');
      case 'stale': {
        // A change for a version the document already passed: the server must ignore it.
        const at = this.offset(doc.text);
        const stale = Math.max(0, doc.version - this.rnd.int(0, 2));
        const changes = [{ range: rangeOf(doc.text, at, at), text: 'STALE' }];
        return [{ do: 'change', file, version: stale, changes, what: 'stale version' }];
      }
      case 'outside': {
        // Positions past the end of a line or of the document mean its end (LSP).
        const starts = lineStarts(doc.text);
        const line = this.rnd.int(0, starts.length + 1);
        const position: Position = { line, character: this.rnd.int(0, 400) };
        const end = offsetAt(doc.text, position, starts);
        const start = Math.max(0, end - this.rnd.int(0, 3));
        const range = { start: positionAt(doc.text, start, starts), end: position };
        return edit([{ range, text: this.rnd.pick(['', 'x', '\n']) }], `edit ending at ${JSON.stringify(position)}`);
      }
      case 'disk':
        return this.diskEdit(state);
      case 'create': {
        const target = this.rnd.pick(EXTRA_FILES);
        if (state.open.has(target)) return [];
        const text = target.startsWith('root')
          ? hostileDocument(target, this.rnd, this.scale, { big: false })
          : target.endsWith('.json') ? '{"Later": {"type": "string"}}' : 'X:\n  type: object\n';
        return [{ do: 'write', file: target, text }];
      }
      case 'remove': {
        const closed = [...this.files, ...EXTRA_FILES].filter((f) => !f.startsWith('root') && !state.open.has(f));
        const target = this.rnd.pick(closed);
        return target ? [{ do: 'delete', file: target }] : [];
      }
      case 'invalidUtf8': {
        const target = this.rnd.pick(['bad-utf8.yaml', 'lib/common.json', 'cycle/b.yaml', 'missing.yaml']);
        if (state.open.has(target)) return [];
        const invalid = Buffer.from([this.rnd.int(0x80, 0xff), this.rnd.int(0, 0xff)]);
        const bytes = Buffer.concat([Buffer.from('X:\n  description: "'), invalid, Buffer.from('"\n')]);
        return [{ do: 'write', file: target, base64: bytes.toString('base64') }];
      }
      case 'fifo': {
        const target = this.rnd.pick(['missing.yaml', 'cycle/c.yaml', 'lib/later.json']);
        return state.open.has(target) ? [] : [{ do: 'fifo', file: target }];
      }
      case 'save':
        return [{ do: 'write', file, text: doc.text }];
      case 'openFile':
        return this.openFile(state);
      case 'close':
        return open.length > 1 ? [{ do: 'close', file }] : [];
      default:
        return [{ do: 'wait', file }];
    }
  }

  /** An offset anywhere, half the time near the start (where the structure is, in a document with a 1 MB string). */
  private offset(text: string): number {
    const limit = this.rnd.chance(0.5) ? text.length : Math.min(text.length, 3000);
    let at = this.rnd.int(0, limit);
    if (splitsAPair(text, at)) at--;
    return at;
  }

  private lineStart(text: string): number {
    const starts = lineStarts(text).filter((s) => s <= 3000 || this.rnd.chance(0.01));
    return this.rnd.pick(starts);
  }

  /** Two spaces or a tab added or taken away at the start of a few lines, one change per line, last line first. */
  private reindent(text: string): ContentChange[] {
    const starts = lineStarts(text);
    const first = this.rnd.pick(starts.map((_, i) => i).filter((i) => starts[i] <= 3000));
    const last = Math.min(starts.length - 1, first + this.rnd.int(0, 8));
    const how = this.rnd.pick(['in', 'out', 'tab']);
    const changes: ContentChange[] = [];
    for (let line = last; line >= first; line--) {
      const start = { line, character: 0 };
      if (how === 'out') {
        const spaces = /^ {0,2}/.exec(text.slice(starts[line], starts[line] + 2))![0].length;
        if (spaces > 0) changes.push({ range: { start, end: { line, character: spaces } }, text: '' });
      } else changes.push({ range: { start, end: start }, text: how === 'tab' ? '\t' : '  ' });
    }
    const start = { line: 0, character: 0 };
    return changes.length > 0 ? changes : [{ range: { start, end: start }, text: '' }];
  }

  /** A whole new text: another hostile document, or this one with other line ends, a BOM, or cut. */
  private replacement(file: string, text: string): string {
    switch (this.rnd.pick(['new', 'new', 'lineEnds', 'bom', 'cut', 'empty'])) {
      case 'new':
        return hostileDocument(file, this.rnd, this.scale, { big: this.rnd.chance(0.2) });
      case 'lineEnds':
        return withLineEnds(text, this.rnd.pick(['lf', 'crlf', 'cr', 'mixed'] as const));
      case 'bom':
        return text.startsWith('\ufeff') ? text.slice(1) : '\ufeff' + text;
      case 'cut':
        return text.slice(0, this.rnd.int(0, text.length));
      default:
        return '';
    }
  }

  /** A referenced file changed on disk while it is not open. */
  private diskEdit(state: EditorState): Action[] {
    const candidates = [...this.files, ...EXTRA_FILES].filter((f) => !state.open.has(f));
    const target = this.rnd.pick(candidates);
    const text = readIfText(path.join(state.folder, target));
    if (text === undefined || text.length > 200_000) {
      return [{ do: 'write', file: target, text: hostileDocument(target, this.rnd, this.scale, { big: false }) }];
    }
    const at = this.rnd.int(0, text.length);
    const lines = target.endsWith('.json') ? [jsonSnippet(this.rnd)] : yamlSnippet(this.rnd);
    const edited = this.rnd.chance(0.5)
      ? text.slice(0, at) + text.slice(Math.min(text.length, at + this.rnd.int(1, 20)))
      : text.slice(0, at) + lines.join('\n') + text.slice(at);
    return [{ do: 'write', file: target, text: edited }];
  }

  private openFile(state: EditorState): Action[] {
    const closed = [...this.files, ...EXTRA_FILES].filter((f) => !state.open.has(f) && /\.(ya?ml|json)$/.test(f));
    const file = this.rnd.pick(closed);
    if (!file) return [];
    const text = readIfText(path.join(state.folder, file));
    if (text === undefined) return [];
    return [{ do: 'open', file, version: this.rnd.int(1, 3), text }];
  }

  private request(state: EditorState): Action | undefined {
    const open = [...state.open.keys()];
    if (open.length === 0) return undefined;
    const file = this.rnd.chance(0.9) ? this.rnd.pick(open) : this.rnd.pick(this.files);
    const text = state.open.get(file)?.text ?? '';
    const position = this.position(text);
    const textDocument = { uri: `{folder}/${file}` };
    const method = this.rnd.weighted({
      hover: 20, completion: 20, definition: 15, documentSymbol: 8, codeAction: 8, references: 8, documentLink: 4,
      codeLens: 4, prepareRename: 4, rename: 2, workspaceSymbol: 3, fixAll: 1,
    });
    switch (method) {
      case 'codeAction':
      case 'fixAll': {
        const context = { diagnostics: [], ...(method === 'fixAll' ? { only: ['source.fixAll'] } : {}) };
        const range = { start: position, end: position };
        return { do: 'request', method: 'textDocument/codeAction', params: { textDocument, range, context } };
      }
      case 'references': {
        const context = { includeDeclaration: this.rnd.chance(0.5) };
        return { do: 'request', method: 'textDocument/references', params: { textDocument, position, context } };
      }
      case 'rename': {
        const newName = this.rnd.pick(['Renamed', 'a b', '', 'Ünï😀']);
        return { do: 'request', method: 'textDocument/rename', params: { textDocument, position, newName } };
      }
      case 'workspaceSymbol': {
        const query = this.rnd.pick(['', 'Pet', 'p', 'zz', 'Ü']);
        return { do: 'request', method: 'workspace/symbol', params: { query } };
      }
      case 'documentSymbol':
      case 'documentLink':
      case 'codeLens':
        return { do: 'request', method: `textDocument/${method}`, params: { textDocument } };
      default:
        return { do: 'request', method: `textDocument/${method}`, params: { textDocument, position } };
    }
  }

  /** Where a request asks: often on a `$ref` or a key, sometimes past the end of a line or of the document. */
  private position(text: string): Position {
    const starts = lineStarts(text);
    if (this.rnd.chance(0.05)) return { line: this.rnd.int(0, starts.length + 2), character: this.rnd.int(0, 500) };
    let at = this.offset(text);
    if (this.rnd.chance(0.4)) {
      const ref = text.indexOf('$ref', Math.max(0, at - 2000));
      if (ref >= 0 && ref < at + 4000) at = Math.min(text.length, ref + this.rnd.int(0, 40));
    }
    return positionAt(text, at, starts);
  }
}

function readIfText(filePath: string): string | undefined {
  try {
    const stat = fs.lstatSync(filePath);
    if (!stat.isFile()) return undefined;
    return fs.readFileSync(filePath, 'utf8');
  } catch {
    return undefined;
  }
}
