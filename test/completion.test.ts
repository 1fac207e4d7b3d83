// Completion at a cursor (`|` in the fixture): what the user sees offered, in YAML and JSON.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../server/src/model/analysis';
import { DocumentStore, SourceDocument } from '../server/src/model/documents';
import { completionsAt } from '../server/src/services/completion';

function complete(fixture: string, file = '/virtual/openapi.yaml', others: Record<string, string> = {}, workspaceFiles: string[] = []) {
  const offset = fixture.indexOf('|');
  const text = fixture.slice(0, offset) + fixture.slice(offset + 1);
  const store = new DocumentStore({ read: (p) => (p === file ? { text } : others[p] !== undefined ? { text: others[p] } : { reason: 'missing', message: 'missing' }) });
  const doc = store.get(file) as SourceDocument;
  const items = completionsAt(doc, offset, analyze(doc, store), workspaceFiles);
  return { items, labels: items.map((i) => i.label), text, offset };
}

const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\n';

describe('completion', () => {
  it('offers the fields of a Parameter not yet present, on an empty line (YAML)', () => {
    const { labels, items } = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: limit\n          |\n      responses:\n        \'200\':\n          description: OK\n');
    assert.ok(labels.includes('in') && labels.includes('schema') && labels.includes('required'), labels.join(','));
    assert.ok(!labels.includes('name'), 'name is already there');
    assert.equal(items.find((i) => i.label === 'in')!.insertText, 'in: ');
    assert.match(items.find((i) => i.label === 'in')!.detail!, /required/);
  });

  it('offers `in` values and the styles allowed for the location, the default marked', () => {
    const inValues = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: limit\n          in: |\n');
    assert.deepEqual(inValues.labels, ['path', 'query', 'header', 'cookie']);
    const styles = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: filter\n          in: query\n          schema:\n            type: object\n          style: |\n');
    assert.deepEqual(styles.labels, ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);
    const form = styles.items.find((i) => i.label === 'form')!;
    assert.equal(form.preselect, true);
    assert.equal(form.detail, 'default for in: query');
    const arrayStyles = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: ids\n          in: query\n          schema:\n            type: array\n          style: |\n');
    assert.deepEqual(arrayStyles.labels, ['form', 'spaceDelimited', 'pipeDelimited'], 'deepObject is for objects only');
    const header = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: X-Id\n          in: header\n          style: |\n');
    assert.deepEqual(header.labels, ['simple']);
  });

  it('offers $ref targets of the right kind, quoted in YAML', () => {
    const { items } = complete(HEAD + "paths:\n  /pets:\n    get:\n      parameters:\n        - $ref: |\ncomponents:\n  parameters:\n    limit:\n      name: limit\n      in: query\n  schemas:\n    Pet:\n      type: object\n");
    assert.deepEqual(items.map((i) => [i.label, i.insertText]), [['#/components/parameters/limit', "'#/components/parameters/limit'"]]);
    const schemaRefs = complete(HEAD + "paths: {}\ncomponents:\n  schemas:\n    Pet:\n      type: object\n    Owner:\n      properties:\n        pet:\n          $ref: '#/c|'\n");
    assert.deepEqual(schemaRefs.labels, ['#/components/schemas/Pet', '#/components/schemas/Owner']);
    assert.deepEqual(schemaRefs.items[0].replace, { offset: schemaRefs.offset - 4, length: 5 }, "replaces the partial '#/c'");
  });

  it('offers $ref targets in other files already used for that kind of object', () => {
    const { labels } = complete(HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: 'schemas/pet.yaml#/Pet'\n        '404':\n          description: Not found\n          content:\n            application/json:\n              schema:\n                $ref: |\n", '/virtual/openapi.yaml', {
      '/virtual/schemas/pet.yaml': 'Pet:\n  type: object\nNewPet:\n  type: object\nError:\n  type: object\n',
    });
    assert.deepEqual(labels, ['schemas/pet.yaml#/Pet', 'schemas/pet.yaml#/NewPet', 'schemas/pet.yaml#/Error']);
  });

  it('offers the workspace\'s other files as whole-file $ref targets, after components and known entries', () => {
    const fixture = HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: 'schemas/pet.yaml#/Pet'\n        '404':\n          description: Not found\n          content:\n            application/json:\n              schema:\n                $ref: |\ncomponents:\n  schemas:\n    Error:\n      type: object\n";
    const { labels, items } = complete(fixture, '/virtual/openapi.yaml', { '/virtual/schemas/pet.yaml': 'Pet:\n  type: object\n' }, [
      '/virtual/openapi.yaml', '/virtual/schemas/pet.yaml', '/virtual/schemas/order.yaml', '/virtual/shared/error.json',
    ]);
    // The document itself and a file whose entries are already offered are not repeated.
    assert.deepEqual(labels, ['#/components/schemas/Error', 'schemas/pet.yaml#/Pet', 'schemas/order.yaml', 'shared/error.json']);
    assert.equal(items.find((i) => i.label === 'schemas/order.yaml')!.insertText, "'schemas/order.yaml'");
  });

  it('offers status codes with reason phrases, media types under content, methods not yet used', () => {
    const codes = complete(HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n        |\n");
    assert.ok(!codes.labels.includes('200'));
    assert.equal(codes.items.find((i) => i.label === '404')!.detail, 'Not Found');
    assert.equal(codes.items.find((i) => i.label === '404')!.insertText, "'404': ");
    const media = complete(HEAD + "paths:\n  /pets:\n    post:\n      requestBody:\n        content:\n          |\n");
    assert.ok(media.labels.includes('application/json') && media.labels.includes('multipart/form-data'));
    const methods = complete(HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n    |\n");
    assert.ok(methods.labels.includes('post') && methods.labels.includes('parameters') && !methods.labels.includes('get'));
  });

  it('offers types, formats for the type, and security scheme names', () => {
    const types = complete(HEAD + 'paths: {}\ncomponents:\n  schemas:\n    Id:\n      type: |\n');
    assert.deepEqual(types.labels, ['string', 'number', 'integer', 'boolean', 'array', 'object']);
    const formats = complete(HEAD + 'paths: {}\ncomponents:\n  schemas:\n    Id:\n      type: integer\n      format: |\n');
    assert.deepEqual(formats.labels, ['int32', 'int64']);
    const schemes = complete(HEAD + 'security:\n  - |\npaths: {}\ncomponents:\n  securitySchemes:\n    api_key: {type: apiKey, name: k, in: header}\n    oauth: {type: oauth2, flows: {}}\n');
    assert.deepEqual(schemes.labels, ['api_key', 'oauth']);
  });

  it('works in JSON: field names with quotes, values of `in`', () => {
    const json = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {"get": {"parameters": [{"name": "a", |}], "responses": {"200": {"description": "OK"}}}}}}';
    const fields = complete(json, '/virtual/openapi.json');
    assert.ok(fields.labels.includes('in') && !fields.labels.includes('name'), fields.labels.join(','));
    assert.equal(fields.items.find((i) => i.label === 'in')!.insertText, '"in": ');
    const values = complete('{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {"get": {"parameters": [{"name": "a", "in": "|"}]}}}}', '/virtual/openapi.json');
    assert.deepEqual(values.labels, ['path', 'query', 'header', 'cookie']);
    assert.equal(values.items[0].insertText, '"path"');
  });

  it('works in YAML flow mappings', () => {
    const values = complete(HEAD + "paths:\n  /pets:\n    get:\n      parameters:\n        - {name: a, in: |}\n      responses:\n        '200':\n          description: OK\n");
    assert.deepEqual(values.labels, ['path', 'query', 'header', 'cookie']);
    const fields = complete(HEAD + "paths:\n  /pets:\n    get:\n      parameters:\n        - {name: a, |}\n      responses:\n        '200':\n          description: OK\n");
    assert.ok(fields.labels.includes('in') && fields.labels.includes('schema') && !fields.labels.includes('name'), fields.labels.join(','));
  });

  it('offers nothing in a document that is not OpenAPI, or in a free value', () => {
    assert.deepEqual(complete(HEAD + 'paths:\n  /pets:\n    get:\n      description: |\n').labels, []);
  });
});
