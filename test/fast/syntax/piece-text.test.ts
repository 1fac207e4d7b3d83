// A document's text as pieces (syntax/piece-text.ts) reads as the string it stands for after any
// edits, and the server's work after a keystroke never joins it into one string again.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { PieceText, sourceOf } from '../../../server/src/syntax/piece-text';
import { Session } from '../../../server/src/server/state/session';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { isLoadFailure } from '../../../server/src/model/documents';
import { REPO_ROOT } from '../../helpers/paths';
import { lastSegmentSpan } from '../../../server/src/services/symbol-at';
import { indexFile } from '../../../server/src/workspace/file-index';
import { parseText } from '../../../server/src/syntax/parse';

describe('a text as pieces', () => {
  it('reads as the string after 2,000 random edits of every size', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let expected = 'abcdefghij\n'.repeat(9_000); // about six pieces
    let pieces = PieceText.of(expected);
    for (let i = 0; i < 2_000; i++) {
      const offset = Math.floor(next() * (expected.length + 1));
      const removed = Math.floor(next() ** 4 * Math.min(50_000, expected.length - offset));
      const inserted = next() < 0.05 ? 'X'.repeat(Math.floor(next() * 70_000)) : 'xyz\n'.slice(0, Math.floor(next() * 5));
      expected = expected.slice(0, offset) + inserted + expected.slice(offset + removed);
      pieces = pieces.edit(offset, removed, inserted);
      assert.equal(pieces.length, expected.length, `edit ${i}`);
      for (let k = 0; k < 5; k++) {
        const a = Math.floor(next() * (expected.length + 2));
        const b = a + Math.floor(next() ** 3 * 40_000);
        assert.equal(pieces.slice(a, b), expected.slice(a, b), `edit ${i}: slice(${a}, ${b})`);
        assert.ok(Object.is(pieces.charCodeAt(a), expected.charCodeAt(a)), `edit ${i}: charCodeAt(${a})`);
      }
      assert.equal(pieces.isJoined, false);
    }
    assert.equal(pieces.slice(0), expected);
    assert.equal(pieces.toString(), expected);
    assert.equal(pieces.isJoined, true);
    // Everything removed, then written again.
    const empty = pieces.edit(0, expected.length, '');
    assert.equal(empty.length, 0);
    assert.equal(empty.slice(0, 10), '');
    assert.ok(Number.isNaN(empty.charCodeAt(0)));
    assert.equal(empty.edit(0, 0, 'abc').toString(), 'abc');
  });

  it('is not joined by the work after a keystroke: reparse, line index, re-check, suppressions', () => {
    const file = path.join(REPO_ROOT, 'examples', 'petstore', 'openapi.yaml');
    const session = new Session();
    const uri = pathToFileURL(file).href;
    session.opened({ uri, path: file, version: 1, text: fs.readFileSync(file, 'utf8') });
    session.check(file);
    const doc = session.open.get(uri)!;
    const typed = [
      ['operationId: ', 'x'], // a value rules read: re-checked
      ['description: ', 'y'], // free text: the findings move
      ['operationId: ', '\n      deprecated: true'], // a pasted member: re-checked
    ];
    for (const [after, text] of typed) {
      const at = doc.text.indexOf(after) + after.length;
      const position = new LineIndex(doc.text).positionAt(at);
      const outcome = session.applyChanges(doc, [{ range: { start: position, end: position }, text }]);
      assert.notEqual(outcome, 'full-parse', `typing ${JSON.stringify(text)}`);
      const result = session.check(file);
      session.diagnosticsIn(file).map((d) => d.doc.lineIndex.positionAt(d.offset));
      const cached = session.store.cached(file);
      assert.ok(cached && !isLoadFailure(cached));
      assert.equal(sourceOf(cached.parsed).isJoined, false, `after typing ${JSON.stringify(text)}: the text was joined`);
      assert.ok(result.diagnostics.length > 0);
      // Reading it whole gives the text the edits made.
      const written = doc.text;
      assert.equal(written.slice(at, at + text.length), text);
      assert.equal(sourceOf(cached.parsed).isJoined, true);
    }
  });

  it('places a reference\'s last segment from the pieces, without joining them', () => {
    const file = path.join(REPO_ROOT, 'examples', 'petstore', 'openapi.yaml');
    const text = fs.readFileSync(file, 'utf8');
    // An edit before the reference: the span is read from the edited pieces.
    const edited = PieceText.of(text).edit(0, 0, '# typed\n');
    const index = indexFile(file, parseText(edited.toString(), 'yaml'));
    const ref = [...index.refs].find((r) => r.raw.includes('#/components/'))!;
    const pieces = PieceText.of(text).edit(0, 0, '# typed\n');
    const span = lastSegmentSpan(ref.span, ref.raw, pieces);
    assert.equal(pieces.isJoined, false);
    assert.equal(pieces.slice(span.offset, span.offset + span.length), ref.raw.slice(ref.raw.lastIndexOf('/') + 1));
    assert.deepEqual(span, lastSegmentSpan(ref.span, ref.raw, edited.toString()));
  });
});
