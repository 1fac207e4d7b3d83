// Typing in operationIds, which every Operation and Link reads through the analysis's operationId
// map (kept current per edit, not read again from every Operation): after every keystroke the
// session's incremental check equals a fresh check, in YAML and in JSON, while a duplicate is typed
// and backspaced, an operationId line is added and removed, and a Link's operationId is retyped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'url';
import { OpenDocument, Session } from '../../../server/src/server/state/session';
import { describeAll, freshFindings } from '../../helpers/recheck';

const YAML = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
          links:
            next:
              operationId: showPet
    post:
      operationId: createPet
      responses:
        '201':
          description: made
  /pets/{id}:
    parameters:
      - name: id
        in: path
        required: true
        schema:
          type: string
    get:
      operationId: showPet
      responses:
        '200':
          description: ok
    delete:
      responses:
        '204':
          description: gone
`;

const JSON_TEXT = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: { operationId: 'listPets', responses: { 200: { description: 'ok', links: { next: { operationId: 'showPet' } } } } },
      post: { operationId: 'createPet', responses: { 201: { description: 'made' } } },
    },
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'showPet', responses: { 200: { description: 'ok' } } },
      delete: { responses: { 204: { description: 'gone' } } },
    },
  },
}, null, 2) + '\n';

function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** A session with one document open and checked; each keystroke is applied and checked as the server does. */
class Typing {
  readonly session = new Session();
  readonly doc: OpenDocument;
  readonly file: string;
  /** Checks that reused the last analysis (the incremental path this file is about). */
  reused = 0;
  keys = 0;

  constructor(text: string, ext: 'yaml' | 'json') {
    this.file = `/virtual/recheck-operation-ids/openapi.${ext}`;
    const uri = pathToFileURL(this.file).href;
    this.session.open.set(uri, { uri, path: this.file, version: 1, text });
    this.session.check(this.file);
    this.doc = this.session.open.get(uri)!;
  }

  get text(): string {
    return this.doc.text;
  }

  /** One edit, then the check an editor would get, compared with a fresh one. */
  edit(offset: number, length: number, newText: string): string[] {
    const text = this.text;
    const range = { start: positionAt(text, offset), end: positionAt(text, offset + length) };
    this.session.applyChanges(this.doc, [{ range, text: newText }]);
    const result = this.session.check(this.file);
    if (result.analysisReused) this.reused++;
    this.keys++;
    const incremental = describeAll(result.diagnostics);
    assert.deepEqual(incremental, freshFindings(this.session, this.file), `after key ${this.keys}:\n${this.text}`);
    return result.diagnostics.filter((d) => d.rule === 'operation-id-unique' || d.rule === 'link-operation').map((d) => `${d.rule} ${this.text.slice(d.offset, d.offset + d.length).replace(/^"|"$/g, '')}`);
  }

  /** Types characters at an offset one by one; the findings after the last. */
  type(offset: number, chars: string): string[] {
    let found: string[] = [];
    for (let i = 0; i < chars.length; i++) found = this.edit(offset + i, 0, chars[i]);
    return found;
  }

  /** Backspaces `count` characters before an offset one by one; the findings after the last. */
  backspace(offset: number, count: number): string[] {
    let found: string[] = [];
    for (let i = 0; i < count; i++) found = this.edit(offset - i - 1, 1, '');
    return found;
  }
}

for (const [format, text] of [['YAML', YAML], ['JSON', JSON_TEXT]] as const) {
  const ext = format === 'YAML' ? 'yaml' : 'json';
  const quote = format === 'YAML' ? '' : '"';
  describe(`typing in operationIds (${format}) equals a fresh check at every key`, () => {
    it('a duplicate typed and backspaced is reported exactly while it is one', () => {
      const typing = new Typing(text, ext);
      // createPet -> backspace to "" -> type listPets (a duplicate) -> backspace -> createPet again.
      const end = typing.text.indexOf(`createPet${quote}`) + 'createPet'.length;
      assert.deepEqual(typing.backspace(end, 'createPet'.length), []);
      const start = end - 'createPet'.length;
      const duplicate = typing.type(start, 'listPets');
      assert.deepEqual(duplicate, ['operation-id-unique listPets']);
      assert.deepEqual(typing.backspace(start + 'listPets'.length, 1), []);
      assert.deepEqual(typing.type(start + 'listPet'.length, 's'), ['operation-id-unique listPets']);
      typing.backspace(start + 'listPets'.length, 'listPets'.length);
      assert.deepEqual(typing.type(start, 'createPet'), []);
      assert.equal(typing.text, text);
      assert.ok(typing.reused >= typing.keys - 2, `${typing.reused} of ${typing.keys} checks reused the analysis`);
    });

    it('the operationId a Link names, erased and retyped, is reported while no Operation has it', () => {
      const typing = new Typing(text, ext);
      const target = typing.text.lastIndexOf(`showPet${quote}`) + 'showPet'.length;
      // The Link's value is reported: no Operation is showPet any more.
      assert.deepEqual(typing.backspace(target, 1), ['link-operation showPet']);
      assert.deepEqual(typing.type(target - 1, 't'), []);
      // The Link's own operationId typed to a name no Operation has, and back.
      const link = typing.text.indexOf(`showPet${quote}`) + 'showPet'.length;
      assert.deepEqual(typing.type(link, 'X'), ['link-operation showPetX']);
      assert.deepEqual(typing.backspace(link + 1, 1), []);
      assert.equal(typing.text, text);
    });

    // operation-id-unique and operation-id-missing re-check only the Operations an id edit can affect
    // (Rule.affectedBy): the suggestion for an Operation without an id, and a duplicate's free
    // `<id>_<n>`, read ids typed elsewhere.
    it('a missing operationId\'s suggestion and a duplicate\'s rename follow ids typed in other Operations', () => {
      const typing = new Typing(text, ext);
      const createEnd = typing.text.indexOf(`createPet${quote}`) + 'createPet'.length;
      typing.backspace(createEnd, 'createPet'.length);
      const create = createEnd - 'createPet'.length;
      // The suggestion for the delete Operation, taken: it moves on to the next free name.
      typing.type(create, 'deletePetsId');
      const suggestion = () => typing.session.check(typing.file).diagnostics.find((d) => d.rule === 'operation-id-missing' && d.message.includes('has no'))!.message;
      assert.match(suggestion(), /deletePetsId2/);
      typing.backspace(create + 'deletePetsId'.length, 'deletePetsId'.length);
      assert.match(suggestion(), /"deletePetsId"/);
      // A duplicate of listPets, renamed by its fix to listPets_2 until another Operation takes that name.
      assert.deepEqual(typing.type(create, 'listPets'), ['operation-id-unique listPets']);
      const rename = () => typing.session.check(typing.file).diagnostics.find((d) => d.rule === 'operation-id-unique')!.fixes[0].title;
      assert.equal(rename(), 'Rename to "listPets_2"');
      const showEnd = typing.text.lastIndexOf(`showPet${quote}`) + 'showPet'.length;
      typing.backspace(showEnd, 'showPet'.length);
      typing.type(showEnd - 'showPet'.length, 'listPets_2');
      assert.equal(rename(), 'Rename to "listPets_3"');
      typing.backspace(showEnd - 'showPet'.length + 'listPets_2'.length, 'listPets_2'.length);
      typing.type(showEnd - 'showPet'.length, 'showPet');
      assert.equal(rename(), 'Rename to "listPets_2"');
      typing.backspace(create + 'listPets'.length, 'listPets'.length);
      typing.type(create, 'createPet');
      assert.equal(typing.text, text);
    });

    // An edit in one Path Item touches the Paths object: its other Path Items keep their findings
    // (edit-planner.ts, onlySiblingsTouched), and the edited one's follow its path-level parameters.
    it('a path-level parameter renamed key by key: its path\'s findings follow, typing in another Path Item keeps them', () => {
      const typing = new Typing(text, ext);
      const nameEnd = typing.text.indexOf(`name: id`.replace('name: ', format === 'YAML' ? 'name: ' : '"name": "')) + (format === 'YAML' ? 'name: id'.length : '"name": "id'.length);
      typing.type(nameEnd, 'x');
      const rules = () => typing.session.check(typing.file).diagnostics.map((d) => `${d.rule} ${typing.text.slice(d.offset, d.offset + d.length).replace(/^"|"$/g, '')}`).sort();
      const renamed = rules();
      assert.ok(renamed.some((r) => r.startsWith('path-params')), renamed.join('\n'));
      typing.backspace(nameEnd + 1, 1);
      assert.ok(!rules().some((r) => r.startsWith('path-params')));
      // Typing in the other Path Item's operationId, with the parameter renamed: its findings stay.
      typing.type(nameEnd, 'x');
      const listEnd = typing.text.indexOf(`listPets${quote}`) + 'listPets'.length;
      typing.type(listEnd, 'Now');
      assert.deepEqual(rules(), renamed);
      typing.backspace(listEnd + 3, 3);
      typing.backspace(nameEnd + 1, 1);
      assert.equal(typing.text, text);
    });

    it('an operationId line added to an Operation without one, made a duplicate, and removed', () => {
      const typing = new Typing(text, ext);
      const deleteAt = typing.text.indexOf(format === 'YAML' ? '    delete:\n' : '"delete": {\n') + (format === 'YAML' ? '    delete:\n'.length : '"delete": {\n'.length);
      const line = format === 'YAML' ? '      operationId: ' : '        "operationId": "",\n';
      // The line pasted whole (a member added), then the id typed into it key by key.
      typing.edit(deleteAt, 0, format === 'YAML' ? `${line}\n` : line);
      const valueAt = deleteAt + (format === 'YAML' ? line.length : line.indexOf('""') + 1);
      assert.deepEqual(typing.type(valueAt, 'showPet'), ['operation-id-unique showPet']);
      assert.deepEqual(typing.type(valueAt + 'showPet'.length, 'Gone'), []);
      typing.backspace(valueAt + 'showPetGone'.length, 'Gone'.length);
      const lineEnd = typing.text.indexOf('\n', deleteAt) + 1;
      assert.deepEqual(typing.edit(deleteAt, lineEnd - deleteAt, ''), []);
      assert.equal(typing.text, text);
    });
  });
}
