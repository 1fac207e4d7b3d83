// Go to definition from everything that names something defined elsewhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../../server/src/model/analysis';
import { DocumentStore, SourceDocument } from '../../../server/src/model/documents';
import { definitionAt } from '../../../server/src/services/definition';

const FILES: Record<string, string> = {
  '/virtual/openapi.yaml': `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
tags:
  - name: pets
security:
  - api_key: []
paths:
  /pets/{id}:
    parameters:
      - $ref: 'parameters.yaml#/components/parameters/id'
    get:
      operationId: getPet
      tags: [pets]
      responses:
        '200':
          description: OK
          links:
            self:
              operationId: getPet
  /users/{name}:
    get:
      responses:
        '200':
          $ref: '#/paths/~1pets~1%7Bid%7D/get/responses/200'
components:
  securitySchemes:
    api_key: {type: apiKey, name: key, in: header}
`,
  '/virtual/ids.yaml': `openapi: 3.1.0
info:
  title: T
  version: 1.0.0
paths:
  /pets:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: 'https://example.com/schemas/pet'
components:
  schemas:
    Pet:
      $id: https://example.com/schemas/pet
      properties:
        owner:
          $ref: owner
        name:
          $ref: '#/$defs/Name'
      $defs:
        Name: {type: string}
    Owner:
      $id: https://example.com/schemas/owner
      type: object
`,
  '/virtual/parameters.yaml': `components:
  parameters:
    id: {name: id, in: path, required: true, schema: {type: string}}
`,
};

function definition(marker: string, occurrence = 0, shift = 1, file = '/virtual/openapi.yaml') {
  const store = new DocumentStore({ read: (p) => (FILES[p] !== undefined ? { text: FILES[p] } : { reason: 'missing', message: 'missing' }) });
  const doc = store.get(file) as SourceDocument;
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = doc.text.indexOf(marker, at + 1);
  const result = definitionAt(store, doc, at + shift, analyze(doc, store));
  return result && { path: result.target.doc.path, pointer: result.target.node.pointer, origin: doc.text.slice(result.origin.offset, result.origin.offset + result.origin.length) };
}

describe('definition', () => {
  it('follows a $ref to another file', () => {
    assert.deepEqual(definition("'parameters.yaml"), { path: '/virtual/parameters.yaml', pointer: '/components/parameters/id', origin: "'parameters.yaml#/components/parameters/id'" });
  });
  it('follows a percent-encoded, ~1-escaped pointer into paths', () => {
    assert.deepEqual(definition("'#/paths/~1pets"), { path: '/virtual/openapi.yaml', pointer: '/paths/~1pets~1{id}/get/responses/200', origin: "'#/paths/~1pets~1%7Bid%7D/get/responses/200'" });
  });
  it("goes from a Link's operationId to the operation", () => {
    assert.deepEqual(definition('operationId: getPet', 1, 14), { path: '/virtual/openapi.yaml', pointer: '/paths/~1pets~1{id}/get', origin: 'getPet' });
  });
  it("goes from a security requirement's scheme name to the scheme", () => {
    assert.deepEqual(definition('- api_key', 0, 3), { path: '/virtual/openapi.yaml', pointer: '/components/securitySchemes/api_key', origin: 'api_key' });
  });
  it("goes from an operation's tag to its root tags entry", () => {
    assert.deepEqual(definition('tags: [pets]', 0, 8), { path: '/virtual/openapi.yaml', pointer: '/tags/0', origin: 'pets' });
  });
  it('3.1: follows a $ref to a schema named by its $id, or resolved against the $id of the schema it is in', () => {
    const ids = (marker: string) => definition(marker, 0, 1, '/virtual/ids.yaml');
    assert.deepEqual(ids("'https://example.com/schemas/pet'"), { path: '/virtual/ids.yaml', pointer: '/components/schemas/Pet', origin: "'https://example.com/schemas/pet'" });
    assert.deepEqual(ids('owner\n'), { path: '/virtual/ids.yaml', pointer: '/components/schemas/Owner', origin: 'owner' });
    assert.deepEqual(ids("'#/$defs/Name'"), { path: '/virtual/ids.yaml', pointer: '/components/schemas/Pet/$defs/Name', origin: "'#/$defs/Name'" });
  });
  it('answers nothing elsewhere', () => {
    assert.equal(definition('title: T', 0, 8), undefined);
  });
});
