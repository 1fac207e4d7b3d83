// The requests behind the "OpenAPI" commands of the palette and the status bar, over the protocol as
// any editor sends them: the new-document template (checks clean once its placeholders are filled),
// a root's bundle as text, the Swagger 2.0 conversion as one edit, a file's role (root / referenced
// by which roots / nothing), and the check of the whole workspace: closed roots' findings published
// with progress, handed over to the editor's own check when a file opens and back when it closes.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-jsonrpc';
import type { TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { parse as parseYaml } from 'yaml';
import { LspClient } from '../../helpers/lsp-client';

const API = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                $ref: common.yaml#/Pet
`;

const OTHER = `openapi: 3.0.3
info:
  title: Shops
  version: 1.0.0
paths:
  /shops:
    get:
      operationId: listShops
      responses:
        '200':
          description: The shops
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Shop'
        '404':
          description: No shop
          content:
            application/json:
              schema:
                $ref: common.yaml#/Pet
components:
  schemas: {}
`;

const COMMON = `Pet:
  type: object
  properties:
    name:
      type: string
`;

const OWN = `type: object
properties:
  id:
    type: integer
`;

const SWAGGER = `swagger: '2.0'
info:
  title: Old
  version: 1.0.0
paths:
  /things:
    get:
      responses:
        '200':
          description: The things
          schema:
            type: array
            items:
              type: string
`;

const MISSING_SHOP = '"#/components/schemas/Shop" does not resolve: "/components/schemas" has no "Shop".';

/** The template with every placeholder taken as it stands (what a user who only presses Tab gets). */
function filled(snippet: string): string {
  return snippet.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$0/g, '').replace(/\\\$/g, '$');
}

describe('the palette commands over the protocol', { timeout: 180_000 }, () => {
  let dir: string;
  let client: LspClient;
  const uri = (name: string) => pathToFileURL(path.join(dir, name)).href;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-palette-'));
    fs.writeFileSync(path.join(dir, 'api.yaml'), API.replace('common.yaml#/Pet', 'own.yaml'));
    fs.writeFileSync(path.join(dir, 'other.yaml'), OTHER);
    fs.writeFileSync(path.join(dir, 'common.yaml'), COMMON);
    fs.writeFileSync(path.join(dir, 'own.yaml'), OWN);
    fs.writeFileSync(path.join(dir, 'swagger.yaml'), SWAGGER);
    fs.writeFileSync(path.join(dir, 'notes.yaml'), 'just: some notes\n');
    client = new LspClient();
    await client.initialize(dir, undefined, {
      window: { workDoneProgress: true },
      workspace: { configuration: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } },
    });
    await client.waitForProgressEnd();
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const format of ['yaml', 'json'] as const) {
    it(`starts a new ${format.toUpperCase()} document that checks clean`, async () => {
      const answer = await client.request<{ language: string; snippet: string }>('openapi30/newDocument', { format });
      assert.equal(answer.language, format);
      assert.match(answer.snippet, /\$\{1:My API\}/, 'the title is the first placeholder');
      const text = filled(answer.snippet);
      const value = format === 'json' ? JSON.parse(text) : parseYaml(text);
      assert.equal(value.openapi, '3.0.3');
      assert.deepEqual(value.paths['/items'].get.responses['200'].content['application/json'].schema.items, { $ref: '#/components/schemas/Item' });
      const docUri = client.open(path.join(dir, `brand-new.${format}`), text);
      assert.deepEqual(await client.waitForDiagnostics(docUri), []);
      client.close(docUri);
    });
  }

  it('tells a root, a file referenced by one root, by several, and a file no root references', async () => {
    const apiUri = client.open(path.join(dir, 'api.yaml'), API);
    await client.waitForDiagnostics(apiUri);
    fs.writeFileSync(path.join(dir, 'api.yaml'), API);
    const role = (name: string) => client.request<{ role: string; label?: string; related?: string[] }>('openapi30/fileRole', { uri: uri(name) });
    assert.deepEqual(await role('api.yaml'), { role: 'root', version: 'OpenAPI 3.0', label: 'OpenAPI 3.0 root', related: [uri('common.yaml')] });
    assert.deepEqual(await role('common.yaml'), { role: 'referenced', label: 'referenced by 2 roots', related: [uri('api.yaml'), uri('other.yaml')] });
    assert.deepEqual(await role('own.yaml'), { role: 'none' }, 'api.yaml no longer references it');
    assert.deepEqual(await role('notes.yaml'), { role: 'none' });
    assert.deepEqual(await role('swagger.yaml'), { role: 'root', version: 'Swagger 2.0', label: 'Swagger 2.0 root', related: [] });
    client.change(apiUri, [{ range: { start: { line: 14, character: 22 }, end: { line: 14, character: 38 } }, text: 'own.yaml' }]);
    await client.waitForDiagnostics(apiUri, (p) => p.version === 2);
    assert.deepEqual(await role('own.yaml'), { role: 'referenced', label: 'referenced by api.yaml', related: [uri('api.yaml')] });
    client.change(apiUri, [{ range: { start: { line: 14, character: 22 }, end: { line: 14, character: 30 } }, text: 'common.yaml#/Pet' }]);
    await client.waitForDiagnostics(apiUri, (p) => p.version === 3);
    client.close(apiUri);
  });

  it('bundles the root of a file into text, in the format of the target', async () => {
    const yamlAnswer = await client.request<{ root: string; text: string; notes: string[] }>('openapi30/bundleToFile', { uri: uri('api.yaml'), target: uri('out/api.bundled.yaml') });
    assert.equal(yamlAnswer.root, uri('api.yaml'));
    const bundled = parseYaml(yamlAnswer.text);
    assert.deepEqual(bundled.paths['/pets'].get.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Pet' });
    assert.deepEqual(bundled.components.schemas.Pet, { type: 'object', properties: { name: { type: 'string' } } });
    const jsonAnswer = await client.request<{ text: string }>('openapi30/bundleToFile', { uri: uri('common.yaml'), target: uri('api.bundled.json') });
    assert.equal(JSON.parse(jsonAnswer.text).openapi, '3.0.3', 'a referenced file bundles its root, as JSON for a .json target');
    assert.match((await client.request<{ error: string }>('openapi30/bundleToFile', { uri: uri('notes.yaml') })).error, /not an OpenAPI document/);
  });

  it('converts a Swagger 2.0 document into a new file beside it, and refuses another document', async () => {
    const answer = await client.request<{ edit: WorkspaceEdit; created: string[] }>('openapi30/convert', { uri: uri('swagger.yaml') });
    assert.equal(answer.created.length, 1);
    assert.match(answer.created[0], /swagger\.openapi\.yaml$|swagger-openapi.*\.yaml$|\.yaml$/);
    const filling = answer.edit.documentChanges!.find((c): c is TextDocumentEdit => 'textDocument' in c && c.textDocument.uri === answer.created[0])!;
    const converted = parseYaml(filling.edits[0].newText);
    assert.equal(converted.openapi, '3.0.3');
    assert.deepEqual(converted.paths['/things'].get.responses['200'].content['application/json'].schema, { type: 'array', items: { type: 'string' } });
    const refused = await client.request<{ error: string }>('openapi30/convert', { uri: uri('api.yaml') });
    assert.equal(refused.error, "api.yaml is not a Swagger 2.0 document (its root has no `swagger: '2.0'`).");
  });

  // The workspace's roots: api.yaml, other.yaml and the Swagger 2.0 swagger.yaml (its finding: convert it).
  it('checks every closed root with progress, and hands the findings over as files open and close', async () => {
    const before = client.progress.length;
    const answer = await client.request<{ roots: number; checked: number; findings: number; filesWithFindings: number; cancelled: boolean; message: string }>(
      'openapi30/checkWorkspace', { workDoneToken: 'check-workspace-1' });
    assert.deepEqual({ ...answer, message: undefined }, { roots: 3, checked: 3, findings: answer.findings, filesWithFindings: answer.filesWithFindings, cancelled: false, message: undefined });
    const progress = client.progress.slice(before).filter((p) => p.token === 'check-workspace-1').map((p) => p.value.kind);
    assert.equal(progress[0], 'begin');
    assert.equal(progress[progress.length - 1], 'end');
    const other = await client.waitForDiagnostics(uri('other.yaml'), (p) => p.diagnostics.length > 0);
    const missing = other.find((d) => d.code === 'ref-unresolved');
    assert.ok(missing, JSON.stringify(other));
    assert.deepEqual(missing.range, { start: { line: 14, character: 22 }, end: { line: 14, character: 49 } });
    assert.equal(missing.message, MISSING_SHOP);
    assert.match(answer.message, /^3 OpenAPI documents in the workspace, 3 closed ones checked: 2 findings in 2 files \(open documents show their own\)\.$/);

    // Opened: the editor's own check speaks for it, the same finding once (not once per check).
    const otherUri = client.open(path.join(dir, 'other.yaml'), OTHER);
    const open = await client.waitForDiagnostics(otherUri, (p) => p.version === 1 && p.diagnostics.length > 0, 5000);
    assert.equal(open.filter((d) => d.code === 'ref-unresolved').length, 1, JSON.stringify(open));
    // Fixed in the editor, then closed without saving: the file on disk still has the finding.
    client.change(otherUri, [{ range: { start: { line: 22, character: 10 }, end: { line: 22, character: 12 } }, text: '\n    Shop:\n      type: object' }]);
    await client.waitForDiagnostics(otherUri, (p) => p.version === 2 && !p.diagnostics.some((d) => d.code === 'ref-unresolved'));
    client.close(otherUri);
    const closed = await client.waitForDiagnostics(otherUri, (p) => p.version === undefined && p.diagnostics.some((d) => d.code === 'ref-unresolved'));
    assert.deepEqual(closed.find((d) => d.code === 'ref-unresolved')!.range, missing.range);

    // Fixed on disk: the closed root is checked again and its finding goes.
    fs.writeFileSync(path.join(dir, 'other.yaml'), OTHER.replace('schemas: {}', 'schemas:\n    Shop:\n      type: object'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('other.yaml'), type: 2 }] });
    await client.waitForDiagnostics(otherUri, (p) => !p.diagnostics.some((d) => d.code === 'ref-unresolved'));
  });
});

describe('the workspace check, asked as the server starts', { timeout: 120_000 }, () => {
  it('waits for the folders to be listed and indexed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-palette-start-'));
    const client = new LspClient();
    try {
      for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(dir, `api-${i}.yaml`), OTHER);
      await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
      const answer = await client.request<{ roots: number; checked: number }>('openapi30/checkWorkspace', {});
      assert.deepEqual({ roots: answer.roots, checked: answer.checked }, { roots: 3, checked: 3 });
      for (let i = 0; i < 3; i++) {
        const published = await client.waitForDiagnostics(pathToFileURL(path.join(dir, `api-${i}.yaml`)).href);
        assert.deepEqual(published.filter((d) => d.code === 'ref-unresolved').map((d) => d.message), [MISSING_SHOP, '"common.yaml#/Pet" does not resolve: the file "common.yaml" does not exist.']);
      }
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the workspace check, cancelled', { timeout: 120_000 }, () => {
  it('stops between roots and says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-palette-cancel-'));
    const client = new LspClient();
    try {
      for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(dir, `api-${String(i).padStart(3, '0')}.yaml`), OTHER);
      await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
      await client.waitForProgressEnd();
      const source = new CancellationTokenSource();
      const answer = client.connection.sendRequest('openapi30/checkWorkspace', { workDoneToken: 'cancelled-1' }, source.token) as Promise<{ checked: number; cancelled: boolean; message: string }>;
      await client.waitForDiagnostics(pathToFileURL(path.join(dir, 'api-000.yaml')).href);
      source.cancel();
      const outcome = await answer;
      assert.equal(outcome.cancelled, true);
      assert.ok(outcome.checked < 200, `checked ${outcome.checked}`);
      assert.match(outcome.message, /^Stopped: 200 OpenAPI documents in the workspace/);
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
