// Fixes that edit the operation a parameter belongs to (api-key-parameter, header-parameter-ignored)
// are offered only for a parameter in the operation's own list: for one an operation in another
// file references, the edits were written with the operation's offsets and applied to the
// parameter's file (found by the cross-file session fuzz, as a fix that differed between the editor
// and a fresh check).
import assert from 'node:assert/strict';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { Session } from '../../../server/src/server/state/session';

const ROOT = '/virtual/api-key-reference/openapi.yaml';
const PARAMETERS = '/virtual/api-key-reference/parameters.yaml';

/** The findings of a rule with a root whose operation references the parameter `ref` in the other file. */
function findings(rule: string, ref: string, parameters: string) {
  const session = new Session();
  const open = (file: string, text: string) => session.open.set(pathToFileURL(file).href, { uri: pathToFileURL(file).href, path: file, version: 1, text });
  open(ROOT, `openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      parameters:\n        - $ref: 'parameters.yaml#${ref}'\n      responses:\n        '200': {description: OK}\n`);
  open(PARAMETERS, parameters);
  return session.check(ROOT).diagnostics.filter((d) => d.rule === rule);
}

describe('fixes of a parameter an operation in another file references', () => {
  it('api-key-parameter reports the parameter in its file, with no fix that would edit the operation from there', () => {
    const found = findings('api-key-parameter', '/parameters/ApiKey', 'parameters:\n  ApiKey:\n    name: api_key\n    in: query\n    schema: {type: string}\n');
    assert.deepEqual(found.map((d) => [d.doc.path, d.offset, d.length, d.fixes.length]), [[PARAMETERS, 'parameters:\n  ApiKey:\n    name: '.length, 'api_key'.length, 0]]);
  });

  it('header-parameter-ignored offers neither the removal nor the bearer scheme for an item of another file\'s list', () => {
    const found = findings('header-parameter-ignored', '/paths/~1stores/get/parameters/0', 'paths:\n  /stores:\n    get:\n      parameters:\n        - {name: Authorization, in: header, schema: {type: string}}\n');
    assert.deepEqual(found.map((d) => [d.doc.path, d.fixes.length]), [[PARAMETERS, 0]]);
  });
});
