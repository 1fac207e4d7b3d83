// Fix-all works out its fixes on what the server holds: the findings of the last check when it is
// of the current texts, and the other files' models (a fix changes only the file it is asked on).
// It used to check the unchanged text once more, and parse every file the root reads each round:
// fix-all on a 300-byte file a 4 MB root reads took 2 s.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, it } from 'node:test';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../../helpers/edits';
import { largeDescription } from '../../helpers/large-description';
import { LspClient } from '../../helpers/lsp-client';

const LIB = "get:\n  responses:\n    200: {description: OK}\n";
const ROOT = largeDescription(40).replace("        '200':\n", '        200:\n').replace('paths:\n', "paths:\n  /lib:\n    $ref: './lib.yaml'\n");

/** A server on a folder with ROOT and LIB open and checked; `body` runs with them. */
async function withOpenRoot(body: (c: { client: LspClient; dir: string; root: string; lib: string }) => Promise<void>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-fix-all-reuse-'));
  const client = new LspClient();
  try {
    fs.writeFileSync(path.join(dir, 'shared.yaml'), 'Audit: {type: object}\nKind: {type: string}\n');
    fs.mkdirSync(path.join(dir, 'paths'));
    fs.writeFileSync(path.join(dir, 'paths', 'mirror.yaml'), "get:\n  responses:\n    '200': {description: OK}\n");
    for (const [name, text] of [['root.yaml', ROOT], ['lib.yaml', LIB]]) fs.writeFileSync(path.join(dir, name), text);
    await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
    await client.waitForProgressEnd();
    const root = client.open(path.join(dir, 'root.yaml'), ROOT);
    const lib = client.open(path.join(dir, 'lib.yaml'), LIB);
    const quoted = (p: { diagnostics: { code?: unknown }[] }) => p.diagnostics.some((d) => d.code === 'response-code-quoted');
    await client.waitForDiagnostics(root, quoted);
    await client.waitForDiagnostics(lib, quoted);
    await body({ client, dir, root, lib });
  } finally {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fix-all of a document: its text after the edit, and how many checks the server ran for it. */
async function fixAll(client: LspClient, uri: string, text: string) {
  const seen = client.marks.length;
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only: ['source.fixAll'] },
  });
  assert.deepEqual(actions.map((a) => a.kind), ['source.fixAll']);
  const [after] = applyWorkspaceEdit(actions[0].edit!, () => text).values();
  return { after, checks: client.marked('fix-all checked a text', seen) };
}

describe('fix-all on what the server holds', { timeout: 120_000 }, () => {
  it('fixes a small file a root reads with one check of the root: the fixed text\'s', async () => {
    await withOpenRoot(async ({ client, lib }) => {
      const { after, checks } = await fixAll(client, lib, LIB);
      assert.equal(after, "get:\n  operationId: getLib\n  responses:\n    '200': {description: OK}\n");
      assert.equal(checks, 1, 'the findings of the text as it is are the last check\'s');
    });
  });

  it('fixes the root itself with one check of the fixed text', async () => {
    await withOpenRoot(async ({ client, root }) => {
      const { after, checks } = await fixAll(client, root, ROOT);
      // The code quoted; the tag the operations use declared; each discriminator's property required.
      const required = (line: string) => (line.startsWith("        next: {$ref: '#/components/schemas/Item")
        ? `${line}\n      required:\n        - kind` : line);
      const fixed = ROOT.replace('        200:\n', "        '200':\n").replace('\nsecurity:\n', '\n  - name: items\nsecurity:\n');
      assert.equal(after, fixed.split('\n').map(required).join('\n'));
      assert.equal(checks, 1);
    });
  });

  it('checks again when the root changed since its last check', async () => {
    await withOpenRoot(async ({ client, root, lib }) => {
      // The path the operationId is named after, renamed: asked at once, before the check is done.
      const line = ROOT.split('\n').indexOf('  /lib:');
      client.change(root, [{ range: { start: { line, character: 6 }, end: { line, character: 6 } }, text: 's' }]);
      const { after } = await fixAll(client, lib, LIB);
      assert.equal(after, "get:\n  operationId: getLibs\n  responses:\n    '200': {description: OK}\n");
    });
  });
});
