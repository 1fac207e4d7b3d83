// A file a root stops reading must get its diagnostics published again (cleared), even when a
// newer edit stops the work right after the root's check: the next run cannot find that file,
// since it is in no root's files any more. The fuzz found a live server keeping a closed file's
// syntax errors that a fresh server does not show (fuzz-server test, seed 24, under load).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { Session } from '../../../server/src/server/state/session';
import { LineIndex } from '../../../server/src/syntax/line-index';

describe('files to publish after a check', () => {
  it('include a file the root no longer reads when the work stops right after the check', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-after-stop-'));
    const root = path.join(dir, 'root.yaml');
    const other = path.join(dir, 'other.yaml');
    const text = [
      'openapi: 3.0.3', 'info: {title: T, version: 1.0.0}', 'paths: {}', 'components:', '  schemas:',
      "    Pet: {$ref: './other.yaml#/S'}", '',
    ].join('\n');
    fs.writeFileSync(other, 'S:\n  type: [unclosed\n');
    try {
      const session = new Session();
      const uri = pathToFileURL(root).href;
      session.opened({ uri, path: root, version: 1, text });
      session.check(root);
      assert.ok(session.filesOf(root).includes(other));
      assert.ok(session.diagnosticsIn(other).some((d) => d.rule === 'syntax'), 'the other file has a syntax error');

      // The reference goes: the other file is read by no root now.
      const doc = session.open.get(uri)!;
      const at = text.indexOf("{$ref: './other.yaml#/S'}");
      const lines = new LineIndex(text);
      const range = { start: lines.positionAt(at), end: lines.positionAt(at + "{$ref: './other.yaml#/S'}".length) };
      session.applyChanges(doc, [{ range, text: '{type: string}' }]);
      const toPublish = new Set<string>();
      let checked = false;
      const steps = session.updateSteps([root], () => (checked = true), toPublish);
      for (let step = steps.next(); !checked; step = steps.next()) assert.equal(step.done, false, 'the root is checked');
      // A newer edit stops the work here (the check may have been its last step): what it found
      // so far is the caller's.
      assert.ok(!session.filesOf(root).includes(other));
      assert.ok(toPublish.has(other), `files to publish: ${[...toPublish].map((f) => path.basename(f)).join(', ')}`);
      assert.deepEqual(session.diagnosticsIn(other), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
