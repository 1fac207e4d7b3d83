// Ctrl+. on an `equivalent-paths` finding offers the merge (not only Suppress), asked as VS Code asks:
// the context holds that diagnostic only, and the range is the cursor (an empty range) anywhere on
// the path's key, or the finding's whole range. YAML and JSON; the merge's edit makes one path.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, Position, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { parse as parseYaml } from 'yaml';
import { applyWorkspaceEdit } from '../../helpers/edits';
import { LspClient } from '../../helpers/lsp-client';

const YAML_DOC = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: The pet
  /pets/{petId}:
    delete:
      operationId: deletePet
      parameters:
        - {name: petId, in: path, required: true, schema: {type: string}}
      responses:
        '204':
          description: Deleted
`;

const JSON_DOC = JSON.stringify(parseYaml(YAML_DOC), null, 2) + '\n';

const MERGED_PATHS = ['/pets/{id}'];

describe('equivalent-paths: the merge at Ctrl+.', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-equivalent-paths-'));
    client = new LspClient();
    await client.initialize(dir, undefined, {
      workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
      textDocument: { codeAction: { resolveSupport: { properties: ['edit'] }, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } } } },
    });
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, text] of [['api.yaml', YAML_DOC], ['api.json', JSON_DOC]] as const) {
    it(`${name}: the cursor on the key, or the finding's range, with only that diagnostic`, async () => {
      const filePath = path.join(dir, name);
      fs.writeFileSync(filePath, text);
      const uri = client.open(filePath, text);
      const diagnostics = await client.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'equivalent-paths'));
      const finding = diagnostics.find((d) => d.code === 'equivalent-paths')!;
      assert.equal(finding.message, 'Path "/pets/{petId}" is the same as "/pets/{id}" up to parameter names: a request cannot tell them apart. Describe its operations under "/pets/{id}".');
      await mergeOffered(uri, filePath, text, finding);
      // After typing elsewhere (the finding kept by the incremental check, moved), and in the path's own Path Item.
      const typed = typedAt(text, 'The pet', 'The one pet');
      client.change(uri, [{ range: typed.range, text: 'The one pet' }]);
      const moved = await client.waitForDiagnostics(uri, (p) => p.version === 2);
      await mergeOffered(uri, filePath, typed.text, moved.find((d) => d.code === 'equivalent-paths')!);
      const typedInside = typedAt(typed.text, 'Deleted', 'Deleted for good');
      client.change(uri, [{ range: typedInside.range, text: 'Deleted for good' }]);
      const inside = await client.waitForDiagnostics(uri, (p) => p.version === 3);
      await mergeOffered(uri, filePath, typedInside.text, inside.find((d) => d.code === 'equivalent-paths')!);
      client.close(uri);
    });
  }

  /** The text with `from` (its first occurrence) replaced, and the range replaced. */
  function typedAt(text: string, from: string, to: string) {
    const offset = text.indexOf(from);
    const before = text.slice(0, offset);
    const start = { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
    return { text: text.replace(from, to), range: { start, end: { line: start.line, character: start.character + from.length } } };
  }

  async function mergeOffered(uri: string, filePath: string, text: string, finding: Diagnostic): Promise<void> {
      assert.ok(finding, 'the finding');
      const { start, end } = finding.range;
      const cursors: Position[] = [start, { line: start.line, character: start.character + 4 }, end];
      const ranges = [...cursors.map((c) => ({ start: c, end: c })), finding.range];
      for (const range of ranges) {
        const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
          textDocument: { uri }, range, context: { diagnostics: [finding] as Diagnostic[], triggerKind: 1 },
        });
        const titles = actions.map((a) => a.title);
        const merge = actions.find((a) => a.kind === 'quickfix' && /^Merge/.test(a.title));
        assert.ok(merge, `a merge at ${JSON.stringify(range)}: ${titles.join(' | ')}`);
        assert.ok(titles.some((t) => t.startsWith('Suppress')), titles.join(' | '));
        // Applied when picked only (which name stays is the author's): not the fix auto-fix applies.
        assert.equal(merge.isPreferred, false);
        const resolved = merge.edit ? merge : await client.request<CodeAction>('codeAction/resolve', merge);
        const merged = applyWorkspaceEdit(resolved.edit as WorkspaceEdit, () => text).get(filePath)!;
        const value = filePath.endsWith('.json') ? JSON.parse(merged) : parseYaml(merged);
        assert.deepEqual(Object.keys(value.paths), MERGED_PATHS);
        assert.deepEqual(Object.keys(value.paths['/pets/{id}']), ['get', 'delete']);
        assert.deepEqual(value.paths['/pets/{id}'].delete.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
      }
  }
});
