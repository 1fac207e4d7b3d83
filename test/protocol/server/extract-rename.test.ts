// Extract to components lets the user name the new component, as VS Code's own extract refactors
// do: the code action carries the client command `openapi30.renameAt` with the position of the new
// key in the text after the edit (an editor that said it has the command: `editorRenamesAt`), and a
// rename asked there renames the key and the `$ref` the extract left in place. YAML and JSON, with
// the edit built on resolve and at once for an editor that cannot resolve.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Position, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../../helpers/edits';
import { LspClient } from '../../helpers/lsp-client';

const YAML_DOC = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                type: object
                properties:
                  total:
                    type: integer
components:
  schemas:
    Pet:
      type: object
`;

const JSON_DOC = `{
  "openapi": "3.0.3",
  "info": { "title": "Pets", "version": "1.0.0" },
  "components": { "schemas": { "Pet": { "type": "object" } } },
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets",
        "responses": {
          "200": {
            "description": "The pets",
            "content": { "application/json": { "schema": { "type": "object", "properties": { "total": { "type": "integer" } } } } }
          }
        }
      }
    }
  }
}
`;

function positionOf(text: string, needle: string, delta = 0): Position {
  const offset = text.indexOf(needle) + delta;
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

function offsetAt(text: string, position: Position): number {
  const lines = text.split('\n');
  return lines.slice(0, position.line).reduce((n, l) => n + l.length + 1, 0) + position.character;
}

for (const resolves of [true, false]) {
  describe(`Extract to components, then a rename of the new name (${resolves ? 'edit on resolve' : 'edit in the list'})`, { timeout: 120_000 }, () => {
    let dir: string;
    let client: LspClient;

    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-extract-rename-'));
      fs.writeFileSync(path.join(dir, 'api.yaml'), YAML_DOC);
      fs.writeFileSync(path.join(dir, 'api.json'), JSON_DOC);
      client = new LspClient();
      await client.initialize(dir, { editorRenamesAt: true }, {
        window: { workDoneProgress: true },
        workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
        textDocument: { codeAction: resolves ? { resolveSupport: { properties: ['edit'] } } : {}, rename: { prepareSupport: true } },
      });
      await client.waitForProgressEnd();
    });

    after(async () => {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    for (const [name, text, property] of [['api.yaml', YAML_DOC, 'total:'], ['api.json', JSON_DOC, '"total"']] as const) {
      it(`${name}: the action starts a rename on the new key, and the rename renames it and its $ref`, async () => {
        const filePath = path.join(dir, name);
        const uri = client.open(filePath, text);
        await client.waitForDiagnostics(uri);
        const at = positionOf(text, property, 1);
        const [listed] = await client.request<CodeAction[]>('textDocument/codeAction', {
          textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics: [], only: ['refactor.extract'] },
        });
        assert.equal(listed.title, 'Extract to components.schemas');
        const action = resolves ? await client.request<CodeAction>('codeAction/resolve', listed) : listed;
        const after = applyWorkspaceEdit(action.edit as WorkspaceEdit, () => text).get(filePath)!;
        assert.equal(action.command?.command, 'openapi30.renameAt');
        const [commandUri, position] = action.command!.arguments as [string, Position];
        assert.equal(commandUri, uri);
        const keyAt = name.endsWith('.json') ? positionOf(after, '"Total": {', 1) : positionOf(after, '    Total:\n', 4);
        assert.deepEqual(position, keyAt, 'on the new key, in the text after the edit');
        assert.equal(after.slice(offsetAt(after, position), offsetAt(after, position) + 'Total'.length), 'Total');

        // What the editor does with it: the edit applied, then a rename at that position.
        client.change(uri, [{ text: after }]);
        await client.waitForDiagnostics(uri, (p) => p.version === 2);
        const renamed = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position, newName: 'PetCount' });
        const final = applyWorkspaceEdit(renamed, () => after).get(filePath)!;
        assert.equal(final, after.replace(/Total/g, 'PetCount'));
        assert.equal(final.split('PetCount').length - 1, 2, 'the key and the $ref');
        client.close(uri);
      });
    }
  });
}

describe('Extract to components for an editor without the rename command', { timeout: 60_000 }, () => {
  it('carries no command', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-extract-plain-'));
    const client = new LspClient();
    try {
      fs.writeFileSync(path.join(dir, 'api.yaml'), YAML_DOC);
      await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
      await client.waitForProgressEnd();
      const uri = client.open(path.join(dir, 'api.yaml'), YAML_DOC);
      await client.waitForDiagnostics(uri);
      const at = positionOf(YAML_DOC, 'total:', 1);
      const [action] = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics: [], only: ['refactor.extract'] },
      });
      assert.ok(action.edit, 'the edit, for an editor that cannot resolve');
      assert.equal(action.command, undefined);
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
