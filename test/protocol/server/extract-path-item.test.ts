// Extract to components.pathItems: in a 3.1 or 3.2 document, a path item (the value of `/pets:`, or a
// webhook) moves to `components/pathItems/<Name>` with a `$ref` in its place, and the editor starts a
// rename of the new name as for the other extracts. Not offered in 3.0, which has no pathItems.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, Position, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../../helpers/edits';
import { LspClient } from '../../helpers/lsp-client';

const head = (version: string) => `openapi: ${version}
info:
  title: Pets
  version: 1.0.0
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - name: petId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The pet
`;

const DOC_31 = `${head('3.1.0')}components:
  schemas:
    Pet:
      type: object
`;

const DOC_32_JSON = `{
  "openapi": "3.2.0",
  "info": { "title": "Events", "version": "1.0.0" },
  "webhooks": {
    "newEvent": { "post": { "responses": { "200": { "description": "Received" } } } }
  }
}
`;

function positionOf(text: string, needle: string, delta = 0): Position {
  const offset = text.indexOf(needle) + delta;
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

describe('Extract to components.pathItems', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-extract-path-item-'));
    fs.writeFileSync(path.join(dir, 'pets.yaml'), DOC_31);
    fs.writeFileSync(path.join(dir, 'events.json'), DOC_32_JSON);
    fs.writeFileSync(path.join(dir, 'pets30.yaml'), head('3.0.3'));
    client = new LspClient();
    await client.initialize(dir, { editorRenamesAt: true }, {
      window: { workDoneProgress: true },
      workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
      textDocument: { codeAction: { resolveSupport: { properties: ['edit'] } }, rename: { prepareSupport: true } },
    });
    await client.waitForProgressEnd();
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const extractOffers = async (uri: string, at: Position) => client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics: [], only: ['refactor.extract'] },
  });

  it('3.1 YAML: moves the path item to components/pathItems, leaves its $ref, and a rename of the new name follows', async () => {
    const filePath = path.join(dir, 'pets.yaml');
    const uri = client.open(filePath, DOC_31);
    await client.waitForDiagnostics(uri);
    // On the `get:` line: no Schema or Parameter holds the cursor, the path item does.
    const offers = await extractOffers(uri, positionOf(DOC_31, '    get:', 5));
    assert.deepEqual(offers.map((o) => o.title), ['Extract to components.pathItems']);
    const action = await client.request<CodeAction>('codeAction/resolve', offers[0]);
    const after = applyWorkspaceEdit(action.edit as WorkspaceEdit, () => DOC_31).get(filePath)!;
    assert.equal(after, `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
paths:
  /pets/{petId}:
    $ref: '#/components/pathItems/PetsPetId'
components:
  schemas:
    Pet:
      type: object
  pathItems:
    PetsPetId:
      get:
        operationId: getPet
        parameters:
          - name: petId
            in: path
            required: true
            schema:
              type: string
        responses:
          '200':
            description: The pet
`);
    assert.equal(action.command?.command, 'openapi30.renameAt');
    const [, position] = action.command!.arguments as [string, Position];
    assert.deepEqual(position, positionOf(after, '    PetsPetId:', 4));

    // The result checks clean, and renaming the new name renames the key and the $ref.
    client.change(uri, [{ text: after }]);
    const diagnostics = await client.waitForDiagnostics(uri, (p) => p.version === 2);
    assert.deepEqual(diagnostics.filter((d: Diagnostic) => d.severity === 1 || d.severity === 2), []);
    const renamed = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position, newName: 'OnePet' });
    assert.equal(applyWorkspaceEdit(renamed, () => after).get(filePath)!, after.replace(/PetsPetId/g, 'OnePet'));
    client.close(uri);
  });

  it('3.2 JSON: a webhook moves to components/pathItems under its name', async () => {
    const filePath = path.join(dir, 'events.json');
    const uri = client.open(filePath, DOC_32_JSON);
    await client.waitForDiagnostics(uri);
    const offers = await extractOffers(uri, positionOf(DOC_32_JSON, '"newEvent"', 2));
    assert.deepEqual(offers.map((o) => o.title), ['Extract to components.pathItems']);
    const action = await client.request<CodeAction>('codeAction/resolve', offers[0]);
    const after = applyWorkspaceEdit(action.edit as WorkspaceEdit, () => DOC_32_JSON).get(filePath)!;
    assert.deepEqual(JSON.parse(after), {
      openapi: '3.2.0',
      info: { title: 'Events', version: '1.0.0' },
      webhooks: { newEvent: { $ref: '#/components/pathItems/NewEvent' } },
      components: { pathItems: { NewEvent: { post: { responses: { 200: { description: 'Received' } } } } } },
    });
    assert.ok(after.includes('"newEvent": { "$ref": "#/components/pathItems/NewEvent" }'), after);
    client.close(uri);
  });

  it('3.0: not offered (3.0 has no components.pathItems); the Schema inside is still extractable', async () => {
    const text = head('3.0.3');
    const filePath = path.join(dir, 'pets30.yaml');
    const uri = client.open(filePath, text);
    await client.waitForDiagnostics(uri);
    assert.deepEqual(await extractOffers(uri, positionOf(text, '    get:', 5)), []);
    assert.deepEqual((await extractOffers(uri, positionOf(text, 'type: string', 2))).map((o) => o.title), ['Extract to components.schemas']);
    client.close(uri);
  });
});
