// An unsaved document (`untitled:`, as New OpenAPI Document opens one) is a description like any
// other while untitled: findings as it is typed, completion, hover and the outline. It has no folder:
// a relative `$ref` is reported in plain words (not followed, no file read), and it is no workspace
// file: other documents are not offered it as a `$ref` target, nor does Ctrl+T list its names.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, DocumentSymbol, Hover, SymbolInformation } from 'vscode-languageserver-protocol';
import { LspClient } from '../../helpers/lsp-client';

const UNTITLED = `openapi: 3.0.3
info:
  title: My API
  version: 1.0.0
  
paths:
  /items:
    get:
      operationId: listUntitledItems
      responses:
        '200':
          description: The items
          content:
            application/json:
              schema:
                $ref: './schemas/Item.yaml'
        '404':
          $ref: '#/components/responses/Missing'
components:
  schemas:
    UntitledThing:
      type: object
`;

const SAVED = `openapi: 3.0.3
info:
  title: Saved
  version: 1.0.0
paths:
  /things:
    get:
      responses:
        '200':
          description: The things
          content:
            application/json:
              schema:
                $ref: ''
`;

describe('an untitled document', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;
  const uri = 'untitled:Untitled-1';
  const lines = UNTITLED.split('\n');
  const lineOf = (text: string) => lines.findIndex((l) => l.includes(text));

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-untitled-'));
    fs.writeFileSync(path.join(dir, 'saved.yaml'), SAVED);
    // The relative $ref's file exists beside the workspace's documents: an unsaved document still does not read it.
    fs.mkdirSync(path.join(dir, 'schemas'));
    fs.writeFileSync(path.join(dir, 'schemas', 'Item.yaml'), 'type: object\n');
    client = new LspClient();
    await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
    await client.waitForProgressEnd(60_000);
    client.openUri(uri, UNTITLED, 'yaml');
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gets findings: the unresolved local $ref as an error, the relative one as a plain note, no crash', async () => {
    const diagnostics = await client.waitForDiagnostics(uri);
    const missing = lineOf("$ref: '#/components/responses/Missing'");
    const relative = lineOf("$ref: './schemas/Item.yaml'");
    assert.deepEqual(diagnostics.filter((d) => d.code === 'ref-unresolved').map((d) => [d.severity, d.range.start.line, d.message]), [
      [1, missing, '"#/components/responses/Missing" does not resolve: "/components" has no "responses".'],
      [3, relative, 'This document is not saved yet: references to other files are followed once it is saved in a folder.'],
    ]);
    // And the server is still there: a later edit is checked too.
    const version = client.change(uri, [{ range: { start: { line: missing, character: 0 }, end: { line: missing + 1, character: 0 } }, text: '' }]);
    const after = await client.waitForDiagnostics(uri, (p) => p.version === version);
    assert.deepEqual(after.filter((d) => d.code === 'ref-unresolved').map((d) => d.severity), [3]);
    client.change(uri, [{ text: UNTITLED }]);
  });

  it('gets completion, hover and an outline', async () => {
    const info = lineOf('  version: 1.0.0') + 1;
    const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: info, character: 2 } });
    assert.deepEqual(items.map((i) => i.label).sort(), ['contact', 'description', 'license', 'termsOfService']);
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: lineOf('operationId:'), character: 8 } });
    assert.match((hover.contents as { value: string }).value, /^\*\*operationId\*\* \(`string`\) — Operation Object\n/);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const outline = (list: DocumentSymbol[]): unknown[] => list.map((s) => (s.children?.length ? [s.name, outline(s.children)] : s.name));
    assert.deepEqual(outline(symbols), ['info', ['paths', [['/items', ['GET']]]], ['components', [['schemas', ['UntitledThing']]]]]);
  });

  it('is named an OpenAPI root for the status bar, referencing no file', async () => {
    const role = await client.request<{ role: string; label?: string; related?: string[] }>('openapi30/fileRole', { uri });
    assert.deepEqual(role, { role: 'root', version: 'OpenAPI 3.0', label: 'OpenAPI 3.0 root', related: [] });
  });

  it('is no workspace file: not a $ref target of saved documents, not among the workspace symbols', async () => {
    const saved = client.open(path.join(dir, 'saved.yaml'), SAVED);
    await client.waitForDiagnostics(saved);
    const refLine = SAVED.split('\n').findIndex((l) => l.includes("$ref: ''"));
    const targets = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: saved }, position: { line: refLine, character: SAVED.split('\n')[refLine].indexOf("''") + 1 },
    });
    assert.ok(targets.some((t) => t.label.includes('schemas/Item.yaml')), targets.map((t) => t.label).join(' '));
    assert.ok(!targets.some((t) => /unsaved|Untitled|UntitledThing/.test(t.label)), targets.map((t) => t.label).join(' '));
    const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'Untitled' });
    assert.deepEqual(symbols.map((s) => s.name), []);
    client.close(saved);
  });

  it('is forgotten when closed: its findings are cleared', async () => {
    client.close(uri);
    assert.deepEqual(await client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0), []);
  });
});
