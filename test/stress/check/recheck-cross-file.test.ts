// The editor's re-check equals a fresh check across files: workspaces whose descriptions reference
// each other (parameters, responses, bodies, examples, schemas with a discriminator in other files,
// two roots sharing their paths and components, Path Item `$ref`s with operations beside them and
// in a chain, files that one `$ref` uses as a Response and another as a Schema), edited in any file
// with their own words and lines (renamed names and pointers, pasted and deleted lines, typed
// characters and brackets). After each check every file's findings of every root are a fresh
// session's: rule, range, message, fixes and related places. A longer session fuzz of this kind found four differences, each with a test of
// its own (test/fast/check/kept-findings-role, unique-findings, wrong-kind-target; the scalar typed
// into a number in test/stress/syntax/incremental): 200 edits a workspace rarely meet them again,
// but do meet the plan's broad mistakes (references taken as unchanged when they are not).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { Session } from '../../../server/src/server/state/session';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { REPO_ROOT } from '../../helpers/paths';
import { describeAll, freshSession, random } from '../../helpers/recheck';

const BASE = path.join(REPO_ROOT, 'test', 'fixtures', 'cross-file');
const WORD = /[A-Za-z0-9_$#./{}-]+/g;
const YAML_PIECES = ['\n', '\n  ', ': ', '- ', '#', '"', "'", '{', '}', '[', ']', ',', ' ', '0'];
const JSON_PIECES = ['\n', '"', '{', '}', '[', ']', ',', ':', ' ', '0'];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])).sort();
}

/** One edit of a file, from the workspace's own words and lines most of the time. */
function randomEdit(text: string, json: boolean, words: string[], lines: string[], next: () => number): { offset: number; length: number; newText: string } {
  const roll = next();
  let offset = Math.floor(next() * (text.length + 1));
  if (roll < 0.3) {
    const found = [...text.matchAll(WORD)];
    const word = found[Math.floor(next() * found.length)];
    if (word) return { offset: word.index!, length: word[0].length, newText: next() < 0.5 ? words[Math.floor(next() * words.length)] : word[0].slice(0, Math.floor(next() * word[0].length)) };
  }
  if (roll < 0.45) {
    const lineEnd = text.indexOf('\n', offset);
    return { offset: lineEnd < 0 ? text.length : lineEnd, length: 0, newText: '\n' + lines[Math.floor(next() * lines.length)] };
  }
  if (roll < 0.55) {
    const start = text.lastIndexOf('\n', offset - 1) + 1;
    const end = text.indexOf('\n', offset);
    return { offset: start, length: (end < 0 ? text.length : end + 1) - start, newText: '' };
  }
  if (roll < 0.8) {
    const pieces = json ? JSON_PIECES : YAML_PIECES;
    return { offset, length: 0, newText: pieces[Math.floor(next() * pieces.length)] };
  }
  offset = Math.min(offset, Math.max(0, text.length - 1));
  return { offset, length: Math.min(1 + Math.floor(next() * 3), text.length - offset), newText: '' };
}

describe('re-check across files', () => {
  for (const workspace of fs.readdirSync(BASE).sort()) {
    it(`equals a fresh check after 200 random edits of the files of ${workspace}`, () => {
      const files = filesUnder(path.join(BASE, workspace));
      const original = files.map((f) => fs.readFileSync(f, 'utf8'));
      const words = [...new Set(original.flatMap((t) => t.match(WORD) ?? []))];
      const lines = [...new Set(original.flatMap((t) => t.split('\n')).filter((l) => l.trim()))];
      const next = random(workspace.length * 7907);
      const session = new Session();
      files.forEach((file, i) => session.open.set(pathToFileURL(file).href, { uri: pathToFileURL(file).href, path: file, version: i, text: original[i] }));
      for (const file of files) session.check(file);
      let compared = 0;
      for (let step = 0; step < 200; step++) {
        const file = files[Math.floor(next() * files.length)];
        const doc = session.open.get(pathToFileURL(file).href)!;
        const edit = randomEdit(doc.text, file.endsWith('.json'), words, lines, next);
        const index = new LineIndex(doc.text);
        session.applyChanges(doc, [{ range: { start: index.positionAt(edit.offset), end: index.positionAt(edit.offset + edit.length) }, text: edit.newText }]);
        if (next() < 0.3) continue; // several edits between checks, as typing between debounces
        // Each file as a root (those without `openapi` report nothing), in an order of its own.
        for (const checked of [...files].sort(() => next() - 0.5)) {
          const label = `step ${step}, ${path.relative(BASE, file)} ${JSON.stringify(edit)}, checking ${path.relative(BASE, checked)}`;
          assert.deepEqual(describeAll(session.check(checked).diagnostics), describeAll(freshSession(session).check(checked).diagnostics), label);
          compared++;
        }
      }
      assert.ok(compared > 500, `${compared} checks compared`);
    });
  }
});
