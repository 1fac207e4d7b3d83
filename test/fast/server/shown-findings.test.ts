// A file with more findings than the editor is sent shows the most severe first and, of the least
// severe level shown, those nearest the top of the file, whatever order the roots' findings were
// merged in: the fuzz found a server showing other errors than a fresh one on the same text, as a
// root closed and opened again was checked after another root that reads the file (seed 20261129).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from '../../../server/src/check/types';
import { shownFindings } from '../../../server/src/server/state/check-runs';
import { MAX_PUBLISHED_PER_FILE } from '../../../server/src/server/runtime/tuning';

function finding(severity: Diagnostic['severity'], offset: number, rule: string, message = `at ${offset}`): Diagnostic {
  return { rule, severity, message, doc: {} as Diagnostic['doc'], offset, length: 1, fixes: [], related: [], tags: [] };
}

/** The same findings in a shuffled order (fixed seed). */
function shuffled<T>(list: readonly T[], start: number): T[] {
  let seed = start;
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const shape = (list: Diagnostic[]) => list.map((d) => `${d.severity} ${d.offset} ${d.rule} ${d.message}`);

describe('findings shown when a file has too many', () => {
  it('shows the same errors nearest the top of the file whatever the order they come in', () => {
    // 7,000 errors, two rules at some offsets (ties at the cut), and warnings that do not fit.
    const errors = Array.from({ length: 7000 }, (_, i) => finding('error', Math.floor(i / 2) * 10, i % 2 ? 'syntax' : 'required-field'));
    const warnings = Array.from({ length: 3000 }, (_, i) => finding('warning', i, 'unknown-field'));
    const inOrder = [...errors, ...warnings];
    const shown = shownFindings(inOrder);
    for (const start of [1, 2, 3]) assert.deepEqual(shape(shownFindings(shuffled(inOrder, start))), shape(shown));
    assert.equal(shown.length, MAX_PUBLISHED_PER_FILE + 1);
    assert.equal(shown[0].message, '5000 more findings in this file are not shown; run openapi-check on it to list them all.');
    assert.equal(shown[0].rule, 'required-field', 'the line takes the rule of the first finding shown');
    const expected = errors.slice(0, MAX_PUBLISHED_PER_FILE);
    assert.deepEqual(shape(shown.slice(1)), shape(expected));
  });

  it('shows every error and, of the warnings, those nearest the top', () => {
    const errors = Array.from({ length: 3000 }, (_, i) => finding('error', 100_000 + i, 'syntax'));
    const warnings = Array.from({ length: 4000 }, (_, i) => finding('warning', 4000 - i, 'unknown-field'));
    const shown = shownFindings(shuffled([...warnings, ...errors], 7)).slice(1);
    assert.equal(shown.filter((d) => d.severity === 'error').length, 3000);
    assert.deepEqual(shown.filter((d) => d.severity === 'warning').map((d) => d.offset), Array.from({ length: 2000 }, (_, i) => i + 1));
  });
});
