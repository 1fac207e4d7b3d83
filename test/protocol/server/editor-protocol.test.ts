// What an editor gets from the language server over stdio for completion and hover: snippets with
// the cursor where the value goes, the meaning of fields and values, filter texts that survive the
// quote the user typed, the new-document snippet, and a `$ref` hover that does not repeat the
// target's source when the editor previews it itself (VS Code on Ctrl+hover).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { LspClient } from '../../helpers/lsp-client';

const YAML = `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
paths:
  /pets/{petId}:
    get:
      parameters:
        - $ref: '#/components/parameters/limit'
        - name: petId
          in: 
          
      responses:
        '200':
          description: OK
components:
  parameters:
    limit:
      name: limit
      in: query
      description: How many pets to list.
`;

describe('completion and hover as an editor sees them', { timeout: 60_000 }, () => {
  let dir: string;
  let plain: LspClient;
  let vscodeLike: LspClient;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-editor-'));
    plain = new LspClient();
    vscodeLike = new LspClient();
    await plain.initialize(dir);
    await vscodeLike.initialize(dir, { editorPreviewsDefinitions: true });
  });

  after(async () => {
    await plain.stop();
    await vscodeLike.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const complete = (client: LspClient, uri: string, line: number, character: number) =>
    client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line, character } });
  const hover = (client: LspClient, uri: string, line: number, character: number) =>
    client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });

  it('completes a field name as a snippet, documented, and `in` with the likely location first', async () => {
    const uri = plain.open(path.join(dir, 'pets.yaml'), YAML);
    await plain.waitForDiagnostics(uri);
    const lines = YAML.split('\n');
    const blank = lines.indexOf('          ');
    const fields = await complete(plain, uri, blank, 10);
    const required = fields.find((c) => c.label === 'required')!;
    assert.equal(required.insertTextFormat, 2, 'a snippet');
    assert.deepEqual(required.textEdit, { range: { start: { line: blank, character: 10 }, end: { line: blank, character: 10 } }, newText: 'required: ${1|true,false|}' });
    assert.deepEqual(required.documentation, {
      kind: 'markdown',
      value: 'Whether the value must be sent. Defaults to `false`; a path parameter must say `true`.\n\n' +
        '[Parameter Object](https://spec.openapis.org/oas/v3.0.3#parameter-object) in the OpenAPI 3.0.3 specification',
    });
    const inLine = lines.indexOf('          in: ');
    const locations = await complete(plain, uri, inLine, 14);
    assert.deepEqual(locations.map((c) => [c.label, c.preselect ?? false]), [['path', true], ['query', false], ['header', false], ['cookie', false]]);
    assert.equal(locations[0].detail, '{petId} in the path is not declared yet');
    assert.equal((locations[1].documentation as MarkupContent).value, 'After `?` in the URL, such as `/pets?limit=10`.');
  });

  it('JSON: `"in": ""` offers every location, with filter texts that start with the quote typed', async () => {
    const text = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"parameters": {"a": {"name": "a", "in": ""}}}}';
    const uri = plain.open(path.join(dir, 'api.json'), text);
    await plain.waitForDiagnostics(uri);
    const character = text.indexOf('"in": ""') + 7;
    const items = await complete(plain, uri, 0, character);
    assert.deepEqual(items.map((c) => [c.label, c.filterText]), [['query', '"query'], ['path', '"path'], ['header', '"header'], ['cookie', '"cookie']]);
  });

  it('offers the new-document snippet, and only it, in an empty file', async () => {
    const uri = plain.open(path.join(dir, 'new.yaml'), '');
    const items = await complete(plain, uri, 0, 0);
    assert.deepEqual(items.map((c) => [c.label, c.kind, c.insertTextFormat]), [['New OpenAPI 3.0 document', 15, 2]]);
    assert.match(items[0].textEdit!.newText, /^openapi: 3\.0\.3\ninfo:\n {2}title: \$\{1:My API\}\n/);
  });

  it('hovers a field name with its meaning and the specification section', async () => {
    const uri = plain.open(path.join(dir, 'hover.yaml'), YAML);
    const lines = YAML.split('\n');
    const line = lines.indexOf('      in: query');
    const result = (await hover(plain, uri, line, 7))!;
    assert.deepEqual(result.contents, {
      kind: 'markdown',
      value: '**in** (`string`, required) — Parameter Object\n\nWhere the parameter is sent: `path`, `query`, `header` or `cookie`.\n\n' +
        '[Parameter Object](https://spec.openapis.org/oas/v3.0.3#parameter-object) in the OpenAPI 3.0.3 specification',
    });
    assert.deepEqual(result.range, { start: { line, character: 6 }, end: { line, character: 8 } });
    assert.equal(await hover(plain, uri, lines.indexOf('  title: T'), 10), null, 'nothing on a free value');
    const compose = plain.open(path.join(dir, 'docker-compose.yml'), 'services:\n  web:\n    description: x\n');
    assert.equal(await hover(plain, compose, 2, 6), null, 'nothing outside OpenAPI documents');
  });

  it('shows a $ref target\'s source in the hover once: left out when the editor previews definitions itself', async () => {
    const line = YAML.split('\n').findIndex((l) => l.includes('$ref'));
    const withPreview = plain.open(path.join(dir, 'ref.yaml'), YAML);
    const full = (await hover(plain, withPreview, line, 20))!.contents as MarkupContent;
    assert.match(full.value, /```yaml\nlimit:\n {2}name: limit\n/);
    const uri = vscodeLike.open(path.join(dir, 'ref.yaml'), YAML);
    const brief = (await hover(vscodeLike, uri, line, 20))!.contents as MarkupContent;
    assert.equal(brief.value, '**#/components/parameters/limit** — Parameter Object in this file\n\nHow many pets to list.');
  });
});

describe('JSON syntax errors when the editor validates JSON itself', { timeout: 60_000 }, () => {
  const BROKEN = '{\n  "openapi": "3.0.3",\n  "info": { "title": "T", "version": "1.0.0" }\n  "paths": {}\n}\n';
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-json-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const messages = (list: { code?: unknown; message: string }[]) => list.map((d) => `${d.code}: ${d.message}`).sort();

  it('are left to the editor (listed once), and listed by the server again when the editor stops validating', async () => {
    const client = new LspClient();
    try {
      await client.initialize(dir, { editorValidatesJson: true });
      const uri = client.open(path.join(dir, 'api.json'), BROKEN);
      const shown = await client.waitForDiagnostics(uri);
      assert.ok(!shown.some((d) => d.code === 'syntax'), messages(shown).join('\n'));
      await client.connection.sendNotification('openapi30/editorValidatesJson', { enabled: false });
      const again = await client.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'syntax'));
      assert.deepEqual(messages(again).filter((m) => m.startsWith('syntax')), ['syntax: Comma expected.']);
    } finally {
      await client.stop();
    }
  });

  it('are listed by the server for an editor that does not validate JSON (Neovim)', async () => {
    const client = new LspClient();
    try {
      await client.initialize(dir);
      const uri = client.open(path.join(dir, 'plain.json'), BROKEN);
      const shown = await client.waitForDiagnostics(uri);
      assert.deepEqual(messages(shown).filter((m) => m.startsWith('syntax')), ['syntax: Comma expected.']);
    } finally {
      await client.stop();
    }
  });
});
