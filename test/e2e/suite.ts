// End-to-end in real VS Code: runs in the extension host and uses only the `vscode` API. The same
// module runs under code-server (scripts/e2e.mjs) and @vscode/test-electron (npm run test:electron).
// The workspace is a copy of examples/petstore.
import * as assert from 'assert';
import Mocha from 'mocha';
import * as vscode from 'vscode';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, get: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'openapi');
}

function defineTests(): void {
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const rootUri = () => vscode.Uri.joinPath(folder(), 'openapi.yaml');
  const schemasUri = () => vscode.Uri.joinPath(folder(), 'schemas.yaml');

  suite('OpenAPI 3.0 extension', () => {
    let doc: vscode.TextDocument;

    suiteSetup(async () => {
      doc = await vscode.workspace.openTextDocument(rootUri());
      await vscode.window.showTextDocument(doc);
    });

    test('shows diagnostics with rule codes at the exact characters', async () => {
      const slash = await until('path-leading-slash', () => ours(doc.uri).find((d) => codeOf(d) === 'path-leading-slash'));
      assert.deepStrictEqual([slash.range.start.line, slash.range.start.character, slash.range.end.line, slash.range.end.character], [70, 2, 70, 18]);
      assert.strictEqual(slash.severity, vscode.DiagnosticSeverity.Error);
      assert.strictEqual(slash.message, 'Path "stores?region=eu" must start with "/": paths are relative to the server URL.');
      const duplicate = ours(doc.uri).find((d) => codeOf(d) === 'operation-id-unique')!;
      assert.strictEqual(duplicate.relatedInformation![0].location.range.start.line, 10);
    });

    test('shows the diagnostics of a referenced file in that file', async () => {
      const inSchemas = await until('schemas.yaml diagnostics', () => {
        const list = ours(schemasUri());
        return list.length ? list : undefined;
      });
      assert.deepStrictEqual(inSchemas.map((d) => [codeOf(d), d.range.start.line]), [['ref-unresolved', 13]]);
    });

    test('goes to the definition of a $ref in another file', async () => {
      const line = doc.getText().split('\n').findIndex((l) => l.includes("$ref: './schemas.yaml#/Pet'"));
      const position = new vscode.Position(line, doc.lineAt(line).text.indexOf('schemas'));
      const result = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, position);
      const first = result[0];
      const target = 'targetUri' in first ? first.targetUri : first.uri;
      assert.strictEqual(target.toString(), schemasUri().toString());
    });

    test('completes `in` values', async () => {
      const line = doc.getText().split('\n').findIndex((l) => l.trim() === 'in: path');
      const position = new vscode.Position(line, doc.lineAt(line).text.indexOf('path'));
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, position);
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      for (const value of ['path', 'query', 'header', 'cookie']) assert.ok(labels.includes(value), `${value} in ${labels.join(', ')}`);
    });

    test('shows a preview on hover over a $ref', async () => {
      const line = doc.getText().split('\n').findIndex((l) => l.includes("$ref: '#/components/parameters/limit'"));
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(line, doc.lineAt(line).text.indexOf('limit')));
      const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
      assert.match(text, /#\/components\/parameters\/limit/);
    });

    test('applies a quick fix, and its diagnostic goes away', async () => {
      const slash = await until('path-leading-slash', () => ours(doc.uri).find((d) => codeOf(d) === 'path-leading-slash'));
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, slash.range, vscode.CodeActionKind.QuickFix.value);
      const fix = actions.find((a) => a.title === 'Rename to "/stores?region=eu"');
      assert.ok(fix, actions.map((a) => a.title).join(' | '));
      assert.ok(await vscode.workspace.applyEdit(fix.edit!));
      assert.strictEqual(doc.lineAt(70).text, '  /stores?region=eu:');
      await until('the diagnostic to go', () => (ours(doc.uri).some((d) => codeOf(d) === 'path-leading-slash') ? undefined : true));
      assert.ok(ours(doc.uri).some((d) => codeOf(d) === 'path-query-string'), 'other findings stay');
    });

    test('lists paths and operations as document symbols', async () => {
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
      const paths = symbols.find((s) => s.name === 'paths')!;
      assert.deepStrictEqual(paths.children[0].children.map((c) => c.name), ['GET', 'POST']);
    });
  });
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec' });
  mocha.suite.emit('pre-require', globalThis, 'suite.ts', mocha);
  defineTests();
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} end-to-end tests failed`)) : resolve()));
  });
}
