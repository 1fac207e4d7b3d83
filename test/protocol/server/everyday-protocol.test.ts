// Small things a new user meets in the editor (issue 31, item 9), as the editor receives them: the
// media type the file already uses offered first, a status code inserted with its description,
// and Suppress's `<reason>` selected once the comment is written.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, CompletionItem, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { applyLspEdits } from '../../helpers/edits';
import { LspClient } from '../../helpers/lsp-client';

/** The text without its `|` cursor marker, and the cursor's line and character. */
function at(fixture: string): { text: string; position: { line: number; character: number } } {
  const offset = fixture.indexOf('|');
  const before = fixture.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { text: before + fixture.slice(offset + 1), position: { line, character: offset - before.lastIndexOf('\n') - 1 } };
}

const XML_MOSTLY = `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
paths:
  /pets:
    get:
      responses:
        '200':
          description: OK
          content:
            application/xml:
              schema: {type: string}
            application/json:
              schema: {type: string}
    post:
      requestBody:
        content:
          application/xml:
            schema: {type: string}
      responses:
        '201':
          description: Created
          content:
            |
`;

const RESPONSES_YAML = `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
paths:
  /pets:
    get:
      responses:
        '200':
          description: OK
        |
`;

const RESPONSES_JSON = `{
  "openapi": "3.0.3",
  "info": { "title": "T", "version": "1.0.0" },
  "paths": {
    "/pets": {
      "get": {
        "responses": {
          "200": { "description": "OK" },
          |
        }
      }
    }
  }
}
`;

describe('completion a new user meets', { timeout: 60_000 }, () => {
  let dir: string;
  let client: LspClient;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-everyday-'));
    client = new LspClient();
    await client.initialize(dir);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const completeAt = async (name: string, fixture: string) => {
    const { text, position } = at(fixture);
    const uri = client.open(path.join(dir, name), text);
    await client.waitForDiagnostics(uri);
    const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position });
    return [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
  };

  it('offers the media types the file uses first, the most used preselected, and */* last', async () => {
    const items = await completeAt('media.yaml', XML_MOSTLY);
    assert.deepEqual(items.slice(0, 3).map((i) => i.label), ['application/xml', 'application/json', 'application/x-www-form-urlencoded']);
    assert.deepEqual(items.filter((i) => i.preselect).map((i) => i.label), ['application/xml']);
    assert.equal(items[items.length - 1].label, '*/*');
  });

  it('inserts a status code with its description line, the reason phrase selected (YAML)', async () => {
    const items = await completeAt('codes.yaml', RESPONSES_YAML);
    const notFound = items.find((i) => i.label === '404')!;
    assert.equal(notFound.insertTextFormat, 2, 'a snippet');
    assert.equal((notFound.textEdit as TextEdit).newText, "'404':\n\tdescription: ${1:Not Found}");
  });

  it('inserts a status code with its description member (JSON)', async () => {
    const items = await completeAt('codes.json', RESPONSES_JSON);
    const created = items.find((i) => i.label === '201')!;
    assert.equal(created.insertTextFormat, 2, 'a snippet');
    assert.equal((created.textEdit as TextEdit).newText, '"201": {\n\t"description": "${1:Created}"\n}');
  });

  it('JSON: a field accepted between members brings the commas that keep the document valid (item 4)', async () => {
    const J = '{\n  "openapi": "3.0.3",\n  "info": {"title": "T", "version": "1"},\n  "paths": {\n    "/p": {\n      "get": {\n';
    const before = await completeAt('commas-before.json', J + '        "|"\n        "responses": {"200": {"description": "OK"}}\n      }\n    }\n  }\n}\n');
    const summary = before.find((i) => i.label === 'summary')!;
    assert.equal((summary.textEdit as TextEdit).newText, '"summary": "${1}",', 'a member follows: a comma after the new one');
    assert.equal(summary.additionalTextEdits, undefined);
    const after = await completeAt('commas-after.json', J + '        "responses": {"200": {"description": "OK"}}\n        "|"\n      }\n    }\n  }\n}\n');
    const tags = after.find((i) => i.label === 'tags')!;
    assert.equal((tags.textEdit as TextEdit).newText, '"tags": [${1}]');
    assert.deepEqual(tags.additionalTextEdits, [{ range: { start: { line: 6, character: 51 }, end: { line: 6, character: 51 } }, newText: ',' }], 'a comma after the member before');
  });
});

const UNKNOWN_FIELD_YAML = `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
paths:
  /stores:
    get:
      cacheHint: 1
      responses:
        '200':
          description: OK
`;

const UNKNOWN_FIELD_JSON = `{
  "openapi": "3.0.3",
  "info": { "title": "T", "version": "1.0.0" },
  "paths": {
    "/stores": {
      "get": {
        "cacheHint": 1,
        "responses": { "200": { "description": "OK" } }
      }
    }
  }
}
`;

describe('Suppress selects its <reason> placeholder', { timeout: 60_000 }, () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-suppress-select-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function suppressAction(client: LspClient, name: string, text: string): Promise<CodeAction> {
    const uri = client.open(path.join(dir, name), text);
    const diagnostics = await client.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'unknown-field'));
    const finding = diagnostics.find((d) => d.code === 'unknown-field') as Diagnostic;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: finding.range, context: { diagnostics: [finding], only: ['quickfix'] },
    });
    return actions.find((a) => a.title === 'Suppress unknown-field on this line')!;
  }

  /** The text the range selects once the action's edit is made. */
  function selected(text: string, action: CodeAction): string {
    const [uri] = Object.keys(action.edit!.changes!);
    const after = applyLspEdits(text, action.edit!.changes![uri]);
    const [commandUri, range] = action.command!.arguments as [string, { start: { line: number; character: number }; end: { line: number; character: number } }];
    assert.equal(commandUri, uri);
    assert.equal(range.start.line, range.end.line);
    return after.split('\n')[range.start.line].slice(range.start.character, range.end.character);
  }

  it('in an editor that can select (VS Code): a command after the edit selects it, in YAML and JSON', async () => {
    const client = new LspClient();
    try {
      await client.initialize(dir, { editorSelectsRanges: true });
      const yaml = await suppressAction(client, 'api.yaml', UNKNOWN_FIELD_YAML);
      assert.equal(yaml.command!.command, 'openapi30.selectRange');
      assert.deepEqual(yaml.command!.arguments![1], { start: { line: 7, character: 57 }, end: { line: 7, character: 65 } });
      assert.equal(selected(UNKNOWN_FIELD_YAML, yaml), '<reason>');
      const json = await suppressAction(client, 'api.json', UNKNOWN_FIELD_JSON);
      assert.equal(selected(UNKNOWN_FIELD_JSON, json), '<reason>');
    } finally {
      await client.stop();
    }
  });

  it('in other editors: the edit alone, no command they do not have', async () => {
    const client = new LspClient();
    try {
      await client.initialize(dir);
      const yaml = await suppressAction(client, 'plain.yaml', UNKNOWN_FIELD_YAML);
      assert.equal(yaml.command, undefined);
    } finally {
      await client.stop();
    }
  });
});
