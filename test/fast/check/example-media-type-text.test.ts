// A string example is the text sent for a media type not written as JSON or YAML values: typing the
// media type's name from one kind to the other keeps the editor's findings equal to a fresh check.
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';
import { typingInFixture } from '../../helpers/recheck';

const DIR = path.join(REPO_ROOT, 'test', 'rules', 'example-valid');
const FILE = path.join(DIR, 'valid-media-type-text.yaml');

describe('a string example of a media type sent as text', () => {
  it('is judged again when the media type is typed into a JSON one and back', () => {
    const { doc, findings, type } = typingInFixture(DIR, FILE, 'example-valid');
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
