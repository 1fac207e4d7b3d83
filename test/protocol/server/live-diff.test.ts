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
import { LspClient } from '../../helpers/lsp-client';

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
const range = (line: number, start: number, endLine: number, end: number) =>
  ({ start: { line, character: start }, end: { line: endLine, character: end } });

/** Lines `from` to `to` (0-based, `to` excluded) of the text removed. */
const removeLines = (from: number, to: number) => ({ range: range(from, 0, to, 0), text: '' });

let scratch: string;

/** A folder with openapi.yaml; committed on branch main when `git` is set. */
function project(name: string, git: boolean): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'openapi.yaml'), TEXT);
  if (git) {
    const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
    run('init', '-q', '-b', 'main');
    run('config', 'user.name', 'Test');
    run('config', 'user.email', 'test@example.com');
    run('add', 'openapi.yaml');
    run('commit', '-q', '-m', 'The first version');
  }
  return dir;
}

/** A server with `settings` as its `openapi30` settings; git does not look above the scratch folder. */
async function serverIn(dir: string, settings: Record<string, unknown> = {}): Promise<LspClient> {
  const client = new LspClient({ GIT_CEILING_DIRECTORIES: scratch });
  client.connection.onRequest('workspace/configuration', () => [settings]);
  await client.initialize(dir);
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
        range: range(5, 2, 5, 7), severity: 2, code: 'operation-removed', source: 'openapi-diff', message: POST_REMOVED,
      }]);

      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: range(5, 2, 5, 7), context: { diagnostics: diffDiagnostics(diagnostics), only: ['quickfix'] },
      });
      const restore = actions.find((a) => a.title === 'Deprecate instead of removing');
      assert.ok(restore, `no "Deprecate instead of removing" among ${actions.map((a) => a.title).join(', ')}`);
      const edits = restore.edit!.changes![uri] as TextEdit[];
      const restored = '\n    post:\n      operationId: createPet\n      deprecated: true\n      responses:\n' +
        "        '201':\n          description: Created";
      assert.deepEqual(edits, [{ range: range(11, 25, 11, 25), newText: restored }]);

      const fixed = client.change(uri, edits.map((e) => ({ range: e.range, text: e.newText })));
      const after = await client.waitForDiagnostics(uri, (p) => p.version === fixed);
      assert.deepEqual(diffDiagnostics(after), []);
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
