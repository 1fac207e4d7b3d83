// References and rename right after typing in a large open document, over stdio: the document's
// index follows each edit (typing in a description, a new line, an operationId, a `$ref`) instead
// of being built again before the request can answer, and the answers name the edited text.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { after, before, describe, it } from 'node:test';
import type { Location, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { largeDescription } from '../../helpers/large-description';
import { LspClient } from '../../helpers/lsp-client';

/** 1,500 paths: about 1.2 MB of YAML, past the size at which the index was built in slices for a request. */
const PATHS = 1_500;
/** Far more than an answer from a followed index takes; far less than building the index again on a loaded machine. */

describe('the index of a large open document follows its edits', { timeout: 240_000 }, () => {
  let client: LspClient;
  let dir: string;
  let uri: string;
  let text: string;

  const positionAt = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length - 1, character: before[before.length - 1].length };
  };
  const offsetAt = (position: { line: number; character: number }) => {
    let offset = 0;
    for (let line = 0; line < position.line; line++) offset = text.indexOf('\n', offset) + 1;
    return offset + position.character;
  };
  const textOf = (range: Range) => text.slice(offsetAt(range.start), offsetAt(range.end));
  const lineOf = (offset: number) => positionAt(offset).line;

  /** Types `typed` at an offset one character at a time, as an editor sends it. */
  function type(offset: number, typed: string, removed = 0): void {
    for (let i = 0; i < typed.length || (i === 0 && removed > 0); i++) {
      const at = offset + i;
      const length = i === 0 ? removed : 0;
      const range = { start: positionAt(at), end: positionAt(at + length) };
      const chunk = typed.length > 0 ? typed[i] : '';
      text = text.slice(0, at) + chunk + text.slice(at + length);
      client.change(uri, [{ range, text: chunk }]);
    }
  }

  /** Pastes a whole text at an offset in one change. */
  function paste(offset: number, pasted: string): void {
    const range = { start: positionAt(offset), end: positionAt(offset) };
    text = text.slice(0, offset) + pasted + text.slice(offset);
    client.change(uri, [{ range, text: pasted }]);
  }

  const references = (offset: number, includeDeclaration: boolean) => client.request<Location[]>('textDocument/references', {
    textDocument: { uri }, position: positionAt(offset), context: { includeDeclaration },
  });

  /** Lines that name a schema: its `$ref`s, and the discriminator mapping that names it. */
  const usesOf = (schema: string) => text.split('\n').flatMap((l, i) => (l.includes(`$ref: '#/components/schemas/${schema}'`) || l.endsWith(`plain: ${schema}`) ? [i] : []));

  const indexedAgain = () => client.marked('open document indexed');

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-index-follows-'));
    text = largeDescription(PATHS);
    const file = path.join(dir, 'openapi.yaml');
    fs.writeFileSync(file, text);
    fs.writeFileSync(path.join(dir, 'shared.yaml'), 'Audit: {type: object}\n');
    fs.mkdirSync(path.join(dir, 'paths'));
    fs.writeFileSync(path.join(dir, 'paths', 'mirror.yaml'), "get:\n  responses:\n    '200': {description: OK}\n");
    client = new LspClient();
    await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
    await client.waitForProgressEnd(60_000);
    uri = pathToFileURL(file).href;
    client.open(file, text);
    await client.waitForDiagnostics(uri, undefined, 120_000);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds a component\'s references right after typing in a description and adding a line above them', async () => {
    const schemaKey = text.indexOf('\n    Item7:\n') + 5;
    const expectedLines = () => usesOf('Item7');
    // The first request builds the document's index.
    assert.deepEqual((await references(schemaKey, false)).map((l) => l.range.start.line).sort((a, b) => a - b), expectedLines());
    const builds = indexedAgain();

    const description = text.indexOf('description: Ein Ding ✓ 0\n') + 'description: Ein Ding ✓ 0'.length;
    type(description, ' typed');
    paste(description + ' typed'.length, '\n          x-note: a line that moves every later one');
    const found = await references(text.indexOf('\n    Item7:\n') + 5, false);
    assert.deepEqual(found.map((l) => l.range.start.line).sort((a, b) => a - b), expectedLines());
    assert.ok(found.every((l) => ['#/components/schemas/Item7', 'Item7'].includes(textOf(l.range))), JSON.stringify(found.slice(0, 3)));
    assert.equal(indexedAgain(), builds, 'the index followed the edits');
  });

  it('finds references at their new places right after typing in a description, and deleting back', async () => {
    const builds = indexedAgain();
    const check = async () => {
      const found = await references(text.indexOf('\n    Item7:\n') + 5, false);
      assert.deepEqual(found.map((l) => l.range.start.line).sort((a, b) => a - b), usesOf('Item7'));
      assert.ok(found.every((l) => ['#/components/schemas/Item7', 'Item7'].includes(textOf(l.range))), JSON.stringify(found.slice(0, 3)));
    };
    // Only free text changes: the index's offsets wait for this request to move.
    const description = text.indexOf('description: Ein Ding ✓ 2\n') + 'description: Ein Ding ✓ 2'.length;
    type(description, ' and more');
    await check();
    for (let i = 0; i < 3; i++) type(description + ' and more'.length - 1 - i, '', 1);
    type(description + ' and m'.length, 'ine');
    assert.ok(text.includes('description: Ein Ding ✓ 2 and mine\n'));
    await check();
    assert.equal(indexedAgain(), builds, 'the index followed the edits');
  });

  it('renames an operationId right after typing in it and in a Link that names it', async () => {
    const builds = indexedAgain();
    const declaration = text.indexOf('\n      operationId: getItem3\n') + '\n      operationId: getItem3'.length;
    type(declaration, 'z');
    const link = text.indexOf('\n              operationId: getItem3\n') + '\n              operationId: getItem3'.length;
    type(link, 'z');
    const found = await references(declaration, true);
    const operationRef = text.indexOf("operationRef: '#/paths/~1items3~1%7Bid%7D/get'") + "operationRef: '".length;
    assert.deepEqual(found.map((l) => [l.range.start.line, textOf(l.range)]).sort(),
      [[lineOf(declaration), 'getItem3z'], [lineOf(link), 'getItem3z'], [lineOf(operationRef), '#/paths/~1items3~1%7Bid%7D/get']].sort());

    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: positionAt(link - 2), newName: 'fetchItem3' });
    const edits = edit.changes![uri];
    assert.deepEqual(edits.map((e) => [e.range.start.line, textOf(e.range), e.newText]).sort(),
      [[lineOf(declaration), 'getItem3z', 'fetchItem3'], [lineOf(link), 'getItem3z', 'fetchItem3']].sort());
    assert.equal(indexedAgain(), builds, 'the index followed the edits');
  });

  it('finds the references of a component right after a $ref was changed to name it', async () => {
    const builds = indexedAgain();
    const ref = text.indexOf("$ref: '#/components/schemas/Item7'") + "$ref: '#/components/schemas/Item".length;
    type(ref, '8', 1);
    const found = await references(text.indexOf('\n    Item8:\n') + 5, false);
    const lines = found.map((l) => l.range.start.line).sort((a, b) => a - b);
    assert.ok(lines.includes(lineOf(ref)), `${lineOf(ref)} in ${JSON.stringify(lines)}`);
    assert.deepEqual(lines, usesOf('Item8'));
    assert.equal(indexedAgain(), builds, 'the index followed the edits');
  });
});

describe('a followed edit that changes what a root references', { timeout: 60_000 }, () => {
  it('checks the other roots again: a component it stops using is reported unused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-index-follows-uses-'));
    const shared = path.join(dir, 'shared.yaml');
    const api = path.join(dir, 'api.yaml');
    const sharedText = 'openapi: 3.0.3\ninfo: {title: S, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      type: string\n    B:\n      type: string\n';
    const apiText = [
      'openapi: 3.0.3', 'info: {title: Api, version: 1.0.0}', 'paths:', '  /a:', '    get:', '      responses:', "        '200':",
      '          description: OK', '          content:', '            application/json:', '              schema:',
      "                $ref: './shared.yaml#/components/schemas/A'", '',
    ].join('\n');
    fs.writeFileSync(shared, sharedText);
    fs.writeFileSync(api, apiText);
    const client = new LspClient();
    const unused = (ds: { code?: unknown; message: string }[]) => ds.filter((d) => d.code === 'unused-component').map((d) => d.message.split('"')[1]);
    try {
      await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
      await client.waitForProgressEnd();
      const sharedUri = client.open(shared, sharedText);
      const apiUri = client.open(api, apiText);
      assert.deepEqual(unused(await client.waitForDiagnostics(sharedUri, (p) => unused(p.diagnostics).length === 1)), ['schemas/B']);
      // The index of the open root follows the edit (a request makes sure it is current first).
      await client.request('textDocument/references', { textDocument: { uri: apiUri }, position: { line: 11, character: 50 }, context: { includeDeclaration: false } });
      const builds = client.marked('open document indexed');
      const at = { line: 11, character: apiText.split('\n')[11].indexOf("A'") };
      client.change(apiUri, [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: 'B' }]);
      assert.deepEqual(unused(await client.waitForDiagnostics(sharedUri, (p) => unused(p.diagnostics)[0] === 'schemas/A', 10_000)), ['schemas/A']);
      assert.equal(client.marked('open document indexed'), builds, 'the index followed the edit');
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
