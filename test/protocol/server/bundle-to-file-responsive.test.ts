// The palette's Bundle to a File on a large document (openapi30/bundleToFile): its text is the CLI's,
// built and written in slices, so document symbols of another open document are answered while it
// runs; an edit of the root while it runs wins (the answer shows it). It used to write its text in
// one block on the message loop: on GitHub's description as YAML, a request meanwhile waited 3.8 s.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { cli } from '../../helpers/cli';
import { LspClient } from '../../helpers/lsp-client';

/** 1,600 operations with inline schemas of 16 described properties and a shared one in another file: about 3 MB of YAML. */
function generatedDescription(paths: number): string {
  const lines = ['openapi: 3.0.3', 'info:', '  title: Generated', '  version: 1.0.0', 'paths:'];
  for (let i = 0; i < paths; i++) {
    lines.push(`  /things${i}:`);
    for (const method of ['get', 'put']) {
      lines.push(
        `    ${method}:`,
        `      operationId: ${method}Thing${i}`,
        `      summary: ${method} thing ${i}`,
        `      description: "The thing ${i}:\\nread or written, with: quotes ' and # marks"`,
        '      responses:',
        "        '200':",
        '          description: The thing',
        '          content:',
        '            application/json:',
        '              schema:',
        '                type: object',
        '                properties:',
      );
      for (let p = 0; p < 16; p++) lines.push(`                  field${p}:`, '                    type: string', `                    description: Field ${p} of thing ${i}`);
      lines.push("                  owner: {$ref: 'owner.yaml'}");
    }
  }
  return lines.join('\n') + '\n';
}

const OWNER = 'type: object\nproperties:\n  name: {type: string}\n';
const SMALL = 'openapi: 3.0.3\ninfo: {title: Small, version: 1.0.0}\npaths: {}\n';

interface BundleAnswer {
  root?: string;
  text?: string;
  notes?: string[];
  error?: string;
}

describe('Bundle to a File on a large document', { timeout: 300_000 }, () => {
  const text = generatedDescription(800);
  let dir: string;
  let client: LspClient;
  let uri: string;
  let smallUri: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-bundle-large-'));
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), text);
    fs.writeFileSync(path.join(dir, 'owner.yaml'), OWNER);
    client = new LspClient();
    await client.initialize(dir);
    uri = client.open(path.join(dir, 'openapi.yaml'), text);
    await client.waitForDiagnostics(uri, () => true, 120_000);
    smallUri = client.open(path.join(dir, 'small.yaml'), SMALL);
    await client.waitForDiagnostics(smallUri);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const bundleToFile = (target: string) => client.request<BundleAnswer>('openapi30/bundleToFile', { uri, target: new URL(target, uri).href });
  const symbols = () => client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: smallUri } });

  for (const format of ['yaml', 'json'] as const) {
    it(`writes the CLI's ${format.toUpperCase()} text, answering document symbols meanwhile`, async (t) => {
      const since = client.marks.length;
      const started = performance.now();
      let bundledAt = 0;
      const asked = bundleToFile(`out/bundled.${format}`).then((a) => ((bundledAt = performance.now()), a));
      const waits: number[] = [];
      while (!bundledAt) {
        const at = performance.now();
        const found = await symbols();
        assert.deepEqual(found.map((s) => s.name), ['info', 'paths'], 'the small document\'s symbols');
        if (!bundledAt) waits.push(performance.now() - at);
      }
      const answer = await asked;
      assert.equal(answer.error, undefined);
      assert.equal(answer.root, uri);
      const expected = cli(['bundle', path.join(dir, 'openapi.yaml'), '--format', format], dir);
      assert.equal(expected.code, 0, expected.stderr);
      assert.equal(answer.text, expected.stdout, 'the same text as openapi-check bundle');
      const took = performance.now() - started;
      const figures = `bundleToFile ${Math.round(took)} ms; document symbols answered meanwhile (ms each): ${waits.map(Math.round).join(', ')}`;
      t.diagnostic(figures);
      // In one block the first request waited for the whole bundle and none was answered before it.
      assert.ok(waits.length >= 3, figures);
      assert.ok(Math.max(...waits) * 3 < took, figures);
      assert.equal(client.marked('bundle to text starts', since), 1, figures);
    });
  }

  it('answers with an edit of the root made while it runs', async () => {
    const since = client.marks.length;
    const asked = bundleToFile('out/bundled.yaml');
    await client.waitForMark('bundle to text starts', since);
    // `summary: get thing 7` becomes `summary: get thing 7 (edited)`.
    const line = text.split('\n').indexOf('      summary: get thing 7');
    client.change(uri, [{ range: { start: { line, character: 26 }, end: { line, character: 26 } }, text: ' (edited)' }]);
    const answer = await asked;
    assert.equal(answer.error, undefined);
    assert.match(answer.text!, /\n {6}summary: get thing 7 \(edited\)\n/);
    assert.equal(client.marked('bundle to text stopped by an edit', since), 1, 'the text of the older version was not answered');
    assert.equal(client.marked('bundle to text starts', since), 2);
  });
});
