// unused-component in the editor asks the workspace whether another root uses a component; a
// schema extending (through allOf) a schema with a discriminator that another root uses is used
// too: a payload of that root names it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/check/checker';
import { DocumentStore } from '../../../server/src/model/documents';
import { RULES } from '../../../server/src/rules/index';

const FILE = '/virtual/unused-across-roots/pets.yaml';
const TEXT = `openapi: 3.0.3
info: {title: Pets, version: 1.0.0}
paths: {}
components:
  schemas:
    Pet:
      type: object
      required: [petType]
      properties:
        petType: {type: string}
      discriminator: {propertyName: petType}
    Cat:
      allOf:
        - $ref: '#/components/schemas/Pet'
        - {type: object, properties: {purrs: {type: boolean}}}
    Lion:
      allOf:
        - $ref: '#/components/schemas/Cat'
    Plain:
      allOf:
        - $ref: '#/components/schemas/Other'
    Other:
      type: object
`;

/** The components unused-component reports when the workspace says other roots reach `reachedElsewhere`. */
function unused(reachedElsewhere: string[]): string[] {
  const workspace = { reachedFromOtherRoots: (_root: string, file: string, pointer: readonly string[]) => file === FILE && reachedElsewhere.includes(pointer.join('/')) };
  const result = checkDocument(new DocumentStore({ read: () => ({ text: TEXT }) }), FILE, { rules: RULES, workspace });
  return result.diagnostics.filter((d) => d.rule === 'unused-component').map((d) => d.message.split('"')[1]);
}

describe('unused-component across the roots of a workspace', () => {
  it('takes the schemas extending a discriminator\'s schema another root uses as used, down a chain', () => {
    assert.deepEqual(unused([]), ['schemas/Pet', 'schemas/Cat', 'schemas/Lion', 'schemas/Plain', 'schemas/Other']);
    assert.deepEqual(unused(['components/schemas/Pet']), ['schemas/Plain', 'schemas/Other']);
    // Another root uses Cat: Lion extends it (Cat extends Pet's discriminator); Pet is not used.
    assert.deepEqual(unused(['components/schemas/Cat']), ['schemas/Pet', 'schemas/Plain', 'schemas/Other']);
    // No discriminator above Other: what extends it is not used through it.
    assert.deepEqual(unused(['components/schemas/Other']), ['schemas/Pet', 'schemas/Cat', 'schemas/Lion', 'schemas/Plain']);
  });
});
