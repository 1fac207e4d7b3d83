// What the server keeps of a preview, seen from the client: the last bundle of a root is answered
// again without building while none of the files it read changed (typing in another document keeps
// it), built again after an edit of the root or of a file it references, freed when the client says
// the preview closed (unless another preview shows the same root), and kept for at most two roots by
// least recent use. "Built" and "answered from the last build" are the server's marks.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { LspClient } from '../../helpers/lsp-client';

interface Answer {
  root?: string;
  document?: { info: { title: string }; paths: Record<string, { get: { summary: string } }>; components?: { schemas?: Record<string, { properties: Record<string, unknown> }> } };
  pointer?: string;
  error?: { message: string };
}

const rootText = (title: string) => `openapi: 3.0.3
info:
  title: ${title}
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

const OTHER = `openapi: 3.0.3
info:
  title: Other
  version: 1.0.0
paths: {}
`;

describe('the preview the server keeps', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;
  let rootUri: string;
  let petUri: string;
  let otherUri: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-preview-kept-'));
    const files: Record<string, string> = { 'openapi.yaml': rootText('Pets'), 'pet.yaml': PET, 'other.yaml': OTHER };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    for (const name of ['a', 'b', 'c']) fs.writeFileSync(path.join(dir, `${name}.yaml`), rootText(`Root ${name}`).replace('$ref: pet.yaml', 'type: object'));
    client = new LspClient();
    await client.initialize(dir);
    rootUri = client.open(path.join(dir, 'openapi.yaml'), files['openapi.yaml']);
    petUri = client.open(path.join(dir, 'pet.yaml'), PET);
    otherUri = client.open(path.join(dir, 'other.yaml'), OTHER);
    await client.waitForDiagnostics(rootUri);
    await client.waitForDiagnostics(otherUri);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const preview = (uri: string) => client.request<Answer>('openapi30/previewDocument', { uri });
  /** Asks for a preview and says how the server answered it: built, or from the last build. */
  const previewCounted = async (uri: string) => {
    const since = client.marks.length;
    const answer = await preview(uri);
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    return { answer, built: client.marked('preview build starts', since), kept: client.marked('preview answered from the last build', since) };
  };
  const closed = async (uri: string) => {
    const since = client.marks.length;
    await client.connection.sendNotification('openapi30/previewClosed', { uri });
    return since;
  };
  /** The `preview freed` marks since a point, as `root why` (file names). */
  const freed = (since: number) => client.marks.slice(since).filter((m) => m.name === 'preview freed')
    .map((m) => `${path.basename(String(m.root))} ${String(m.why)}`);

  it('answers again from the last build after typing in a document the root does not read', async () => {
    const first = await previewCounted(rootUri);
    assert.equal(first.built, 1);
    assert.equal(first.answer.document!.info.title, 'Pets');
    // other.yaml is an OpenAPI document of its own, open and checked: typing in it is typing elsewhere.
    const since = client.marks.length;
    client.change(otherUri, [{ range: { start: { line: 2, character: 9 }, end: { line: 2, character: 14 } }, text: 'Another' }]);
    client.change(otherUri, [{ range: { start: { line: 2, character: 9 }, end: { line: 2, character: 16 } }, text: 'Yet another' }]);
    await client.waitForDiagnostics(otherUri, (p) => p.version === 3);
    assert.ok(client.marked('change applied', since) >= 2, 'the edits were applied before the preview was asked');
    const again = await previewCounted(rootUri);
    assert.deepEqual({ built: again.built, kept: again.kept }, { built: 0, kept: 1 });
    assert.deepEqual(again.answer, first.answer);
  });

  it('builds again after an edit of a file the root references, and shows it', async () => {
    // pet.yaml: `    type: string` (line 3) gains a sibling property `age`.
    client.change(petUri, [{ range: { start: { line: 3, character: 16 }, end: { line: 3, character: 16 } }, text: '\n  age:\n    type: integer' }]);
    const after = await previewCounted(rootUri);
    assert.deepEqual({ built: after.built, kept: after.kept }, { built: 1, kept: 0 });
    assert.deepEqual(Object.keys(after.answer.document!.components!.schemas!.pet.properties), ['name', 'age']);
    const again = await previewCounted(rootUri);
    assert.deepEqual({ built: again.built, kept: again.kept }, { built: 0, kept: 1 }, 'kept again once built');
  });

  it('builds again after an edit of the root, and shows it', async () => {
    client.change(rootUri, [{ range: { start: { line: 7, character: 20 }, end: { line: 7, character: 24 } }, text: 'every pet' }]);
    const after = await previewCounted(rootUri);
    assert.deepEqual({ built: after.built, kept: after.kept }, { built: 1, kept: 0 });
    assert.equal(after.answer.document!.paths['/pets'].get.summary, 'List every pet');
  });

  it('frees the build when the preview closes, and builds again when one is asked for', async () => {
    await previewCounted(rootUri);
    const since = await closed(rootUri);
    await client.waitForMark('preview freed', since);
    assert.deepEqual(freed(since), ['openapi.yaml its preview closed']);
    const next = await previewCounted(rootUri);
    assert.deepEqual({ built: next.built, kept: next.kept }, { built: 1, kept: 0 });
    assert.equal(next.answer.document!.paths['/pets'].get.summary, 'List every pet');
  });

  it('keeps the build while another preview shows the same root', async () => {
    // The preview of pet.yaml is its root's, scrolled to pet's part: the same build.
    const ofPet = await previewCounted(petUri);
    assert.deepEqual({ built: ofPet.built, kept: ofPet.kept }, { built: 0, kept: 1 });
    assert.equal(ofPet.answer.pointer, '/components/schemas/pet');
    const since = await closed(rootUri);
    // A notification has no answer: a request after it is handled after it.
    const stillKept = await previewCounted(petUri);
    assert.deepEqual(freed(since), [], 'the preview of pet.yaml still shows it');
    assert.deepEqual({ built: stillKept.built, kept: stillKept.kept }, { built: 0, kept: 1 });
    const lastClosed = await closed(petUri);
    await client.waitForMark('preview freed', lastClosed);
    assert.deepEqual(freed(lastClosed), ['openapi.yaml its preview closed']);
  });

  it('keeps at most two roots, freeing the least recently used, for a client that never says a preview closed', async () => {
    // openapi30/bundle, as another editor asks: it never says when it stops showing one.
    const bundle = (name: string) => client.request<Answer>('openapi30/bundle', { uri: new URL(`${name}.yaml`, rootUri).href });
    const since = client.marks.length;
    for (const name of ['a', 'b']) assert.equal((await bundle(name)).document!.info.title, `Root ${name}`);
    assert.deepEqual(freed(since), []);
    assert.equal((await bundle('a')).document!.info.title, 'Root a', 'a used again: b is now the least recently used');
    assert.equal(client.marked('preview build starts', since), 2);
    await bundle('c');
    assert.deepEqual(freed(since), ['b.yaml least recently used']);
    const kept = client.marks.length;
    await bundle('a');
    await bundle('c');
    assert.equal(client.marked('preview build starts', kept), 0, 'a and c answered from their builds');
    await bundle('b');
    assert.equal(client.marked('preview build starts', kept), 1, 'b built again');
    assert.deepEqual(freed(kept), ['a.yaml least recently used']);
  });
});
