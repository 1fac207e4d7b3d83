// openapi30/previewDocument as the extension's preview asks for it: the bundled document built from
// the editor's unsaved text, a multi-file root bundled into one document, a referenced file answered
// with its root's bundle and where its part is, and a broken document answered with its first error
// and its place (the preview keeps its last render and links there).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { LspClient } from '../../helpers/lsp-client';

interface Answer {
  root?: string;
  document?: { paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>; components?: { schemas?: Record<string, unknown> } };
  pointer?: string;
  files?: string[];
  parts?: { uri: string; range: { start: { line: number; character: number }; end: { line: number; character: number } }; pointer: string }[];
  error?: { message: string; location?: { uri: string; range: { start: { line: number; character: number } } } };
}

const ROOT = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                $ref: pet.yaml
`;

const PET = `type: object
properties:
  name:
    type: string
`;

describe('the preview request', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;
  let rootUri: string;
  let petUri: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-preview-'));
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), ROOT);
    fs.writeFileSync(path.join(dir, 'pet.yaml'), PET);
    client = new LspClient();
    await client.initialize(dir);
    rootUri = client.open(path.join(dir, 'openapi.yaml'), ROOT);
    await client.waitForDiagnostics(rootUri);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const preview = (uri: string) => client.request<Answer>('openapi30/previewDocument', { uri });

  it('bundles a $ref to another file into components', async () => {
    const answer = await preview(rootUri);
    assert.equal(answer.error, undefined);
    assert.equal(answer.root, rootUri);
    assert.equal(answer.pointer, '');
    assert.deepEqual(answer.files, [rootUri, new URL('pet.yaml', rootUri).href], 'the files whose edits change the preview');
    const ok = answer.document!.paths['/pets'].get.responses['200'] as { content: { 'application/json': { schema: unknown } } };
    assert.deepEqual(ok.content['application/json'].schema, { $ref: '#/components/schemas/pet' });
    assert.deepEqual(answer.document!.components!.schemas!.pet, { type: 'object', properties: { name: { type: 'string' } } });
  });

  it('answers openapi30/bundle, for other editors, with the same bundle and the place of each operation and component', async () => {
    const answer = await client.request<Answer>('openapi30/bundle', { uri: rootUri });
    assert.deepEqual(answer, await preview(rootUri));
    const petAt = new URL('pet.yaml', rootUri).href;
    assert.deepEqual(answer.parts!.map((p) => `${p.uri === rootUri ? 'openapi.yaml' : p.uri === petAt ? 'pet.yaml' : p.uri} ${p.pointer} `
      + `${p.range.start.line}:${p.range.start.character}-${p.range.end.line}:${p.range.end.character}`), [
      'openapi.yaml /paths/~1pets 5:2-14:30',
      'openapi.yaml /paths/~1pets/get 6:4-14:30',
      'pet.yaml /components/schemas/pet 0:0-3:16',
    ]);
  });

  it('shows the unsaved text of the root and of the files it references, asked right after the edit', async () => {
    client.change(rootUri, [{ range: { start: { line: 7, character: 15 }, end: { line: 7, character: 24 } }, text: 'Every pet in the shop' }]);
    petUri = client.open(path.join(dir, 'pet.yaml'), PET);
    client.change(petUri, [{ range: { start: { line: 3, character: 10 }, end: { line: 3, character: 16 } }, text: 'integer' }]);
    const answer = await preview(rootUri);
    assert.equal(answer.document!.paths['/pets'].get.summary, 'Every pet in the shop');
    assert.deepEqual(answer.document!.components!.schemas!.pet, { type: 'object', properties: { name: { type: 'integer' } } });
    assert.match(fs.readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'), /summary: List pets/, 'the file on disk was not changed');
  });

  it('answers a referenced file with its root\'s bundle and the pointer of its part', async () => {
    await client.waitForDiagnostics(petUri);
    const answer = await preview(petUri);
    assert.equal(answer.root, rootUri);
    assert.equal(answer.pointer, '/components/schemas/pet');
    assert.equal(answer.document!.paths['/pets'].get.summary, 'Every pet in the shop');
  });

  it('answers a document that cannot be read with its first error and its place', async () => {
    // `summary: Every pet in the shop` becomes an unclosed flow sequence.
    client.change(rootUri, [{ range: { start: { line: 7, character: 15 }, end: { line: 7, character: 15 } }, text: '[' }]);
    const answer = await preview(rootUri);
    assert.equal(answer.document, undefined);
    assert.ok(answer.error, 'an error answer');
    assert.match(answer.error.message, /^openapi\.yaml: /);
    assert.equal(answer.error.location?.uri, rootUri);
    assert.ok(answer.error.location!.range.start.line >= 7, `the error is at or after the edit: ${JSON.stringify(answer.error)}`);
  });

  it('answers a broken referenced file with its error, in that file', async () => {
    client.change(rootUri, [{ range: { start: { line: 7, character: 15 }, end: { line: 7, character: 16 } }, text: '' }]);
    client.change(petUri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'a: [\n' }]);
    const answer = await preview(rootUri);
    assert.ok(answer.error, `an error answer: ${JSON.stringify(answer).slice(0, 300)}`);
    assert.equal(answer.error.location?.uri, petUri);
    assert.match(answer.error.message, /^pet\.yaml: /);
  });
});
