// 3.1 and 3.2: a Schema's `$ref` against the `$id`s of its own document (model/schema-ids.ts), as
// the analysis resolves it: the target each reference reaches, or why it reaches none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../../server/src/model/analysis';
import { DocumentStore, SourceDocument } from '../../../server/src/model/documents';

const HEAD = ['info:', '  title: T', '  version: 1.0.0'];

/** Every `$ref` of a document as `ref -> pointer of its target` or `ref -> failure reason`. */
function resolved(version: string, lines: string[]): Record<string, string> {
  const path = '/virtual/ids/openapi.yaml';
  const text = [`openapi: ${version}`, ...HEAD, ...lines, ''].join('\n');
  const store = new DocumentStore({ read: (p) => (p === path ? { text } : { reason: 'missing', message: 'missing' }) });
  const analysis = analyze(store.get(path) as SourceDocument, store);
  const out: Record<string, string> = {};
  for (const r of analysis.references) {
    const raw = r.parsed?.raw ?? '';
    out[raw] = r.target ? r.target.node.pointer : `${r.failure?.reason}${r.failure?.reason === 'file' ? ' ' + r.failure.failure.reason : ''}`;
  }
  return out;
}

const media = (ref: string) => [`      ${JSON.stringify(ref)}: {schema: {$ref: '${ref}'}}`];
const paths = (...refs: string[]) => ['paths:', '  /p:', '    get:', '      responses:', "        '200':", '          description: OK', '          content:', ...refs.flatMap((r) => media(r).map((l) => '      ' + l))];

describe('schema resources ($id)', () => {
  it('follows a URL, a relative name, a pointer and an anchor to the schemas of the document', () => {
    assert.deepEqual(resolved('3.1.0', [
      ...paths('https://example.com/schemas/pet', 'https://example.com/schemas/pet#current', 'schemas/tag.json'),
      'components:', '  schemas:', '    Pet:', '      $id: https://example.com/schemas/pet', '      properties:',
      '        owner: {$ref: owner}', "        name: {$ref: '#/$defs/Name'}", '        value: {$anchor: current, type: string}',
      '      $defs:', '        Name: {type: string}', '    Owner:', '      $id: https://example.com/schemas/owner', '    Tag:', '      $id: schemas/tag.json',
    ]), {
      'https://example.com/schemas/pet': '/components/schemas/Pet',
      'https://example.com/schemas/pet#current': '/components/schemas/Pet/properties/value',
      'schemas/tag.json': '/components/schemas/Tag',
      owner: '/components/schemas/Owner',
      '#/$defs/Name': '/components/schemas/Pet/$defs/Name',
    });
  });

  it('reads a pointer that fails in the schema from the document, and leaves other names to the files', () => {
    assert.deepEqual(resolved('3.1.0', [
      ...paths('https://example.com/schemas/pet#/properties/nam'),
      'components:', '  schemas:', '    Pet:', '      $id: https://example.com/schemas/pet', '      properties:',
      "        owner: {$ref: '#/components/schemas/Owner'}", '        other: {$ref: other}', '    Owner: {type: object}',
    ]), {
      'https://example.com/schemas/pet#/properties/nam': 'pointer',
      '#/components/schemas/Owner': '/components/schemas/Owner',
      other: 'file missing',
    });
  });

  it('does not take an $id in data, nor one two schemas claim', () => {
    assert.deepEqual(resolved('3.1.0', [
      ...paths('https://example.com/schemas/pet#/properties/name', 'https://example.com/schemas/data'),
      'components:', '  schemas:', '    Pet:', '      $id: https://example.com/schemas/pet', '      properties: {name: {type: string}}',
      '      example: {$id: https://example.com/schemas/data}', '    Twin:', '      $id: https://example.com/schemas/pet',
    ]), {
      'https://example.com/schemas/pet#/properties/name': 'file remote-off',
      'https://example.com/schemas/data': 'file remote-off',
    });
  });

  it('3.2: resolves against the document\'s $self', () => {
    assert.deepEqual(resolved('3.2.0', [
      '$self: https://example.com/api/openapi.yaml', ...paths('schemas/pet'),
      'components:', '  schemas:', '    Pet:', '      $id: https://example.com/api/schemas/pet', '      type: object',
    ]), { 'schemas/pet': '/components/schemas/Pet' });
  });

  it('leaves 3.0 documents as they were: $id is not a keyword there', () => {
    assert.deepEqual(resolved('3.0.3', [
      ...paths('https://example.com/schemas/pet'), 'components:', '  schemas:', '    Pet:', '      $id: https://example.com/schemas/pet',
    ]), { 'https://example.com/schemas/pet': 'file remote-off' });
  });
});
