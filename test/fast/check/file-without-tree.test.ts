// A file two roots reference that has no tree (empty) is typed into: the `$ref` to it no longer
// fails, whichever root is checked first. The first check loaded the file's new text, so to the
// plan of the second root (edited too, so planned from its last check) the file looked current,
// and it kept "not a YAML or JSON document" (found by the cross-file session fuzz, with the roots
// checked in its order).
import assert from 'node:assert/strict';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { Session } from '../../../server/src/server/state/session';
import { describeAll, freshFindings } from '../../helpers/recheck';

const DIR = '/virtual/file-without-tree';
const ROOT_A = `${DIR}/a.yaml`;
const ROOT_B = `${DIR}/b.yaml`;
const TAG = `${DIR}/tag.yaml`;
const root = (title: string) => `openapi: 3.0.3\ninfo: {title: ${title}, version: 1.0.0}\npaths:\n  /tags:\n    get:\n      operationId: list${title}\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: 'tag.yaml'\n`;

describe('a referenced file without a tree, typed into', () => {
  for (const first of [ROOT_A, ROOT_B]) {
    it(`equals a fresh check of both roots, ${first === ROOT_A ? 'a' : 'b'} checked first`, () => {
      const session = new Session();
      const open = (file: string, text: string) => session.open.set(pathToFileURL(file).href, { uri: pathToFileURL(file).href, path: file, version: 1, text });
      open(ROOT_A, root('A'));
      open(ROOT_B, root('B'));
      open(TAG, '');
      const notDocument = (file: string) => session.check(file).diagnostics.filter((d) => d.rule === 'ref-unresolved').map((d) => d.message);
      assert.deepEqual(notDocument(ROOT_A), ['"tag.yaml" does not resolve: "tag.yaml" is not a YAML or JSON document.']);
      assert.deepEqual(notDocument(ROOT_B), ['"tag.yaml" does not resolve: "tag.yaml" is not a YAML or JSON document.']);
      // A value typed in each root first: their next checks plan from the last ones.
      for (const file of [ROOT_A, ROOT_B]) {
        const at = { line: 5, character: '      operationId: listA'.length };
        session.applyChanges(session.open.get(pathToFileURL(file).href)!, [{ range: { start: at, end: at }, text: 'x' }]);
      }
      session.applyChanges(session.open.get(pathToFileURL(TAG).href)!, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ']' }]);
      const second = first === ROOT_A ? ROOT_B : ROOT_A;
      for (const checked of [first, second]) {
        assert.deepEqual(describeAll(session.check(checked).diagnostics), freshFindings(session, checked), checked);
        assert.deepEqual(notDocument(checked), []);
      }
    });
  }
});
