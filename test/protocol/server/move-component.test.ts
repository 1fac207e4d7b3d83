// Move a component (issue 31, item 6): the targets offered start with the files the document
// already references, another API's root comes last, and the maps the move empties go with it.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../../helpers/edits';
import { LspClient } from '../../helpers/lsp-client';

const API = `openapi: 3.0.3
info: {title: Pets, version: 1.0.0}
paths:
  /pets:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
        default:
          description: Error
          content:
            application/json:
              schema:
                $ref: './schemas.yaml#/Error'
components:
  schemas:
    Pet:
      type: object
`;

describe('moving a component', { timeout: 120_000 }, () => {
  let client: LspClient;
  let dir: string;
  const files: Record<string, string> = {
    'pets/openapi.yaml': API,
    'pets/schemas.yaml': 'Error:\n  type: object\n',
    'aaa-other-api/openapi.yaml': "openapi: 3.0.3\ninfo: {title: Other, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    Thing: {type: string}\n",
  };
  const applied = (edit: WorkspaceEdit) => new Map([...applyWorkspaceEdit(edit, (p) => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : ''))].map(([p, t]) => [path.relative(dir, p).split(path.sep).join('/'), t]));

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-move-'));
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    client = new LspClient();
    await client.initialize(dir, undefined, { window: { workDoneProgress: true }, workspace: { workspaceEdit: { resourceOperations: ['create'] } } });
    await client.waitForProgressEnd(60_000);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('offers the schemas file the document uses first, another API last, and leaves no empty map behind', async () => {
    const uri = client.open(path.join(dir, 'pets/openapi.yaml'), API);
    await client.waitForDiagnostics(uri);
    const line = API.split('\n').indexOf('    Pet:');
    const at = { line, character: 5 };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics: [], only: ['refactor.move'] } });
    assert.deepEqual(actions.map((a) => a.title).filter((t) => !t.includes('a new file')), [
      'Move `Pet` to schemas.yaml', 'Move `Pet` to ../aaa-other-api/openapi.yaml',
    ]);
    const moved = applied((await client.request<CodeAction>('codeAction/resolve', actions[0])).edit!);
    assert.equal(moved.get('pets/schemas.yaml'), 'Error:\n  type: object\nPet:\n  type: object\n');
    const api = moved.get('pets/openapi.yaml')!;
    assert.match(api, /\$ref: '\.\/schemas\.yaml#\/Pet'/);
    assert.doesNotMatch(api, /components|schemas: \{\}/, 'the emptied maps go with the component');
  });
});
