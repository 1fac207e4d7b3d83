// A file's references kept as columns (ref-table.ts) read back exactly: the range of each `$ref`
// value in the text, its target file and pointer, its role and owner; after the workspace keeps
// the file, after an edit the index follows in place or anew, after crossing to another thread as
// transferred buffers; with 100,000 references in one file and a 1 MB `$ref` string.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reparseEdit } from '../../../server/src/syntax/incremental';
import { lineIndexOf } from '../../../server/src/syntax/line-index';
import { parseText } from '../../../server/src/syntax/parse';
import { drain } from '../../../server/src/syntax/steps';
import { FileIndex, indexFile } from '../../../server/src/workspace/file-index';
import { indexAfterEdit } from '../../../server/src/workspace/index-edit';
import { decodeIndexSteps, encodeIndex, indexTransferables } from '../../../server/src/workspace/index-transfer';
import { REF_STRIDE } from '../../../server/src/workspace/ref-table';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';

const FILE = '/w/openapi.yaml';
const TEXT = [
  'openapi: 3.0.3',
  'info: {title: T, version: "1"}',
  'paths:',
  '  /pets:',
  '    get:',
  '      parameters: [{$ref: "./common.yaml#/Limit"}]',
  "      responses: {'200': {$ref: '#/components/responses/Pets'}}",
  '  /item:',
  "    $ref: './item.yaml'",
  'components:',
  '  responses:',
  '    Pets: {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}',
  '  schemas:',
  '    Pet:',
  '      discriminator: {propertyName: kind, mapping: {dog: Dog}}',
  '      x-note: {$ref: "#/components/schemas/Dog"}',
  '      properties:',
  '        friend: {$ref: "#/components/schemas/Pet"}',
  '    Dog: {$ref: "#/components/schemas/Pet"}',
].join('\n');

/** What a user sees of each reference: its text in the file, what it names, its role, where it sits. */
function refsAsSeen(index: FileIndex, text: string) {
  return [...index.refs].map((r) => [
    text.slice(r.span.offset, r.span.offset + r.span.length), r.raw, r.role, r.targetFile, r.pointer.join('/'), r.span.style, r.span.flow,
    r.owner < 0 ? '-' : index.definitions[r.owner].name, r.expected ?? '-', r.inExtension, r.pathKey?.name ?? '-',
  ]);
}

const EXPECTED = [
  ['"./common.yaml#/Limit"', './common.yaml#/Limit', 'ref', '/w/common.yaml', 'Limit', 'double', true, '-', 'Parameter', false, '-'],
  ["'#/components/responses/Pets'", '#/components/responses/Pets', 'ref', FILE, 'components/responses/Pets', 'single', true, '-', 'Response', false, '-'],
  ["'./item.yaml'", './item.yaml', 'ref', '/w/item.yaml', '', 'single', false, '-', 'PathItem', false, '/item'],
  ['"#/components/schemas/Pet"', '#/components/schemas/Pet', 'ref', FILE, 'components/schemas/Pet', 'double', true, 'Pets', 'Schema', false, '-'],
  ['Dog', 'Dog', 'mapping', FILE, 'components/schemas/Dog', 'plain', true, 'Pet', 'Schema', false, '-'],
  ['"#/components/schemas/Dog"', '#/components/schemas/Dog', 'ref', FILE, 'components/schemas/Dog', 'double', true, 'Pet', '-', true, '-'],
  ['"#/components/schemas/Pet"', '#/components/schemas/Pet', 'ref', FILE, 'components/schemas/Pet', 'double', true, 'Pet', 'Schema', false, '-'],
  ['"#/components/schemas/Pet"', '#/components/schemas/Pet', 'ref', FILE, 'components/schemas/Pet', 'double', true, 'Dog', 'Schema', false, '-'],
];

/** Posts an encoded index through a real message port, its buffers transferred, and decodes what arrives. */
async function acrossThreads(index: FileIndex): Promise<{ decoded: FileIndex; sentColumns: Int32Array }> {
  const encoded = encodeIndex(index);
  const { port1, port2 } = new MessageChannel();
  const arrived = new Promise<typeof encoded>((resolve) => port2.once('message', resolve));
  port1.postMessage(encoded, indexTransferables(encoded));
  const received = await arrived;
  port1.close();
  port2.close();
  return { decoded: drain(decodeIndexSteps(received)), sentColumns: encoded.refColumns };
}

describe('references kept as columns', () => {
  it('reads back every reference exactly: range, target, role, owner, expected kind, extension, path key', () => {
    const index = indexFile(FILE, parseText(TEXT, 'yaml'));
    assert.deepEqual(refsAsSeen(index, TEXT), EXPECTED);
    // One target per distinct reference: the three `#/components/schemas/Pet` share one; the bare
    // mapping name `Dog` and the written `#/components/schemas/Dog` are two (each keeps its raw text).
    assert.equal(index.refs.targets.length, 6);
    assert.equal(index.refs.data.length, EXPECTED.length * REF_STRIDE);
  });

  it('answers the same after the workspace keeps the file: references into it, by pointer, from its own and other files', () => {
    const ix = new WorkspaceIndex();
    const index = indexFile(FILE, parseText(TEXT, 'yaml'));
    const other = "$ref: './openapi.yaml#/components/schemas/Pet'";
    ix.set(index);
    ix.set(indexFile('/w/other.yaml', parseText(other, 'yaml')));
    const seen = (list: ReturnType<WorkspaceIndex['refsTo']>) => list.map(({ file, entry }) => `${file.path}@${entry.span.offset}+${entry.span.length}`);
    const petAt = (from: number) => TEXT.indexOf('"#/components/schemas/Pet"', from);
    assert.deepEqual(seen(ix.refsTo(FILE, ['components', 'schemas', 'Pet'])), [
      `${FILE}@${petAt(0)}+26`, `${FILE}@${petAt(petAt(0) + 1)}+26`, `${FILE}@${petAt(petAt(petAt(0) + 1) + 1)}+26`, `/w/other.yaml@6+40`,
    ]);
    assert.deepEqual(seen(ix.refsInto('/w/common.yaml')), [`${FILE}@${TEXT.indexOf('"./common.yaml')}+22`]);
    assert.equal(ix.pathOf(indexFile('/w/item.yaml', parseText('get: {responses: {}}', 'yaml')), { pathItem: [] } as never), '/item');
  });

  it('follows an edit in place (offsets moved in the columns) and an edit that adds a reference (a new table)', () => {
    let parsed = parseText(TEXT, 'yaml');
    const index = indexFile(FILE, parsed);
    const ix = new WorkspaceIndex();
    ix.set(index);
    // The workspace's view of the last reference, written after the edit.
    const viewBefore = ix.refsTo(FILE, ['components', 'schemas', 'Pet']).at(-1)!.entry;
    const offsetBefore = viewBefore.span.offset;
    // Typing in a key the index reads (`propertyName`'s value is not read; `friend` is a key): the entries keep their shape.
    const at = TEXT.indexOf('friend');
    let edit = { offset: at, length: 0, newText: 'best' };
    let reparsed = reparseEdit(parsed, edit)!;
    assert.ok(reparsed, 'reparsed in place');
    let text = reparsed.parsed.text;
    const kept = indexAfterEdit(index, edit, reparsed, lineIndexOf(reparsed.parsed));
    assert.equal(kept, index, 'the same index, moved in place');
    assert.deepEqual(refsAsSeen(kept!, text), refsAsSeen(indexFile(FILE, reparsed.parsed), text));
    assert.equal(viewBefore.span.offset, offsetBefore + 4, 'a view the workspace holds reads the moved offset');
    assert.equal(text.slice(viewBefore.span.offset, viewBefore.span.offset + viewBefore.span.length), '"#/components/schemas/Pet"');
    // A new reference in the Pet schema: a new index with one more.
    parsed = reparsed.parsed;
    const after = text.indexOf('properties:') + 'properties:'.length;
    edit = { offset: after, length: 0, newText: '\n        owner: {$ref: "./people.yaml#/Owner"}' };
    reparsed = reparseEdit(parsed, edit)!;
    assert.ok(reparsed, 'reparsed in place');
    text = reparsed.parsed.text;
    const grown = indexAfterEdit(kept!, edit, reparsed, lineIndexOf(reparsed.parsed));
    assert.ok(grown, 'followed without indexing the file again');
    const fresh = refsAsSeen(indexFile(FILE, reparsed.parsed), text);
    assert.equal(fresh.length, EXPECTED.length + 1);
    assert.deepEqual(refsAsSeen(grown!, text), fresh);
    assert.deepEqual(refsAsSeen(index, TEXT.slice(0, at) + 'best' + TEXT.slice(at)).length, EXPECTED.length, 'the old index kept its references');
  });

  it('keeps the same table, moved in place, when an edit changes other entries only (an operationId typed)', () => {
    const source = TEXT.replace('    get:\n', '    get:\n      operationId: listPets\n');
    const parsed = parseText(source, 'yaml');
    const index = indexFile(FILE, parsed);
    const ix = new WorkspaceIndex();
    ix.set(index);
    const viewAfterEdit = ix.refsTo(FILE, ['components', 'schemas', 'Pet']).at(-1)!.entry;
    const offsetBefore = viewAfterEdit.span.offset;
    const at = source.indexOf('listPets') + 'listPets'.length;
    const edit = { offset: at, length: 0, newText: 'X' };
    const reparsed = reparseEdit(parsed, edit)!;
    assert.ok(reparsed, 'reparsed in place');
    const text = reparsed.parsed.text;
    const followed = indexAfterEdit(index, edit, reparsed, lineIndexOf(reparsed.parsed))!;
    assert.ok(followed, 'followed without indexing the file again');
    const fresh = indexFile(FILE, reparsed.parsed);
    assert.notEqual(followed, index, 'a new index: its operation changed');
    assert.equal(followed.refs, index.refs, 'the same reference table');
    assert.deepEqual(followed.operations.map((o) => o.operationId), ['listPetsX']);
    assert.deepEqual(followed.operations.map((o) => o.operationId), fresh.operations.map((o) => o.operationId));
    assert.deepEqual(refsAsSeen(followed, text), refsAsSeen(fresh, text));
    assert.equal(viewAfterEdit.span.offset, offsetBefore + 1, 'a view the workspace holds reads the moved offset');
  });

  it('crosses to another thread as transferred buffers and reads back the same', async () => {
    const index = indexFile(FILE, parseText(TEXT, 'yaml'));
    const expected = refsAsSeen(index, TEXT);
    const { decoded, sentColumns } = await acrossThreads(index);
    assert.equal(sentColumns.byteLength, 0, 'the columns moved, not copied');
    assert.deepEqual(refsAsSeen(decoded, TEXT), expected);
  });

  it('keeps 100,000 references of one file in 20 bytes each plus one target per distinct reference', async () => {
    const count = 100_000;
    const members: string[] = [];
    for (let i = 0; i < count; i++) members.push(`{"$ref": "#/components/schemas/S${(i * 7) % 1000}"}`);
    const text = `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {"All": {"allOf": [${members.join(', ')}]}}}}`;
    const index = indexFile('/w/big.json', parseText(text, 'json'));
    assert.equal(index.refs.length, count);
    assert.equal(index.refs.targets.length, 1000);
    assert.equal(index.refs.data.byteLength, count * REF_STRIDE * 4);
    const { decoded } = await acrossThreads(index);
    for (const i of [0, 1, 54_321, count - 1]) {
      const r = decoded.refs.at(i);
      assert.equal(text.slice(r.span.offset, r.span.offset + r.span.length), `"#/components/schemas/S${(i * 7) % 1000}"`);
      assert.deepEqual(r.pointer, ['components', 'schemas', `S${(i * 7) % 1000}`]);
      assert.equal(decoded.definitions[r.owner].name, 'All');
    }
    const ix = new WorkspaceIndex();
    ix.set(decoded);
    assert.equal(ix.refsTo('/w/big.json', ['components', 'schemas', 'S7']).length, count / 1000);
  });

  it('keeps a 1 MB $ref string as its range and one target', async () => {
    const name = 'N'.repeat(1_000_000);
    const text = `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {"A": {"$ref": "./far.json#/${name}"}}}}`;
    const index = indexFile('/w/long.json', parseText(text, 'json'));
    const { decoded } = await acrossThreads(index);
    assert.equal(decoded.refs.length, 1);
    const r = decoded.refs.at(0);
    assert.equal(r.span.offset, text.indexOf('"./far.json'));
    assert.equal(r.span.length, 1_000_000 + 14);
    assert.equal(r.targetFile, '/w/far.json');
    assert.deepEqual(r.pointer, [name]);
    assert.equal(r.raw.length, 1_000_000 + 12);
  });
});
