// OpenAPI 3.1 and 3.2 documents in the editor, over the protocol: checked by their version's rules (no
// "not checked" finding, no false error), completion of that version's fields and values, hover linking
// that version's specification, webhooks in the outline and among the workspace symbols, and references
// and rename through `components.pathItems` and webhooks.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, Diagnostic, DocumentSymbol, Location, SymbolInformation, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { SymbolKind } from 'vscode-languageserver-protocol';
import { LspClient } from '../../helpers/lsp-client';

const PETS_31 = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
  
  license:
    name: MIT
    identifier: MIT
paths:
  /pets:
    $ref: '#/components/pathItems/Pets'
webhooks:
  newPet:
    post:
      operationId: newPetHook
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Pet'
              description: The pet that was added
      responses:
        '200':
          description: Received
components:
  pathItems:
    Pets:
      get:
        operationId: listPets
        responses:
          '200':
            description: The pets
            content:
              application/json:
                schema:
                  type: array
                  items:
                    $ref: '#/components/schemas/Pet'
                example:
                  - name: Rex
                  - name: null
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        name:
          type: [string, 'null']
        age:
          type: integer
          exclusiveMinimum: 0
`;

const EVENTS_32 = `openapi: 3.2.0
$self: https://example.org/events.yaml
info:
  title: Events
  version: 1.0.0
tags:
  - name: events
    summary: Events
    kind: nav
paths:
  /events:
    query:
      operationId: queryEvents
      tags: [events]
      
      parameters:
        - name: filter
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema:
                type: object
      responses:
        '200':
          description: A stream of events
          content:
            text/event-stream:
              itemSchema:
                type: object
    additionalOperations:
      LINK:
        operationId: linkEvents
        responses:
          '204':
            description: Linked
`;

describe('OpenAPI 3.1 and 3.2 documents in the editor', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;
  let uri31: string;
  let uri32: string;
  const lines31 = PETS_31.split('\n');
  const lines32 = EVENTS_32.split('\n');
  const lineOf = (lines: string[], text: string, from = 0) => lines.findIndex((l, i) => i >= from && l.includes(text));
  const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-versions-'));
    fs.writeFileSync(path.join(dir, 'pets.yaml'), PETS_31);
    fs.writeFileSync(path.join(dir, 'events.yaml'), EVENTS_32);
    client = new LspClient();
    await client.initialize(dir);
    uri31 = client.open(path.join(dir, 'pets.yaml'), PETS_31);
    uri32 = client.open(path.join(dir, 'events.yaml'), EVENTS_32);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const findings = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === 1 || d.severity === 2).map((d) => [d.code, d.range.start.line, d.message]);

  it('checks a 3.1 document by the 3.1 rules: nothing on what 3.1 allows, no "not checked" finding', async () => {
    const diagnostics = await client.waitForDiagnostics(uri31);
    assert.ok(!diagnostics.some((d) => d.code === 'openapi-version'), 'no "not checked" finding');
    // Type lists with "null", a numeric exclusiveMinimum, summary beside $ref, webhooks, path item components.
    assert.deepEqual(findings(diagnostics), []);
    // The rules of every version ran: an operation without a 4XX response is information.
    assert.deepEqual(diagnostics, []);
  });

  it("reports what the 3.1 text forbids, with the version's words", async () => {
    const faulty = ['openapi: 3.1.0', 'info:', '  title: Faulty', '  version: 1.0.0', 'components:', '  schemas:', '    Name:',
      '      type: strnig', '      nullable: true', ''].join('\n');
    const faultyUri = client.open(path.join(dir, 'faulty.yaml'), faulty);
    const diagnostics = await client.waitForDiagnostics(faultyUri);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range, d.message]), [
      ['schema-type', 1, range(7, 12, 18), '"strnig" is not a JSON Schema type. Did you mean "string"?'],
      ['unknown-field', 2, range(8, 6, 14),
        '"nullable" is not a keyword of OpenAPI 3.1, and tools ignore it: to allow null, list "null" among the types, such as type: [string, "null"].'],
    ]);
    client.close(faultyUri);
  });

  it('checks a 3.2 document by the 3.2 rules: query, additionalOperations, querystring, itemSchema, $self and tag kinds are fine', async () => {
    assert.deepEqual(findings(await client.waitForDiagnostics(uri32)), []);
  });

  const labels = async (uri: string, line: number, character: number) => {
    const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line, character } });
    return items.map((i) => i.label).sort();
  };

  it("completes each version's fields and values", async () => {
    // In the Info Object of 3.1: summary (3.1); license is written already.
    assert.deepEqual(await labels(uri31, lineOf(lines31, '  version: 1.0.0') + 1, 2), ['contact', 'description', 'summary', 'termsOfService']);
    // In the root of 3.1: jsonSchemaDialect; webhooks and components are written already.
    assert.deepEqual(await labels(uri31, lineOf(lines31, '  version: 1.0.0') + 1, 0), ['externalDocs', 'jsonSchemaDialect', 'security', 'servers', 'tags']);
    // A 3.1 Path Item: the eight methods, no query nor additionalOperations.
    assert.deepEqual(await labels(uri31, lineOf(lines31, '    Pets:') + 1, 6),
      ['$ref', 'delete', 'description', 'head', 'options', 'parameters', 'patch', 'post', 'put', 'servers', 'summary', 'trace']);
    // A 3.2 operation under query: its missing fields.
    assert.deepEqual(await labels(uri32, lineOf(lines32, 'tags: [events]') + 1, 6),
      ['callbacks', 'deprecated', 'description', 'externalDocs', 'requestBody', 'security', 'servers', 'summary']);
    // Values: "null" among 3.1's types, querystring among 3.2's locations.
    const age = lineOf(lines31, 'type: integer');
    assert.deepEqual(await labels(uri31, age, lines31[age].indexOf('integer')), ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
    const inLine = lineOf(lines32, 'in: querystring');
    assert.deepEqual(await labels(uri32, inLine, lines32[inLine].indexOf('querystring')), ['cookie', 'header', 'path', 'query', 'querystring']);
  });

  it("links hovers to the version's specification", async () => {
    const hover = async (uri: string, line: number, character: number) =>
      (await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line, character } })).contents.value;
    assert.equal(await hover(uri31, lineOf(lines31, 'webhooks:'), 2),
      '**webhooks** (`{PathItem|Ref}`) — OpenAPI Object (the root)\n\n' +
      'Requests the API sends to its callers (3.1), each a Path Item keyed by a name of your choice.\n\n' +
      '[OpenAPI Object (the root)](https://spec.openapis.org/oas/v3.1.1#openapi-object) in the OpenAPI 3.1.1 specification');
    assert.equal(await hover(uri32, lineOf(lines32, '    query:'), 5),
      '**query** (`Operation`) — Path Item Object\n\n' +
      'The operation for the HTTP QUERY method on the path (3.2): a safe request with a body.\n\n' +
      '[Path Item Object](https://spec.openapis.org/oas/v3.2.0#path-item-object) in the OpenAPI 3.2.0 specification');
    // A field of both versions links the document's own version too.
    const title = await hover(uri32, lineOf(lines32, 'title: Events'), 3);
    assert.match(title, /\(https:\/\/spec\.openapis\.org\/oas\/v3\.2\.0#info-object\) in the OpenAPI 3\.2\.0 specification$/);
  });

  it('outlines webhooks beside paths and components', async () => {
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri31 } });
    const outline = (list: DocumentSymbol[]): unknown[] => list.map((s) => (s.children?.length ? [s.name, outline(s.children)] : s.name));
    assert.deepEqual(outline(symbols), ['info', ['paths', ['/pets']], ['webhooks', [['newPet', ['POST']]]], ['components', [['pathItems', ['Pets']], ['schemas', ['Pet']]]]]);
    const symbols32 = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri32 } });
    assert.deepEqual(outline(symbols32), ['info', ['tags', ['events']], ['paths', [['/events', ['QUERY']]]]]);
  });

  it('lists webhook operations, path item components and 3.2 operations among the workspace symbols', async () => {
    const named = async (query: string) => (await client.request<SymbolInformation[]>('workspace/symbol', { query })).map((s) => [s.name, s.kind, s.location.uri, s.location.range.start.line]);
    assert.deepEqual((await named('newPetHook')).slice(0, 1), [['newPetHook (POST webhook newPet)', SymbolKind.Method, uri31, lineOf(lines31, 'operationId: newPetHook')]]);
    // The path of an operation in a path item component: where `paths` references it.
    assert.deepEqual((await named('listPets')).slice(0, 1), [['listPets (GET /pets)', SymbolKind.Method, uri31, lineOf(lines31, 'operationId: listPets')]]);
    assert.ok((await named('Pets')).some(([name, kind, uri, line]) => name === 'Pets' && kind === SymbolKind.Module && uri === uri31 && line === lineOf(lines31, '    Pets:')));
    assert.deepEqual((await named('queryEvents')).slice(0, 1), [['queryEvents (QUERY /events)', SymbolKind.Method, uri32, lineOf(lines32, 'operationId: queryEvents')]]);
  });

  it('finds the references to a schema from webhooks and path item components, and renames it', async () => {
    const pet = lineOf(lines31, '    Pet:');
    const locations = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: uri31 }, position: { line: pet, character: 5 }, context: { includeDeclaration: true },
    });
    const refLines = lines31.flatMap((l, i) => (l.includes("'#/components/schemas/Pet'") ? [i] : []));
    assert.equal(refLines.length, 2);
    assert.deepEqual(locations.map((l) => [l.uri, l.range]), [
      [uri31, range(pet, 4, 7)],
      ...refLines.map((i) => [uri31, range(i, lines31[i].indexOf('#'), lines31[i].lastIndexOf("'"))]),
    ]);
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri31 }, position: { line: pet, character: 5 }, newName: 'Animal' });
    const edits = edit.changes?.[uri31] ?? edit.documentChanges?.flatMap((c) => ('edits' in c && c.textDocument.uri === uri31 ? c.edits : [])) ?? [];
    assert.deepEqual(edits.map((e) => [e.range.start.line, e.newText]).sort(), [[pet, 'Animal'], ...refLines.map((i) => [i, "'#/components/schemas/Animal'"])].sort());
  });

  it('goes from a path item $ref to the path item component', async () => {
    const ref = lineOf(lines31, "$ref: '#/components/pathItems/Pets'");
    const links = await client.request<{ targetUri: string; targetSelectionRange: unknown }[]>('textDocument/definition', {
      textDocument: { uri: uri31 }, position: { line: ref, character: lines31[ref].indexOf('Pets') },
    });
    assert.deepEqual(links.map((l) => [l.targetUri, l.targetSelectionRange]), [[uri31, range(lineOf(lines31, '    Pets:'), 4, 8)]]);
  });
});
