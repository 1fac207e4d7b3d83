// An operation written one level too high (`onEvent: {post: {operationId...}}`) is one finding on
// its method, and typing in that key or among the operation's fields keeps the editor's findings
// equal to a fresh check (unknown-method is local: it reads only the Path Item and its key).
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';
import { typingInFixture } from '../../helpers/recheck';

const DIR = path.join(REPO_ROOT, 'test', 'rules', 'unknown-method');
const FILE = path.join(DIR, 'invalid-callback-method.yaml');

describe('an operation keyed by its method where a Path Item belongs', () => {
  it('is reported once on the method, and typing in the key or the fields equals a fresh check', () => {
    const { doc, findings, type } = typingInFixture(DIR, FILE, 'unknown-method');
    const method = '"post" is an HTTP method, but it stands where the key of a Path Item belongs (a path, the expression of a callback\'s URL such as "{$request.body#/callbackUrl}", or a webhook\'s name): put "post" and its operation under one.';
    assert.deepEqual(findings(), [['post', method]]);
    const key = doc.text.indexOf('post:', doc.text.indexOf('onEvent'));
    // The key typed into a constant URL and back: each field is then no method, then one finding again.
    type(key + 4, 0, 's');
    assert.deepEqual(findings().map(([at]) => at), ['operationId', 'responses']);
    type(key + 4, 1, '');
    assert.deepEqual(findings(), [['post', method]]);
    // The operation's only Operation field renamed away: a Path Item with an unknown key, not an operation.
    const operationId = doc.text.indexOf('operationId: eventCallback');
    type(operationId, 0, 'x-');
    const responses = doc.text.indexOf('responses', operationId);
    type(responses, 0, 'x-');
    assert.deepEqual(findings(), []);
    type(responses, 2, '');
    assert.deepEqual(findings(), [['post', method]]);
  });
});
