// The diagnostics published after every keystroke equal a fresh check's, field by field as the
// client receives them (range, severity, code, message, tags, related places): the server reuses the
// LSP value and JSON text of each finding it publishes unchanged (lsp-types.ts, LspDiagnostics;
// transport/raw-json.ts, withJsonText), so a finding below an edit must still arrive on its new line,
// a finding a keystroke rewords with its new message, and one that goes away must be gone.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { after, before, describe, it } from 'node:test';
import { Session } from '../../../server/src/server/state/session';
import { toLspDiagnostic } from '../../../server/src/server/lsp-types';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { tempDir } from '../../helpers/cli';
import { LspClient } from '../../helpers/lsp-client';

const YAML = `openapi: 3.0.3
info:
  title: Pets
  description: The pet store
  version: '1'
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
    post:
      operationId: listPet
      responses:
        '201':
          description: made
  /pets/{id}:
    get:
      operationId: showPet
      parameters:
        - name: id
          in: query
          schema:
            type: string
      responses:
        '200':
          description: ok
    delete:
      responses:
        '204':
          description: gone
`;

const JSON_TEXT = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', description: 'The pet store', version: '1' },
  paths: {
    '/pets': {
      get: { operationId: 'listPets', responses: { 200: { description: 'ok' } } },
      post: { operationId: 'listPet', responses: { 201: { description: 'made' } } },
    },
    '/pets/{id}': {
      get: { operationId: 'showPet', parameters: [{ name: 'id', in: 'query', schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } },
      delete: { responses: { 204: { description: 'gone' } } },
    },
  },
}, null, 2) + '\n';

/** Diagnostics as the client receives them, but the link to the rule's page (it names the bundle's folder). */
type Received = { range: unknown; severity?: number; code?: unknown; source?: string; message: string; tags?: unknown; relatedInformation?: unknown };
const asReceived = (list: Received[]) => list.map(({ range, severity, code, source, message, tags, relatedInformation }) =>
  JSON.stringify({ range, severity, code, source, message, tags, relatedInformation })).sort();

/** What a fresh check of the text publishes for the file. */
function fresh(file: string, text: string): string[] {
  const session = new Session();
  const uri = pathToFileURL(file).href;
  session.open.set(uri, { uri, path: file, version: 1, text });
  const found = session.check(file).diagnostics.filter((d) => d.doc.path === file);
  return asReceived(found.map((d) => toLspDiagnostic(d, (p) => pathToFileURL(p).href)));
}

describe('diagnostics published after every keystroke', () => {
  const dir = tempDir();
  let client: LspClient;
  before(async () => {
    client = new LspClient();
    await client.initialize(dir);
  });
  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [form, source] of [['YAML', YAML], ['JSON', JSON_TEXT]] as const) {
    it(`${form}: equal a fresh check's, with a duplicate operationId typed and backspaced and lines added above findings`, async () => {
      const file = path.join(dir, form === 'YAML' ? 'keys.yaml' : 'keys.json');
      fs.writeFileSync(file, source);
      const uri = client.open(file, source);
      let text = source;
      let version = 1;
      const publishedFor = async (v: number) => asReceived((await client.waitForDiagnostics(uri, (p) => p.version === v)) as Received[]);
      const first = await publishedFor(1);
      assert.deepEqual(first, fresh(file, text));
      assert.ok(first.some((d) => d.includes('"in":') || d.includes('path-')) || first.length >= 2, `findings to follow: ${first.join('\n')}`);
      /** Types `insert` at `offset` (deleting `length` characters first), then compares. */
      const key = async (offset: number, length: number, insert: string, what: string) => {
        const lines = new LineIndex(text);
        version = client.change(uri, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset + length) }, text: insert }]);
        text = text.slice(0, offset) + insert + text.slice(offset + length);
        assert.deepEqual(await publishedFor(version), fresh(file, text), `${what}, at version ${version}:\n${text}`);
      };
      // Free text above every finding: the findings stay where they are.
      const description = text.indexOf('The pet store') + 'The pet'.length;
      for (const ch of ' shop') await key(description + [...' shop'].indexOf(ch), 0, ch, 'typed in the description');
      // The duplicate: `listPet` becomes `listPets`, reported with the first one as its related place.
      const duplicate = text.indexOf('listPet', text.indexOf('listPets') + 1) + 'listPet'.length;
      await key(duplicate, 0, 's', 'a duplicate operationId typed');
      assert.ok(asReceived((await client.waitForDiagnostics(uri, (p) => p.version === version)) as Received[]).some((d) => d.includes('operation-id-unique')), 'the duplicate is reported');
      await key(duplicate + 1, 0, 'x', 'typed past the duplicate');
      await key(duplicate + 1, 1, '', 'backspaced to the duplicate again');
      await key(duplicate, 1, '', 'backspaced out of the duplicate');
      assert.ok(!asReceived((await client.waitForDiagnostics(uri, (p) => p.version === version)) as Received[]).some((d) => d.includes('operation-id-unique')), 'no duplicate left');
      // A line added above every finding, then removed: each finding a line down, then back.
      const infoLine = form === 'YAML' ? text.indexOf("  version: '1'") : text.indexOf('    "version": "1"');
      const added = form === 'YAML' ? '  x-edited: true\n' : '    "x-edited": true,\n';
      await key(infoLine, 0, added, 'a line added above the findings');
      await key(infoLine, added.length, '', 'the line removed');
      // Typed on a finding's own line, before it: the finding moves along its line.
      const query = text.indexOf('query');
      await key(query, 0, 'x', 'typed at the start of a value with a finding');
      await key(query, 1, '', 'and removed');
      client.close(uri);
    });
  }
});
