// The palette's Convert to OpenAPI 3.0 on a large Swagger 2.0 document (openapi30/convert): the
// conversion runs in a worker thread and its edit's JSON is written in steps, so document symbols of
// another open document are answered meanwhile; the converted text is the CLI's; an edit of the
// document while it converts wins (the answer converts the newer text). It used to convert in one
// block on the message loop: every request waited for the whole conversion.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, DocumentSymbol, TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { cli } from '../../helpers/cli';
import { LspClient } from '../../helpers/lsp-client';
import { answeredMeanwhile, meanwhileFigures } from '../../helpers/meanwhile';

/** 600 paths of one operation, each with a query parameter and a response schema of 12 described properties: about 1 MB of YAML. */
function generatedSwagger(paths: number): string {
  const lines = ["swagger: '2.0'", 'info:', '  title: Generated', "  version: '1'", 'paths:'];
  for (let i = 0; i < paths; i++) {
    lines.push(`  /things${i}:`, '    get:', `      operationId: getThing${i}`, '      produces: [application/json]', '      parameters:',
      '        - name: q', '          in: query', '          type: string', '      responses:', "        '200':", '          description: ok',
      '          schema:', '            type: object', '            properties:');
    for (let p = 0; p < 12; p++) lines.push(`              f${p}:`, '                type: string', `                description: Field ${p} of ${i}`);
  }
  return lines.join('\n') + '\n';
}

const SMALL = 'openapi: 3.0.3\ninfo: {title: Small, version: 1.0.0}\npaths: {}\n';

type Answer = { edit: WorkspaceEdit; created: string[]; error?: undefined } | { error: string };

describe('Convert to OpenAPI 3.0 on a large document', { timeout: 300_000 }, () => {
  const text = generatedSwagger(600);
  let dir: string;
  let client: LspClient;
  let uri: string;
  let smallUri: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-convert-large-'));
    fs.writeFileSync(path.join(dir, 'swagger.yaml'), text);
    client = new LspClient();
    await client.initialize(dir, undefined, {
      workspace: { configuration: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } },
      textDocument: { codeAction: { resolveSupport: { properties: ['edit'] } } },
    });
    uri = client.open(path.join(dir, 'swagger.yaml'), text);
    await client.waitForDiagnostics(uri, () => true, 120_000);
    smallUri = client.open(path.join(dir, 'small.yaml'), SMALL);
    await client.waitForDiagnostics(smallUri);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const convert = () => client.request<Answer>('openapi30/convert', { uri }, 240_000);
  const symbols = () => client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: smallUri } });
  /** The text the edit fills the new file with. */
  const createdText = (answer: Answer) => {
    assert.equal(answer.error, undefined);
    const { edit, created } = answer as { edit: WorkspaceEdit; created: string[] };
    assert.deepEqual(created, [new URL('swagger.openapi.yaml', uri).href]);
    const filling = edit.documentChanges!.find((c): c is TextDocumentEdit => 'textDocument' in c && c.textDocument.uri === created[0])!;
    return filling.edits[0].newText;
  };

  it('converts in a worker, answering document symbols meanwhile, into the CLI\'s text', async (t) => {
    const since = client.marks.length;
    const run = await answeredMeanwhile(convert, async () => {
      const found = await symbols();
      assert.deepEqual(found.map((s) => s.name), ['info', 'paths'], 'the small document\'s symbols');
    });
    const converted = createdText(run.answer);
    const out = path.join(dir, 'cli', 'swagger.openapi.yaml');
    const expected = cli(['convert', path.join(dir, 'swagger.yaml'), '-o', out], dir);
    assert.equal(expected.code, 0, expected.stderr);
    assert.equal(converted, fs.readFileSync(out, 'utf8'), 'the same text as openapi-check convert');
    const figures = meanwhileFigures('convert', run);
    t.diagnostic(figures);
    assert.equal(client.marked('conversion starts in the worker', since), 1, figures);
    // In one block the first request waited for the whole conversion and none was answered before it.
    assert.ok(run.waits.length >= 3, figures);
    assert.ok(Math.max(...run.waits) * 3 < run.took, figures);
  });

  it('converts the newer text after an edit made while it converts', async () => {
    const since = client.marks.length;
    const asked = convert();
    await client.waitForMark('conversion starts in the worker', since);
    // `  title: Generated` becomes `  title: Generated and edited`.
    client.change(uri, [{ range: { start: { line: 2, character: 18 }, end: { line: 2, character: 18 } }, text: ' and edited' }]);
    const converted = createdText(await asked);
    assert.match(converted, /\n {2}title: Generated and edited\n/);
    assert.equal(client.marked('conversion stopped by an edit', since), 1);
    assert.equal(client.marked('conversion starts in the worker', since), 2);
  });

  it('resolves the quick fix in the worker too, answering document symbols meanwhile', async (t) => {
    const diagnostics = (await client.waitForDiagnostics(uri)).filter((d) => d.code === 'openapi-version');
    const at = { line: diagnostics[0].range.start.line, character: 2 };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics, only: ['quickfix'] } });
    const fix = actions.find((a) => a.title === 'Convert to OpenAPI 3.0')!;
    assert.equal(fix.edit, undefined, 'built when chosen');
    const since = client.marks.length;
    const run = await answeredMeanwhile(() => client.request<CodeAction>('codeAction/resolve', fix, 240_000), symbols);
    const resolved = run.answer;
    const created = new URL('swagger.openapi.yaml', uri).href;
    const filling = resolved.edit!.documentChanges!.find((c): c is TextDocumentEdit => 'textDocument' in c && c.textDocument.uri === created)!;
    assert.match(filling.edits[0].newText, /^openapi: 3\.0\.3\n/);
    assert.match(filling.edits[0].newText, /\n {2}title: Generated and edited\n/, 'the editor\'s unsaved text, converted');
    const figures = meanwhileFigures('resolve', run);
    t.diagnostic(figures);
    assert.equal(client.marked('conversion starts in the worker', since), 1, figures);
    assert.ok(run.waits.length >= 3, figures);
    assert.ok(Math.max(...run.waits) * 3 < run.took, figures);
  });
});
