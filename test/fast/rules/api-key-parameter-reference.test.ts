// api-key-parameter's fix edits the operation: a credential parameter in another file, which an
// operation references, gets no fix. Its edits were written against the wrong file: the operation's
// offsets applied to the parameter's file (found by the cross-file session fuzz, as a fix that
// differed between the editor and a fresh check).
import assert from 'node:assert/strict';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { Session } from '../../../server/src/server/state/session';

const ROOT = '/virtual/api-key-reference/openapi.yaml';
const PARAMETERS = '/virtual/api-key-reference/parameters.yaml';

describe('api-key-parameter on a referenced parameter', () => {
  it('reports the parameter in its file, with no fix that would edit the operation from there', () => {
    const session = new Session();
    const open = (file: string, text: string) => session.open.set(pathToFileURL(file).href, { uri: pathToFileURL(file).href, path: file, version: 1, text });
    open(ROOT, "openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      parameters:\n        - $ref: 'parameters.yaml#/parameters/ApiKey'\n      responses:\n        '200': {description: OK}\n");
    open(PARAMETERS, 'parameters:\n  ApiKey:\n    name: api_key\n    in: query\n    schema: {type: string}\n');
    const found = session.check(ROOT).diagnostics.filter((d) => d.rule === 'api-key-parameter');
    assert.deepEqual(found.map((d) => [d.doc.path, d.offset, d.length, d.fixes.length]), [[PARAMETERS, 'parameters:\n  ApiKey:\n    name: '.length, 'api_key'.length, 0]]);
  });
});
