// `--fix-dry-run`'s unified diff: each change in a hunk of its own lines, also when the changes are
// too many for the shortest script's bound (Asana's 1,528 quoted response codes made one hunk of
// 56,000 lines), and the diff applied to the first text gives the second.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unifiedDiff } from '../../../server/src/cli/diff';

/** Applies a unified diff to a text, hunk by hunk, checking every context and removed line. */
function applyDiff(text: string, diff: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let at = 0;
  const body = diff.split('\n').slice(2);
  for (let k = 0; k < body.length; k++) {
    const header = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(body[k]);
    if (!header) continue;
    const start = Number(header[1]) - (Number(header[2]) === 0 ? 0 : 1);
    while (at < start) out.push(lines[at++]);
    for (k++; k < body.length && !body[k].startsWith('@@'); k++) {
      const [mark, line] = [body[k][0], body[k].slice(1)];
      if (mark === '+') out.push(line);
      else if (mark === ' ' || mark === '-') {
        assert.equal(lines[at], line, `line ${at + 1}`);
        if (mark === ' ') out.push(line);
        at++;
      }
    }
    k--;
  }
  while (at < lines.length) out.push(lines[at++]);
  return out.join('\n');
}

describe('unified diff', () => {
  it('shows a few changes as hunks with three lines of context', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const after = before.replace('line 3\n', 'line three\n').replace('line 15\n', 'line 15\nadded\n');
    const diff = unifiedDiff(before, after, 'a/x', 'b/x');
    assert.deepEqual(diff.split('\n').filter((l) => l.startsWith('@@')), ['@@ -1,7 +1,7 @@', '@@ -14,6 +14,7 @@']);
    assert.equal(applyDiff(before, diff), after);
  });

  it('keeps thousands of changes each in place, past the shortest script\'s bound', () => {
    const block = (i: number, code: string) => [`  /op${i}:`, '    get:', '      responses:', `        ${code}:`, '          description: OK'];
    const before = Array.from({ length: 3000 }, (_, i) => block(i, '200').join('\n')).join('\n') + '\n';
    const after = Array.from({ length: 3000 }, (_, i) => block(i, i % 2 ? "'200'" : '200').join('\n')).join('\n') + '\n';
    const diff = unifiedDiff(before, after, 'a/x', 'b/x');
    const changed = diff.split('\n').filter((l) => /^[-+] /.test(l));
    assert.equal(changed.length, 3000, 'one line removed and one added per change');
    assert.equal(diff.split('\n').filter((l) => l.startsWith('@@')).length, 1500);
    assert.equal(applyDiff(before, diff), after);
    // A fix that adds lines among them (a review's counterexample: the changes after it then made one hunk).
    const inserted = after.replace('  /op5:\n', '  /op5:\n' + Array.from({ length: 10 }, (_, k) => `    # inserted ${k}`).join('\n') + '\n');
    const withInsertion = unifiedDiff(before, inserted, 'a/x', 'b/x');
    assert.equal(withInsertion.split('\n').filter((l) => l.startsWith('@@')).length, 1500);
    assert.equal(withInsertion.split('\n').filter((l) => /^[-+] /.test(l)).length, 3010);
    assert.equal(applyDiff(before, withInsertion), inserted);
    // Lines added and removed in turn, and the end of the text.
    const shifted = after.replace("  /op1:\n", "  /op1:\n  # new\n").replace(/  \/op2999:\n[^]*$/, '');
    assert.equal(applyDiff(before, unifiedDiff(before, shifted, 'a/x', 'b/x')), shifted);
  });

  it('shows a middle with no line found once in each text as one replacement', () => {
    // Every line repeats: no anchor to split at, and too many changes for the shortest script.
    const before = Array.from({ length: 6000 }, (_, i) => (i % 3 ? 'a' : 'b')).join('\n') + '\n';
    const after = Array.from({ length: 6000 }, (_, i) => (i % 2 ? 'a' : 'c')).join('\n') + '\n';
    const diff = unifiedDiff(before, after, 'a/x', 'b/x');
    assert.equal(diff.split('\n').filter((l) => l.startsWith('@@')).length, 1);
    assert.equal(applyDiff(before, diff), after);
  });
});
