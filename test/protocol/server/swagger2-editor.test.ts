// A Swagger 2.0 document in the editor, over the protocol: an information finding on its `swagger`
// line (not an error), the quick fixes that convert it to OpenAPI 3.0 beside it or in place (with
// the files it references), and navigation and completion that speak 2.0.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { after, before, describe, it } from 'node:test';
import type {
  CodeAction, CompletionItem, CreateFile, Diagnostic, DocumentSymbol, Location, LocationLink, SymbolInformation, TextDocumentEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { SymbolKind } from 'vscode-languageserver-protocol';
import { parse as parseYaml } from 'yaml';
import { LspClient } from '../../helpers/lsp-client';

const PETSTORE = `swagger: '2.0'
info:
  title: Pets
  version: 1.0.0
host: api.example.com
basePath: /v1
schemes:
  - https
consumes:
  - application/json
produces:
  - application/json
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - $ref: '#/parameters/limit'
        - name: tags
          in: query
          type: array
          items:
            type: string
          collectionFormat: tsv
      responses:
        '200':
          description: The pets
          schema:
            type: array
            items:
              $ref: '#/definitions/Pet'
    post:
      operationId: addPet
      parameters:
        - name: pet
          in: body
          required: true
          schema:
            $ref: '#/definitions/Pet'
      responses:
        '201':
          description: Added
parameters:
  limit:
    name: limit
    in: query
    type: integer
definitions:
  Pet:
    $ref: 'pet.yaml'
`;

const PET = `type: object
required:
  - name
properties:
  name:
    type: string
  photo:
    type: string
    x-nullable: true
`;

/** The converted root, its `$ref` to the converted Pet file named by `petFile`. */
const converted = (petFile: string) => `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
servers:
  - url: https://api.example.com/v1
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - $ref: '#/components/parameters/limit'
        # Swagger 2.0 conversion: collectionFormat tsv has no OpenAPI 3.0 equivalent: the parameter is written as comma-separated (style form, explode false).
        - name: tags
          in: query
          style: form
          explode: false
          schema:
            type: array
            items:
              type: string
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
    post:
      operationId: addPet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Pet'
      responses:
        '201':
          description: Added
components:
  parameters:
    limit:
      name: limit
      in: query
      schema:
        type: integer
  schemas:
    Pet:
      $ref: '${petFile}'
`;

const CONVERTED_PET = `type: object
required:
  - name
properties:
  name:
    type: string
  photo:
    type: string
    nullable: true
`;

const SWAGGER_MESSAGE = 'This is a Swagger 2.0 document, the earlier format: the OpenAPI 3.0 rules do not apply. ' +
  'Convert it to OpenAPI 3.0 to check it: the quick fix does, and so does openapi-check convert.';

/** What an editor that creates files and resolves code actions says it can do. */
const VSCODE_LIKE = {
  workspace: { configuration: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] } },
  textDocument: { codeAction: { resolveSupport: { properties: ['edit'] } } },
};
/** An editor that can edit open and closed files but neither create files nor resolve actions. */
const PLAIN = { workspace: { configuration: true, workspaceEdit: { documentChanges: true } } };

const uriOf = (file: string) => pathToFileURL(file).href;

function codeActions(client: LspClient, uri: string, diagnostics: Diagnostic[]) {
  // At the cursor, on the finding's line.
  const at = diagnostics[0].range.start;
  const range = { start: { line: at.line, character: at.character + 3 }, end: { line: at.line, character: at.character + 3 } };
  return client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, only: ['quickfix'] } });
}

/** The text of each file a WorkspaceEdit creates or edits, applied to the given texts of existing files. */
function applied(edit: WorkspaceEdit, existing: Record<string, string>): Record<string, string> {
  const texts: Record<string, string> = { ...existing };
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      assert.equal(change.kind, 'create');
      assert.equal(texts[change.uri], undefined, `${change.uri} is created only where no file is`);
      texts[change.uri] = '';
      continue;
    }
    const edits = (change as TextDocumentEdit).edits;
    assert.equal(edits.length, 1);
    const text = texts[change.textDocument.uri];
    const lines = text.split('\n');
    const { start, end } = edits[0].range;
    assert.deepEqual(start, { line: 0, character: 0 });
    assert.deepEqual(end, { line: lines.length - 1, character: lines[lines.length - 1].length }, 'the whole text');
    texts[change.textDocument.uri] = edits[0].newText;
  }
  return texts;
}

describe('a Swagger 2.0 document in the editor', { timeout: 120_000 }, () => {
  let dir: string;
  let vscodeLike: LspClient;
  let plain: LspClient;
  let root: string;
  let uri: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-swagger2-'));
    root = path.join(dir, 'petstore.yaml');
    fs.writeFileSync(root, PETSTORE);
    fs.writeFileSync(path.join(dir, 'pet.yaml'), PET);
    uri = uriOf(root);
    vscodeLike = new LspClient();
    plain = new LspClient();
    await vscodeLike.initialize(dir, undefined, VSCODE_LIKE);
    await plain.initialize(dir, undefined, PLAIN);
  });

  after(async () => {
    await vscodeLike.stop();
    await plain.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gets an information finding on its swagger line, not an error', async () => {
    vscodeLike.open(root, PETSTORE);
    const diagnostics = await vscodeLike.waitForDiagnostics(uri);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range, d.message]), [
      ['openapi-version', 3, { start: { line: 0, character: 0 }, end: { line: 0, character: 14 } }, SWAGGER_MESSAGE],
    ]);
  });

  it('converts it beside its sources, with the file it references, when chosen', async () => {
    const diagnostics = await vscodeLike.waitForDiagnostics(uri);
    const actions = await codeActions(vscodeLike, uri, diagnostics);
    assert.deepEqual(actions.map((a) => [a.title, a.isPreferred, Boolean(a.edit)]), [
      ['Convert to OpenAPI 3.0', true, false],
      ['Convert to OpenAPI 3.0 in place', false, false],
      ['Suppress openapi-version on this line', false, true],
    ]);
    assert.deepEqual(actions[0].diagnostics, diagnostics);
    const resolved = await vscodeLike.request<CodeAction>('codeAction/resolve', actions[0]);
    const changes = resolved.edit!.documentChanges!;
    const newRoot = uriOf(path.join(dir, 'petstore.openapi.yaml'));
    const newPet = uriOf(path.join(dir, 'pet.openapi.yaml'));
    assert.deepEqual(changes.map((c) => ('kind' in c ? [(c as CreateFile).kind, (c as CreateFile).uri, (c as CreateFile).options] : ['edit', c.textDocument.uri])), [
      ['create', newRoot, { overwrite: false, ignoreIfExists: false }],
      ['edit', newRoot],
      ['create', newPet, { overwrite: false, ignoreIfExists: false }],
      ['edit', newPet],
    ]);
    const texts = applied(resolved.edit!, {});
    assert.equal(texts[newRoot], converted('pet.openapi.yaml'));
    assert.equal(texts[newPet], CONVERTED_PET);
    assert.deepEqual(parseYaml(texts[newRoot]).openapi, '3.0.3');

    // What the editor shows once it has made the files: an OpenAPI 3.0 document without errors.
    vscodeLike.open(path.join(dir, 'pet.openapi.yaml'), texts[newPet]);
    vscodeLike.open(path.join(dir, 'petstore.openapi.yaml'), texts[newRoot]);
    const check = await vscodeLike.waitForDiagnostics(newRoot);
    assert.deepEqual(check.filter((d) => d.severity === 1), []);
    assert.deepEqual((await vscodeLike.waitForDiagnostics(newPet)).filter((d) => d.severity === 1), []);
    vscodeLike.close(newRoot);
    vscodeLike.close(newPet);
  });

  it('names the new file anew when the first name is taken', async () => {
    const taken = path.join(dir, 'petstore.openapi.yaml');
    fs.writeFileSync(taken, 'openapi: 3.0.3\n');
    try {
      const actions = await codeActions(vscodeLike, uri, await vscodeLike.waitForDiagnostics(uri));
      const resolved = await vscodeLike.request<CodeAction>('codeAction/resolve', actions[0]);
      const created = resolved.edit!.documentChanges!.filter((c): c is CreateFile => 'kind' in c).map((c) => path.basename(new URL(c.uri).pathname));
      assert.deepEqual(created, ['petstore.openapi-2.yaml', 'pet.openapi.yaml']);
    } finally {
      fs.rmSync(taken);
    }
  });

  it('converts a JSON document to JSON beside it', async () => {
    const jsonPath = path.join(dir, 'keys.json');
    const json = JSON.stringify({ swagger: '2.0', info: { title: 'Keys', version: '1' }, paths: {}, definitions: { Key: { type: 'string' } } }, null, 2);
    const jsonUri = vscodeLike.open(jsonPath, json);
    const actions = await codeActions(vscodeLike, jsonUri, await vscodeLike.waitForDiagnostics(jsonUri));
    const resolved = await vscodeLike.request<CodeAction>('codeAction/resolve', actions[0]);
    const newUri = uriOf(path.join(dir, 'keys.openapi.json'));
    const texts = applied(resolved.edit!, {});
    assert.deepEqual(Object.keys(texts), [newUri]);
    assert.deepEqual(JSON.parse(texts[newUri]), { openapi: '3.0.3', info: { title: 'Keys', version: '1' }, paths: {}, components: { schemas: { Key: { type: 'string' } } } });
    vscodeLike.close(jsonUri);
  });

  it('offers only the conversion in place to an editor that cannot create files, as one edit of every file', async () => {
    const plainUri = plain.open(root, PETSTORE);
    const diagnostics = await plain.waitForDiagnostics(plainUri);
    const actions = await codeActions(plain, plainUri, diagnostics);
    assert.deepEqual(actions.map((a) => a.title), ['Convert to OpenAPI 3.0 in place', 'Suppress openapi-version on this line']);
    const edit = actions[0].edit!;
    const petUri = uriOf(path.join(dir, 'pet.yaml'));
    // The open document at its version, the closed file it references at none (the editor reads it).
    assert.deepEqual(edit.documentChanges!.map((c) => [(c as TextDocumentEdit).textDocument.uri, (c as TextDocumentEdit).textDocument.version]), [
      [plainUri, 1], [petUri, null],
    ]);
    const texts = applied(edit, { [plainUri]: PETSTORE, [petUri]: PET });
    assert.deepEqual(texts, { [plainUri]: converted('pet.yaml'), [petUri]: CONVERTED_PET });
  });
});

describe('navigation and completion in a Swagger 2.0 document', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;
  let uri: string;
  const lines = PETSTORE.split('\n');
  const lineOf = (text: string, from = 0) => lines.findIndex((l, i) => i >= from && l.includes(text));

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-swagger2-nav-'));
    fs.writeFileSync(path.join(dir, 'pet.yaml'), PET);
    client = new LspClient();
    await client.initialize(dir, undefined, VSCODE_LIKE);
    uri = client.open(path.join(dir, 'petstore.yaml'), PETSTORE);
    await client.waitForDiagnostics(uri);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

  it('goes from a $ref to #/definitions/Pet to its definition', async () => {
    const line = lineOf("$ref: '#/definitions/Pet'");
    const links = await client.request<LocationLink[]>('textDocument/definition', { textDocument: { uri }, position: { line, character: lines[line].indexOf('Pet') } });
    assert.deepEqual(links.map((l) => [l.targetUri, l.targetSelectionRange]), [[uri, range(lineOf('  Pet:'), 2, 5)]]);
  });

  it('finds the references to a definition and to a parameter, from the key or from a $ref', async () => {
    const references = (line: number, character: number) => client.request<Location[]>('textDocument/references', {
      textDocument: { uri }, position: { line, character }, context: { includeDeclaration: true },
    });
    const pet = lineOf('  Pet:');
    const refLines = lines.flatMap((l, i) => (l.includes("'#/definitions/Pet'") ? [i] : []));
    const expected = [range(pet, 2, 5), ...refLines.map((i) => range(i, lines[i].indexOf('#'), lines[i].lastIndexOf("'")))];
    assert.deepEqual((await references(pet, 3)).map((l) => [l.uri, l.range]), expected.map((r) => [uri, r]));
    assert.deepEqual((await references(refLines[1], lines[refLines[1]].indexOf('Pet'))).map((l) => l.range), expected);
    const limit = lineOf('  limit:');
    const use = lineOf("'#/parameters/limit'");
    assert.deepEqual((await references(limit, 3)).map((l) => l.range), [range(limit, 2, 7), range(use, lines[use].indexOf('#'), lines[use].lastIndexOf("'"))]);
  });

  it('outlines info, paths with their operations, parameters and definitions', async () => {
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const outline = (list: DocumentSymbol[]): unknown[] => list.map((s) => (s.children?.length ? [s.name, outline(s.children)] : s.name));
    assert.deepEqual(outline(symbols), ['info', ['paths', [['/pets', ['GET', 'POST']]]], ['parameters', ['limit']], ['definitions', ['Pet']]]);
  });

  it('offers no 3.0 refactor in a 2.0 document', async () => {
    const titles = async (line: number, character: number) => (await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: range(line, character, character), context: { diagnostics: [], only: ['refactor'] },
    })).map((a) => a.title);
    const ref = lineOf("$ref: '#/definitions/Pet'");
    // Inlining a $ref is 2.0 too; extracting or moving would write 3.0's components.
    assert.deepEqual(await titles(ref, lines[ref].indexOf('Pet')), ['Inline `#/definitions/Pet`']);
    assert.deepEqual(await titles(lineOf('type: array'), 12), []);
    assert.deepEqual(await titles(lineOf('  limit:'), 3), []);
  });

  it('lists its definitions and operations among the workspace symbols', async () => {
    const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'pet' });
    const found = symbols.filter((s) => s.location.uri === uri).map((s) => [s.name, s.kind, s.location.range.start.line]);
    assert.deepEqual(found.find((f) => f[0] === 'Pet'), ['Pet', SymbolKind.Class, lineOf('  Pet:')]);
    assert.deepEqual(found.find((f) => String(f[0]).startsWith('listPets')), ['listPets (GET /pets)', SymbolKind.Method, lineOf('operationId: listPets')]);
  });

  it('finds the requirements that name a security definition, and goes from them to it', async () => {
    const secured = [
      "swagger: '2.0'", 'info:', '  title: Keys', '  version: 1.0.0', 'security:', '  - api_key: []', 'paths:', '  /keys:', '    get:',
      '      security:', '        - api_key: []', '      responses:', "        '200':", '          description: OK',
      'securityDefinitions:', '  api_key:', '    type: apiKey', '    name: X-Key', '    in: header', '',
    ];
    const securedUri = client.open(path.join(dir, 'keys.yaml'), secured.join('\n'));
    await client.waitForDiagnostics(securedUri);
    const definition = secured.indexOf('  api_key:');
    const locations = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: securedUri }, position: { line: definition, character: 3 }, context: { includeDeclaration: true },
    });
    assert.deepEqual(locations.map((l) => l.range), [range(definition, 2, 9), range(5, 4, 11), range(10, 10, 17)]);
    for (const [line, character] of [[5, 6], [10, 12]]) {
      const links = await client.request<LocationLink[]>('textDocument/definition', { textDocument: { uri: securedUri }, position: { line, character } });
      assert.deepEqual(links.map((l) => l.targetSelectionRange), [range(definition, 2, 9)], `from line ${line}`);
    }
  });

  it('completes 2.0 fields and values, not 3.0 ones', async () => {
    // Blank lines where the user types: in the root, an operation, a body parameter, a response.
    // From the end, so that the lines above keep their numbers.
    const edited = [...lines];
    const at = (line: number, text: string) => edited.splice(line, 0, text);
    at(lineOf('description: Added') + 1, '          ');
    at(lineOf('parameters:', lineOf('addPet')) + 6, '          '); // after the body parameter's schema
    at(lineOf('      responses:'), '      ');
    at(lineOf('paths:'), '');
    const text = edited.join('\n');
    const docUri = client.open(path.join(dir, 'typing.yaml'), text);
    await client.waitForDiagnostics(docUri);
    const labels = async (line: number, character: number) => {
      const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: docUri }, position: { line, character } });
      return [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);
    };
    const blank = (indent: number, from = 0) => edited.findIndex((l, i) => i >= from && l === ' '.repeat(indent));
    // The root's missing 2.0 fields (no servers, no components).
    assert.deepEqual(await labels(blank(0), 0), ['externalDocs', 'responses', 'security', 'securityDefinitions', 'tags']);
    // An operation's (no requestBody, callbacks or servers).
    assert.deepEqual(await labels(blank(6), 6), ['consumes', 'deprecated', 'description', 'externalDocs', 'produces', 'schemes', 'security', 'summary', 'tags']);
    const body = blank(10);
    // A body parameter's: its schema is written already, and it takes none of the value fields.
    assert.deepEqual(await labels(body, 10), ['description']);
    // A response's (a schema, not content).
    assert.deepEqual(await labels(blank(10, body + 1), 10), ['examples', 'headers', 'schema']);
    const inLine = edited.findIndex((l) => l === '          in: query');
    assert.deepEqual(await labels(inLine, 14), ['query', 'header', 'path', 'formData', 'body']);
    const ref = edited.findIndex((l) => l.includes("$ref: '#/definitions/Pet'"));
    assert.deepEqual(await labels(ref, edited[ref].indexOf("'")), ['#/definitions/Pet']);
  });
});
