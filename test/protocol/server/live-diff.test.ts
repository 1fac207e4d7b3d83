// Breaking changes while typing, over stdio: a description committed in a git repository is
// opened, edited without saving, and the server compares the editor's text with the committed
// version (the `openapi30.breakingChanges.base` setting), publishing each breaking change on the
// line that breaks, with a quick fix that deprecates instead of removing.
import assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { pathToFileURL } from 'url';
import { LspClient } from '../../helpers/lsp-client';
import { REPO_ROOT } from '../../helpers/paths';

const TEXT = [
  'openapi: 3.0.3',
  'info:',
  '  title: Pets',
  '  version: 1.0.0',
  'paths:',
  '  /pets:',
  '    get:',
  '      operationId: listPets',
  '      description: Lists pets.',
  '      responses:',
  "        '200':",
  '          description: OK',
  '    post:',
  '      operationId: createPet',
  '      responses:',
  "        '201':",
  '          description: Created',
  '',
].join('\n');

const POST_REMOVED = 'POST /pets was removed without being deprecated first: clients that call it get an error. ' +
  'Mark it deprecated: true in a release before removing it. (compared with main)';

const diffDiagnostics = (ds: Diagnostic[]) => ds.filter((d) => d.source === 'openapi-diff');
/** The change kind's page, as the diagnostic links it. */
const page = (kind: string) => ({ href: pathToFileURL(path.join(REPO_ROOT, 'docs', 'diff', `${kind}.md`)).href });
const range = (line: number, start: number, endLine: number, end: number) =>
  ({ start: { line, character: start }, end: { line: endLine, character: end } });

/** Lines `from` to `to` (0-based, `to` excluded) of the text removed. */
const removeLines = (from: number, to: number) => ({ range: range(from, 0, to, 0), text: '' });

let scratch: string;

/** A folder with the description (openapi.yaml unless named); committed on branch main when `git` is set. */
function project(name: string, git: boolean, text = TEXT, file = 'openapi.yaml'): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, file), text);
  if (git) {
    const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
    run('init', '-q', '-b', 'main');
    run('config', 'user.name', 'Test');
    run('config', 'user.email', 'test@example.com');
    run('add', file);
    run('commit', '-q', '-m', 'The first version');
  }
  return dir;
}

/** The quick fix "Deprecate instead of removing" offered at a diagnostic, and its edits. */
async function restoreEdits(client: LspClient, uri: string, diagnostic: Diagnostic): Promise<TextEdit[]> {
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic], only: ['quickfix'] },
  });
  const restore = actions.find((a) => a.title === 'Deprecate instead of removing');
  assert.ok(restore, `no "Deprecate instead of removing" among ${actions.map((a) => a.title).join(', ')}`);
  return restore.edit!.changes![uri] as TextEdit[];
}

/** Applies edits as the editor does, and the diff diagnostics published for that version. */
async function applied(client: LspClient, uri: string, edits: TextEdit[]): Promise<Diagnostic[]> {
  const version = client.change(uri, edits.map((e) => ({ range: e.range, text: e.newText })));
  return diffDiagnostics(await client.waitForDiagnostics(uri, (p) => p.version === version));
}

/** A server with `settings` as its `openapi30` settings; git does not look above the scratch folder. */
async function serverIn(dir: string, settings: Record<string, unknown> = {}, initializationOptions?: unknown): Promise<LspClient> {
  const client = new LspClient({ GIT_CEILING_DIRECTORIES: scratch });
  client.connection.onRequest('workspace/configuration', () => [settings]);
  await client.initialize(dir, initializationOptions);
  return client;
}

/** Opens the root, waits until the server knows its base (or that it has none), then removes `post`. */
async function openAndRemovePost(client: LspClient, dir: string, baseMark: 'base read' | 'no base' | undefined) {
  const uri = client.open(path.join(dir, 'openapi.yaml'), TEXT);
  await client.waitForDiagnostics(uri, (p) => p.version === 1);
  if (baseMark) await client.waitForMark(baseMark);
  const version = client.change(uri, [removeLines(12, 17)]);
  const diagnostics = await client.waitForDiagnostics(uri, (p) => p.version === version);
  return { uri, version, diagnostics };
}

describe('breaking changes while typing', { timeout: 120_000 }, () => {
  before(() => {
    scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-live-diff-')));
  });
  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('shows a removed operation on its path, unsaved, and the quick fix deprecates it instead', async () => {
    const dir = project('removed', true);
    const client = await serverIn(dir);
    try {
      const { uri, diagnostics } = await openAndRemovePost(client, dir, 'base read');
      assert.deepEqual(diffDiagnostics(diagnostics), [{
        range: range(5, 2, 5, 7), severity: 2, code: 'operation-removed', codeDescription: page('operation-removed'), source: 'openapi-diff', message: POST_REMOVED,
      }]);

      const edits = await restoreEdits(client, uri, diffDiagnostics(diagnostics)[0]);
      const restored = '\n    post:\n      operationId: createPet\n      deprecated: true\n      responses:\n' +
        "        '201':\n          description: Created";
      assert.deepEqual(edits, [{ range: range(11, 25, 11, 25), newText: restored }]);

      assert.deepEqual(await applied(client, uri, edits), []);
    } finally {
      await client.stop();
    }
  });

  it('shows a removed parameter on its operation, and puts it back deprecated', async () => {
    const withLimit = TEXT.replace('      description: Lists pets.\n',
      '      description: Lists pets.\n      parameters:\n        - name: limit\n          in: query\n          schema:\n            type: integer\n');
    const dir = project('parameter', true, withLimit);
    const client = await serverIn(dir);
    try {
      const uri = client.open(path.join(dir, 'openapi.yaml'), withLimit);
      await client.waitForMark('base read');
      const version = client.change(uri, [removeLines(9, 14)]);
      const diagnostics = diffDiagnostics(await client.waitForDiagnostics(uri, (p) => p.version === version));
      assert.deepEqual(diagnostics, [{
        range: range(6, 4, 6, 7), severity: 3, code: 'parameter-removed', codeDescription: page('parameter-removed'), source: 'openapi-diff',
        message: 'The query parameter "limit" of GET /pets was removed without being deprecated first: clients that ' +
          'send it are now ignored or rejected. Mark it deprecated: true in a release before removing it. (compared with main)',
      }]);
      const edits = await restoreEdits(client, uri, diagnostics[0]);
      const restored = '\n      parameters:\n        - name: limit\n          in: query\n          deprecated: true\n' +
        '          schema:\n            type: integer';
      assert.deepEqual(edits, [{ range: range(11, 25, 11, 25), newText: restored }]);
      assert.deepEqual(await applied(client, uri, edits), []);
    } finally {
      await client.stop();
    }
  });

  it('in JSON: a removed path is shown on paths, and the quick fix puts the path back', async () => {
    const json = JSON.stringify({
      openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0' },
      paths: {
        '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'OK' } } } },
        '/stores': { get: { operationId: 'listStores', responses: { 200: { description: 'OK' } } } },
      },
    }, null, 2) + '\n';
    const dir = project('json', true, json, 'openapi.json');
    const client = await serverIn(dir);
    try {
      const uri = client.open(path.join(dir, 'openapi.json'), json);
      await client.waitForMark('base read');
      const lines = json.split('\n');
      const stores = lines.findIndex((l) => l.includes('"/stores"'));
      // `},` of /pets loses its comma, and /stores (9 lines) goes.
      const version = client.change(uri, [{ range: range(stores - 1, 0, stores + 9, 0), text: '    }\n' }]);
      const diagnostics = diffDiagnostics(await client.waitForDiagnostics(uri, (p) => p.version === version));
      assert.deepEqual(diagnostics, [{
        range: range(6, 2, 6, 9), severity: 2, code: 'operation-removed', codeDescription: page('operation-removed'), source: 'openapi-diff',
        message: 'GET /stores was removed without being deprecated first: clients that call it get an error. ' +
          'Mark it deprecated: true in a release before removing it. (compared with main)',
      }]);
      const edits = await restoreEdits(client, uri, diagnostics[0]);
      const restored = ',\n    "/stores": {\n      "get": {\n        "operationId": "listStores",\n        "deprecated": true,\n' +
        '        "responses": {\n          "200": {\n            "description": "OK"\n          }\n        }\n      }\n    }';
      assert.deepEqual(edits, [{ range: range(stores - 1, 5, stores - 1, 5), newText: restored }]);
      assert.deepEqual(await applied(client, uri, edits), []);
    } finally {
      await client.stop();
    }
  });

  it('answers requests while git reads the base (the message loop does not wait for git)', async () => {
    const dir = project('slow-git', true);
    // A git that takes a second for every command: reading the base takes several seconds.
    const bin = path.join(scratch, 'slow-bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\nsleep 1\nexec ${execFileSync('sh', ['-c', 'command -v git']).toString().trim()} "$@"\n`, { mode: 0o755 });
    const client = new LspClient({ GIT_CEILING_DIRECTORIES: scratch, PATH: `${bin}${path.delimiter}${process.env.PATH}` });
    try {
      await client.initialize(dir);
      const uri = client.open(path.join(dir, 'openapi.yaml'), TEXT);
      await client.waitForDiagnostics(uri, (p) => p.version === 1);
      const started = performance.now();
      const symbols = await client.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
      const answeredIn = performance.now() - started;
      assert.ok(symbols.length > 0);
      assert.equal(client.marked('base read'), 0, 'the base was read before the request was answered: the test proves nothing');
      assert.ok(answeredIn < 1000, `documentSymbol took ${Math.round(answeredIn)} ms while git ran`);
      await client.waitForMark('base read');
    } finally {
      await client.stop();
    }
  });

  it('reads the files the base references at the base revision, and shows a change in one of them', async () => {
    const root = TEXT.replace("          description: OK\n", "          description: OK\n          content:\n            application/json:\n" +
      "              schema:\n                $ref: './schemas.yaml#/Pet'\n");
    const schemas = 'Pet:\n  type: object\n  required:\n    - id\n  properties:\n    id:\n      type: integer\n';
    const dir = project('two-files', true, root);
    fs.writeFileSync(path.join(dir, 'schemas.yaml'), schemas);
    execFileSync('git', ['add', 'schemas.yaml'], { cwd: dir });
    execFileSync('git', ['commit', '-q', '-m', 'Pet'], { cwd: dir });
    const client = await serverIn(dir);
    try {
      const rootUri = client.open(path.join(dir, 'openapi.yaml'), root);
      const schemasUri = client.open(path.join(dir, 'schemas.yaml'), schemas);
      await client.waitForMark('base read');
      assert.equal(client.marks.find((m) => m.name === 'base read')!.files, 2);
      const version = client.change(schemasUri, [removeLines(2, 4)]);
      await client.waitForMark('diffed', client.marks.length);
      const diagnostics = diffDiagnostics(await client.waitForDiagnostics(schemasUri, (p) => p.version === version));
      assert.deepEqual(diagnostics, [{
        range: range(3, 4, 3, 6), severity: 2, code: 'response-property-became-optional', codeDescription: page('response-property-became-optional'), source: 'openapi-diff',
        message: 'Property "id" of the response 200 of GET /pets (application/json) is no longer required: clients that count on it may get nothing. (compared with main)',
      }]);
      assert.deepEqual(diffDiagnostics(client.allDiagnostics().get(rootUri)!.diagnostics), []);
    } finally {
      await client.stop();
    }
  });

  it('shows nothing for a change no client notices (a description reworded)', async () => {
    const dir = project('reworded', true);
    const client = await serverIn(dir);
    try {
      const uri = client.open(path.join(dir, 'openapi.yaml'), TEXT);
      await client.waitForMark('base read');
      const version = client.change(uri, [{ range: range(8, 19, 8, 30), text: 'Lists every pet.' }]);
      const diagnostics = await client.waitForDiagnostics(uri, (p) => p.version === version);
      assert.deepEqual(diffDiagnostics(diagnostics), []);
    } finally {
      await client.stop();
    }
  });

  it('after an edit compares again only the operations of the path item it touched', async () => {
    // Operations of one path item are compared together (they share its parameters): a second path.
    const text = TEXT + "  /stores:\n    get:\n      operationId: listStores\n      responses:\n        '200':\n          description: OK\n";
    const dir = project('incremental', true, text);
    const client = await serverIn(dir);
    try {
      const uri = client.open(path.join(dir, 'openapi.yaml'), text);
      await client.waitForMark('base read');
      await client.waitForMark('diffed');
      const since = client.marks.length;
      // An optional query parameter: no client breaks (parameter-added is info, not shown).
      const parameter = '      parameters:\n        - name: limit\n          in: query\n          schema:\n            type: integer\n';
      const version = client.change(uri, [{ range: range(9, 0, 9, 0), text: parameter }]);
      const diagnostics = await client.waitForDiagnostics(uri, (p) => p.version === version);
      assert.deepEqual(diffDiagnostics(diagnostics), []);
      const diffed = await client.waitForMark('diffed', since);
      assert.deepEqual({ incremental: diffed.incremental, compared: diffed.compared }, { incremental: true, compared: 2 });
    } finally {
      await client.stop();
    }
  });

  it('leaves out the kinds the configuration file turns off', async () => {
    const dir = project('configured', true);
    fs.writeFileSync(path.join(dir, '.openapi-check.json'), JSON.stringify({ diff: { 'operation-removed': 'off' } }));
    const client = await serverIn(dir);
    try {
      const { diagnostics } = await openAndRemovePost(client, dir, 'base read');
      assert.deepEqual(diffDiagnostics(diagnostics), []);
    } finally {
      await client.stop();
    }
  });

  it('shows nothing outside a git repository', async () => {
    const dir = project('outside', false);
    const client = await serverIn(dir);
    try {
      const { diagnostics } = await openAndRemovePost(client, dir, 'no base');
      assert.deepEqual(diffDiagnostics(diagnostics), []);
    } finally {
      await client.stop();
    }
  });

  it('runs no git in a workspace the user has not trusted, and shows the changes once trusted', async () => {
    const dir = project('untrusted', true);
    const client = await serverIn(dir, {}, { workspaceTrusted: false });
    try {
      const { uri, diagnostics } = await openAndRemovePost(client, dir, undefined);
      assert.deepEqual(diffDiagnostics(diagnostics), []);
      assert.equal(client.marked('base read') + client.marked('no base'), 0);
      await client.connection.sendNotification('openapi30/workspaceTrusted');
      const trusted = await client.waitForDiagnostics(uri, (p) => diffDiagnostics(p.diagnostics).length > 0);
      assert.deepEqual(diffDiagnostics(trusted).map((d) => d.code), ['operation-removed']);
    } finally {
      await client.stop();
    }
  });

  it('moves the base at once when a commit or a checkout moves HEAD, with no edit', async () => {
    const dir = project('commit', true);
    const client = await serverIn(dir);
    try {
      const { uri, diagnostics } = await openAndRemovePost(client, dir, 'base read');
      assert.deepEqual(diffDiagnostics(diagnostics).map((d) => d.code), ['operation-removed']);

      // The removal saved and committed (as from a terminal): the new HEAD is the base, and nothing is removed from it.
      const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
      const lines = TEXT.split('\n');
      fs.writeFileSync(path.join(dir, 'openapi.yaml'), [...lines.slice(0, 12), ...lines.slice(17)].join('\n'));
      git('commit', '-q', '-am', 'POST /pets goes');
      assert.deepEqual(diffDiagnostics(await client.waitForDiagnostics(uri, (p) => diffDiagnostics(p.diagnostics).length === 0)), []);

      // On a new branch from the first version: the base is that version again, and POST is removed from it.
      git('checkout', '-q', '-b', 'older', 'HEAD~1');
      const checkedOut = await client.waitForDiagnostics(uri, (p) => diffDiagnostics(p.diagnostics).length > 0);
      assert.deepEqual(diffDiagnostics(checkedOut).map((d) => [d.code, d.message]),
        [['operation-removed', POST_REMOVED.replace('(compared with main)', '(compared with the merge-base with main)')]]);
    } finally {
      await client.stop();
    }
  });

  it('asks git nothing while the user types for longer than the recheck of an unwatched repository', async () => {
    const dir = project('typing', true);
    const client = await serverIn(dir);
    try {
      const { uri } = await openAndRemovePost(client, dir, 'base read');
      const since = client.marks.length;
      // Eleven seconds of typing, one key a second: past the 10 s after which a repository the
      // server cannot watch has its base asked for again (six git processes, each holding the loop).
      // In an operationId, which is checked again (free text only moves the findings).
      const line = TEXT.split('\n').findIndex((l) => l.includes('operationId: listPets'));
      const character = TEXT.split('\n')[line].length;
      for (let key = 0; key < 11; key++) {
        const version = client.change(uri, [{ range: range(line, character + key, line, character + key), text: 'x' }]);
        await client.waitForDiagnostics(uri, (p) => p.version === version);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      assert.equal(client.marked('base asked', since), 0);
    } finally {
      await client.stop();
    }
  });

  it('shows nothing when the setting is "off"', async () => {
    const dir = project('off', true);
    const client = await serverIn(dir, { breakingChanges: { base: 'off' } });
    try {
      const { diagnostics } = await openAndRemovePost(client, dir, undefined);
      assert.deepEqual(diffDiagnostics(diagnostics), []);
      assert.equal(client.marked('base read') + client.marked('no base'), 0);
    } finally {
      await client.stop();
    }
  });
});
