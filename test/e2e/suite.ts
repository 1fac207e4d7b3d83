// End-to-end in real VS Code: runs in the extension host and uses only the `vscode` API. The same
// module runs under code-server (scripts/e2e.mjs) and @vscode/test-electron (npm run test:electron).
// The workspace is a copy of examples/petstore, with test/fixtures/workspace in multi/.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import Mocha from 'mocha';
import * as path from 'path';
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

/**
 * Asks scripts/e2e.mjs, which drives the page, for what the `vscode` API cannot do: press keys,
 * hover with Ctrl, read or click what the workbench shows, take a screenshot. The request goes
 * out through the extension host's console; the answer comes back as a file.
 */
let driverCalls = 0;
async function driver<T>(action: string, args: Record<string, unknown> = {}): Promise<T> {
  const dir = process.env.OPENAPI_E2E_DRIVER_DIR;
  if (!dir) throw new Error('no page driver (run through scripts/e2e.mjs)');
  const id = ++driverCalls;
  console.log(`[e2e-driver] ${JSON.stringify({ id, action, ...args })}`);
  const file = path.join(dir, `${id}.json`);
  const answer = await until(`the driver's ${action}`, () => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { value?: T; error?: string }) : undefined));
  if (answer.error) throw new Error(`driver ${action}: ${answer.error}`);
  return answer.value as T;
}

/** Labels of the rows the suggest widget shows (after its own filtering), once it shows some. */
async function suggestions(): Promise<string[]> {
  return until('the suggest widget', async () => {
    const rows = await driver<string[]>('texts', { selector: '.editor-widget.suggest-widget .monaco-list-row' });
    return rows.length ? rows : undefined;
  }, 10_000);
}

async function open(uri: vscode.Uri): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  await sleep(300);
  return editor;
}

/** Places the cursor and scrolls it into view. */
function place(editor: vscode.TextEditor, position: vscode.Position): void {
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenter);
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

  suite('What VS Code shows', () => {
    const file = (name: string) => vscode.Uri.joinPath(folder(), name);
    const write = async (name: string, text: string) => {
      await vscode.workspace.fs.writeFile(file(name), Buffer.from(text));
      return file(name);
    };

    test('the example: the Problems panel, a completion list and a quick fix menu (screenshots)', async () => {
      const editor = await open(rootUri());
      await until('diagnostics', () => (ours(rootUri()).length > 3 ? true : undefined));
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      await sleep(800);
      const rows = await driver<string[]>('texts', { selector: '.markers-panel .monaco-list-row' });
      assert.ok(rows.some((r) => r.includes('operationIds must be unique')), rows.join('\n'));
      await driver('screenshot', { name: 'problems-panel' });
      const line = editor.document.getText().split('\n').findIndex((l) => l.trim() === 'in: path');
      place(editor, new vscode.Position(line + 1, 10));
      await vscode.commands.executeCommand('editor.action.insertLineAfter');
      await vscode.commands.executeCommand('editor.action.triggerSuggest');
      const fields = await suggestions();
      assert.ok(fields.some((f) => f.startsWith('description')), fields.join(' | '));
      // Ctrl+Space again opens the side panel with the selected field's documentation.
      await driver('press', { keys: ['Control+Space'] });
      const details = await until('the documentation panel', async () => (await driver<string[]>('texts', { selector: '.suggest-details' })).join('') || undefined, 5_000);
      assert.match(details, /Query parameters only: whether `\?name=` with an empty value may be sent|Query parameters only: whether \?name= with an empty value may be sent/);
      await driver('screenshot', { name: 'completion-list' });
      await driver('press', { keys: ['Escape'] });
      await vscode.commands.executeCommand('undo');
      const duplicate = ours(rootUri()).find((d) => codeOf(d) === 'operation-id-unique')!;
      place(editor, duplicate.range.start);
      await sleep(500);
      await vscode.commands.executeCommand('editor.action.quickFix');
      const menu = await until('the quick fix menu', async () => {
        const items = await driver<string[]>('texts', { selector: '.action-widget .monaco-list-row' });
        return items.length ? items : undefined;
      }, 10_000);
      assert.ok(menu.some((m) => m.includes('listPets_2')), menu.join(' | '));
      await driver('screenshot', { name: 'quick-fix-menu' });
      await driver('press', { keys: ['Escape'] });
    });

    test('completes $ref inside quotes and JSON `in` values: the suggest widget lists them', async () => {
      const yamlText = "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      type: object\n    Owner:\n      properties:\n        pet:\n          $ref: '#/'\n";
      const yamlEditor = await open(await write('quoted.yaml', yamlText));
      const refLine = yamlText.split('\n').findIndex((l) => l.includes("$ref: '#/'"));
      place(yamlEditor, new vscode.Position(refLine, yamlEditor.document.lineAt(refLine).text.length - 1));
      await vscode.commands.executeCommand('editor.action.triggerSuggest');
      const refs = await suggestions();
      assert.ok(refs[0].startsWith('#/components/schemas/Pet'), `in the document's order: ${refs.join(' | ')}`);
      await driver('screenshot', { name: 'completion-ref-in-quotes' });
      await driver('press', { keys: ['Enter'] });
      const inserted = () => yamlEditor.document.lineAt(refLine).text;
      await until('the reference inserted', () => (inserted() === "          $ref: '#/components/schemas/Pet'" ? true : undefined), 5_000)
        .catch((e: Error) => assert.fail(`${e.message}: ${inserted()}`));

      const jsonText = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {},\n "components": {"parameters": {"a": {"name": "a", "in": ""}}}}\n';
      const jsonEditor = await open(await write('api.json', jsonText));
      place(jsonEditor, new vscode.Position(1, jsonText.split('\n')[1].indexOf('"in": ""') + 7));
      await vscode.commands.executeCommand('editor.action.triggerSuggest');
      const locations = await suggestions();
      for (const location of ['query', 'path', 'header', 'cookie']) assert.ok(locations.some((l) => l.startsWith(location)), locations.join(' | '));
      await driver('press', { keys: ['Escape'] });
    });

    test('highlights $ref values and {name} in path keys with our scopes (Inspect Editor Tokens)', async () => {
      const scopesAt = async (editor: vscode.TextEditor, line: number, text: string) => {
        place(editor, new vscode.Position(line, editor.document.lineAt(line).text.indexOf(text) + 1));
        await vscode.commands.executeCommand('editor.action.inspectTMScopes');
        const widget = await until('the token inspector', async () => (await driver<string[]>('texts', { selector: '.token-inspect-widget' })).join('') || undefined, 10_000);
        await driver('press', { keys: ['Escape'] });
        return widget;
      };
      const editor = await open(rootUri());
      const lines = editor.document.getText().split('\n');
      const single = await scopesAt(editor, lines.findIndex((l) => l.includes("$ref: '#/components/parameters/limit'")), 'components');
      assert.match(single, /markup\.underline\.link\.reference\.openapi/);
      assert.match(single, /string\.quoted\.single\.yaml/);
      const templated = await scopesAt(editor, lines.findIndex((l) => l === '  /pets/{petId}:'), 'petId');
      assert.match(templated, /variable\.parameter\.path\.openapi/);
      const quoted = await open(await write('double.yaml', 'openapi: 3.0.3\npaths:\n  "/users/{userId}":\n    $ref: "other.yaml#/paths/~1users"\n'));
      assert.match(await scopesAt(quoted, 3, 'other'), /string\.quoted\.double\.yaml[\s\S]*markup\.underline\.link\.reference\.openapi|markup\.underline\.link\.reference\.openapi[\s\S]*string\.quoted\.double\.yaml/);
      assert.match(await scopesAt(quoted, 2, 'userId'), /variable\.parameter\.path\.openapi/);
    });

    test('Ctrl+hover on a $ref shows the target\'s source once', async () => {
      const editor = await open(rootUri());
      const line = editor.document.getText().split('\n').findIndex((l) => l.includes("$ref: '#/components/responses/Error'"));
      place(editor, new vscode.Position(line, 0));
      await sleep(300);
      const hovers = await driver<{ text: string; codeBlocks: number }[]>('hover', { text: 'responses/Error', modifiers: ['Control'], screenshot: 'ctrl-hover-ref' });
      const text = hovers.map((h) => h.text).join('\n');
      assert.match(text, /#\/components\/responses\/Error/);
      assert.match(text, /Unexpected error/, 'the target\'s source, from VS Code\'s definition preview');
      assert.strictEqual(hovers.reduce((n, h) => n + h.codeBlocks, 0), 1, JSON.stringify(hovers));
    });

    test('the rule link in a diagnostic opens the rendered rule page, not Markdown source', async () => {
      await open(rootUri());
      const diagnostic = await until('a diagnostic', () => ours(rootUri()).find((d) => codeOf(d) === 'operation-id-unique'));
      const code = diagnostic.code as { value: string; target: vscode.Uri };
      assert.strictEqual(code.target.scheme, 'command');
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      await sleep(800);
      await driver('click', { selector: '.markers-panel a', text: 'operation-id-unique' });
      const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
      const preview = await until('the Markdown preview', () => tabs().find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('markdown.preview')));
      assert.match(preview.label, /operation-id-unique/);
      assert.ok(!tabs().some((t) => t.input instanceof vscode.TabInputText && t.input.uri.path.endsWith('.md')), 'no Markdown source tab');
      await sleep(1000);
      await driver('screenshot', { name: 'rule-page' });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    test('Format Document re-indents an OpenAPI document to the editor\'s tab size, comments and quoting kept', async () => {
      const uneven = "openapi: 3.0.3\ninfo:\n    title: T\n    version: 1.0.0\npaths:\n    /pets:\n        get:\n            # listed\n" +
        "            responses:\n                '200':\n                    description: OK\n";
      const even = "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /pets:\n    get:\n      # listed\n" +
        "      responses:\n        '200':\n          description: OK\n";
      const editor = await open(await write('format.yaml', uneven));
      // The editor detected 4 spaces in the file: the user's setting for YAML is 2.
      editor.options = { tabSize: 2, insertSpaces: true };
      // Until the server has the document's model, it answers nothing: ask again.
      await until('the formatted text', async () => {
        await vscode.commands.executeCommand('editor.action.formatDocument');
        return editor.document.getText() === even ? true : undefined;
      }, 15_000);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    });

    test('Suppress writes its comment and selects the <reason> to type over', async () => {
      const text = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /stores:\n    get:\n      cacheHint: 1\n' +
        "      responses:\n        '200':\n          description: OK\n";
      const uri = await write('suppress.yaml', text);
      const editor = await open(uri);
      const unknown = await until('unknown-field', () => ours(uri).find((d) => codeOf(d) === 'unknown-field'));
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, unknown.range, vscode.CodeActionKind.QuickFix.value);
      const suppress = actions.find((a) => a.title === 'Suppress unknown-field on this line')!;
      assert.ok(suppress?.command, actions.map((a) => a.title).join(', '));
      // As the quick fix menu does: the edit, then the command.
      await vscode.workspace.applyEdit(suppress.edit!);
      await vscode.commands.executeCommand(suppress.command.command, ...(suppress.command.arguments ?? []));
      assert.strictEqual(editor.document.lineAt(7).text, '      # openapi-check-disable-next-line unknown-field -- <reason>');
      assert.strictEqual(editor.document.getText(editor.selection), '<reason>');
      await vscode.commands.executeCommand('workbench.action.files.revert');
    });

    test('a Swagger 2.0 document: Ctrl+. offers "Convert to OpenAPI 3.0", which writes the converted files beside it', async () => {
      const swagger = [
        "swagger: '2.0'",
        'info:',
        '  title: Pets',
        '  version: 1.0.0',
        'host: api.example.com',
        'basePath: /v1',
        'paths:',
        '  /pets:',
        '    post:',
        '      consumes:',
        '        - application/json',
        '      parameters:',
        '        - name: pet',
        '          in: body',
        '          schema:',
        "            $ref: 'swagger-pet.yaml'",
        '      responses:',
        "        '201':",
        '          description: Added',
        '',
      ].join('\n');
      await write('swagger-pet.yaml', 'type: object\nproperties:\n  name:\n    type: string\n    x-nullable: true\n');
      const uri = await write('swagger.yaml', swagger);
      const editor = await open(uri);
      const info = await until('the Swagger 2.0 finding', () => ours(uri).find((d) => codeOf(d) === 'openapi-version'));
      assert.strictEqual(info.severity, vscode.DiagnosticSeverity.Information);
      assert.deepStrictEqual(ours(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error), []);
      place(editor, info.range.start);
      await sleep(500);
      await vscode.commands.executeCommand('editor.action.quickFix');
      const menu = await until('the quick fix menu', async () => {
        const items = await driver<string[]>('texts', { selector: '.action-widget .monaco-list-row' });
        return items.length ? items : undefined;
      }, 10_000);
      await driver('screenshot', { name: 'convert-quick-fix' });
      const conversions = menu.filter((m) => m.startsWith('Convert'));
      assert.deepStrictEqual(conversions, ['Convert to OpenAPI 3.0', 'Convert to OpenAPI 3.0 in place'], menu.join(' | '));
      // The menu opens on its first action, the conversion beside the source: Enter chooses it.
      assert.strictEqual(menu.filter((m) => m !== 'Quick Fix')[0], 'Convert to OpenAPI 3.0', menu.join(' | '));
      await driver('press', { keys: ['Enter'] });
      const converted = file('swagger.openapi.yaml');
      // VS Code creates the files and puts the text in them as unsaved edits (one undo).
      const contents = async (uri: vscode.Uri) => {
        try {
          return (await vscode.workspace.openTextDocument(uri)).getText() || undefined;
        } catch {
          return undefined;
        }
      };
      const text = await until('the converted document', () => contents(converted), 15_000);
      assert.strictEqual(text, [
        'openapi: 3.0.3',
        'info:',
        '  title: Pets',
        '  version: 1.0.0',
        'servers:',
        '  - url: //api.example.com/v1',
        'paths:',
        '  /pets:',
        '    post:',
        '      requestBody:',
        '        content:',
        '          application/json:',
        '            schema:',
        "              $ref: 'swagger-pet.openapi.yaml'",
        '      responses:',
        "        '201':",
        '          description: Added',
        '',
      ].join('\n'));
      const pet = await until('the converted Pet', () => contents(file('swagger-pet.openapi.yaml')), 5_000);
      assert.strictEqual(pet, 'type: object\nproperties:\n  name:\n    type: string\n    nullable: true\n');
      // The new document is checked as OpenAPI 3.0 (its operation has no operationId: information), without an error.
      await open(converted);
      await until('the converted document checked', () => (ours(converted).some((d) => codeOf(d) === 'operation-id-missing') ? true : undefined));
      assert.deepStrictEqual(ours(converted).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map((d) => d.message), []);
      // Leave the workspace as it was for the tests after: the unsaved files reverted and closed, all four gone.
      for (const uri of [converted, file('swagger-pet.openapi.yaml')]) {
        await open(uri);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      for (const name of ['swagger.openapi.yaml', 'swagger-pet.openapi.yaml', 'swagger.yaml', 'swagger-pet.yaml']) {
        await vscode.workspace.fs.delete(file(name)).then(undefined, () => undefined);
      }
    });

    test('a completed field name\'s empty value is reported only once the user pauses or leaves the line', async () => {
      const text = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  pets: {}\n';
      const uri = await write('typing.yaml', text);
      const editor = await open(uri);
      // The hold counts from the document's last change as the extension host sees it, not from
      // when the page's driver returned (on a loaded machine that can be a second later).
      let lastChange = Date.now();
      // The longest gap between two keystrokes: on a loaded machine the driver's typing can pause
      // longer than the hold, which then rightly shows what it held.
      let longestGap = 0;
      const changes = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() !== uri.toString() || e.contentChanges.length === 0) return;
        longestGap = Math.max(longestGap, Date.now() - lastChange);
        lastChange = Date.now();
      });
      const slashAt = (line: number) => () => (ours(uri).some((d) => codeOf(d) === 'path-leading-slash' && d.range.start.line === line) ? true : undefined);
      await until('path-leading-slash', slashAt(5));
      const emptyAt = (line: number) => ours(uri).find((d) => codeOf(d) === 'field-type' && d.range.start.line === line);
      // A new line in `info`, then `desc` and the completion accepted: `  description: |`.
      place(editor, new vscode.Position(3, editor.document.lineAt(3).text.length));
      await driver('press', { keys: ['End', 'Enter'] });
      await driver('type', { text: 'desc' });
      await vscode.commands.executeCommand('editor.action.triggerSuggest');
      assert.ok((await suggestions())[0].startsWith('description'));
      await driver('press', { keys: ['Enter'] });
      await until('the snippet', () => (editor.document.lineAt(4).text === '  description: ' ? true : undefined), 5_000);
      const accepted = lastChange;
      assert.strictEqual(editor.selection.active.character, '  description: '.length, 'the cursor where the value goes');
      await until('the re-check of the new text', slashAt(6), 10_000);
      if (Date.now() - accepted < 1000) assert.strictEqual(emptyAt(4), undefined, 'not while the user is typing there');
      // The user pauses: then it shows, without moving the cursor.
      const shown = await until('the held diagnostic after a pause', () => emptyAt(4), 10_000);
      assert.ok(Date.now() - accepted >= 1000, `shown ${Date.now() - accepted} ms after the completion`);
      assert.match(shown.message, /description. must be a string/);
      // Again, and this time the user leaves the line at once.
      await driver('press', { keys: ['End', 'Enter'] });
      longestGap = 0;
      await driver('type', { text: 'termsOfService: ' });
      await until('the typed line', () => (editor.document.lineAt(5).text === '  termsOfService: ' ? true : undefined), 5_000);
      await until('the re-check', slashAt(7), 10_000);
      // On a loaded machine the pause may have passed already (then it shows, rightly).
      if (Date.now() - lastChange < 1000 && longestGap < 1200) {
        // It failed twice under load, unexplained: say what the editor held when it did.
        const shown = emptyAt(5);
        const state = shown && JSON.stringify({
          range: [shown.range.start.character, shown.range.end.character], line: editor.document.lineAt(5).text,
          cursor: [editor.selection.active.line, editor.selection.active.character], sinceChange: Date.now() - lastChange, longestGap,
          active: vscode.window.activeTextEditor?.document.uri.toString() === uri.toString(),
        });
        assert.strictEqual(shown, undefined, `held while on the line: ${state}`);
      }
      place(editor, new vscode.Position(2, 3));
      const left = Date.now();
      await until('the diagnostic once the cursor left', () => emptyAt(5), 5_000);
      assert.ok(Date.now() - left < 1000, 'shown at once, not after a pause');
      changes.dispose();
    });
  });

  suite('The workspace as one project (multi/: two roots sharing a components file)', () => {
    const multi = (relative: string) => vscode.Uri.joinPath(folder(), 'multi', ...relative.split('/'));
    const shared = () => multi('shared/components.yaml');
    const api = () => multi('api/openapi.yaml');
    const lineOf = (doc: vscode.TextDocument, text: string) => doc.getText().split('\n').findIndex((l) => l === text || l.trimEnd() === text);
    const fileOf = (uri: vscode.Uri) => uri.path.split('/multi/')[1];
    const referencesOf = (uri: vscode.Uri, position: vscode.Position) =>
      vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', uri, position);

    suiteSetup(async () => {
      // Indexing runs in the background: wait until the shared Pet's declaration and four uses are known.
      const doc = await vscode.workspace.openTextDocument(shared());
      const at = new vscode.Position(lineOf(doc, '    Pet:'), 5);
      await until('the workspace index', async () => ((await referencesOf(shared(), at)).length === 5 ? true : undefined), 50_000);
    });

    test('Shift+F12 on a shared component lists its references in both roots', async () => {
      const editor = await open(shared());
      const position = new vscode.Position(lineOf(editor.document, '    Pet:'), 5);
      const locations = await referencesOf(shared(), position);
      assert.deepStrictEqual(locations.map((l) => `${fileOf(l.uri)}:${l.range.start.line + 1}`).sort(), [
        'admin/openapi.json:32', 'api/openapi.yaml:26', 'api/openapi.yaml:39', 'api/openapi.yaml:64', 'shared/components.yaml:15',
      ]);
      place(editor, position);
      await driver('press', { keys: ['Shift+F12'] });
      const rows = await until('the references peek', async () => {
        const texts = await driver<string[]>('texts', { selector: '.peekview-widget .monaco-list-row' });
        return texts.some((t) => t.includes('openapi.json')) ? texts : undefined;
      }, 10_000);
      assert.ok(rows.some((t) => t.includes('openapi.yaml')), rows.join(' | '));
      await driver('screenshot', { name: 'references-peek' });
      await driver('press', { keys: ['Escape'] });
    });

    test('a code lens shows the count, and clicking it opens the references', async () => {
      const editor = await open(shared());
      place(editor, new vscode.Position(lineOf(editor.document, '    Pet:'), 5));
      const lenses = await until('code lenses', async () => {
        const list = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', shared(), 100);
        return list.some((l) => l.command?.title === '4 references') ? list : undefined;
      });
      assert.strictEqual(lenses.find((l) => l.range.start.line === lineOf(editor.document, '    Orphan:'))?.command?.title, '0 references');
      await until('the rendered lens', async () => ((await driver<string[]>('texts', { selector: '.codelens-decoration a' })).includes('4 references') ? true : undefined), 10_000);
      await driver('click', { selector: '.codelens-decoration a', text: '4 references' });
      const rows = await until('the references peek', async () => {
        const texts = await driver<string[]>('texts', { selector: '.peekview-widget .monaco-list-row' });
        return texts.length > 0 ? texts : undefined;
      }, 10_000);
      assert.ok(rows.some((t) => t.includes('openapi.json')), rows.join(' | '));
      await driver('screenshot', { name: 'code-lens-references' });
      await driver('press', { keys: ['Escape'] });
    });

    test('Ctrl+T finds an operation by a fuzzy query and opens it', async () => {
      await open(shared());
      await driver('press', { keys: ['Control+T'] });
      await sleep(300);
      await driver('type', { text: 'shwpetby' });
      // The list follows the query as it is typed: wait for the one for the whole query.
      await until('workspace symbols', async () => {
        const texts = await driver<string[]>('texts', { selector: '.quick-input-list .monaco-list-row' });
        return texts[0]?.includes('showPetById') ? texts : undefined;
      }, 10_000);
      await driver('screenshot', { name: 'workspace-symbols' });
      await driver('press', { keys: ['Enter'] });
      const editor = await until('the operation opened', () => (vscode.window.activeTextEditor?.document.uri.path.endsWith('multi/api/openapi.yaml') ? vscode.window.activeTextEditor : undefined));
      assert.strictEqual(editor.document.lineAt(editor.selection.active.line).text.trim(), 'operationId: showPetById');
      // By its path too, and listed once (not once by operationId and once by path).
      await driver('press', { keys: ['Control+T'] });
      await sleep(300);
      await driver('type', { text: 'GET /pets/{' });
      const rows = await until('workspace symbols by path', async () => {
        const texts = await driver<string[]>('texts', { selector: '.quick-input-list .monaco-list-row' });
        return texts.some((t) => t.includes('GET /pets/{petId}')) ? texts : undefined;
      }, 10_000);
      assert.strictEqual(rows.filter((t) => t.includes('showPetById')).length, 1, rows.join('\n'));
      assert.ok(!rows.some((t) => t.startsWith('GET /pets/{petId}')), rows.join('\n'));
      await driver('screenshot', { name: 'workspace-symbols-by-path' });
      await driver('press', { keys: ['Escape'] });
    });

    test('F2 renames a shared component in both files', async () => {
      const editor = await open(shared());
      place(editor, new vscode.Position(lineOf(editor.document, '    Error:'), 6));
      await sleep(300);
      await driver('press', { keys: ['F2'] });
      await until('the rename box', async () => ((await driver<string[]>('texts', { selector: '.rename-box input' })).length > 0 ? true : undefined), 10_000);
      await driver('press', { keys: ['Control+A'] });
      await driver('type', { text: 'Problem' });
      await driver('press', { keys: ['Enter'] });
      await until('the definition renamed', () => (lineOf(editor.document, '    Problem:') >= 0 ? true : undefined), 10_000);
      const root = await vscode.workspace.openTextDocument(api());
      await until('the reference renamed', () => (root.getText().includes("$ref: '../shared/components.yaml#/components/schemas/Problem'") ? true : undefined), 10_000);
      assert.ok(!root.getText().includes('schemas/Error'), 'no reference to the old name is left');
      await vscode.workspace.saveAll(false);
    });

    test('Extract to components turns an inline schema into a component and a $ref', async () => {
      const editor = await open(api());
      const line = lineOf(editor.document, '                  total:');
      place(editor, new vscode.Position(line + 1, 22));
      await sleep(300);
      await vscode.commands.executeCommand('editor.action.codeAction', { kind: 'refactor.extract', apply: 'first' });
      await until('the extraction', () => (editor.document.getText().includes("                    $ref: '#/components/schemas/Total'\n") ? true : undefined), 10_000);
      assert.match(editor.document.getText(), /\n {2}schemas:\n {4}Total:\n {6}type: integer\n$/);
      await vscode.workspace.saveAll(false);
    });
  });

  suite('The command palette and the status bar', () => {
    const statusItem = () => driver<string[]>('texts', { selector: '.statusbar-item[id$="openapi30.fileRole"] .statusbar-item-label' });
    const file = (name: string) => vscode.Uri.joinPath(folder(), name);
    const write = async (name: string, text: string) => {
      await vscode.workspace.fs.writeFile(file(name), Buffer.from(text));
      return file(name);
    };
    const shownStatus = () => until('the status-bar item', async () => (await statusItem()).find((t) => t.trim().length > 0), 10_000);

    test('lists the OpenAPI commands under their category (screenshot)', async () => {
      await open(rootUri());
      await driver('press', { keys: ['F1'] });
      await driver('type', { text: 'OpenAPI: ' });
      const rows = await until('the palette rows', async () => {
        const texts = await driver<string[]>('texts', { selector: '.quick-input-widget .monaco-list-row' });
        return texts.filter((t) => t.includes('OpenAPI:')).length >= 6 ? texts : undefined;
      }, 10_000);
      for (const title of ['New OpenAPI Document', 'Bundle to a File', 'Convert to OpenAPI 3.0', 'Open Preview to the Side', 'Check the Whole Workspace', 'Show Which Files Are OpenAPI']) {
        assert.ok(rows.some((r) => r.includes(`OpenAPI: ${title}`)), `${title} in ${rows.join(' | ')}`);
      }
      await driver('screenshot', { name: 'palette-openapi-commands' });
      await driver('press', { keys: ['Escape'] });
    });

    test('says what the active file is, and a click lists the related files (screenshot)', async () => {
      await open(rootUri());
      assert.strictEqual(await shownStatus(), 'OpenAPI 3.0 root');
      await open(schemasUri());
      await until('the referenced file\'s role', async () => ((await statusItem()).some((t) => t.trim() === 'referenced by openapi.yaml') ? true : undefined), 10_000);
      await driver('screenshot', { name: 'status-bar-referenced' });
      await driver('click', { selector: '.statusbar-item[id$="openapi30.fileRole"]', text: 'referenced by openapi.yaml' });
      const rows = await until('the roots listed', async () => {
        const texts = await driver<string[]>('texts', { selector: '.quick-input-widget .monaco-list-row' });
        return texts.length > 0 ? texts : undefined;
      }, 10_000);
      assert.ok(rows.some((r) => r.includes('openapi.yaml')), rows.join(' | '));
      await driver('screenshot', { name: 'status-bar-roots-listed' });
      await driver('press', { keys: ['Escape'] });
      const notes = await write('notes.yaml', 'just: some notes\n');
      await open(notes);
      await until('no item on a file no description uses', async () => ((await statusItem()).every((t) => t.trim() === '') ? true : undefined), 10_000);
      await vscode.workspace.fs.delete(notes);
    });

    test('Check the Whole Workspace puts a closed root\'s findings in Problems', async () => {
      const closed = await write('closed-api.yaml', [
        'openapi: 3.0.3', 'info:', '  title: Closed', '  version: 1.0.0', 'paths:', '  /things:', '    get:', '      operationId: listThings', '      responses:',
        "        '200':", '          description: The things', '          content:', '            application/json:', '              schema:',
        "                $ref: '#/components/schemas/Thing'", '',
      ].join('\n'));
      try {
        // The server learns of the new file from the file watcher: the check is asked again until it has.
        const found = await until('the closed root\'s findings', async () => {
          await vscode.commands.executeCommand('openapi30.checkWorkspace');
          return ours(closed).length > 0 ? ours(closed) : undefined;
        }, 30_000);
        assert.deepStrictEqual(found.map((d) => `${codeOf(d)} ${d.range.start.line}:${d.range.start.character} ${d.message}`),
          ['ref-unresolved 14:22 "#/components/schemas/Thing" does not resolve: the document root has no "components".']);
        assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === closed.toString()), 'the file was never opened');
        await vscode.commands.executeCommand('workbench.actions.view.problems');
        await sleep(800);
        await driver('screenshot', { name: 'check-workspace-problems' });
      } finally {
        await vscode.workspace.fs.delete(closed);
      }
    });

    // That the untitled document is checked as it is typed: the suite 'Palette commands: files written, an untitled document checked'.
    test('New OpenAPI Document opens an untitled YAML document from the template (screenshot)', async () => {
      const opened = vscode.commands.executeCommand('openapi30.newDocument');
      await until('the format pick', async () => ((await driver<string[]>('texts', { selector: '.quick-input-widget .monaco-list-row' })).some((t) => t.includes('YAML')) ? true : undefined), 10_000);
      await driver('press', { keys: ['Enter'] });
      await opened;
      const editor = await until('the untitled document', () => (vscode.window.activeTextEditor?.document.isUntitled ? vscode.window.activeTextEditor : undefined));
      assert.strictEqual(editor.document.languageId, 'yaml');
      assert.match(editor.document.getText(), /^openapi: 3\.0\.3\ninfo:\n  title: My API/);
      assert.strictEqual(editor.document.getText(editor.selection), 'My API', 'the first placeholder is selected');
      await driver('screenshot', { name: 'new-openapi-document' });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });
  });

  suite('The preview', () => {
    const previewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('openapi30.preview'));
    /** What the preview's page shows (its visible elements matching a selector). */
    const shown = (selector: string) => driver<string[]>('webviewTexts', { selector });
    const summaries = () => shown('.opblock-summary-description');
    let editor: vscode.TextEditor;
    const replace = (from: string, to: string) => editor.edit((edit) => {
      const offset = editor.document.getText().indexOf(from);
      assert.ok(offset >= 0, `${from} is in the document`);
      edit.replace(new vscode.Range(editor.document.positionAt(offset), editor.document.positionAt(offset + from.length)), to);
    });

    suiteSetup(async () => {
      editor = await open(rootUri());
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.files.revert', rootUri());
    });

    test('opens beside the editor and renders the bundled document', async () => {
      await vscode.commands.executeCommand('openapi30.preview');
      const tab = await until('the preview tab', () => previewTabs()[0]);
      assert.notStrictEqual(tab.group.viewColumn, editor.viewColumn, 'beside the editor');
      await until('the operations rendered', async () => ((await summaries()).includes('List pets') ? true : undefined));
      // The Pet schema comes from schemas.yaml: bundled into the root's components.
      await until('the schemas.yaml part in components', async () => ((await shown('.models .model-box')).some((t) => t.includes('Pet')) ? true : undefined));
      await driver('screenshot', { name: 'preview' });
    });

    test('shows what the bundle could not do above the render', async () => {
      // examples/petstore has a $ref to a response that is not there, and one to a schema name misspelled.
      await driver('webviewClick', { selector: '#notes summary' });
      const notes = await until('the bundle notes', async () => {
        const texts = await shown('#notes li');
        return texts.length > 0 ? texts : undefined;
      }, 10_000);
      assert.deepStrictEqual(await shown('#notes summary'), [`${notes.length} notes on this preview`]);
      assert.ok(notes.includes('openapi.yaml#/paths/~1pets~1{petId}/get/responses/404: #/components/responses/NotFound does not resolve; it stays a $ref.'), notes.join('\n'));
      assert.ok(notes.some((n) => /^schemas\.yaml#\/NewPet\/allOf\/0: #\/Pett does not resolve; it stays a \$ref\.$/.test(n)), notes.join('\n'));
      await driver('screenshot', { name: 'preview-notes' });
      await driver('webviewClick', { selector: '#notes summary' });
    });

    test('updates after typing stops, from the unsaved text', async () => {
      await replace('summary: List pets', 'summary: List every pet');
      await until('the edit in the preview', async () => ((await summaries()).includes('List every pet') ? true : undefined), 10_000);
      assert.ok(editor.document.isDirty, 'the preview shows text not yet saved');
    });

    test('on a referenced file, opens its root\'s preview scrolled to that file\'s part', async () => {
      await open(schemasUri());
      await vscode.commands.executeCommand('openapi30.preview');
      await until('the preview of schemas.yaml', () => previewTabs().find((t) => t.label === 'Preview schemas.yaml'));
      // schemas.yaml#/Pet is bundled as components/schemas/Pet: its model is scrolled into view.
      await until('the Pet model in view', async () => ((await driver<number>('webviewInView', { selector: '#model-Pet' })) > 0 ? true : undefined), 10_000);
      await driver('screenshot', { name: 'preview-referenced-file' });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      editor = await open(rootUri());
    });

    test('keeps the last render under a banner with the first error, when the document cannot be read', async () => {
      await replace('summary: List every pet', 'summary: [List every pet');
      const banner = await until('the error banner', async () => {
        const texts = await shown('#banner');
        return texts.length > 0 ? texts[0] : undefined;
      }, 10_000);
      assert.match(banner, /openapi\.yaml: .*Go to the error/);
      assert.ok((await summaries()).includes('List every pet'), 'the last good render stays');
      await driver('screenshot', { name: 'preview-error' });
    });

    test('the banner\'s link goes to the error', async () => {
      place(editor, new vscode.Position(0, 0));
      await driver('webviewClick', { selector: '#banner a' });
      const line = editor.document.getText().split('\n').findIndex((l) => l.includes('summary: [List every pet'));
      const at = await until('the cursor at the error', () => {
        const active = vscode.window.activeTextEditor;
        return active?.document.uri.toString() === rootUri().toString() && active.selection.start.line >= line ? active.selection.start : undefined;
      }, 10_000);
      assert.ok(at.line >= line, `at or after the broken line ${line}: ${at.line}`);
    });

    test('follows a dark theme', async () => {
      const workbench = vscode.workspace.getConfiguration('workbench');
      await workbench.update('colorTheme', 'Default Dark Modern', vscode.ConfigurationTarget.Global);
      try {
        await until('Swagger UI in its dark styles', async () => ((await shown('html.dark-mode .swagger-ui .info')).length > 0 ? true : undefined), 10_000);
        await driver('screenshot', { name: 'preview-dark' });
      } finally {
        await workbench.update('colorTheme', undefined, vscode.ConfigurationTarget.Global);
      }
    });
  });

  suite('Remote $refs', () => {
    // A schema registry on 127.0.0.1, served from the extension host (nothing leaves the machine).
    let registry: http.Server;
    let host = '';
    const requests: string[] = [];
    const SCHEMAS = 'Pet:\n  type: object\n  properties:\n    age:\n      type: integer\n      minimum: 10\n      maximum: 1\n';
    const settings = () => vscode.workspace.getConfiguration('openapi30');

    suiteSetup(async () => {
      registry = http.createServer((req, res) => {
        requests.push(`${req.method} ${req.url}`);
        if (req.url === '/schemas.yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end(SCHEMAS);
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
      host = `127.0.0.1:${(registry.address() as AddressInfo).port}`;
    });

    suiteTeardown(async () => {
      await settings().update('remoteRefs.allow', undefined, vscode.ConfigurationTarget.Workspace);
      registry.close();
    });

    test('"Allow fetching from HOST" writes the workspace setting; the document is fetched, checked, and F12 opens it read only', async () => {
      const ref = `http://${host}/schemas.yaml#/Pet`;
      const root = vscode.Uri.joinPath(folder(), 'remote.yaml');
      await vscode.workspace.fs.writeFile(root, Buffer.from(
        'openapi: 3.0.3\ninfo:\n  title: Remote\n  version: 1.0.0\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses:\n' +
        `        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: '${ref}'\n`,
      ));
      const editor = await open(root);
      const notAllowed = await until('the information on the $ref', () => ours(root).find((d) => codeOf(d) === 'ref-unresolved'));
      assert.strictEqual(notAllowed.severity, vscode.DiagnosticSeverity.Information);
      assert.match(notAllowed.message, new RegExp(`${host.replace(/\./g, '\\.')} is not an allowed host`));
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', root, notAllowed.range, vscode.CodeActionKind.QuickFix.value);
      const allow = actions.find((a) => a.title === `Allow fetching from ${host}`);
      assert.ok(allow?.command, actions.map((a) => a.title).join(' | '));
      assert.deepStrictEqual(requests, [], 'nothing is fetched before the host is allowed');
      await vscode.commands.executeCommand(allow.command.command, ...(allow.command.arguments ?? []));
      assert.deepStrictEqual(settings().inspect<string[]>('remoteRefs.allow')?.workspaceValue, [host]);
      await until('the $ref checked', () => (ours(root).some((d) => codeOf(d) === 'ref-unresolved') ? undefined : true));
      assert.deepStrictEqual(requests, ['GET /schemas.yaml']);

      const line = editor.document.getText().split('\n').findIndex((l) => l.includes('$ref:'));
      const links = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
        'vscode.executeDefinitionProvider', root, new vscode.Position(line, editor.document.lineAt(line).text.indexOf('schemas.yaml')));
      const target = 'targetUri' in links[0] ? links[0].targetUri : links[0].uri;
      assert.strictEqual(target.scheme, 'openapi-remote');
      const remote = await open(target);
      assert.strictEqual(remote.document.getText(), SCHEMAS);
      assert.strictEqual(remote.document.languageId, 'yaml');
      const bounds = await until('the finding inside the remote document', () => ours(target).find((d) => codeOf(d) === 'bounds-order'));
      assert.strictEqual(bounds.range.start.line, 5);
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', target);
      assert.ok(symbols.some((s) => s.name === 'Pet'), JSON.stringify(symbols.map((s) => s.name)));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(root);
    });
  });

  suite('Breaking changes against git (diffrepo/: a description committed in its own repository)', () => {
    const API = [
      'openapi: 3.0.3',
      'info:',
      '  title: Pets',
      '  version: 1.0.0',
      'paths:',
      '  /pets:',
      '    get:',
      '      operationId: listPets',
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
    const repo = () => path.join(folder().fsPath, 'diffrepo');
    const apiUri = () => vscode.Uri.file(path.join(repo(), 'openapi.yaml'));
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: repo(), stdio: 'ignore' });
    const removals = () => vscode.languages.getDiagnostics(apiUri()).filter((d) => d.source === 'openapi-diff' && codeOf(d) === 'operation-removed');
    let editor: vscode.TextEditor;
    /** Deletes the `post` operation (lines 11-15) as a user selecting it and pressing Delete would. */
    const removePost = () => editor.edit((edit) => edit.delete(new vscode.Range(11, 0, 16, 0)));

    suiteSetup(async () => {
      fs.mkdirSync(repo(), { recursive: true });
      fs.writeFileSync(apiUri().fsPath, API);
      git('init', '-q', '-b', 'main');
      git('add', 'openapi.yaml');
      git('commit', '-q', '-m', 'The first version');
      editor = await open(apiUri());
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    test('removing an operation shows a warning before saving, and "Deprecate instead of removing" puts it back', async () => {
      // The first removal waits for the server to read the base with git; the second is timed.
      await removePost();
      await until('the removal\'s warning', () => (removals().length ? true : undefined));
      await vscode.commands.executeCommand('undo');
      await until('the warning to go after undo', () => (removals().length ? undefined : true));
      const started = Date.now();
      await removePost();
      const [removal] = await until('the removal\'s warning again', () => (removals().length ? removals() : undefined));
      console.log(`[e2e] operation-removed shown ${Date.now() - started} ms after the edit`);
      assert.strictEqual(removal.severity, vscode.DiagnosticSeverity.Warning);
      assert.strictEqual(removal.message, 'POST /pets was removed without being deprecated first: clients that call it get an error. ' +
        'Mark it deprecated: true in a release before removing it. (compared with main)');
      assert.deepStrictEqual([removal.range.start.line, removal.range.start.character, removal.range.end.line, removal.range.end.character], [5, 2, 5, 7]);
      assert.ok(editor.document.isDirty, 'shown before saving');

      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', apiUri(), removal.range, vscode.CodeActionKind.QuickFix.value);
      const restore = actions.find((a) => a.title === 'Deprecate instead of removing');
      assert.ok(restore, actions.map((a) => a.title).join(' | '));
      assert.ok(await vscode.workspace.applyEdit(restore.edit!));
      assert.strictEqual(editor.document.getText(), API.replace('      operationId: createPet\n', '      operationId: createPet\n      deprecated: true\n'));
      await until('the warning to go after the fix', () => (removals().length ? undefined : true));
      await driver('screenshot', { name: 'breaking-change-fixed' });
    });

    test('committing the removal from a terminal moves the base: the warning goes without another edit', async () => {
      await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), API));
      await removePost();
      await until('the removal\'s warning', () => (removals().length ? true : undefined));
      await driver('screenshot', { name: 'breaking-change-warning' });
      assert.ok(await editor.document.save());
      git('commit', '-q', '-am', 'POST /pets goes');
      await until('the warning to go after the commit', () => (removals().length ? undefined : true), 15_000);
    });
  });

  suite('Try it out', () => {
    // A loopback server started here, in the extension host: what it received is what the extension sent.
    interface Received { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }
    const received: Received[] = [];
    let server: http.Server;
    let port = 0;
    const UPLOADED = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x0d, 0x0a]);
    const tryUri = () => vscode.Uri.joinPath(folder(), 'tryit.yaml');
    const previewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('openapi30.preview'));
    const shown = (selector: string) => driver<string[]>('webviewTexts', { selector });
    const op = (operationId: string) => `#operations-tryit-${operationId}`;

    /** Opens an operation, turns Try it out on, lets `fill` fill the form, executes, and waits for the answer's status. */
    async function execute(operationId: string, fill: () => Promise<void>, expectedStatus: string): Promise<void> {
      const before = received.length;
      await until(`operation ${operationId}`, async () => ((await shown(`${op(operationId)} .opblock-summary`)).length > 0 ? true : undefined));
      if ((await shown(`${op(operationId)} .try-out__btn`)).length === 0) await driver('webviewClick', { selector: `${op(operationId)} .opblock-summary-control` });
      await until('the Try it out button', async () => ((await shown(`${op(operationId)} .try-out__btn`)).length > 0 ? true : undefined));
      if ((await shown(`${op(operationId)} .try-out__btn.cancel`)).length === 0) await driver('webviewClick', { selector: `${op(operationId)} .try-out__btn` });
      await fill();
      await driver('webviewClick', { selector: `${op(operationId)} .btn.execute` });
      await until(`the answer to ${operationId}`, async () => {
        const statuses = await shown(`${op(operationId)} .live-responses-table .response-col_status`);
        return received.length > before && statuses.some((s) => s.trim() === expectedStatus) ? true : undefined;
      }, 15_000);
    }

    suiteSetup(async () => {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
          const route = new URL(req.url!, 'http://x').pathname;
          res.setHeader('Content-Type', 'application/json');
          if (route === '/v1/fail') {
            res.statusCode = 500;
            res.end('{"message":"the test server failed on purpose"}');
          } else if (route === '/v1/me' && req.headers.authorization !== 'Bearer s3cret-token') {
            res.statusCode = 401;
            res.end('{"message":"no token"}');
          } else res.end(JSON.stringify({ answered: `${req.method} ${req.url}` }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
      // The server URL has a variable, whose default is the test server's port: Swagger UI fills it in.
      fs.writeFileSync(tryUri().fsPath, `openapi: 3.0.3
info:
  title: Try it out
  version: 1.0.0
servers:
  - url: http://127.0.0.1:{port}/v1
    variables:
      port:
        default: '${port}'
tags:
  - name: tryit
paths:
  /items:
    get:
      tags: [tryit]
      operationId: listItems
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
      responses:
        '200':
          description: The items
    post:
      tags: [tryit]
      operationId: addItem
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name:
                  type: string
      responses:
        '200':
          description: Added
  /upload:
    post:
      tags: [tryit]
      operationId: uploadFile
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                file:
                  type: string
                  format: binary
      responses:
        '200':
          description: Stored
  /fail:
    get:
      tags: [tryit]
      operationId: failing
      responses:
        '500':
          description: Fails
  /me:
    get:
      tags: [tryit]
      operationId: whoAmI
      security:
        - token: []
      responses:
        '200':
          description: The caller
components:
  securitySchemes:
    token:
      type: http
      scheme: bearer
`);
      await open(tryUri());
      await vscode.commands.executeCommand('openapi30.preview');
      await until('the preview of tryit.yaml', () => previewTabs().find((t) => t.label === 'Preview tryit.yaml'));
    });

    suiteTeardown(async () => {
      server.close();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(tryUri().fsPath, { force: true });
    });

    test('sends a GET with a query parameter from the extension host, to the server URL with its variable', async () => {
      await execute('listItems', () => driver('webviewFill', { selector: `${op('listItems')} tr[data-param-name="limit"] input`, text: '7' }), '200');
      const request = received[received.length - 1];
      assert.strictEqual(`${request.method} ${request.url}`, 'GET /v1/items?limit=7');
      const body = await shown(`${op('listItems')} .live-responses-table .response-col_description`);
      assert.ok(body.some((t) => t.includes('"answered": "GET /v1/items?limit=7"')), body.join('\n'));
      assert.match(body.join('\n'), /Request duration\d+ ms/, 'the time the request took');
      assert.match(body.join('\n'), /Response headers.*content-type: application\/json/s, 'the response\'s headers');
      await driver('webviewReveal', { selector: `${op('listItems')} .live-responses-table` });
      await driver('screenshot', { name: 'try-it-out-get' });
    });

    test('sends a POST with a JSON body, and an upload of a file (format: binary)', async () => {
      await execute('addItem', () => driver('webviewFill', { selector: `${op('addItem')} textarea.body-param__text`, text: '{"name":"Rex"}' }), '200');
      const posted = received[received.length - 1];
      assert.strictEqual(`${posted.method} ${posted.url} ${posted.headers['content-type']}`, 'POST /v1/items application/json');
      assert.deepStrictEqual(JSON.parse(posted.body.toString()), { name: 'Rex' });
      await execute('uploadFile', () => driver('webviewFile', {
        selector: `${op('uploadFile')} input[type=file]`, name: 'pic.png', mimeType: 'image/png', base64: UPLOADED.toString('base64'),
      }), '200');
      const upload = received[received.length - 1];
      const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(String(upload.headers['content-type']))?.[1];
      assert.ok(boundary, String(upload.headers['content-type']));
      const head = Buffer.from(`Content-Disposition: form-data; name="file"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`);
      const at = upload.body.indexOf(head);
      assert.ok(at > 0, upload.body.toString('latin1'));
      assert.deepStrictEqual(upload.body.subarray(at + head.length, at + head.length + UPLOADED.length), UPLOADED);
    });

    test('shows a 500 answer with its status and body', async () => {
      await execute('failing', async () => undefined, '500');
      const body = await shown(`${op('failing')} .live-responses-table .response-col_description`);
      assert.ok(body.some((t) => t.includes('the test server failed on purpose')), body.join('\n'));
      await driver('webviewReveal', { selector: `${op('failing')} .live-responses-table` });
      await driver('screenshot', { name: 'try-it-out-500' });
    });

    test('keeps a bearer token in SecretStorage and offers it back when the preview opens again', async () => {
      await driver('webviewClick', { selector: '.auth-wrapper .btn.authorize' });
      await driver('webviewFill', { selector: '.modal-ux .auth-container input', text: 's3cret-token' });
      await driver('webviewClick', { selector: '.modal-ux .auth-btn-wrapper .btn.modal-btn.authorize' });
      await driver('webviewClick', { selector: '.modal-ux .btn-done' });
      await execute('whoAmI', async () => undefined, '200');
      assert.strictEqual(received[received.length - 1].headers.authorization, 'Bearer s3cret-token');
      // Closed and opened again: nothing typed, the token comes from SecretStorage.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await open(tryUri());
      await vscode.commands.executeCommand('openapi30.preview');
      await until('the preview of tryit.yaml', () => previewTabs().find((t) => t.label === 'Preview tryit.yaml'));
      await execute('whoAmI', async () => undefined, '200');
      assert.strictEqual(received[received.length - 1].headers.authorization, 'Bearer s3cret-token');
    });
  });

  suite('Scroll sync', () => {
    const scrollUri = () => vscode.Uri.joinPath(folder(), 'scroll.yaml');
    const ROUTES = 30;
    const inView = (selector: string) => driver<number>('webviewInView', { selector });
    let editor: vscode.TextEditor;
    const lineOf = (text: string) => editor.document.getText().split('\n').indexOf(text);

    suiteSetup(async () => {
      const paths = Array.from({ length: ROUTES }, (_, i) => `  /r${i}:\n    get:\n      operationId: getR${i}\n      summary: Route ${i}\n      responses:\n        '200':\n          description: OK\n`).join('');
      fs.writeFileSync(scrollUri().fsPath, `openapi: 3.0.3\ninfo:\n  title: Scroll\n  version: 1.0.0\npaths:\n${paths}components:\n  schemas:\n    Far:\n      type: object\n      properties:\n        id:\n          type: string\n`);
      editor = await open(scrollUri());
      await vscode.commands.executeCommand('openapi30.preview');
      await until('the last operation rendered', async () => ((await driver<string[]>('webviewTexts', { selector: '#operations-default-getR29' })).length > 0 ? true : undefined));
    });

    suiteTeardown(async () => {
      await vscode.workspace.getConfiguration('openapi30.preview').update('scrollSync', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(scrollUri().fsPath, { force: true });
    });

    test('moving the cursor into an operation or a component scrolls the preview to it', async () => {
      assert.strictEqual(await inView('#operations-default-getR25'), 0, 'not in view at first');
      place(editor, new vscode.Position(lineOf('      operationId: getR25'), 8));
      await until('operation /r25 in view', async () => ((await inView('#operations-default-getR25')) > 0 ? true : undefined), 10_000);
      await driver('screenshot', { name: 'preview-scroll-sync' });
      place(editor, new vscode.Position(lineOf('      operationId: getR2'), 8));
      await until('operation /r2 in view', async () => ((await inView('#operations-default-getR2')) > 0 ? true : undefined), 10_000);
      place(editor, new vscode.Position(lineOf('          type: string'), 12));
      await until('the Far model in view', async () => ((await inView('#model-Far')) > 0 ? true : undefined), 10_000);
    });

    test('an operation\'s Source button in the preview goes to its place in the editor', async () => {
      place(editor, new vscode.Position(0, 0));
      await driver('webviewClick', { selector: '#operations-default-getR17 .openapi30-source' });
      const line = lineOf('  /r17:') + 1;
      const at = await until('the cursor at /r17 get', () => {
        const active = vscode.window.activeTextEditor;
        return active?.document.uri.toString() === scrollUri().toString() && active.selection.active.line === line ? active.selection.active : undefined;
      }, 10_000);
      assert.deepStrictEqual([at.line, at.character], [line, 4], 'at the get: key of /r17');
    });

    test('with openapi30.preview.scrollSync off, the cursor does not scroll the preview', async () => {
      await vscode.workspace.getConfiguration('openapi30.preview').update('scrollSync', false, vscode.ConfigurationTarget.Global);
      place(editor, new vscode.Position(lineOf('      operationId: getR28'), 8));
      await sleep(2_000);
      assert.strictEqual(await inView('#operations-default-getR28'), 0, '/r28 stays out of view');
    });
  });

  suite('Palette commands: files written, an untitled document checked', () => {
    const file = (name: string) => vscode.Uri.joinPath(folder(), name);
    const read = async (uri: vscode.Uri) => Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
    const exists = async (uri: vscode.Uri) => vscode.workspace.fs.stat(uri).then(() => true, () => false);
    const written: vscode.Uri[] = [];
    const write = async (name: string, text: string) => {
      await vscode.workspace.fs.writeFile(file(name), Buffer.from(text));
      written.push(file(name));
      return file(name);
    };

    /** Runs a command as a user does: F1, its title, Enter. */
    const fromPalette = async (title: string) => {
      await driver('press', { keys: ['F1'] });
      await driver('type', { text: title });
      await until(`"${title}" in the palette`, async () => {
        const rows = await driver<string[]>('texts', { selector: '.quick-input-widget .monaco-list-row' });
        return rows.some((r) => r.includes(title)) ? true : undefined;
      }, 10_000);
      await driver('press', { keys: ['Enter'] });
    };

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      for (const uri of written) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    });

    test('Bundle to a File writes the bundled description where the save dialog says (screenshot)', async () => {
      await write('bundle-pet.yaml', 'type: object\nproperties:\n  name:\n    type: string\n');
      const api = await write('bundle-api.yaml', [
        'openapi: 3.0.3', 'info:', '  title: Bundled pets', '  version: 1.0.0', 'paths:', '  /pets:', '    get:', '      operationId: listBundledPets',
        '      responses:', "        '200':", '          description: The pets', '          content:', '            application/json:', '              schema:',
        "                $ref: './bundle-pet.yaml'", '',
      ].join('\n'));
      const target = file('out/pets-bundle.yaml');
      written.push(target, file('out'));
      await open(api);
      await fromPalette('OpenAPI: Bundle to a File');
      // code-server's save dialog is VS Code's simple one: a path in a quick input, the default one selected.
      await until('the save dialog', async () => {
        const values = await driver<string[]>('texts', { selector: '.quick-input-widget .quick-input-box input' });
        return values.length ? values : undefined;
      }, 10_000);
      await driver('screenshot', { name: 'bundle-save-dialog' });
      await vscode.workspace.fs.createDirectory(file('out'));
      await driver('press', { keys: ['Control+A'] });
      await driver('type', { text: target.fsPath });
      await driver('press', { keys: ['Enter'] });
      await until('the bundled file', () => exists(target).then((e) => (e ? true : undefined)), 20_000);
      assert.strictEqual(await until('the whole file', async () => ((await read(target)).includes('components:') ? read(target) : undefined), 10_000), [
        'openapi: 3.0.3', 'info:', '  title: Bundled pets', '  version: 1.0.0', 'paths:', '  /pets:', '    get:', '      operationId: listBundledPets',
        '      responses:', '        "200":', '          description: The pets', '          content:', '            application/json:', '              schema:',
        '                $ref: "#/components/schemas/bundle-pet"', 'components:', '  schemas:', '    bundle-pet:', '      type: object', '      properties:',
        '        name:', '          type: string', '',
      ].join('\n'));
      await driver('screenshot', { name: 'bundle-written' });
    });

    test('Convert to OpenAPI 3.0 writes the converted document beside the Swagger 2.0 one and opens it', async () => {
      const old = await write('old-api.yaml', [
        "swagger: '2.0'", 'info:', '  title: Old pets', '  version: 1.0.0', 'host: pets.example.com', 'basePath: /v1', 'schemes: [https]', 'paths:', '  /pets:',
        '    get:', '      operationId: listOldPets', '      produces: [application/json]', '      responses:', "        '200':", '          description: The pets',
        '          schema:', '            type: array', '            items:', '              type: string', '',
      ].join('\n'));
      const converted = file('old-api.openapi.yaml');
      written.push(converted);
      await open(old);
      await fromPalette('OpenAPI: Convert to OpenAPI 3.0');
      const editor = await until('the converted document, opened', () => {
        const active = vscode.window.activeTextEditor;
        return active?.document.uri.toString() === converted.toString() ? active : undefined;
      }, 20_000);
      const expected = [
        'openapi: 3.0.3', 'info:', '  title: Old pets', '  version: 1.0.0', 'servers:', '  - url: https://pets.example.com/v1', 'paths:', '  /pets:', '    get:',
        '      operationId: listOldPets', '      responses:', "        '200':", '          description: The pets', '          content:', '            application/json:',
        '              schema:', '                type: array', '                items:', '                  type: string', '',
      ].join('\n');
      assert.strictEqual(editor.document.getText(), expected);
      // The edit created the file; saved, it is on disk as shown.
      await editor.document.save();
      assert.strictEqual(await read(converted), expected);
      await driver('screenshot', { name: 'convert-written' });
    });

    test('New OpenAPI Document: the untitled document is checked while unsaved, its findings in Problems (screenshot)', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await fromPalette('OpenAPI: New OpenAPI Document');
      await until('the format pick', async () => ((await driver<string[]>('texts', { selector: '.quick-input-widget .monaco-list-row' })).some((t) => t.includes('YAML')) ? true : undefined), 10_000);
      await driver('press', { keys: ['Enter'] });
      const editor = await until('the untitled document', () => (vscode.window.activeTextEditor?.document.isUntitled ? vscode.window.activeTextEditor : undefined));
      const uri = editor.document.uri;
      // The template checks clean: nothing but information at most.
      await sleep(1_500);
      assert.deepStrictEqual(ours(uri).filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning).map((d) => d.message), []);
      // A misspelt component and a relative $ref, as a user types them.
      const text = editor.document.getText();
      const misspelt = text.indexOf("#/components/schemas/Item'") + '#/components/schemas/'.length;
      await editor.edit((b) => {
        b.replace(new vscode.Range(editor.document.positionAt(misspelt), editor.document.positionAt(misspelt + 4)), 'Itme');
        b.insert(editor.document.positionAt(text.length), "    Other:\n      $ref: './other.yaml'\n");
      });
      const found = await until('the untitled document\'s findings', () => {
        const list = ours(uri).filter((d) => codeOf(d) === 'ref-unresolved');
        return list.length === 2 ? list : undefined;
      }, 20_000);
      const line = (d: vscode.Diagnostic) => editor.document.lineAt(d.range.start.line).text.trim();
      assert.deepStrictEqual(found.map((d) => [d.severity, line(d), d.message]).sort(), [
        [vscode.DiagnosticSeverity.Error, "$ref: '#/components/schemas/Itme'", '"#/components/schemas/Itme" does not resolve: "/components/schemas" has no "Itme".'],
        [vscode.DiagnosticSeverity.Information, "$ref: './other.yaml'", 'This document is not saved yet: references to other files are followed once it is saved in a folder.'],
      ]);
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      const rows = await until('the findings in Problems', async () => {
        const texts = await driver<string[]>('texts', { selector: '.markers-panel .monaco-list-row' });
        return texts.some((t) => t.includes('Itme')) ? texts : undefined;
      }, 10_000);
      assert.ok(rows.some((r) => r.includes('not saved yet')), rows.join(' | '));
      await driver('screenshot', { name: 'untitled-document-problems' });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });
  });

  suite('Try it out: OAuth 2, binary answers and cookies', () => {
    // One loopback server plays the API, the OAuth token endpoint and the authorization server.
    interface Received { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }
    const received: Received[] = [];
    let server: http.Server;
    let port = 0;
    /** Every byte value, so that a save that decoded or re-encoded anything shows. */
    const BINARY = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
    /** Code issued by the authorization endpoint → the PKCE challenge it was issued for. */
    const issued = new Map<string, string>();
    const oauthUri = () => vscode.Uri.joinPath(folder(), 'oauth.yaml');
    const previewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('openapi30.preview'));
    const shown = (selector: string) => driver<string[]>('webviewTexts', { selector });
    const op = (operationId: string) => `#operations-oauth-${operationId}`;
    const tokenRequests = () => received.filter((r) => r.url === '/oauth/token');
    const flowBox = (flow: string) => `.modal-ux .auth-container:has-text("OAuth2, ${flow}")`;

    async function execute(operationId: string, expectedStatus: string): Promise<void> {
      const before = received.length;
      // A dialog a failed test left open would cover the operation.
      if ((await shown('.modal-ux')).length > 0) await driver('webviewClick', { selector: '.modal-ux .btn-done' });
      await until(`operation ${operationId}`, async () => ((await shown(`${op(operationId)} .opblock-summary`)).length > 0 ? true : undefined));
      if ((await shown(`${op(operationId)} .try-out__btn`)).length === 0) await driver('webviewClick', { selector: `${op(operationId)} .opblock-summary-control` });
      await until('the Try it out button', async () => ((await shown(`${op(operationId)} .try-out__btn`)).length > 0 ? true : undefined));
      if ((await shown(`${op(operationId)} .try-out__btn.cancel`)).length === 0) await driver('webviewClick', { selector: `${op(operationId)} .try-out__btn` });
      await driver('webviewClick', { selector: `${op(operationId)} .btn.execute` });
      await until(`the answer to ${operationId}`, async () => {
        const statuses = await shown(`${op(operationId)} .live-responses-table .response-col_status`);
        return received.length > before && statuses.some((s) => s.trim() === expectedStatus) ? true : undefined;
      }, 15_000);
    }

    async function openPreview(): Promise<void> {
      // Toasts and panels earlier tests left open would cover the dialog's buttons.
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await open(oauthUri());
      await vscode.commands.executeCommand('openapi30.preview');
      await until('the preview of oauth.yaml', () => previewTabs().find((t) => t.label === 'Preview oauth.yaml'));
    }

    /** Authorize's dialog, one flow's box: waits until it says the flow is authorized (its Logout button). */
    async function authorizedIn(flow: string): Promise<void> {
      try {
        await until(`${flow} authorized`, async () => {
          const errors = await shown(`${flowBox(flow)} .errors`);
          if (errors.some((e) => e.trim())) throw new Error(`the dialog shows: ${errors.join(' ')}`);
          return (await shown(`${flowBox(flow)} .auth-btn-wrapper .btn`)).some((t) => t.trim() === 'Logout') ? true : undefined;
        }, 30_000);
      } catch (error) {
        // What the dialog and the test server saw, to tell a refused token from a request never made.
        await driver('screenshot', { name: `try-it-out-oauth-${flow}-failed` });
        throw new Error(`${String(error)}; the box shows ${JSON.stringify(await shown(flowBox(flow)))}; the server received ${received.map((r) => r.url).join(', ')}`);
      }
    }

    suiteSetup(async () => {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
          const url = new URL(req.url!, 'http://x');
          const json = (status: number, value: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
          if (url.pathname === '/oauth/authorize') {
            const code = `code-${issued.size + 1}`;
            issued.set(code, url.searchParams.get('code_challenge') ?? '');
            const back = new URL(url.searchParams.get('redirect_uri')!);
            back.searchParams.set('code', code);
            back.searchParams.set('state', url.searchParams.get('state') ?? '');
            res.writeHead(302, { Location: back.toString() }).end();
          } else if (url.pathname === '/oauth/token') {
            const form = new URLSearchParams(body.toString());
            if (form.get('grant_type') === 'client_credentials') {
              const client = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64').toString();
              if (client !== 'test-client:test-secret') json(401, { error: 'invalid_client' });
              else json(200, { access_token: 'cc-token', token_type: 'bearer', scope: form.get('scope') });
            } else if (form.get('grant_type') === 'authorization_code') {
              const verifier = form.get('code_verifier') ?? '';
              const challenge = createHash('sha256').update(verifier).digest('base64url');
              if (issued.get(form.get('code') ?? '') !== challenge) json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
              else json(200, { access_token: 'code-token', token_type: 'Bearer' });
            } else json(400, { error: 'unsupported_grant_type' });
          } else if (url.pathname === '/v1/me' || url.pathname === '/v1/whoami') {
            if (req.headers.authorization === 'Bearer cc-token' || req.headers.authorization === 'Bearer code-token') json(200, { token: req.headers.authorization });
            else json(401, { message: 'no token' });
          } else if (url.pathname === '/v1/report') {
            res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="report.bin"' }).end(BINARY);
          } else if (url.pathname === '/v1/login') {
            res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': ['session=abc123; Path=/; HttpOnly', 'theme=dark; Path=/'] }).end('{"ok":true}');
          } else json(404, {});
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
      fs.writeFileSync(oauthUri().fsPath, `openapi: 3.0.3
info:
  title: OAuth
  version: 1.0.0
servers:
  - url: http://127.0.0.1:${port}/v1
tags:
  - name: oauth
paths:
  /me:
    get:
      tags: [oauth]
      operationId: meByClient
      security:
        - client: [read]
      responses:
        '200':
          description: The caller
  /whoami:
    get:
      tags: [oauth]
      operationId: meByCode
      security:
        - code: []
      responses:
        '200':
          description: The caller
  /report:
    get:
      tags: [oauth]
      operationId: report
      responses:
        '200':
          description: A binary report
          content:
            application/octet-stream:
              schema:
                type: string
                format: binary
  /login:
    get:
      tags: [oauth]
      operationId: login
      responses:
        '200':
          description: Sets cookies
components:
  securitySchemes:
    client:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: http://127.0.0.1:${port}/oauth/token
          scopes:
            read: Read things
            write: Write things
    code:
      type: oauth2
      flows:
        authorizationCode:
          authorizationUrl: http://[::ffff:127.0.0.1]:${port}/oauth/authorize
          tokenUrl: http://127.0.0.1:${port}/oauth/token
          scopes: {}
`);
      await openPreview();
    });

    suiteTeardown(async () => {
      server.close();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(oauthUri().fsPath, { force: true });
      fs.rmSync(vscode.Uri.joinPath(folder(), 'saved-report.bin').fsPath, { force: true });
    });

    test('client credentials: the extension asks the token endpoint, and sends the token as Bearer; it is kept for the next preview', async () => {
      await until('the Authorize button', async () => ((await shown('.auth-wrapper .btn.authorize')).length > 0 ? true : undefined));
      await driver('webviewClick', { selector: '.auth-wrapper .btn.authorize' });
      await driver('webviewFill', { selector: '#client_id_clientCredentials', text: 'test-client' });
      await driver('webviewFill', { selector: '#client_secret_clientCredentials', text: 'test-secret' });
      await driver('webviewClick', { selector: 'label[for="read-clientCredentials-checkbox-client"]' });
      await driver('webviewClick', { selector: `${flowBox('clientCredentials')} .auth-btn-wrapper .btn.authorize` });
      await authorizedIn('clientCredentials');
      await driver('screenshot', { name: 'try-it-out-oauth-client-credentials' });
      const [tokenRequest] = tokenRequests();
      assert.strictEqual(tokenRequest.method, 'POST');
      assert.deepStrictEqual([...new URLSearchParams(tokenRequest.body.toString())], [['grant_type', 'client_credentials'], ['scope', 'read']]);
      await driver('webviewClick', { selector: '.modal-ux .btn-done' });
      await execute('meByClient', '200');
      assert.strictEqual(received[received.length - 1].headers.authorization, 'Bearer cc-token');
      // Closed and opened again: the token comes from SecretStorage, no new token request.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await openPreview();
      await execute('meByClient', '200');
      assert.strictEqual(received[received.length - 1].headers.authorization, 'Bearer cc-token');
      assert.strictEqual(tokenRequests().length, 1, 'one token request in all');
    });

    test('authorization code with PKCE: the browser goes to the authorization URL, comes back to the extension\'s loopback listener, the code is exchanged', async () => {
      await until('the Authorize button', async () => ((await shown('.auth-wrapper .btn.authorize')).length > 0 ? true : undefined));
      await driver('webviewClick', { selector: '.auth-wrapper .btn.authorize' });
      const trusted = await vscode.workspace.openTextDocument(vscode.Uri.parse('trustedDomains:/Trusted Domains'));
      const all = new vscode.WorkspaceEdit();
      all.replace(trusted.uri, new vscode.Range(0, 0, trusted.lineCount, 0), `["http://[::ffff:7f00:1]:${port}"]`);
      await vscode.workspace.applyEdit(all);
      await trusted.save();
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await driver('webviewFill', { selector: '#client_id_authorizationCode', text: 'pkce-client' });
      await driver('webviewReveal', { selector: `${flowBox('authorizationCode')} .auth-btn-wrapper .btn.authorize` });
      await driver('webviewClick', { selector: `${flowBox('authorizationCode')} .auth-btn-wrapper .btn.authorize` });
      // The extension opened the authorization URL in the browser (a tab of chromium here): the test server saw it.
      // (Written as 127.0.0.1 in its IPv6 form: code-server "forwards" a localhost URL the extension opens
      // through its port proxy, and drops its path and query on the way. VS Code asks before opening a
      // host it does not trust, and refuses to ask in tests: the host is trusted first, in VS Code's own
      // list of trusted domains.)
      const authorizeRequest = await until('the browser at the authorization URL', () => received.find((r) => r.url.startsWith('/oauth/authorize')), 30_000)
        .catch(async (error) => {
          await driver('screenshot', { name: 'try-it-out-oauth-authorizationCode-failed' });
          throw error;
        });
      const query = new URL(authorizeRequest.url, 'http://x').searchParams;
      assert.strictEqual(query.get('response_type'), 'code');
      assert.strictEqual(query.get('client_id'), 'pkce-client');
      assert.strictEqual(query.get('code_challenge_method'), 'S256');
      assert.match(query.get('redirect_uri') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/oauth2\/callback$/);
      await authorizedIn('authorizationCode');
      const exchange = new URLSearchParams(tokenRequests()[tokenRequests().length - 1].body.toString());
      assert.strictEqual(exchange.get('grant_type'), 'authorization_code');
      assert.strictEqual(exchange.get('redirect_uri'), query.get('redirect_uri'));
      await driver('screenshot', { name: 'try-it-out-oauth-authorization-code' });
      await driver('webviewClick', { selector: '.modal-ux .btn-done' });
      await execute('meByCode', '200');
      assert.strictEqual(received[received.length - 1].headers.authorization, 'Bearer code-token');
    });

    test('shows every Set-Cookie header the server sent', async () => {
      await execute('login', '200');
      const lines = await shown(`${op('login')} .live-responses-table .headerline`);
      const cookie = lines.find((l) => l.includes('set-cookie'));
      assert.ok(cookie, lines.join('\n'));
      assert.strictEqual(cookie.trim(), 'set-cookie: session=abc123; Path=/; HttpOnly\ntheme=dark; Path=/');
      await driver('webviewReveal', { selector: `${op('login')} .live-responses-table` });
      await driver('screenshot', { name: 'try-it-out-set-cookie' });
    });

    test('a binary answer\'s Save… writes its bytes exactly where the user chooses', async () => {
      await execute('report', '200');
      const target = vscode.Uri.joinPath(folder(), 'saved-report.bin').fsPath;
      await driver('webviewReveal', { selector: `${op('report')} .openapi30-save-response` });
      await driver('screenshot', { name: 'try-it-out-binary-save' });
      await driver('webviewClick', { selector: `${op('report')} .openapi30-save-response` });
      // code-server's save dialog is VS Code's own: a path to type.
      await until('the save dialog', async () => ((await driver<string[]>('texts', { selector: '.quick-input-widget .quick-input-box input' })).length > 0 ? true : undefined), 10_000);
      await driver('press', { keys: ['Control+a'] });
      await driver('type', { text: target });
      await driver('press', { keys: ['Enter'] });
      const saved = await until('the saved file', () => (fs.existsSync(target) && fs.statSync(target).size > 0 ? fs.readFileSync(target) : undefined), 10_000);
      assert.deepStrictEqual(saved, BINARY);
    });
  });

  suite('Scroll sync on a large document (tags start folded)', () => {
    const largeUri = () => vscode.Uri.joinPath(folder(), 'large.yaml');
    const TAGS = 31;
    const PER_TAG = 10;
    let editor: vscode.TextEditor;

    suiteSetup(async () => {
      // 310 operations: above the 300 where the preview starts with every tag folded.
      let paths = '';
      for (let t = 0; t < TAGS; t++) {
        for (let o = 0; o < PER_TAG; o++) paths += `  /t${t}/o${o}:\n    get:\n      tags: [t${t}]\n      operationId: op${t}x${o}\n      responses:\n        '200':\n          description: OK\n`;
      }
      fs.writeFileSync(largeUri().fsPath, `openapi: 3.0.3\ninfo:\n  title: Large\n  version: 1.0.0\npaths:\n${paths}`);
      editor = await open(largeUri());
      await vscode.commands.executeCommand('openapi30.preview');
      await until('the last tag rendered', async () => ((await driver<string[]>('webviewTexts', { selector: '#operations-tag-t30' })).length > 0 ? true : undefined));
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(largeUri().fsPath, { force: true });
    });

    test('the cursor in an operation of a folded tag unfolds the tag and scrolls to the operation', async () => {
      assert.deepStrictEqual(await driver<string[]>('webviewTexts', { selector: '#operations-t27-op27x6' }), [], 'folded at first: not rendered');
      const line = editor.document.getText().split('\n').indexOf('      operationId: op27x6');
      place(editor, new vscode.Position(line, 8));
      await until('operation op27x6 in view', async () => ((await driver<number>('webviewInView', { selector: '#operations-t27-op27x6' })) > 0 ? true : undefined), 20_000);
      await driver('screenshot', { name: 'preview-scroll-sync-folded-tag' });
    });
  });

  // Only in the run with workspace trust on (scripts/e2e.mjs with OPENAPI_E2E_RESTRICTED=1): the folder opens untrusted.
  if (process.env.OPENAPI_E2E_RESTRICTED === '1') suite('Try it out in Restricted Mode', () => {
    const received: string[] = [];
    let server: http.Server;
    const restrictedUri = () => vscode.Uri.joinPath(folder(), 'restricted.yaml');
    const shown = (selector: string) => driver<string[]>('webviewTexts', { selector });
    const op = '#operations-default-ping';

    suiteSetup(async () => {
      server = http.createServer((req, res) => {
        received.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"pong":true}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      fs.writeFileSync(restrictedUri().fsPath, `openapi: 3.0.3\ninfo:\n  title: Restricted\n  version: 1.0.0\nservers:\n  - url: http://127.0.0.1:${port}\npaths:\n  /ping:\n    get:\n      operationId: ping\n      responses:\n        '200':\n          description: Pong\n`);
      await open(restrictedUri());
      await vscode.commands.executeCommand('openapi30.preview');
      await until('the ping operation', async () => ((await shown(`${op} .opblock-summary`)).length > 0 ? true : undefined));
    });

    suiteTeardown(() => {
      server.close();
      fs.rmSync(restrictedUri().fsPath, { force: true });
    });

    test('Execute says why nothing is sent, sends nothing, and works once the workspace is trusted', async () => {
      assert.strictEqual(vscode.workspace.isTrusted, false, 'the folder opened in Restricted Mode');
      await driver('webviewClick', { selector: `${op} .opblock-summary-control` });
      await until('the Try it out button', async () => ((await shown(`${op} .try-out__btn`)).length > 0 ? true : undefined));
      await driver('webviewClick', { selector: `${op} .try-out__btn` });
      await until('the Execute button', async () => ((await shown(`${op} .btn.execute`)).length > 0 ? true : undefined));
      await driver('webviewClick', { selector: `${op} .btn.execute` });
      const answer = await until('the Restricted Mode answer', async () => {
        const texts = await shown(`${op} .responses-wrapper`);
        return texts.some((t) => t.includes('Try it out sends no requests in Restricted Mode: trust this workspace to send them.')) ? texts : undefined;
      }, 15_000);
      assert.ok(answer.length > 0);
      assert.deepStrictEqual(received, [], 'no request reached the server');
      await driver('webviewReveal', { selector: `${op} .responses-wrapper` });
      await driver('screenshot', { name: 'try-it-out-restricted-mode' });
      // Trusted from VS Code's own Workspace Trust editor, as a user does.
      await vscode.commands.executeCommand('workbench.trust.manage');
      await until('the Trust button', async () => ((await driver<string[]>('texts', { selector: '.workspace-trust-editor .monaco-button' })).some((t) => /^Trust\b/.test(t.trim())) ? true : undefined), 15_000);
      await driver('click', { selector: '.workspace-trust-editor .monaco-button', text: 'Trust' });
      await until('the workspace trusted', () => (vscode.workspace.isTrusted ? true : undefined), 15_000);
      // The trust editor covered the preview, which reloads when shown again.
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await until('the ping operation again', async () => ((await shown(`${op} .opblock-summary`)).length > 0 ? true : undefined));
      if ((await shown(`${op} .try-out__btn`)).length === 0) await driver('webviewClick', { selector: `${op} .opblock-summary-control` });
      await until('the Try it out button', async () => ((await shown(`${op} .try-out__btn`)).length > 0 ? true : undefined));
      if ((await shown(`${op} .btn.execute`)).length === 0) await driver('webviewClick', { selector: `${op} .try-out__btn` });
      await until('the Execute button', async () => ((await shown(`${op} .btn.execute`)).length > 0 ? true : undefined));
      await driver('webviewClick', { selector: `${op} .btn.execute` });
      await until('the request at the server', () => (received.length > 0 ? true : undefined), 15_000);
      assert.deepStrictEqual(received, ['GET /ping']);
    });
  });
}

export function run(): Promise<void> {
  // OPENAPI_E2E_GREP (the extension host inherits code-server's environment): run only the suites or tests it names.
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec', grep: process.env.OPENAPI_E2E_GREP });
  mocha.suite.emit('pre-require', globalThis, 'suite.ts', mocha);
  defineTests();
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} end-to-end tests failed`)) : resolve()));
  });
}
