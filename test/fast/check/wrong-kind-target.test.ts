// A `$ref` whose target becomes a whole OpenAPI document (an `openapi` line typed in the referenced
// file) leads nowhere a rule reads: the example beside it is not validated against that document,
// in a fresh check and in the editor after further edits of the target alike.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { OpenDocument, Session } from '../../../server/src/server/state/session';
import { REPO_ROOT } from '../../helpers/paths';
import { describeAll, freshFindings } from '../../helpers/recheck';

const DIR = path.join(REPO_ROOT, 'test', 'rules', 'example-valid');
const ROOT = path.join(DIR, 'valid-whole-document-target.yaml');
const TARGET = path.join(DIR, 'pet-document.yaml');

function open(session: Session, file: string, text: string): OpenDocument {
  const uri = pathToFileURL(file).href;
  session.open.set(uri, { uri, path: file, version: 1, text });
  return session.open.get(uri)!;
}

function type(session: Session, doc: OpenDocument, offset: number, length: number, newText: string): void {
  const lines = new LineIndex(doc.text);
  session.applyChanges(doc, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset + length) }, text: newText }]);
}

describe('a $ref to a whole document', () => {
  it('an edit of the target after it became an OpenAPI document: the editor equals a fresh check, with no example finding', () => {
    const session = new Session();
    open(session, ROOT, fs.readFileSync(ROOT, 'utf8'));
    const target = open(session, TARGET, 'type: object\nrequired: [name]\nproperties:\n  id: {type: integer}\n');
    const rules = () => session.check(ROOT).diagnostics.map((d) => `${path.basename(d.doc.path)} ${d.rule} ${d.message}`).sort();
    // A Schema: the example lacks "name" and its "id" is no integer.
    assert.deepEqual(rules().filter((r) => r.includes('example-valid')), [
      'valid-whole-document-target.yaml example-valid "example": missing the required property "name".',
      'valid-whole-document-target.yaml example-valid "example.id": expected an integer, got a string.',
    ]);
    type(session, target, target.text.length, 0, 'openapi: 3.0.3\n');
    assert.deepEqual(rules(), ['valid-whole-document-target.yaml ref-target-kind "pet-document.yaml" is the whole document, but a Schema is expected here.']);
    // `name` becomes `id` in the target's `required`: nothing the example is checked against.
    const at = target.text.indexOf('name');
    type(session, target, at, 4, 'id');
    assert.deepEqual(describeAll(session.check(ROOT).diagnostics), freshFindings(session, ROOT));
    assert.deepEqual(rules(), ['valid-whole-document-target.yaml ref-target-kind "pet-document.yaml" is the whole document, but a Schema is expected here.']);
  });

  it('the target stops being an OpenAPI document (its "openapi" key renamed): the example is validated again, as in a fresh check', () => {
    const session = new Session();
    open(session, ROOT, fs.readFileSync(ROOT, 'utf8'));
    const target = open(session, TARGET, fs.readFileSync(TARGET, 'utf8'));
    const examples = () => session.check(ROOT).diagnostics.filter((d) => d.rule === 'example-valid').map((d) => d.message);
    assert.deepEqual(examples(), []);
    // One character in a key: reparsed in place, a structure change of the same trees.
    type(session, target, target.text.indexOf('openapi') + 6, 1, 'x');
    assert.deepEqual(examples(), ['"example": missing the required property "name".', '"example.id": expected an integer, got a string.']);
    assert.deepEqual(describeAll(session.check(ROOT).diagnostics), freshFindings(session, ROOT));
  });
});
