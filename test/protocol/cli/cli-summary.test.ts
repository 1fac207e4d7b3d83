// What the CLI's last lines say: findings in a file the checked one references are counted as in
// that file (not "in 1 file" beside findings in two); a file named beside the root that references
// it is checked in its role; a folder named on the command line gets the quoted glob that checks
// the descriptions in it.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { cli, tempDir } from '../../helpers/cli';

const API = `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          $ref: 'shared.yaml#/Ok'
`;

describe('the CLI summary and hints', () => {
  let dir: string;
  before(() => {
    dir = tempDir();
    fs.mkdirSync(path.join(dir, 'apis'));
    fs.writeFileSync(path.join(dir, 'apis', 'api.yaml'), API);
    fs.writeFileSync(path.join(dir, 'apis', 'shared.yaml'), 'Ok:\n  descripton: OK\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('counts the referenced file its findings are in', () => {
    const r = cli(['apis/api.yaml'], dir);
    assert.deepEqual(r.stdout.split('\n').slice(-3), [
      'apis/shared.yaml:2:3 error unknown-field "descripton" is not a field of the Response Object. Did you mean "description"?',
      '2 problems (2 errors, 0 warnings, 0 information, 0 hints) in 1 file and 1 file it references.',
      '',
    ]);
  });

  it('says "they reference" for several checked files, and nothing more when the findings are in them', () => {
    fs.writeFileSync(path.join(dir, 'apis', 'other.yaml'), API.replace('listPets', 'listOtherPets'));
    const r = cli(['apis/api.yaml', 'apis/other.yaml'], dir);
    assert.match(r.stdout, /\) in 2 files and 1 file they reference\.\n$/);
    fs.rmSync(path.join(dir, 'apis', 'other.yaml'));
    fs.writeFileSync(path.join(dir, 'alone.yaml'), API.replace("$ref: 'shared.yaml#/Ok'", 'descripton: OK'));
    assert.match(cli(['alone.yaml'], dir).stdout, /\) in 1 file\.\n$/);
  });

  it('checks a file named beside the root that references it in its role (what an unquoted apis/*.yaml names)', () => {
    const both = cli(['apis/api.yaml', 'apis/shared.yaml'], dir);
    assert.equal(both.stdout, cli(['apis/api.yaml'], dir).stdout);
    assert.ok(!both.stdout.includes('openapi-version'), both.stdout);
    // Alone, it is what it is: not an OpenAPI document.
    assert.match(cli(['apis/shared.yaml'], dir).stdout, /^apis\/shared\.yaml:1:1 error openapi-version No "openapi" field/);
  });

  it('answers a folder with the quoted glob that checks it', () => {
    const r = cli(['apis/'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, "openapi-check: cannot check apis/: apis/ is a folder, not a file. To check the descriptions in it, name them with a glob in quotes (the shell leaves it to openapi-check): openapi-check 'apis/**/*.yaml'\n");
    // The glob it suggests: the root checked, the file it references only in that role.
    assert.match(cli(['apis/**/*.yaml'], dir).stdout, /\) in 1 file and 1 file it references\.\n$/);
  });
});
