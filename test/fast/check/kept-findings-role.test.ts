// Findings of an object in a file the edit did not touch are kept only when the object has the role
// it had: a Request Body that the root now reaches as a Response validates its example as a response.
import assert from 'node:assert/strict';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { OpenDocument, Session } from '../../../server/src/server/state/session';
import { REPO_ROOT } from '../../helpers/paths';
import { describeAll, freshFindings } from '../../helpers/recheck';

// Open documents only: nothing is read from these paths.
const DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'kept-role');
const ROOT = path.join(DIR, 'openapi.yaml');
const BODIES = path.join(DIR, 'bodies.yaml');

const REQUEST = `openapi: 3.0.3
info:
  title: Orders
  version: 1.0.0
paths:
  /orders:
    post:
      operationId: createOrder
      requestBody:
        $ref: 'bodies.yaml#/NewOrder'
      responses:
        '201':
          description: Created
`;
const BODY = `NewOrder:
  description: An order
  content:
    application/json:
      schema:
        type: object
        required: [id, total]
        properties:
          id: {type: string, readOnly: true}
          total: {type: number}
      example:
        total: 3
`;

function open(session: Session, file: string, text: string): OpenDocument {
  const uri = pathToFileURL(file).href;
  session.open.set(uri, { uri, path: file, version: 1, text });
  return session.open.get(uri)!;
}

describe('findings kept through an edit of another file', () => {
  it('a Request Body the root now references as a Response: its example is checked again, as a response', () => {
    const session = new Session();
    const root = open(session, ROOT, REQUEST);
    open(session, BODIES, BODY);
    const examples = () => session.check(ROOT).diagnostics.filter((d) => d.rule === 'example-valid').map((d) => `${path.basename(d.doc.path)} ${d.message}`);
    // A request does not send the read-only "id".
    assert.deepEqual(examples(), []);
    const from = root.text.indexOf('requestBody:');
    const replaced = root.text.slice(from);
    const lines = new LineIndex(root.text);
    session.applyChanges(root, [{
      range: { start: lines.positionAt(from), end: lines.positionAt(from + replaced.length) },
      text: "responses:\n        '201':\n          $ref: 'bodies.yaml#/NewOrder'\n",
    }]);
    assert.deepEqual(examples(), ['bodies.yaml "example": missing the required property "id".']);
    assert.deepEqual(describeAll(session.check(ROOT).diagnostics), freshFindings(session, ROOT));
  });

  it('a multi-line plain scalar an edit reads shorter ends the mappings around it early: the fix placed after their last member is computed again', () => {
    // A broken path item (from a session fuzz of the runtime-expression fixtures): `format`'s value
    // runs over the lines below it until a blank line typed in it ends the value, and the path item, there.
    const file = path.join(DIR, 'broken.yaml');
    const text = "openapi: 3.0.3\ninfo:\n  title: Fixture\n  version: 1.0.0\npaths:\n  /pets/{petId}:\n    parameters:\n      - {name: petId, in: path, required: true, schema: {type: string}}\n    get:\n      operationId: getPet\n          '{$request.body#/hook}/pets/{$request.path.petid}':\n  /owners/{ownerId}/pets/{name}:\n    get:\n      format: int32ionId: listOwnerPets\n      parameters:\n        - {name: ownerId, in: path, required: true, schema: {type: string}}\n        - {name: name, in: path, required: tr\"ue, schema: {type: string}}\n        '200':\n  /pets:";
    const session = new Session();
    const doc = open(session, file, text);
    const fixOffsets = () => session.check(file).diagnostics.filter((d) => d.rule === 'path-params-defined').map((d) => d.fixes.map((f) => f.edits[0].offset));
    const end = text.indexOf("\n        '200':");
    assert.deepEqual(fixOffsets(), [[end + "\n        '200':".length], [end + "\n        '200':".length]]);
    const at = text.indexOf('        - {name: ownerId');
    const lines = new LineIndex(text);
    session.applyChanges(doc, [{ range: { start: lines.positionAt(at), end: lines.positionAt(at) }, text: '\n    ' }]);
    assert.deepEqual(describeAll(session.check(file).diagnostics), freshFindings(session, file));
    // The path item now ends with the line before `'200':`; the parameter goes right after it, not
    // where the old path item ended (moved by the five characters typed).
    const shorter = doc.text.indexOf("\n        '200':");
    assert.deepEqual(fixOffsets(), [[shorter], [shorter]]);
  });

  it('a file no longer used as a Response: its fields are judged as the Schema the other reference uses it as', () => {
    const root = path.join(DIR, 'two-uses.yaml');
    const error = path.join(DIR, 'ServerError.yaml');
    const text = "openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        '500':\n          $ref: 'ServerError.yaml'\n  /b:\n    get:\n      operationId: getB\n      responses:\n        '500':\n          description: Error\n          content:\n            application/json:\n              schema:\n                $ref: 'ServerError.yaml'\n";
    const session = new Session();
    const doc = open(session, root, text);
    open(session, error, 'description: Server error\ncontent:\n  application/json:\n    schema: {type: object}\n');
    const found = () => session.check(root).diagnostics.filter((d) => d.rule === 'unknown-field' || d.rule === 'ref-target-kind').map((d) => `${path.basename(d.doc.path)} ${d.rule} ${d.message}`);
    // Used as a Response too, and its fields are a Response's: the Schema reference is the mistake.
    assert.deepEqual(found(), ['two-uses.yaml ref-target-kind "ServerError.yaml" is a Response, but a Schema is expected here.']);
    // The Response reference replaced by an inline Response: the file is only a Schema now.
    const at = text.indexOf("$ref: 'ServerError.yaml'");
    const lines = new LineIndex(text);
    session.applyChanges(doc, [{ range: { start: lines.positionAt(at), end: lines.positionAt(at + "$ref: 'ServerError.yaml'".length) }, text: 'description: Error' }]);
    assert.deepEqual(found(), ['ServerError.yaml unknown-field "content" is not a field of the Schema Object: remove it, or name it "x-content" to keep it as an extension.']);
    assert.deepEqual(describeAll(session.check(root).diagnostics), freshFindings(session, root));
  });
});
