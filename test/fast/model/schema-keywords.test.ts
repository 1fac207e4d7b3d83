// One run of the rules reads each schema's keywords once for all the objects whose examples use it
// (SchemaKeywords): what each example is told must still depend only on its own value and direction.
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/check/checker';
import { DocumentStore, FileRead } from '../../../server/src/model/documents';
import { RULES } from '../../../server/src/rules/index';

const FILE = path.resolve('/virtual/keywords/openapi.yaml');

const PET = `components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: {type: integer, readOnly: true}
        name: {type: string}
`;

function document(pet: string): string {
  const media = (example: string) =>
    `          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/Pet'}\n              example: ${example}\n`;
  return 'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /pets:\n    post:\n      requestBody:\n' +
    media('{name: Rex}').replace(/^ {2}/gm, '') +
    "      responses:\n        '200':\n          description: OK\n" + media('{name: Rex}') +
    "        '201':\n          description: OK\n" + media('{id: 1, name: 7}') + pet;
}

function exampleFindings(store: DocumentStore): string[] {
  const result = checkDocument(store, FILE, { rules: RULES });
  assert.deepEqual(result.crashes, []);
  return result.diagnostics
    .filter((d) => d.rule === 'example-valid')
    .map((d) => `${d.doc.parsed.text.slice(0, d.offset).split('\n').length}: ${d.message}`);
}

describe('schema keywords shared by the examples of one run', () => {
  it('tells each example about its own value and direction, though all three use one schema', () => {
    const text = document(PET);
    const store = new DocumentStore({ read: (p): FileRead => (p === FILE ? { text } : { reason: 'missing', message: `${p} does not exist.` }) });
    // Line 10, the request's example, may leave out the readOnly "id"; line 17, a response's, may not.
    assert.deepEqual(exampleFindings(store), [
      '17: "example": missing the required property "id".',
      '23: "example.name": expected a string, got an integer.',
    ]);
  });

  it('reads the schema again in the next run after it changed', () => {
    let text = document(PET);
    const store = new DocumentStore({ read: (p): FileRead => (p === FILE ? { text } : { reason: 'missing', message: `${p} does not exist.` }) });
    exampleFindings(store);
    text = document(PET.replace('name: {type: string}', 'name: {type: integer}'));
    store.invalidate(FILE);
    assert.deepEqual(exampleFindings(store), [
      '10: "example.name": expected an integer, got a string.',
      '17: "example": missing the required property "id".',
      '17: "example.name": expected an integer, got a string.',
    ]);
  });
});
