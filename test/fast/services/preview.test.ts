// What the preview of a file shows: its root's bundle and where the file's part landed in it (the
// preview scrolls there), or the first error and its place.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/model/documents';
import { isPreviewError, PreviewBundle, previewOf } from '../../../server/src/services/preview';

const ROOT = '/virtual/openapi.yaml';
const FILES: Record<string, string> = {
  [ROOT]: `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
paths:
  /pets:
    $ref: 'pets-path.yaml'
components:
  schemas:
    Pet:
      $ref: 'pet.yaml'
`,
  '/virtual/pets-path.yaml': `get:
  responses:
    '200':
      description: OK
      content:
        application/json:
          schema:
            $ref: 'error.yaml#/Error'
`,
  '/virtual/pet.yaml': `type: object
`,
  '/virtual/error.yaml': `Error:
  type: string
`,
};

const storeOf = (files: Record<string, string>) => new DocumentStore({
  read: (p) => (p in files ? { text: files[p] } : { reason: 'missing', message: `${p} does not exist.` }),
});

function bundleFor(file: string, files = FILES): PreviewBundle {
  const answer = previewOf(storeOf(files), ROOT, file);
  assert.ok(!isPreviewError(answer), JSON.stringify(answer));
  return answer;
}

describe('the preview of a file', () => {
  it('is the root\'s bundle, at the top, for the root', () => {
    const answer = bundleFor(ROOT);
    assert.equal(answer.pointer, '');
    assert.deepEqual(answer.files.sort(), ['/virtual/error.yaml', '/virtual/openapi.yaml', '/virtual/pet.yaml', '/virtual/pets-path.yaml']);
  });

  it('points at a Path Item written in place where the root references it', () => {
    assert.equal(bundleFor('/virtual/pets-path.yaml').pointer, '/paths/~1pets');
  });

  it('points at a component the root\'s own entry names, and at one moved into components', () => {
    assert.equal(bundleFor('/virtual/pet.yaml').pointer, '/components/schemas/Pet');
    assert.equal(bundleFor('/virtual/error.yaml').pointer, '/components/schemas/Error');
  });

  it('maps every operation, path item and component to its span and its pointer in the bundle', () => {
    const files: Record<string, string> = { ...FILES, [ROOT]: `${FILES[ROOT]}    Local:
      type: string
` };
    const parts = bundleFor(ROOT, files).parts.map((p) => ({ file: p.path.replace('/virtual/', ''), text: files[p.path].slice(p.offset, p.offset + p.length), pointer: p.pointer }));
    const byPointer = (pointer: string) => parts.filter((p) => p.pointer === pointer).map((p) => `${p.file}: ${p.text}`);
    // The root's path item is a $ref: its entry in the root, and the file written in its place with its operation.
    assert.deepEqual(byPointer('/paths/~1pets'), [`openapi.yaml: /pets:\n    $ref: 'pets-path.yaml'`, `pets-path.yaml: ${files['/virtual/pets-path.yaml'].trimEnd()}`]);
    assert.deepEqual(byPointer('/paths/~1pets/get'), [`pets-path.yaml: ${files['/virtual/pets-path.yaml'].trimEnd()}`]);
    assert.deepEqual(byPointer('/components/schemas/Pet'), [`openapi.yaml: Pet:\n      $ref: 'pet.yaml'`, 'pet.yaml: type: object']);
    assert.deepEqual(byPointer('/components/schemas/Local'), ['openapi.yaml: Local:\n      type: string']);
    // A schema of another file moved into components: its entry there.
    assert.deepEqual(byPointer('/components/schemas/Error'), ['error.yaml: Error:\n  type: string']);
    assert.equal(parts.length, 7, JSON.stringify(parts, null, 1));
  });

  it('answers the first syntax error of a referenced file, in that file', () => {
    const answer = previewOf(storeOf({ ...FILES, '/virtual/pet.yaml': 'type: [object\n' }), ROOT, ROOT);
    assert.ok(isPreviewError(answer));
    assert.match(answer.message, /^pet\.yaml: /);
    assert.equal(answer.at?.path, '/virtual/pet.yaml');
  });

  it('names the first error in the text, however the file was read', () => {
    // The yaml package lists this text's errors out of text order; a file of 64 KB and more is read
    // around its broken lines and lists them in another order. The preview names the same error.
    const broken = 'type: object\nb:\n  c: 1\n  &a #k\nd:\n\n  e: 1\n  # c\n  f: 2\n';
    for (const pad of ['', `x-pad: ${JSON.stringify('p'.repeat(70_000))}\n`]) {
      const answer = previewOf(storeOf({ ...FILES, '/virtual/pet.yaml': pad + broken }), ROOT, ROOT);
      assert.ok(isPreviewError(answer));
      assert.equal(answer.message, 'pet.yaml: Implicit map keys need to be followed by map values.', `padded ${pad.length}`);
      assert.deepEqual(answer.at, { path: '/virtual/pet.yaml', offset: pad.length + 28, length: 0 }, `padded ${pad.length}`);
    }
  });

  it('names an error before a warning that comes earlier in the text', () => {
    const answer = previewOf(storeOf({ ...FILES, '/virtual/pet.yaml': 'type: object\nx-a: !t v\nx-b: [\n' }), ROOT, ROOT);
    assert.ok(isPreviewError(answer));
    assert.match(answer.message, /^pet\.yaml: Flow sequence in block collection must be sufficiently indented and end with a \]/);
  });

  it('answers a root that cannot be read with why, and no place', () => {
    const answer = previewOf(storeOf({}), ROOT, ROOT);
    assert.ok(isPreviewError(answer));
    assert.match(answer.message, /does not exist/);
    assert.equal(answer.at, undefined);
  });
});
