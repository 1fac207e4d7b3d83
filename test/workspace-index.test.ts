// The workspace layer's pieces on their own: rewriting references as text, fuzzy matching, and what
// the per-file index records.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzyScore } from '../server/src/services/fuzzy';
import { parseText } from '../server/src/syntax/parse';
import { indexFile } from '../server/src/workspace/file-index';
import { relativeFilePart, scalarText, withPointerSegment } from '../server/src/workspace/ref-text';

describe('rewriting references', () => {
  it('replaces one pointer segment, escaping and percent-encoding it as the old one was', () => {
    assert.equal(withPointerSegment('#/paths/~1pets~1%7BpetId%7D/get', 1, '/pets/{id}'), '#/paths/~1pets~1%7Bid%7D/get');
    assert.equal(withPointerSegment('#/paths/~1pets~1{petId}/get', 1, '/pets/{id}'), '#/paths/~1pets~1{id}/get', 'literal braces stay literal');
    assert.equal(withPointerSegment('../a.yaml#/components/schemas/Pet', 2, 'Pet~v2'), '../a.yaml#/components/schemas/Pet~0v2');
    assert.equal(withPointerSegment('a.yaml#/components/schemas/Pet/properties/x', 2, 'Animal'), 'a.yaml#/components/schemas/Animal/properties/x');
  });

  it('names a file relative to the referencing one, with `./` as the author wrote it and URI escapes', () => {
    assert.equal(relativeFilePart('/w/api/openapi.yaml', '/w/shared/my file.yaml', '../x.yaml'), '../shared/my%20file.yaml');
    assert.equal(relativeFilePart('/w/a.yaml', '/w/b.yaml', './x.yaml'), './b.yaml');
    assert.equal(relativeFilePart('/w/a.yaml', '/w/b.yaml', 'x.yaml'), 'b.yaml');
    assert.equal(relativeFilePart('/w/a.yaml', '/w/a.yaml', './x.yaml'), '');
  });

  it('writes a new value in the scalar\'s quoting when that can hold it', () => {
    const plain = { style: 'plain' as const, flow: false };
    assert.equal(scalarText('yaml', './a.yaml#/B', plain), './a.yaml#/B');
    assert.equal(scalarText('yaml', '#/components/schemas/B', plain), "'#/components/schemas/B'", 'a plain `#` would start a comment');
    assert.equal(scalarText('yaml', '123', plain), "'123'", 'a plain number would be a number');
    assert.equal(scalarText('yaml', 'a,b', { style: 'plain', flow: true }), "'a,b'");
    assert.equal(scalarText('yaml', "it's", { style: 'double', flow: false }), '"it\'s"');
    assert.equal(scalarText('json', 'B', plain), '"B"');
  });
});

describe('fuzzy matching', () => {
  it('matches characters in order, and ranks starts, word starts and runs first', () => {
    assert.equal(fuzzyScore('xyz', 'listPets'), undefined);
    assert.ok(fuzzyScore('lp', 'listPets')! > fuzzyScore('lp', 'helpdesk')!);
    assert.ok(fuzzyScore('pet', 'Pet')! > fuzzyScore('pet', 'petstore_auth')!, 'the shorter name of equal matches');
    assert.ok(fuzzyScore('get /pets', 'GET /pets/{petId}') !== undefined, 'spaces in the query are ignored');
  });
});

describe('the index of one file', () => {
  it('records references with their spans, quoting and targets, in YAML flow and discriminator mappings', () => {
    const text = [
      'openapi: 3.0.3', 'info: {title: T, version: "1"}', 'paths:', '  /a:', '    get:', '      operationId: getA', '      tags: [a]',
      "      parameters: [{$ref: './p.yaml#/Id'}]", '      responses:', "        '200':", '          description: OK',
      'components:', '  schemas:', '    Pet:', '      discriminator:', '        propertyName: kind', '        mapping:', '          dog: Dog',
      '    Dog:', '      example: {$ref: not-a-reference}',
    ].join('\n');
    const index = indexFile('/w/openapi.yaml', parseText(text, 'yaml'));
    assert.equal(index.root, true);
    assert.deepEqual(index.refs.map((r) => [r.raw, r.role, r.targetFile, r.pointer.join('/'), r.span.style, r.span.flow, text.slice(r.span.offset, r.span.offset + r.span.length)]), [
      ['./p.yaml#/Id', 'ref', '/w/p.yaml', 'Id', 'single', true, "'./p.yaml#/Id'"],
      ['Dog', 'mapping', '/w/openapi.yaml', 'components/schemas/Dog', 'plain', false, 'Dog'],
    ]);
    assert.deepEqual(index.definitions.map((d) => [d.pointer.join('/'), d.kind]), [['components/schemas/Pet', 'Schema'], ['components/schemas/Dog', 'Schema']]);
    assert.deepEqual(index.operations.map((o) => [o.method, o.path, o.operationId, o.tags.map((t) => t.name)]), [['get', '/a', 'getA', ['a']]]);
  });
});
