// Typing runs for the typing tests: a session with a document open, typed into as an editor types
// (test/helpers/typist.ts), its tree compared with a fresh parse after every key and its findings
// with a fresh check at every pause. Random sequences at random places: properties typed and
// erased, snippets, sequence items, keys and values retyped, lines indented, deleted and pasted.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { isLoadFailure } from '../../server/src/model/documents';
import { OpenDocument, Session } from '../../server/src/server/state/session';
import { detectFormat, parseText } from '../../server/src/syntax/parse';
import { SyntaxNode } from '../../server/src/syntax/tree';
import { REPO_ROOT } from './paths';
import { rootFixtures, stripAnnotations } from './fixtures';
import { describeAll, freshFindings } from './recheck';
import { errorLines, treeDifference } from './tree-diff';
import { TextChange, Typist } from './typist';

/** Properties a user types into a JSON object (as typed: the typist closes the pairs). */
const JSON_PROPERTIES = [
  '"summary": "List pets"', '"deprecated": true', '"tags": ["pets"]', '"description": "Returns the pets"',
  '"x-codegen": {"name": "a", "list": [1, {"b": null}]}', '"type": "string"', '"nullable": true', '"maximum": 10',
  '"example": null', '"required": ["id"]', '"items": {"type": "integer"}', '"$ref": "#/components/schemas/Pet"',
  '"enum": ["a", "b"]', '"format": "date"', '"operationId": "getThing"', '"in": "query"', '"minLength": 1',
  '"responses": {"200": {"description": "ok"}}', '"parameters": []', '"default": -1.5e3',
];

/** Properties a user types into a YAML mapping; `\n` is Enter (the typist indents). */
const YAML_PROPERTIES = [
  'summary: List pets', 'deprecated: true', 'tags: [pets]', 'name: { type: string, maxLength: 20 }',
  'description: "Quoted text"', "description: 'single quoted'", 'x-codegen: { name: a, list: [1, { b: null }] }',
  'type: string', 'nullable: true', 'maximum: 10', 'example: null', 'required: [id]', 'items:\ntype: integer',
  "$ref: '#/components/schemas/Pet'", 'enum: [a, b]', 'format: date', 'operationId: getThing',
  "responses:\n'200':\ndescription: ok", 'parameters: []', 'default: -1.5e3', 'x-list:\n- a\n- b: 1',
  'description: >-\n  folded text',
];

/** Lines pasted whole (a completion or a copied line), with the cursor where the snippet leaves it. */
const JSON_SNIPPETS = ['"description": ""', '"deprecated": true,', '"schema": {\n  "type": "string"\n}'];
const YAML_SNIPPETS = ['description: ', 'deprecated: true', 'schema:\n  type: string'];

export interface Counts {
  sequences: number;
  keys: number;
  pauses: number;
}

/** The nodes of a tree, depth first. */
function nodesOf(root: SyntaxNode | undefined): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack = root ? [root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

export function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, character: offset - start };
}

/** One document being typed into, with the session that checks it and the files beside it. */
export class TypingRun {
  readonly session = new Session();
  /** The document typed into now (the root, or a file it references), its format and typist. */
  doc: OpenDocument;
  format: 'json' | 'yaml';
  typist: Typist;
  private readonly typists = new Map<OpenDocument, Typist>();
  private keyCount = 0;

  constructor(
    readonly root: string,
    texts: ReadonlyMap<string, string>,
    readonly next: () => number,
    readonly counts: Counts,
  ) {
    // Opened as the server opens them: its documents follow edited trees without joining their text.
    for (const [i, [p, text]] of [...texts].entries()) this.session.opened({ uri: pathToFileURL(p).href, path: p, version: i, text });
    this.originals = [...texts];
    this.doc = this.session.open.get(pathToFileURL(root).href)!;
    this.format = formatOf(this.doc);
    this.session.check(root);
    this.typist = this.typistOf(this.doc);
  }

  private typistOf(doc: OpenDocument): Typist {
    let typist = this.typists.get(doc);
    if (!typist) this.typists.set(doc, (typist = new Typist(doc.text, formatOf(doc), (change) => this.apply(change))));
    return typist;
  }

  /** Types into another open document from now on. */
  switchTo(doc: OpenDocument): void {
    this.doc = doc;
    this.format = formatOf(doc);
    this.typist = this.typistOf(doc);
  }

  private history: string[] = [];
  /** Every change and pause since the start, for a replay (TYPING_DUMP names a folder to write it to). */
  readonly log: ((TextChange & { file: string }) | 'pause')[] = [];
  private readonly originals: [string, string][];

  private apply(change: TextChange): void {
    const text = this.doc.text;
    const range = { start: positionAt(text, change.offset), end: positionAt(text, change.offset + change.length) };
    const outcome = this.session.applyChanges(this.doc, [{ range, text: change.text }]);
    // The server publishes moved findings at once after such an edit, without a check.
    this.movedOnly &&= outcome === 'findings-unchanged';
    this.keyCount++;
    this.counts.keys++;
    this.log.push({ ...change, file: this.doc.path });
    this.history.push(JSON.stringify(change));
    if (this.history.length > 60) this.history.shift();
    const expected = text.slice(0, change.offset) + change.text + text.slice(change.offset + change.length);
    assert.equal(this.doc.text, expected, 'the session applied the change');
    this.compareParse();
  }

  private where(): string {
    if (process.env.TYPING_DUMP) {
      const file = path.join(process.env.TYPING_DUMP, `${path.basename(this.root)}-${this.keyCount}.json`);
      fs.writeFileSync(file, JSON.stringify({ root: this.root, texts: this.originals, log: this.log }));
    }
    return `${path.relative(REPO_ROOT, this.doc.path)} (root ${path.basename(this.root)}) after ${this.keyCount} keys; last changes:\n${this.history.slice(-12).join('\n')}\ntext:\n${this.doc.text}`;
  }

  /** The session's tree of the text equals a fresh parse: nodes, offsets, keys, values, errors. */
  private compareParse(): void {
    const cached = this.session.store.cached(this.doc.path);
    if (!cached || isLoadFailure(cached) || cached.text !== this.doc.text) return;
    const fresh = parseText(this.doc.text, this.format);
    const difference = treeDifference(cached.root, fresh.root, this.doc.text);
    if (difference) assert.fail(`tree ${difference} in ${this.where()}`);
    const errors = errorLines(cached.parsed);
    const freshErrors = errorLines(fresh);
    if (JSON.stringify(errors) !== JSON.stringify(freshErrors)) assert.deepEqual(errors, freshErrors, `syntax errors in ${this.where()}`);
  }

  /** A pause: the findings the editor would publish now equal a fresh check's. */
  /** Whether every edit since the last pause only moved the findings (the server checks nothing then). */
  private movedOnly = true;

  pause(): void {
    this.counts.pauses++;
    this.log.push('pause');
    const published = this.movedOnly ? this.publishedWithoutCheck() : undefined;
    this.movedOnly = true;
    const got = published ?? describeAll(this.session.check(this.root).diagnostics);
    const fresh = freshFindings(this.session, this.root);
    if (JSON.stringify(got) !== JSON.stringify(fresh)) assert.deepEqual(got, fresh, `findings in ${this.where()}`);
  }

  /** What the server publishes after edits that only moved findings: the last check's, moved, in every open file. */
  private publishedWithoutCheck(): string[] | undefined {
    const result = this.session.results.get(this.root);
    if (!result) return undefined;
    return describeAll([...this.session.open.values()].flatMap((d) => this.session.diagnosticsIn(d.path)));
  }

  /** A pause after some keys only, as an editor checks between debounces. */
  maybePause = (): void => {
    if (this.next() < 0.3) this.pause();
  };

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  /** One typing sequence at a random place of the document as it is now. */
  sequence(): void {
    this.counts.sequences++;
    // Mostly the root; sometimes a file beside it (a referenced file is typed in as often).
    const others = [...this.session.open.values()].filter((d) => d.path !== this.root);
    this.switchTo(others.length > 0 && this.next() < 0.2 ? this.pick(others) : this.session.open.get(pathToFileURL(this.root).href)!);
    const roll = this.next();
    if (this.format === 'json') {
      if (roll < 0.3) this.jsonProperty(false);
      else if (roll < 0.45) this.jsonProperty(true);
      else if (roll < 0.55) this.jsonSnippet();
      else if (roll < 0.65) this.jsonArrayItem();
      else if (roll < 0.8) this.retypeScalar();
      else if (roll < 0.9) this.retypeKey();
      else this.deleteLineAndPasteBack();
    } else {
      if (roll < 0.3) this.yamlProperty(false);
      else if (roll < 0.45) this.yamlProperty(true);
      else if (roll < 0.55) this.yamlSnippet();
      else if (roll < 0.65) this.yamlSequenceItem();
      else if (roll < 0.75) this.retypeScalar();
      else if (roll < 0.85) this.retypeKey();
      else if (roll < 0.92) this.indentLine();
      else this.deleteLineAndPasteBack();
    }
    this.pause();
  }

  private scalars(): SyntaxNode[] {
    return nodesOf(parseText(this.doc.text, this.format).root).filter((n) => !n.children && n.length > 0 && n.offset >= 0);
  }

  /** Backspace over the end of a scalar (a `$ref`, a name, a type...) and type it again, or another value. */
  private retypeScalar(): void {
    const scalar = this.pick(this.scalars());
    if (!scalar) return;
    const quoted = /["']/.test(this.doc.text[scalar.offset]) ? 1 : 0;
    const end = scalar.end - quoted;
    const removed = this.doc.text.slice(end - Math.min(end - scalar.offset - quoted, 1 + Math.floor(this.next() * 6)), end);
    if (removed.includes('\n') || removed.includes('\\')) return;
    this.typist.moveTo(end);
    for (let i = 0; i < removed.length; i++) {
      this.typist.backspace();
      this.maybePause();
    }
    const retyped = this.next() < 0.7 ? removed : this.pick(['Pet', 'x', '1', 'query', 'string', 'true', '{id}', '/']);
    for (const ch of retyped) {
      this.typist.type(ch);
      this.maybePause();
    }
  }

  /** A key selected and typed over: one edit removes it, then the new name key by key. */
  private retypeKey(): void {
    const members = nodesOf(parseText(this.doc.text, this.format).root).filter((n) => n.keyOffset >= 0 && n.keyLength > 0);
    const member = this.pick(members);
    if (!member) return;
    const quoted = /["']/.test(this.doc.text[member.keyOffset]) ? 1 : 0;
    const start = member.keyOffset + quoted;
    const end = member.keyOffset + member.keyLength - quoted;
    const old = this.doc.text.slice(start, end);
    if (/[\n\\"']/.test(old)) return;
    const name = this.next() < 0.5 ? old : this.pick(['get', 'post', 'description', 'schema', 'x-new', '$ref', 'Pet', '/pets/{id}', 'required']);
    this.typist.replaceRange(start, end);
    this.typist.moveTo(start);
    this.maybePause();
    for (const ch of name) {
      this.typist.type(ch);
      this.maybePause();
    }
  }

  /** YAML: Tab or Shift+Tab on a line (two spaces added or removed at its start). */
  private indentLine(): void {
    const text = this.doc.text;
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0 && i < text.length - 1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    const start = this.pick(starts);
    if (this.next() < 0.5) this.typist.replaceRange(start, start, '  ');
    else if (text.startsWith('  ', start)) this.typist.replaceRange(start, start + 2);
    this.maybePause();
  }

  /** YAML: a new item typed at the end of a sequence of mappings (`- name: limit`, Enter, `in: query`). */
  private yamlSequenceItem(): void {
    const sequences = nodesOf(parseText(this.doc.text, this.format).root).filter((n) => n.kind === 'array' && !n.flow && n.children!.length > 0);
    const sequence = this.pick(sequences);
    if (!sequence) return;
    const first = sequence.children![0];
    const text = this.doc.text;
    const dash = text.lastIndexOf('-', first.offset);
    const lineStart = text.lastIndexOf('\n', dash - 1) + 1;
    if (dash < lineStart || text.slice(lineStart, dash).trim() !== '') return;
    const indent = dash - lineStart;
    let end = text.indexOf('\n', sequence.end);
    if (end < 0) end = text.length;
    this.typist.moveTo(end);
    this.typist.enter();
    const here = this.typist.cursor - (this.doc.text.lastIndexOf('\n', this.typist.cursor - 1) + 1);
    for (let column = here; column > indent; column -= 2) {
      this.typist.backspace();
      this.maybePause();
    }
    const atColumn = this.typist.cursor - (this.doc.text.lastIndexOf('\n', this.typist.cursor - 1) + 1);
    if (atColumn < indent) this.typist.paste(' '.repeat(indent - atColumn));
    const item = first.kind === 'object' ? this.pick(['- name: limit\n  in: query', '- $ref: \'#/components/parameters/Id\'', '- name: x\n  in: header\n  schema:\ntype: string'])
      : this.pick(['- pets', '- 1', '- { a: 1 }']);
    this.typist.typeString(item, this.maybePause);
  }

  /** JSON: an object added to an array (`, {"name": "limit", "in": "query"}`), typed after its last item. */
  private jsonArrayItem(): void {
    const arrays = nodesOf(parseText(this.doc.text, this.format).root).filter((n) => n.kind === 'array' && n.children!.length > 0);
    const array = this.pick(arrays);
    if (!array) return;
    const last = array.children![array.children!.length - 1];
    this.typist.moveTo(last.end);
    this.typist.type(',');
    this.maybePause();
    if (this.next() < 0.5) this.typist.enter();
    else this.typist.type(' ');
    this.typist.typeString(last.kind === 'object' ? '{"name": "limit", "in": "query"}' : '"pets"', this.maybePause);
  }

  private objects(): SyntaxNode[] {
    const parsed = parseText(this.doc.text, this.format);
    return nodesOf(parsed.root).filter((n) => n.kind === 'object' && (this.format === 'json' || !n.flow));
  }

  /** Backspace until the text is `original` again (the typed characters removed one key at a time). */
  private backspaceTo(original: string): void {
    for (let guard = 0; this.doc.text.length > original.length && guard < 500; guard++) {
      this.typist.backspace();
      this.maybePause();
    }
  }

  /** JSON: Enter after a member (its comma) and a property typed key by key; or typed, then erased. */
  private jsonProperty(erase: boolean): void {
    const objects = this.objects();
    const object = this.pick(objects);
    if (!object) return;
    const property = this.pick(JSON_PROPERTIES);
    const original = this.doc.text;
    const members = object.children!;
    if (members.length === 0) {
      this.typist.moveTo(object.offset + 1);
      this.typist.enter();
      this.typist.typeString(property, this.maybePause);
    } else {
      const index = Math.floor(this.next() * members.length);
      const member = members[index];
      const last = index === members.length - 1;
      if (last) {
        this.typist.moveTo(member.end);
        this.typist.type(',');
        this.maybePause();
        this.typist.enter();
        this.typist.typeString(property, this.maybePause);
      } else {
        this.typist.moveTo(this.doc.text.indexOf(',', member.end) + 1);
        this.typist.enter();
        this.typist.typeString(property + ',', this.maybePause);
      }
    }
    if (erase) this.backspaceTo(original);
  }

  /** YAML: Enter at the end of a line, Backspace to the indent of a mapping around, a property typed key by key. */
  private yamlProperty(erase: boolean): void {
    const object = this.pick(this.objects());
    if (!object || object.children!.length === 0) return;
    const member = this.pick(object.children!);
    const text = this.doc.text;
    // The end of the member's last line; Enter there indents as that line, Backspace steps back
    // to the member's own indent.
    let end = text.indexOf('\n', member.end);
    if (end < 0) end = text.length;
    const keyLine = text.lastIndexOf('\n', member.keyOffset - 1) + 1;
    const keyIndent = member.keyOffset - keyLine;
    if (text.slice(keyLine, member.keyOffset).trim() !== '') return; // `- key:` lines: not this sequence
    const original = text;
    this.typist.moveTo(end);
    this.typist.enter();
    this.maybePause();
    const lineStart = this.doc.text.lastIndexOf('\n', this.typist.cursor - 1) + 1;
    while (this.typist.cursor - lineStart > keyIndent) {
      this.typist.backspace();
      this.maybePause();
    }
    if (this.typist.cursor - lineStart < keyIndent) this.typist.paste(' '.repeat(keyIndent - (this.typist.cursor - lineStart)));
    this.typist.typeString(this.pick(YAML_PROPERTIES), this.maybePause);
    if (erase) this.backspaceTo(original);
  }

  /** JSON: a completion inserted whole after a member's comma, then its value typed. */
  private jsonSnippet(): void {
    const object = this.pick(this.objects().filter((o) => o.children!.length > 1));
    if (!object) return;
    const member = this.pick(object.children!.slice(0, -1));
    this.typist.moveTo(this.doc.text.indexOf(',', member.end) + 1);
    this.typist.enter();
    const snippet = this.pick(JSON_SNIPPETS);
    const indent = this.typist.cursor - (this.doc.text.lastIndexOf('\n', this.typist.cursor - 1) + 1);
    const indented = snippet.replace(/\n/g, '\n' + ' '.repeat(indent));
    const caret = snippet === '"description": ""' ? indented.length - 1 : indented.length;
    this.typist.paste(indented, caret);
    this.maybePause();
    if (caret < indented.length) {
      this.typist.typeString('The pet', this.maybePause);
      this.typist.moveTo(this.typist.cursor + 1);
    }
    if (!indented.endsWith(',')) this.typist.type(',');
  }

  /** YAML: a completion inserted whole on a new line at a member's indent, then its value typed. */
  private yamlSnippet(): void {
    const object = this.pick(this.objects());
    if (!object || object.children!.length === 0) return;
    const member = this.pick(object.children!);
    const text = this.doc.text;
    const keyLine = text.lastIndexOf('\n', member.keyOffset - 1) + 1;
    if (text.slice(keyLine, member.keyOffset).trim() !== '') return;
    const indent = ' '.repeat(member.keyOffset - keyLine);
    const snippet = this.pick(YAML_SNIPPETS);
    // Pasted above the member: the line and its indent in one edit.
    this.typist.moveTo(keyLine);
    this.typist.paste(indent + snippet.replace(/\n/g, '\n' + indent) + '\n', indent.length + snippet.replace(/\n/g, '\n' + indent).length);
    this.maybePause();
    if (snippet.endsWith(': ')) this.typist.typeString('The pet', this.maybePause);
  }

  /** Ctrl+Shift+K on a line, then the line pasted back where it was. */
  private deleteLineAndPasteBack(): void {
    const text = this.doc.text;
    const lineCount = text.split('\n').length;
    const line = Math.floor(this.next() * lineCount);
    let start = 0;
    for (let i = 0; i < line; i++) start = text.indexOf('\n', start) + 1;
    let end = text.indexOf('\n', start);
    end = end < 0 ? text.length : end + 1;
    const removed = text.slice(start, end);
    this.typist.replaceRange(start, end);
    this.maybePause();
    this.typist.moveTo(start);
    this.typist.paste(removed);
  }
}

function formatOf(doc: OpenDocument): 'json' | 'yaml' {
  return detectFormat(doc.path, doc.text) === 'json' ? 'json' : 'yaml';
}

/** Every root fixture of every rule, with the files beside it (what it references). */
export function fixtureDocuments(): { root: string; texts: Map<string, string> }[] {
  const rulesDir = path.join(REPO_ROOT, 'test', 'rules');
  const out: { root: string; texts: Map<string, string> }[] = [];
  for (const rule of fs.readdirSync(rulesDir).sort()) {
    const dir = path.join(rulesDir, rule);
    const beside = fs.readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.includes('.fixed'));
    const texts = new Map(beside.map((f) => [path.join(dir, f), stripAnnotations(fs.readFileSync(path.join(dir, f), 'utf8'), f).text]));
    for (const { file } of rootFixtures(dir)) out.push({ root: file, texts });
  }
  return out;
}

export function otherDocuments(): { root: string; texts: Map<string, string> }[] {
  const read = (files: string[]) => new Map(files.map((f) => [path.join(REPO_ROOT, f), fs.readFileSync(path.join(REPO_ROOT, f), 'utf8')]));
  const examples = 'node_modules/@readme/oas-examples/3.0';
  return [
    { root: path.join(REPO_ROOT, 'examples/petstore/openapi.yaml'), texts: read(['examples/petstore/openapi.yaml', 'examples/petstore/schemas.yaml']) },
    { root: path.join(REPO_ROOT, 'test/fixtures/workspace/admin/openapi.json'), texts: read(['test/fixtures/workspace/admin/openapi.json']) },
    ...['json/petstore.json', 'json/schema-types.json', 'json/callbacks.json', 'json/parameters-style.json', 'yaml/petstore.yaml', 'yaml/schema-validation.yaml', 'yaml/callbacks.yaml', 'yaml/response-examples.yaml']
      .map((f) => ({ root: path.join(REPO_ROOT, examples, f), texts: read([path.join(examples, f)]) })),
  ];
}


/** A valid JSON description: typing a property after its operationId left errors on it. */
export const REPORTED_JSON = `{
  "openapi": "3.0.3",
  "info": { "title": "Pets", "version": "1.0.0" },
  "tags": [{ "name": "pets" }],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPetsJson",
        "responses": {
          "200": { "description": "ok" }
        }
      }
    }
  }
}
`;

/** The properties typed after `"operationId": "listPetsJson",`. */
export const REPORTED_JSON_PROPERTIES = ['"summary": "List pets",', '"deprecated": true,', '"tags": ["pets"],'];

/** A valid YAML description: a flow mapping typed key by key left a syntax error. */
export const REPORTED_YAML = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
      properties:
        id:
          type: integer
`;
