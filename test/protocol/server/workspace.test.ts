// The workspace as one project, over stdio: indexing with progress, references, rename, file
// renames, workspace symbols, code lens, document links, refactors, outline and unused-component
// across roots, on test/fixtures/workspace (two roots sharing a components document in another
// folder; pointers with `~1` and `%7B`).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, CodeLens, DocumentLink, DocumentSymbol, Location, Range, SymbolInformation, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { SymbolKind } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../../helpers/edits';
import { largeDescription } from '../../helpers/large-description';
import { LspClient } from '../../helpers/lsp-client';
import { REPO_ROOT } from '../../helpers/paths';

describe('the workspace as one project', { timeout: 120_000 }, () => {
  let client: LspClient;
  let dir: string;
  let capabilities: Record<string, unknown>;
  const file = (relative: string) => path.join(dir, relative);
  const uri = (relative: string) => pathToFileURL(file(relative)).href;
  const read = (relative: string) => fs.readFileSync(file(relative), 'utf8');
  const relative = (u: string) => path.relative(dir, fileURLToPath(u)).split(path.sep).join('/');

  /** The position of `needle` (its `at`-th character) in a file. */
  function position(relativePath: string, needle: string, at = 0) {
    const text = read(relativePath);
    const offset = text.indexOf(needle);
    assert.ok(offset >= 0, `${needle} in ${relativePath}`);
    const before = text.slice(0, offset + at).split('\n');
    return { line: before.length - 1, character: before[before.length - 1].length };
  }

  function textAt(u: string, range: Range): string {
    const lines = fs.readFileSync(fileURLToPath(u), 'utf8').split('\n');
    return range.start.line === range.end.line ? lines[range.start.line].slice(range.start.character, range.end.character) : '(multi-line)';
  }

  /** `file:line: text` for each location, sorted. */
  const describeLocations = (locations: Location[]) => locations.map((l) => `${relative(l.uri)}:${l.range.start.line + 1}: ${textAt(l.uri, l.range)}`).sort();

  const references = (relativePath: string, needle: string, at = 0, includeDeclaration = false) =>
    client.request<Location[]>('textDocument/references', { textDocument: { uri: uri(relativePath) }, position: position(relativePath, needle, at), context: { includeDeclaration } });

  const rename = (relativePath: string, needle: string, at: number, newName: string) =>
    client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri(relativePath) }, position: position(relativePath, needle, at), newName });

  /** The files a WorkspaceEdit changes, relative, with their new text. */
  const applied = (edit: WorkspaceEdit) => new Map([...applyWorkspaceEdit(edit, (p) => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : ''))].map(([p, t]) => [path.relative(dir, p).split(path.sep).join('/'), t]));

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-workspace-'));
    fs.cpSync(path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'), dir, { recursive: true });
    // Never indexed: dependencies and build output.
    fs.mkdirSync(file('node_modules/dep'), { recursive: true });
    fs.writeFileSync(file('node_modules/dep/openapi.yaml'), read('api/openapi.yaml'));
    client = new LspClient();
    capabilities = ((await client.initialize(dir, undefined, {
      window: { workDoneProgress: true },
      workspace: { configuration: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } },
      textDocument: { codeAction: { disabledSupport: true, resolveSupport: { properties: ['edit'] } } },
    })) as { capabilities: Record<string, unknown> }).capabilities;
    await client.waitForProgressEnd();
    // The shared components document is open, as in an editor; the roots stay closed.
    client.open(file('shared/components.yaml'), read('shared/components.yaml'));
  });

  after(async () => {
    await client.stop();
  });

  it('declares the workspace features', () => {
    const { referencesProvider, renameProvider, workspaceSymbolProvider, codeLensProvider, documentLinkProvider, codeActionProvider, workspace } = capabilities;
    assert.deepEqual(
      { referencesProvider, renameProvider, workspaceSymbolProvider, codeLensProvider, documentLinkProvider },
      { referencesProvider: true, renameProvider: { prepareProvider: true }, workspaceSymbolProvider: true, codeLensProvider: { resolveProvider: true }, documentLinkProvider: { resolveProvider: false } },
    );
    const actions = codeActionProvider as { codeActionKinds: string[]; resolveProvider: boolean };
    assert.ok(actions.resolveProvider, 'refactor edits are built on resolve');
    for (const kind of ['refactor.extract', 'refactor.inline', 'refactor.move']) assert.ok(actions.codeActionKinds.includes(kind), kind);
    const willRename = (workspace as { fileOperations: { willRename: { filters: { pattern: { matches: string } }[] } } }).fileOperations.willRename;
    assert.deepEqual(willRename.filters.map((f) => f.pattern.matches), ['file', 'folder']);
  });

  it('indexes the workspace in the background with work-done progress', () => {
    const begin = client.progress.find((p) => p.value.kind === 'begin')!;
    assert.equal(begin.value.title, 'Indexing OpenAPI files');
    for (const p of client.progress.filter((q) => q.value.kind !== 'end')) assert.match(p.value.message!, /^\d+\/\d+$/);
    assert.equal(client.progress.filter((p) => p.value.kind === 'end').length, 1);
  });

  it('finds the references to a component from its key and from a $ref, across files', async () => {
    const expected = [
      'admin/openapi.json:32: ../shared/components.yaml#/components/schemas/Pet',
      'api/openapi.yaml:26: ../shared/components.yaml#/components/schemas/Pet',
      'api/openapi.yaml:39: ../shared/components.yaml#/components/schemas/Pet',
      'api/openapi.yaml:64: ../shared/components.yaml#/components/schemas/Pet',
    ];
    assert.deepEqual(describeLocations(await references('shared/components.yaml', '    Pet:', 5)), expected);
    const fromRef = await references('api/openapi.yaml', "#/components/schemas/Pet'", 22, true);
    assert.deepEqual(describeLocations(fromRef), [...expected, 'shared/components.yaml:15: Pet'].sort());
  });

  it('finds the references to an operationId, a tag, a security scheme and a file', async () => {
    assert.deepEqual(describeLocations(await references('api/openapi.yaml', 'operationId: showPetById', 15, true)), [
      'api/openapi.yaml:45: showPetById',
      'api/openapi.yaml:56: showPetById',
      'api/openapi.yaml:67: #/paths/~1pets~1%7BpetId%7D/get',
    ]);
    assert.deepEqual(describeLocations(await references('api/openapi.yaml', '- name: pets', 9)), [
      'api/openapi.yaml:15: pets',
      'api/openapi.yaml:32: pets',
      'api/openapi.yaml:57: pets',
    ]);
    assert.deepEqual(describeLocations(await references('api/openapi.yaml', '    petstore_auth:', 6, true)), [
      'api/openapi.yaml:34: petstore_auth',
      'api/openapi.yaml:97: petstore_auth',
    ]);
    assert.deepEqual(describeLocations(await references('shared/components.yaml', './schemas/Tag.yaml', 3)), [
      'shared/components.yaml:28: ./schemas/Tag.yaml',
    ]);
  });

  it('refuses a rename to a taken or invalid component name, with a message', async () => {
    const at = { textDocument: { uri: uri('shared/components.yaml') }, position: position('shared/components.yaml', '    Pet:', 5) };
    assert.deepEqual(await client.request('textDocument/prepareRename', at), { range: { start: { line: 14, character: 4 }, end: { line: 14, character: 7 } }, placeholder: 'Pet' });
    await assert.rejects(client.request('textDocument/rename', { ...at, newName: 'Error' }), { message: '`Error` is already taken: `#/components/schemas/Error` exists in components.yaml.' });
    await assert.rejects(client.request('textDocument/rename', { ...at, newName: 'My Pet' }), {
      message: '`My Pet` is not a valid component name: use only letters, digits, `.`, `_` and `-`.',
    });
    const onFile = { textDocument: { uri: uri('shared/components.yaml') }, position: position('shared/components.yaml', './schemas/Tag.yaml', 3) };
    await assert.rejects(client.request('textDocument/prepareRename', onFile), { message: 'Rename or move the file itself: every `$ref` to it is updated then.' });
  });

  it('renames a component in one edit across files, keeping each reference\'s quoting', async () => {
    const edit = await rename('api/openapi.yaml', "#/components/schemas/Pet'", 22, 'Animal');
    const texts = applied(edit);
    assert.deepEqual([...texts.keys()].sort(), ['admin/openapi.json', 'api/openapi.yaml', 'shared/components.yaml']);
    assert.match(texts.get('shared/components.yaml')!, /\n {4}Animal:\n {6}type: object\n/);
    const api = texts.get('api/openapi.yaml')!;
    assert.equal(api.split("$ref: '../shared/components.yaml#/components/schemas/Animal'").length - 1, 2);
    assert.match(api, /\$ref: "\.\.\/shared\/components\.yaml#\/components\/schemas\/Animal"\n/, 'double quotes kept');
    assert.match(texts.get('admin/openapi.json')!, /"items": \{ "\$ref": "\.\.\/shared\/components\.yaml#\/components\/schemas\/Animal" \}/);
    assert.doesNotMatch([...texts.values()].join('\n'), /schemas\/Pet\b/);
  });

  it('renames a path parameter: the templates, the parameter, and pointers with ~1 and %7B', async () => {
    const edit = await rename('api/openapi.yaml', '/pets/{petId}:', 8, 'id');
    const texts = applied(edit);
    const api = texts.get('api/openapi.yaml')!;
    assert.match(api, /\n {2}\/pets\/\{id\}:\n {4}parameters:\n {6}- name: id\n/);
    assert.match(api, /operationRef: '#\/paths\/~1pets~1%7Bid%7D\/get'/);
    const admin = texts.get('admin/openapi.json')!;
    assert.match(admin, /"\/pets\/\{id\}": \{\n {6}"\$ref": "\.\.\/api\/openapi\.yaml#\/paths\/~1pets~1%7Bid%7D"/);
    // The same edit from the parameter's `name`.
    const fromName = applied(await rename('api/openapi.yaml', '- name: petId', 8, 'id'));
    assert.equal(fromName.get('api/openapi.yaml'), api);
  });

  it('renames an operationId with its Links, a tag with its uses, a security scheme with its requirements', async () => {
    const operation = applied(await rename('api/openapi.yaml', 'operationId: showPetById', 15, 'getPet')).get('api/openapi.yaml')!;
    assert.match(operation, /operationId: getPet\n {6}tags: \[pets\]/);
    assert.match(operation, /GetPet:\n {14}operationId: getPet\n/);
    await assert.rejects(rename('api/openapi.yaml', 'operationId: showPetById', 15, 'listPets'), { message: '`listPets` is already the operationId of GET /pets in openapi.yaml.' });
    const tag = applied(await rename('api/openapi.yaml', 'tags: [pets]', 8, 'animals'));
    assert.deepEqual([...tag.keys()].sort(), ['admin/openapi.json', 'api/openapi.yaml']);
    assert.equal(tag.get('api/openapi.yaml')!.match(/\banimals\b/g)!.length, 4);
    assert.match(tag.get('admin/openapi.json')!, /"tags": \[\{ "name": "animals" \}\]/);
    const scheme = applied(await rename('api/openapi.yaml', '  - api_key: []', 5, 'apiKey')).get('api/openapi.yaml')!;
    assert.match(scheme, /security:\n {2}- apiKey: \[\]\n/);
    assert.match(scheme, /securitySchemes:\n {4}apiKey:\n {6}type: apiKey\n/);
  });

  it('updates every $ref to a file or folder that is renamed', async () => {
    const moved = await client.request<WorkspaceEdit>('workspace/willRenameFiles', { files: [{ oldUri: uri('shared/schemas/Tag.yaml'), newUri: uri('shared/models/Tag.yaml') }] });
    assert.deepEqual([...applied(moved)].map(([f, t]) => [f, t.split('\n').find((l) => l.includes('Tag.yaml'))!.trim()]), [
      ['shared/components.yaml', "$ref: './models/Tag.yaml'"],
    ]);
    const folder = applied(await client.request<WorkspaceEdit>('workspace/willRenameFiles', { files: [{ oldUri: uri('shared'), newUri: uri('common/shared') }] }));
    assert.deepEqual([...folder.keys()].sort(), ['admin/openapi.json', 'api/openapi.yaml']);
    assert.match(folder.get('api/openapi.yaml')!, /\$ref: '\.\.\/common\/shared\/components\.yaml#\/components\/parameters\/limit'/);
    assert.doesNotMatch(folder.get('admin/openapi.json')!, /"\.\.\/shared\//);
    // The root moves one folder down: its references climb one more.
    const root = applied(await client.request<WorkspaceEdit>('workspace/willRenameFiles', { files: [{ oldUri: uri('api/openapi.yaml'), newUri: uri('api/v1/openapi.yaml') }] }));
    assert.match(root.get('api/openapi.yaml')!, /\$ref: '\.\.\/\.\.\/shared\/components\.yaml#\/components\/schemas\/Pet'/);
    assert.match(root.get('admin/openapi.json')!, /"\$ref": "\.\.\/api\/v1\/openapi\.yaml#\/paths\/~1pets~1%7BpetId%7D"/);
  });

  it('finds workspace symbols by fuzzy query: operations, components, tags', async () => {
    const names = async (query: string) => (await client.request<SymbolInformation[]>('workspace/symbol', { query })).map((s) => s.containerName ? `${s.name} (${s.containerName})` : s.name);
    assert.equal((await names('shwpet'))[0], 'showPetById (GET /pets/{petId})');
    assert.equal((await names('get /admin/us'))[0], 'listAdminUsers (GET /admin/users)');
    assert.deepEqual((await names('TreeNode')).slice(0, 1), ['TreeNode (schemas)']);
    assert.ok((await names('store')).includes('store (tags)'));
    // One entry per operation, found by either name, pointing at its operationId.
    const operations = (await client.request<SymbolInformation[]>('workspace/symbol', { query: 'pets' })).filter((s) => s.kind === SymbolKind.Method);
    assert.deepEqual(operations.map((s) => s.name).sort(), ['createPet (POST /pets)', 'listAllPets (GET /admin/pets)', 'listPets (GET /pets)', 'showPetById (GET /pets/{petId})']);
    const [byPath] = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'GET /pets' });
    assert.equal(byPath.name, 'listPets (GET /pets)');
    assert.equal(textAt(byPath.location.uri, byPath.location.range), 'listPets');
    const [pet] = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'AdminUser' });
    assert.equal(relative(pet.location.uri), 'shared/components.yaml');
    assert.equal(textAt(pet.location.uri, pet.location.range), 'AdminUser');
  });

  it('shows reference counts as code lenses, which list the references when resolved', async () => {
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: uri('shared/components.yaml') } });
    const at = (name: string) => lenses.find((l) => textAt(uri('shared/components.yaml'), l.range) === name)!;
    const resolved = await client.request<CodeLens>('codeLens/resolve', at('Pet'));
    assert.equal(resolved.command!.title, '4 references');
    assert.equal(resolved.command!.command, 'openapi30.showReferences');
    const [target, where, locations] = resolved.command!.arguments as [string, unknown, Location[]];
    assert.equal(target, uri('shared/components.yaml'));
    assert.deepEqual(where, { line: 14, character: 4 });
    assert.equal(locations.length, 4);
    assert.equal((await client.request<CodeLens>('codeLens/resolve', at('Orphan'))).command!.title, '0 references');
    assert.equal((await client.request<CodeLens>('codeLens/resolve', at('TreeNode'))).command!.title, '2 references');
  });

  it('links the file part of every $ref to its file', async () => {
    const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: uri('api/openapi.yaml') } });
    assert.equal(links.length, 5);
    assert.deepEqual(links.map((l) => [relative(l.target!), textAt(uri('api/openapi.yaml'), l.range)])[0], ['shared/components.yaml', '../shared/components.yaml']);
  });

  it('extracts an inline schema to components with a $ref in its place', async () => {
    const at = position('api/openapi.yaml', 'total:', 1);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri('api/openapi.yaml') }, range: { start: at, end: at }, context: { diagnostics: [], only: ['refactor.extract'] } });
    assert.deepEqual(actions.map((a) => [a.title, a.kind]), [['Extract to components.schemas', 'refactor.extract']]);
    const resolved = await client.request<CodeAction>('codeAction/resolve', actions[0]);
    const api = applied(resolved.edit!).get('api/openapi.yaml')!;
    assert.match(api, /properties:\n {18}total:\n {20}\$ref: '#\/components\/schemas\/Total'\n/);
    assert.match(api, /\n {2}schemas:\n {4}Total:\n {6}type: integer\n$/);
  });

  it('inlines a $ref, and refuses to inline a recursive schema', async () => {
    const at = position('api/openapi.yaml', "$ref: '#/components/responses/Error'", 10);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri('api/openapi.yaml') }, range: { start: at, end: at }, context: { diagnostics: [], only: ['refactor.inline'] } });
    assert.equal(actions.length, 1);
    const api = applied((await client.request<CodeAction>('codeAction/resolve', actions[0])).edit!).get('api/openapi.yaml')!;
    assert.match(api, /\n {8}default:\n {10}description: Unexpected error\n {10}content:\n {12}application\/json:\n {14}schema:\n {16}\$ref: '\.\.\/shared\/components\.yaml#\/components\/schemas\/Error'\n/);
    // From another file: the copy's references are rewritten to name the same targets from here.
    const pet = position('api/openapi.yaml', "$ref: '../shared/components.yaml#/components/schemas/Pet'", 10);
    const [inlinePet] = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri('api/openapi.yaml') }, range: { start: pet, end: pet }, context: { diagnostics: [], only: ['refactor.inline'] } });
    assert.equal(inlinePet.title, 'Inline `../shared/components.yaml#/components/schemas/Pet`');
    const copied = applied((await client.request<CodeAction>('codeAction/resolve', inlinePet)).edit!).get('api/openapi.yaml')!;
    assert.match(copied, new RegExp([
      '\\n {16}items:', ' {18}type: object', ' {18}required: \\[id, name\\]', ' {18}properties:', ' {20}id:', ' {22}type: string', ' {20}name:', ' {22}type: string',
      ' {20}category:', " {22}\\$ref: '\\.\\./shared/components\\.yaml#/components/schemas/Category'", ' {20}tags:', ' {22}type: array', ' {22}items:',
      " {24}\\$ref: '\\.\\./shared/schemas/Tag\\.yaml'\\n {8}default:",
    ].join('\\n')));
    const inner = position('shared/components.yaml', "$ref: '#/components/schemas/TreeNode'", 10);
    const refused = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri('shared/components.yaml') }, range: { start: inner, end: inner }, context: { diagnostics: [], only: ['refactor.inline'] } });
    assert.deepEqual(refused.map((a) => a.disabled?.reason), ['`#/components/schemas/TreeNode` is recursive: a copy would contain itself.']);
  });

  it('moves a component to a new file and to another file, updating every $ref', async () => {
    const at = position('shared/components.yaml', '    Category:', 5);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri('shared/components.yaml') }, range: { start: at, end: at }, context: { diagnostics: [], only: ['refactor.move'] } });
    assert.deepEqual(actions.map((a) => a.title), [
      'Move `Category` to ../admin/openapi.json', 'Move `Category` to ../api/openapi.yaml', 'Move `Category` to a new file schemas/Category.yaml',
    ]);
    const toNew = applied((await client.request<CodeAction>('codeAction/resolve', actions[2])).edit!);
    assert.equal(toNew.get('shared/schemas/Category.yaml'), 'type: object\nproperties:\n  name:\n    type: string\n');
    assert.match(toNew.get('shared/components.yaml')!, /category:\n {10}\$ref: '\.\/schemas\/Category\.yaml'\n/);
    assert.doesNotMatch(toNew.get('shared/components.yaml')!, / {4}Category:/);
    const toApi = applied((await client.request<CodeAction>('codeAction/resolve', actions[1])).edit!);
    assert.match(toApi.get('shared/components.yaml')!, /category:\n {10}\$ref: '\.\.\/api\/openapi\.yaml#\/components\/schemas\/Category'\n/);
    assert.match(toApi.get('api/openapi.yaml')!, /\n {2}schemas:\n {4}Category:\n {6}type: object\n {6}properties:\n {8}name:\n {10}type: string\n$/);
  });

  it('outlines a root (info, tags, security, paths, components) and a referenced fragment', async () => {
    const root = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri('api/openapi.yaml') } });
    assert.deepEqual(root.map((s) => s.name), ['info', 'tags', 'security', 'paths', 'components']);
    assert.equal(root[0].detail, 'Pet store 1.0.0');
    assert.deepEqual(root[1].children!.map((c) => c.name), ['pets', 'store']);
    assert.deepEqual(root[2].children!.map((c) => c.name), ['api_key']);
    client.open(file('shared/schemas/Tag.yaml'), read('shared/schemas/Tag.yaml'));
    const fragment = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri('shared/schemas/Tag.yaml') } });
    assert.deepEqual(fragment.map((s) => [s.name, s.children!.map((c) => c.name)]), [['properties', ['name']]]);
  });

  it('reports a shared component unused only when no root reaches it, and follows changes on disk', async () => {
    const shared = uri('shared/components.yaml');
    const unused = (ds: { code?: unknown; message: string }[]) => ds.filter((d) => d.code === 'unused-component').map((d) => d.message.split('"')[1]);
    assert.deepEqual(unused(await client.waitForDiagnostics(shared, (p) => unused(p.diagnostics).length > 0)), ['schemas/Orphan']);
    // The admin root stops using AdminUser: now nothing reaches it.
    fs.writeFileSync(file('admin/openapi.json'), read('admin/openapi.json').replace('schemas/AdminUser', 'schemas/Pet'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('admin/openapi.json'), type: 2 }] });
    assert.deepEqual(unused(await client.waitForDiagnostics(shared, (p) => unused(p.diagnostics).length === 2)), ['schemas/AdminUser', 'schemas/Orphan']);
    assert.deepEqual(describeLocations(await references('shared/components.yaml', '    AdminUser:', 5)), []);
  });

  it('keeps open documents current: an edit in an open root is seen by references', async () => {
    const api = uri('api/openapi.yaml');
    const text = read('api/openapi.yaml');
    client.open(file('api/openapi.yaml'), text);
    const line = text.split('\n').findIndex((l) => l.includes("$ref: '#/components/responses/Error'"));
    client.change(api, [{ range: { start: { line, character: 10 }, end: { line, character: 46 } }, text: "$ref: '../shared/components.yaml#/components/schemas/Orphan'" }]);
    assert.deepEqual(describeLocations(await references('shared/components.yaml', '    Orphan:', 5)).length, 1);
  });

  it('never indexes dependencies', async () => {
    const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'listPets' });
    assert.ok(symbols.every((s) => !s.location.uri.includes('node_modules')), JSON.stringify(symbols));
  });
});

describe('indexing a large workspace', { timeout: 120_000 }, () => {
  let dir: string;
  const root = (i: number) => path.join(dir, `api-${String(i).padStart(3, '0')}.yaml`);

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-workspace-large-'));
    // 300 descriptions of 60 paths each (about 10 MB): seconds of work for the indexer.
    for (let i = 0; i < 300; i++) {
      let text = `openapi: 3.0.3\ninfo:\n  title: API ${i}\n  version: 1.0.0\npaths:\n`;
      for (let p = 0; p < 60; p++) {
        text += `  /items${p}/{id}:\n    get:\n      operationId: get${i}x${p}\n      parameters:\n        - $ref: '#/components/parameters/Id'\n`;
        text += `      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/Item'\n`;
      }
      text += 'components:\n  parameters:\n    Id:\n      name: id\n      in: path\n      required: true\n      schema:\n        type: string\n';
      text += '  schemas:\n    Item:\n      type: object\n      properties:\n        id:\n          type: string\n';
      fs.writeFileSync(root(i), text);
    }
  });

  it('publishes an open document\'s diagnostics before indexing has finished', async () => {
    const client = new LspClient();
    try {
      await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
      const uri = client.open(path.join(dir, 'open.yaml'), 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  pets: {}\n');
      const diagnostics = await client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0);
      assert.ok(diagnostics.some((d) => d.code === 'path-leading-slash'));
      assert.ok(!client.progress.some((p) => p.value.kind === 'end'), 'indexing was still under way');
      await client.waitForProgressEnd(90_000);
      const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'get299x59' });
      assert.equal(symbols[0]?.name, 'get299x59 (GET /items59/{id})');
    } finally {
      await client.stop();
    }
  });

  it('checks an open root once: indexing it and the workspace does not start checks of its own', async () => {
    const traced = new LspClient();
    try {
      const solo = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-workspace-solo-'));
      const rootPath = path.join(solo, 'openapi.yaml');
      fs.writeFileSync(rootPath, 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths: {}\ncomponents:\n  schemas:\n    Unused:\n      type: object\n');
      await traced.initialize(solo, undefined, { window: { workDoneProgress: true } });
      await traced.waitForProgressEnd();
      const diagnostics = await traced.waitForDiagnostics(traced.open(rootPath, fs.readFileSync(rootPath, 'utf8')));
      assert.deepEqual(diagnostics.map((d) => d.code), ['unused-component']);
      // Long enough for the open document to settle and be indexed in the background.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      assert.equal(traced.marked('check started'), 1, traced.marks.map((m) => m.name).join(', '));
    } finally {
      await traced.stop();
    }
  });

  it('indexes no more files than openapi30.workspace.maxFiles', async () => {
    const client = new LspClient();
    client.connection.onRequest('workspace/configuration', () => [{ workspace: { maxFiles: 20 } }]);
    try {
      await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
      await client.waitForProgressEnd(60_000);
      const totals = client.progress.flatMap((p) => (p.value.message ? [Number(p.value.message.split('/')[1])] : []));
      assert.ok(totals.length > 0 && totals.every((t) => t <= 20), JSON.stringify(totals));
      const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'Item' });
      const files = new Set(symbols.filter((s) => s.name === 'Item').map((s) => s.location.uri));
      assert.equal(files.size, 20);
    } finally {
      await client.stop();
    }
  });
});

describe('a large description in the workspace', { timeout: 240_000 }, () => {
  /** 12,000 paths: 10 MB of YAML, 72,000 references. Its index took the server's thread 3 s in one piece. */
  const PATHS = 12_000;
  /** Generous (a loaded machine), and far below what merging such an index in one step took. */
  const ANSWER_BOUND_MS = 1_000;
  /** A root of its own, open in the editor: its check asks the index whether another root uses `Local`. */
  const OPEN = [
    'openapi: 3.0.3', 'info: {title: Open, version: 1.0.0}', 'paths:', '  /open:', '    get:', '      responses:',
    "        '200':", '          description: OK', 'components:', '  schemas:', '    Local:', '      type: string',
    '    Audited:', "      $ref: './shared.yaml#/Audit'",
  ].join('\n') + '\n';

  it('is indexed while requests on an open document are answered at once, and its index answers right after', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-workspace-big-'));
    const client = new LspClient();
    try {
      const large = largeDescription(PATHS);
      fs.writeFileSync(path.join(dir, 'openapi.yaml'), large);
      fs.writeFileSync(path.join(dir, 'shared.yaml'), 'Audit: {type: object}\nKind: {type: string}\n');
      fs.mkdirSync(path.join(dir, 'paths'));
      fs.writeFileSync(path.join(dir, 'paths', 'mirror.yaml'), "get:\n  responses:\n    '200': {description: OK}\n");
      await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
      const uri = client.open(path.join(dir, 'open.yaml'), OPEN);
      await client.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'unused-component'));

      // Requests one after another while the worker reads the file and its index comes in, and a
      // while after (what its arrival starts: the maps derived from all files, a re-check).
      const latencies: number[] = [];
      let indexedAt: number | undefined;
      while (indexedAt === undefined || performance.now() - indexedAt < 1_500) {
        const started = performance.now();
        await client.request('textDocument/documentSymbol', { textDocument: { uri } });
        latencies.push(performance.now() - started);
        if (indexedAt === undefined && client.progress.some((p) => p.value.kind === 'end')) indexedAt = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.ok(latencies.length > 50, `${latencies.length} requests`);
      assert.ok(Math.max(...latencies) < ANSWER_BOUND_MS, `the slowest answer took ${Math.round(Math.max(...latencies))} ms`);

      // The index answers from the large file: its operations by name, every reference it holds.
      const lineOf = (needle: string) => large.slice(0, large.indexOf(needle)).split('\n').length - 1;
      const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: `getItem${PATHS - 1}` });
      const exact = symbols.filter((s) => s.name.startsWith(`getItem${PATHS - 1} (`));
      assert.deepEqual(exact.map((s) => [path.basename(fileURLToPath(s.location.uri)), s.location.range.start.line]),
        [['openapi.yaml', lineOf(`\n      operationId: getItem${PATHS - 1}\n`) + 1]]);
      const at = OPEN.split('\n').findIndex((l) => l.includes('./shared.yaml#/Audit'));
      const audits = await client.request<Location[]>('textDocument/references', {
        textDocument: { uri }, position: { line: at, character: 14 }, context: { includeDeclaration: false },
      });
      const inLarge = audits.filter((l) => l.uri.endsWith('/openapi.yaml')).map((l) => l.range.start.line);
      const expected = large.split('\n').flatMap((l, i) => (l.includes("$ref: './shared.yaml#/Audit'") ? [i] : []));
      assert.equal(expected.length, PATHS);
      assert.deepEqual(inLarge.sort((a, b) => a - b), expected);
      assert.equal(audits.length, PATHS + 1, 'and the open document\'s own');
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
