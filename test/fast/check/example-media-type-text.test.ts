// A string example is the text sent for a media type not written as JSON or YAML values: typing the
// media type's name from one kind to the other keeps the editor's findings equal to a fresh check.
import assert from 'node:assert/strict';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { REPO_ROOT } from '../../helpers/paths';
import { describeAll, fixtureSession, freshFindings } from '../../helpers/recheck';

const DIR = path.join(REPO_ROOT, 'test', 'rules', 'example-valid');
const FILE = path.join(DIR, 'valid-media-type-text.yaml');

describe('a string example of a media type sent as text', () => {
  it('is judged again when the media type is typed into a JSON one and back', () => {
    const { session } = fixtureSession(DIR, FILE);
    const doc = session.open.get(pathToFileURL(FILE).href)!;
    const findings = () => session.check(FILE).diagnostics.filter((d) => d.rule === 'example-valid').map((d) => [doc.text.slice(d.offset, d.offset + d.length), d.message]);
    const type = (offset: number, length: number, newText: string) => {
      const lines = new LineIndex(doc.text);
      session.applyChanges(doc, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset + length) }, text: newText }]);
      assert.deepEqual(describeAll(session.check(FILE).diagnostics), freshFindings(session, FILE), JSON.stringify([offset, length, newText]));
    };
    assert.deepEqual(findings(), []);
    // application/xml -> application/json, a character at a time, then back.
    const xml = doc.text.indexOf('application/xml') + 'application/'.length;
    type(xml, 3, '');
    for (const [i, c] of [...'json'].entries()) type(xml + i, 0, c);
    assert.deepEqual(findings(), [['<pet><id>1</id><name>Rex</name></pet>', '"example": expected an object, got a string.']]);
    type(xml, 4, 'xml');
    assert.deepEqual(findings(), []);
  });
});
