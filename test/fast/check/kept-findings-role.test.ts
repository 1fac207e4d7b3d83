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
});
