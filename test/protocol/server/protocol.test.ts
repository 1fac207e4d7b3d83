// The built language server over stdio, driven by a real JSON-RPC client as an editor drives it.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, LocationLink } from 'vscode-languageserver-protocol';
import { applyLspEdits } from '../../helpers/edits';
import { LspClient } from '../../helpers/lsp-client';
import { REPO_ROOT } from '../../helpers/paths';

const byRule = (ds: Diagnostic[], rule: string) => ds.filter((d) => d.code === rule);

describe('language server over stdio', { timeout: 60_000 }, () => {
  let client: LspClient;
  let dir: string;
  let rootPath: string;
  let schemasPath: string;
  let rootText: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lsp-'));
    fs.cpSync(path.join(REPO_ROOT, 'examples', 'petstore'), dir, { recursive: true });
    rootPath = path.join(dir, 'openapi.yaml');
    schemasPath = path.join(dir, 'schemas.yaml');
    rootText = fs.readFileSync(rootPath, 'utf8');
    client = new LspClient();
    const init = (await client.initialize(dir)) as { capabilities: Record<string, unknown> };
    assert.equal((init.capabilities.textDocumentSync as { change: number }).change, 2, 'incremental sync');
  });

  after(async () => {
    await client.stop();
  });

  it('publishes diagnostics with rule codes, exact ranges, doc links and related information', async () => {
    const uri = client.open(rootPath, rootText);
    const diagnostics = await client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0);
    const slash = byRule(diagnostics, 'path-leading-slash');
    assert.equal(slash.length, 1);
    assert.deepEqual(slash[0].range, { start: { line: 70, character: 2 }, end: { line: 70, character: 18 } });
    assert.equal(slash[0].severity, 1);
    assert.equal(slash[0].source, 'openapi');
    assert.equal(slash[0].message, 'Path "stores?region=eu" must start with "/": paths are relative to the server URL.');
    assert.match(slash[0].codeDescription!.href, /docs\/rules\/path-leading-slash\.md$/);
    const duplicate = byRule(diagnostics, 'operation-id-unique')[0];
    assert.equal(duplicate.relatedInformation![0].location.uri, uri);
    assert.deepEqual(duplicate.relatedInformation![0].location.range, { start: { line: 10, character: 19 }, end: { line: 10, character: 27 } });
  });

  it('publishes the diagnostics of a referenced file in that file', async () => {
    const diagnostics = await client.waitForDiagnostics(pathToFileURL(schemasPath).href, (p) => p.diagnostics.length > 0);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.message]), [
      ['ref-unresolved', 13, '"#/Pett" does not resolve: the document root has no "Pett". Did you mean "#/Pet"?'],
    ]);
  });

  it('goes to the definition of a $ref in another file and in the same file', async () => {
    const uri = pathToFileURL(rootPath).href;
    const lines = rootText.split('\n');
    const line = lines.findIndex((l) => l.includes("$ref: './schemas.yaml#/Pet'"));
    const links = await client.request<LocationLink[]>('textDocument/definition', { textDocument: { uri }, position: { line, character: lines[line].indexOf('schemas') } });
    assert.equal(links.length, 1);
    assert.equal(links[0].targetUri, pathToFileURL(schemasPath).href);
    assert.deepEqual(links[0].targetSelectionRange, { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } });
    const local = lines.findIndex((l) => l.includes("$ref: '#/components/parameters/limit'"));
    const [link] = await client.request<LocationLink[]>('textDocument/definition', { textDocument: { uri }, position: { line: local, character: lines[local].indexOf('limit') } });
    assert.equal(link.targetUri, uri);
    assert.equal(lines[link.targetSelectionRange.start.line].trim(), 'limit:');
  });

  it('offers a quick fix that removes its diagnostic once applied', async () => {
    const uri = pathToFileURL(rootPath).href;
    const diagnostics = await client.waitForDiagnostics(uri);
    const [slash] = byRule(diagnostics, 'path-leading-slash');
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: slash.range, context: { diagnostics: [slash], only: ['quickfix'] } });
    const fix = actions.find((a) => a.diagnostics?.[0].code === 'path-leading-slash')!;
    assert.equal(fix.title, 'Rename to "/stores?region=eu"');
    assert.equal(fix.isPreferred, true);
    const edits = fix.edit!.changes![uri];
    rootText = applyLspEdits(rootText, edits);
    assert.match(rootText, /\n {2}\/stores\?region=eu:\n/);
    client.change(uri, edits.map((e) => ({ range: e.range, text: e.newText })));
    const after = await client.waitForDiagnostics(uri, (p) => byRule(p.diagnostics, 'path-leading-slash').length === 0);
    assert.equal(byRule(after, 'path-query-string').length, 1, 'the other findings stay');
  });

  it('applies incremental edits and re-checks the newest version', async () => {
    const uri = pathToFileURL(rootPath).href;
    const lines = rootText.split('\n');
    const line = lines.findIndex((l) => l.trim() === 'delet:');
    // Type the missing "e" one keystroke at a time.
    client.change(uri, [{ range: { start: { line, character: 9 }, end: { line, character: 9 } }, text: 'e' }]);
    const diagnostics = await client.waitForDiagnostics(uri, (p) => byRule(p.diagnostics, 'unknown-method').length === 0);
    assert.equal(byRule(diagnostics, 'unknown-method').length, 0);
  });

  it('offers source.fixAll for the file, which leaves nothing fixable behind', async () => {
    const uri = pathToFileURL(rootPath).href;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } });
    assert.equal(actions.length, 1);
    assert.equal(actions[0].kind, 'source.fixAll');
    const edits = actions[0].edit!.changes![uri];
    // Each fix where it is, not one edit from the first fix to the last.
    assert.ok(edits.length >= 4, `${edits.length} edits`);
    for (const e of edits) assert.ok(e.range.end.line - e.range.start.line <= 3, JSON.stringify(e));
    const before = rootText;
    rootText = applyLspEdits(rootText, edits);
    assert.ok(edits.reduce((n, e) => n + e.newText.length, 0) < rootText.length / 4, 'the edits carry the fixes, not the document');
    assert.notEqual(rootText, before);
    assert.match(rootText, /operationId: listPets_2\n/);
    assert.match(rootText, /\$ref: '#\/components\/schemas\/Pet'\n/);
    assert.match(rootText, /\n {8}'200':\n {10}description: A page of pets\n/);
    // As an editor sends a multi-edit change: last first, so each range is still where it was.
    const lastFirst = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
    client.change(uri, lastFirst.map((e) => ({ range: e.range, text: e.newText })));
    const fixable = ['operation-id-unique', 'ref-yaml-comment', 'response-code-quoted', 'path-param-required', 'path-query-string', 'response-description', 'ref-unresolved'];
    const after = await client.waitForDiagnostics(uri, (p) => !p.diagnostics.some((d) => fixable.includes(String(d.code))));
    assert.ok(after.some((d) => d.code === 'server-url-style'), 'findings without a fix stay');
    assert.ok(after.some((d) => d.code === 'equivalent-paths'), 'a fix applied only when picked (the merge renames parameters) stays unapplied');
    assert.match(rootText, /\n {4}NotFound:\n {6}description: NotFound\n/, 'the missing response created where its $ref points');
  });

  it('re-checks the root when a referenced file changes in the editor', async () => {
    const schemasUri = client.open(schemasPath, fs.readFileSync(schemasPath, 'utf8'));
    await client.waitForDiagnostics(schemasUri, (p) => p.diagnostics.length === 1);
    const text = fs.readFileSync(schemasPath, 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes("'#/Pett'"));
    // `'#/Pett'` -> `'#/Pet'`: delete the last `t`.
    const character = text.split('\n')[line].indexOf("tt'") + 1;
    client.change(schemasUri, [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: '' }]);
    const diagnostics = await client.waitForDiagnostics(schemasUri, (p) => p.diagnostics.length === 0);
    assert.deepEqual(diagnostics, []);
  });

  it('re-checks the root when a referenced file changes on disk (watched files)', async () => {
    const schemasUri = pathToFileURL(schemasPath).href;
    client.close(schemasUri); // back to the file on disk
    const text = fs.readFileSync(schemasPath, 'utf8').replace("'#/Pett'", "'#/Owner'");
    fs.writeFileSync(schemasPath, text);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: schemasUri, type: 2 }] });
    const diagnostics = await client.waitForDiagnostics(schemasUri, (p) => p.diagnostics.some((d) => d.message.includes('Owner')));
    assert.deepEqual(diagnostics.map((d) => [d.code, d.message]), [['ref-unresolved', '"#/Owner" does not resolve: the document root has no "Owner".']]);
  });

  it('checks only the newest version when edits come quickly', async () => {
    const text = "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  pets: {}\n";
    const uri = client.open(path.join(dir, 'quick.yaml'), text);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    // Two keystrokes in a row: `pets` -> `/pets` -> `/pets/x`.
    const older = client.change(uri, [{ range: { start: { line: 5, character: 2 }, end: { line: 5, character: 2 } }, text: '/' }]);
    const newer = client.change(uri, [{ range: { start: { line: 5, character: 7 }, end: { line: 5, character: 7 } }, text: '/x' }]);
    const diagnostics = await client.waitForDiagnostics(uri, (p) => p.version === newer);
    assert.deepEqual(diagnostics.filter((d) => d.code === 'path-leading-slash'), []);
    assert.ok(!client.published.some((p) => p.uri === uri && p.version === older), 'the older version was never published');
  });

  it('stops a check under way when a newer edit arrives, and publishes only the newest version', async () => {
    // Large enough that a check takes many slices of work.
    let text = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n';
    for (let i = 0; i < 3000; i++) {
      text += `  /items${i}/{id}:\n    get:\n      operationId: get${i}\n      parameters:\n        - {name: id, in: path, required: true, schema: {type: integer, minimum: 1, example: 2}}\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: {type: object, properties: {a: {type: string, example: x}}}\n`;
    }
    const traced = new LspClient();
    try {
      await traced.initialize(dir);
      const uri = traced.open(path.join(dir, 'large.yaml'), text);
      await traced.waitForDiagnostics(uri, (p) => p.version === 1, 60_000);
      const startedChecks = () => traced.marked('check started');
      const before = startedChecks();
      // `get0` -> `get0x` as a whole text, so that check finds nothing to keep and runs long; once
      // it has started, `get0x` -> `get0xy` as a small edit, which reaches the server at once.
      const older = traced.change(uri, [{ text: text.replace('operationId: get0\n', 'operationId: get0x\n') }]);
      while (startedChecks() === before) await new Promise((resolve) => setTimeout(resolve, 1));
      const line = text.split('\n').indexOf('      operationId: get0');
      const newer = traced.change(uri, [{ range: { start: { line, character: 24 }, end: { line, character: 24 } }, text: 'y' }]);
      await traced.waitForDiagnostics(uri, (p) => p.version === newer, 60_000);
      assert.ok(traced.marked('check stopped by a newer change') > 0, 'the older check was stopped');
      assert.ok(!traced.published.some((p) => p.uri === uri && p.version === older), 'the stopped check published nothing');
      assert.equal(traced.published.filter((p) => p.uri === uri && p.version === newer).length, 1);
    } finally {
      await traced.stop();
    }
  });

  it('offers a workspace file nothing references yet as a $ref target of its kind, once it is created', async () => {
    const text = "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /orders:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: \n";
    const uri = client.open(path.join(dir, 'orders.yaml'), text);
    await client.waitForDiagnostics(uri);
    const position = { line: 13, character: 22 };
    const labels = async () => (await client.request<{ label: string }[]>('textDocument/completion', { textDocument: { uri }, position })).map((c) => c.label);
    // Offered once the workspace is indexed in the background (a CI run under load asked before the
    // indexing worker had read schemas.yaml, and was offered nothing).
    const indexed = Date.now() + 20_000;
    let before = await labels();
    while (!before.includes('schemas.yaml#/Pet') && Date.now() < indexed) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      before = await labels();
    }
    assert.ok(before.includes('schemas.yaml#/Pet'), `a schema of a file of the workspace: ${before.join(', ')}`);
    assert.ok(!before.includes('schemas.yaml'), 'a file of schemas is no Schema itself');
    const created = path.join(dir, 'models', 'order.yaml');
    fs.mkdirSync(path.dirname(created), { recursive: true });
    fs.writeFileSync(created, 'type: object\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(created).href, type: 1 }] });
    // The new file is indexed in the background: offered once its top level shows a Schema.
    const deadline = Date.now() + 20_000;
    let after = await labels();
    while (!after.includes('models/order.yaml') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await labels();
    }
    assert.ok(after.includes('models/order.yaml'), `the new file: ${after.join(', ')}`);
  });

  it('answers completion, hover and document symbols', async () => {
    const text = "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      deprecated: true\n      parameters:\n        - $ref: '#/components/parameters/limit'\n        - name: q\n          in: \n      responses:\n        '200':\n          description: OK\ncomponents:\n  parameters:\n    limit:\n      name: limit\n      in: query\n";
    const uri = client.open(path.join(dir, 'features.yaml'), text);
    await client.waitForDiagnostics(uri);
    const lines = text.split('\n');
    const inLine = lines.findIndex((l) => l === '          in: ');
    const completion = await client.request<{ label: string; textEdit: { range: { start: { line: number; character: number } }; newText: string } }[]>('textDocument/completion', { textDocument: { uri }, position: { line: inLine, character: 14 } });
    assert.deepEqual(completion.map((c) => c.label), ['query', 'header', 'cookie', 'path'], 'a query name on a path without parameters: path last');
    assert.deepEqual(completion[1].textEdit.range.start, { line: inLine, character: 14 });
    const refLine = lines.findIndex((l) => l.includes('$ref'));
    const hover = await client.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line: refLine, character: 20 } });
    assert.equal(hover.contents.kind, 'markdown');
    assert.match(hover.contents.value, /^\*\*#\/components\/parameters\/limit\*\* — Parameter Object in this file\n\n```yaml\nlimit:\n  name: limit\n  in: query\n```$/);
    const symbols = await client.request<{ name: string; detail?: string; tags?: number[]; children?: { name: string; children?: { name: string; detail?: string; tags?: number[] }[] }[] }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.deepEqual(symbols.map((s) => s.name), ['info', 'paths', 'components']);
    const get = symbols[1].children![0].children![0];
    assert.deepEqual([symbols[1].children![0].name, get.name, get.detail, get.tags], ['/pets', 'GET', 'listPets (deprecated)', [1]]);
    assert.equal(symbols[2].children![0].children![0].name, 'limit');
  });

  it('lists the first 1,000 paths of a long document in the outline, and says how many more there are', async () => {
    const paths = Array.from({ length: 1500 }, (_, i) => `  /p${i}:\n    get:\n      responses:\n        '200':\n          description: OK`).join('\n');
    const text = `openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths:\n${paths}\n`;
    const uri = client.open(path.join(dir, 'long-outline.yaml'), text);
    await client.waitForDiagnostics(uri);
    const symbols = await client.request<{ name: string; children?: { name: string; selectionRange: { start: { line: number } } }[] }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const listed = symbols.find((s) => s.name === 'paths')!.children!;
    assert.equal(listed.length, 1001);
    assert.deepEqual([listed[0].name, listed[999].name], ['/p0', '/p999']);
    const more = listed[1000];
    assert.equal(more.name, '... 500 more');
    assert.equal(more.selectionRange.start.line, text.split('\n').indexOf('  /p1000:'), 'it selects the first path not listed');
  });

  it('leaves YAML and JSON that are not OpenAPI alone, and survives binary and broken input', async () => {
    const compose = client.open(path.join(dir, 'docker-compose.yml'), 'services:\n  web:\n    image: nginx\n');
    const broken = client.open(path.join(dir, 'broken.yaml'), 'openapi: 3.0.3\ninfo: [\n');
    const brokenDiagnostics = await client.waitForDiagnostics(broken, (p) => p.diagnostics.length > 0);
    assert.ok(brokenDiagnostics.some((d) => d.code === 'syntax'));
    const composeDiagnostics = await client.waitForDiagnostics(compose);
    assert.deepEqual(composeDiagnostics, []);
    const binary = client.open(path.join(dir, 'blob.json'), '\u0000\u0001\u0002');
    await client.waitForDiagnostics(binary);
    // Still answering.
    const links = await client.request<LocationLink[] | null>('textDocument/definition', { textDocument: { uri: binary }, position: { line: 0, character: 0 } });
    assert.equal(links, null);
  });
});
