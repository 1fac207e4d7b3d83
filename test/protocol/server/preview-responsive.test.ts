// The preview of a large document is built in slices: completion and document symbols are answered
// while it is built, an edit meanwhile restarts it (the answer shows the edit), and asked again
// with nothing changed it answers from the last build. It used to be written in one block on the
// message loop: on GitHub's description, a completion asked meanwhile waited up to 4.5 s.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, DocumentSymbol } from 'vscode-languageserver-protocol';
import { LspClient } from '../../helpers/lsp-client';

/** 3,000 operations (1,500 paths of two), each with an inline schema of 17 properties: about 6 MB of YAML. */
function generatedDescription(paths: number): string {
  const lines = ['openapi: 3.0.3', 'info:', '  title: Generated', '  version: 1.0.0', 'paths:'];
  for (let i = 0; i < paths; i++) {
    lines.push(`  /things${i}:`);
    for (const method of ['get', 'put']) {
      lines.push(
        `    ${method}:`,
        `      operationId: ${method}Thing${i}`,
        `      summary: ${method} thing ${i}`,
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
      lines.push("                  owner: {$ref: '#/components/schemas/Owner'}");
    }
  }
  lines.push('components:', '  schemas:', '    Owner:', '      type: object', '      properties:', '        name: {type: string}');
  return lines.join('\n') + '\n';
}

const SMALL = 'openapi: 3.0.3\ninfo: {title: Small, version: 1.0.0}\npaths: {}\n';

interface PreviewAnswer {
  document?: { paths: Record<string, { get: { summary: string } }> };
  error?: { message: string };
}

describe('the preview of a large document', { timeout: 300_000 }, () => {
  const text = generatedDescription(1_500);
  const lines = text.split('\n');
  let dir: string;
  let client: LspClient;
  let uri: string;
  let smallUri: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-preview-large-'));
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), text);
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

  const preview = () => client.request<PreviewAnswer>('openapi30/previewDocument', { uri });
  /** Completion after `operationId: ` of the first operation (the server's own work is small). */
  const completion = () => client.request<CompletionItem[]>('textDocument/completion', {
    textDocument: { uri }, position: { line: lines.indexOf('    get:', 5) + 1, character: 6 },
  });
  /** The symbols of another open document (those of 3,000 operations take a while of their own). */
  const symbols = () => client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: smallUri } });

  it('answers completion and document symbols while the preview is built', async (t) => {
    const since = client.marks.length;
    const started = performance.now();
    let previewAt = 0;
    const answer = preview().then((a) => ((previewAt = performance.now()), a));
    // Asked one after another until the preview answers: each answer's time, and whether it came first.
    const answered: { ms: number; beforePreview: boolean }[] = [];
    while (!previewAt) {
      const asked = performance.now();
      // Completion and document symbols in turn.
      if (answered.length % 2 === 0) {
        const items = await completion();
        assert.ok(items.length > 0, 'completion has items');
      } else {
        const found = await symbols();
        assert.deepEqual(found.map((s) => s.name), ['info', 'paths'], 'the small document\'s symbols');
      }
      answered.push({ ms: performance.now() - asked, beforePreview: !previewAt });
    }
    const built = await answer;
    assert.equal(built.error, undefined);
    assert.equal(built.document!.paths['/things7'].get.summary, 'get thing 7');
    const previewMs = previewAt - started;
    const before = answered.filter((a) => a.beforePreview).map((a) => Math.round(a.ms));
    const figures = `preview ${Math.round(previewMs)} ms; requests answered before it (ms each): ${before.join(', ')}`;
    t.diagnostic(figures);
    // In one block, the first request waited for the whole build and nothing else was answered before it.
    assert.ok(before.length >= 3, figures);
    assert.ok(Math.max(...before) * 3 < previewMs, figures);
    assert.equal(client.marked('preview build starts', since), 1, 'the preview was built (not answered from a previous build)');
  });

  it('answers again at once from the last build when nothing changed', async () => {
    const since = client.marks.length;
    const again = await preview();
    assert.equal(again.document!.paths['/things7'].get.summary, 'get thing 7');
    assert.equal(client.marked('preview answered from the last build', since), 1);
    assert.equal(client.marked('preview build starts', since), 0, 'not bundled again');
  });

  it('shows an edit made while the preview is built', async () => {
    // `summary: get thing 7` becomes `summary: get thing 7 (edited)`: an edit makes the last build stale.
    const line = lines.indexOf('      summary: get thing 7');
    client.change(uri, [{ range: { start: { line, character: 26 }, end: { line, character: 26 } }, text: ' (edited)' }]);
    const since = client.marks.length;
    const answer = preview();
    await client.waitForMark('preview build starts', since);
    const line2 = lines.indexOf('      summary: get thing 8');
    client.change(uri, [{ range: { start: { line: line2, character: 26 }, end: { line: line2, character: 26 } }, text: ' (edited too)' }]);
    const built = await answer;
    assert.equal(built.document!.paths['/things7'].get.summary, 'get thing 7 (edited)');
    assert.equal((built.document!.paths['/things8'] as { get: { summary: string } }).get.summary, 'get thing 8 (edited too)', 'the edit made during the build');
    assert.ok(client.marked('preview build stopped by an edit', since) >= 1, 'the build under way was stopped by the edit and started again');
  });
});
