// A file used as two kinds is judged by its fields only where a `$ref` made it the kind they do not
// fit (ref-target-kind reports that reference): an object written where the walk reaches it as its
// kind (a Schema's property) keeps unknown-field's findings, whatever another `$ref` uses it as.
import assert from 'node:assert/strict';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { Session } from '../../../server/src/server/state/session';

const ROOT = '/virtual/kind-fit/openapi.yaml';
const MODELS = '/virtual/kind-fit/models.yaml';

describe('a file used as two kinds', () => {
  it('a Schema\'s property that a Response $ref points at keeps its unknown field', () => {
    const session = new Session();
    const open = (file: string, text: string) => session.open.set(pathToFileURL(file).href, { uri: pathToFileURL(file).href, path: file, version: 1, text });
    open(ROOT, "openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        '500':\n          $ref: 'models.yaml#/properties/err'\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: 'models.yaml'\n");
    open(MODELS, 'type: object\nproperties:\n  err:\n    description: Error\n    content:\n      application/json:\n        schema: {type: string}\n');
    const found = session.check(ROOT).diagnostics.filter((d) => d.rule === 'unknown-field' || d.rule === 'ref-target-kind');
    assert.deepEqual(found.map((d) => `${path.basename(d.doc.path)} ${d.rule} ${d.message}`), [
      'models.yaml unknown-field "content" is not a field of the Schema Object: remove it, or name it "x-content" to keep it as an extension.',
    ]);
  });
});
