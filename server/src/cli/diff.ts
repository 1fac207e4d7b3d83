// A unified diff of two texts (what `--fix-dry-run` prints), by Myers' algorithm on lines after
// the common start and end are set aside. Fixes change a few lines of large files, so the edit
// distance D is small and the work O((N + M) D); past MAX_EDIT_DISTANCE the changed middle is
// resynced line by line instead (see resyncing).
const MAX_EDIT_DISTANCE = 2000;
const CONTEXT = 3;

type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

/** The shortest edit script from a to b (Myers), or undefined when longer than the bound. */
function myers(a: readonly string[], b: readonly string[]): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) x++, y++;
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace, d, offset);
    }
  }
  return undefined;
}

function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[], depth: number, offset: number): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ kind: ' ', line: a[--x] }), y--;
    if (x === prevX) ops.push({ kind: '+', line: b[--y] });
    else ops.push({ kind: '-', line: a[--x] });
  }
  while (x > 0 && y > 0) ops.push({ kind: ' ', line: a[--x] }), y--;
  return ops.reverse();
}

/** How far apart (lines removed plus lines added) resyncing looks for the texts to agree again. */
const RESYNC_WINDOW = 32;
/** Lines that must agree for the texts to count as in step again (a blank line alone is no anchor). */
const RESYNC_RUN = 3;
/** Line comparisons resyncing makes at most; past them, the rest is one replacement. */
const RESYNC_BUDGET = 20_000_000;

/**
 * An edit script for texts too far apart for Myers within its bound (thousands of fixes, each a
 * line or two: Asana's 3,000 changed lines made one hunk of 56,000 lines). From each line that
 * differs, the nearest place where the texts agree again for a few lines, within a window: not
 * always the shortest script, but each change stays where it is. Bounded: past the budget the rest
 * is shown as one replacement.
 */
function resyncing(a: readonly string[], b: readonly string[]): Op[] {
  const ops: Op[] = [];
  const n = a.length;
  const m = b.length;
  let work = 0;
  const inStep = (x: number, y: number) => {
    for (let r = 0; r < RESYNC_RUN; r++, work++) {
      if (x + r >= n || y + r >= m) return x + r >= n && y + r >= m;
      if (a[x + r] !== b[y + r]) return false;
    }
    return true;
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m && work < RESYNC_BUDGET) {
    if (a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i++] });
      j++;
      continue;
    }
    let removed = 1;
    let added = 1; // one line replaced, when the next agree or no place within the window is in step
    const replaced = (i + 1 === n && j + 1 === m) || (i + 1 < n && j + 1 < m && a[i + 1] === b[j + 1]);
    search: for (let apart = 1; apart <= RESYNC_WINDOW && !replaced; apart++) {
      for (let di = 0; di <= apart; di++) {
        if (i + di <= n && j + apart - di <= m && inStep(i + di, j + apart - di)) {
          removed = di;
          added = apart - di;
          break search;
        }
      }
    }
    for (let k = 0; k < removed && i < n; k++) ops.push({ kind: '-', line: a[i++] });
    for (let k = 0; k < added && j < m; k++) ops.push({ kind: '+', line: b[j++] });
  }
  while (i < n) ops.push({ kind: '-', line: a[i++] });
  while (j < m) ops.push({ kind: '+', line: b[j++] });
  return ops;
}

export function unifiedDiff(before: string, after: string, oldName: string, newName: string): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  const middle = myers(middleA, middleB) ?? resyncing(middleA, middleB);
  const ops: Op[] = [...a.slice(0, start).map((line) => ({ kind: ' ' as const, line })), ...middle, ...a.slice(a.length - end).map((line) => ({ kind: ' ' as const, line }))];
  return `--- ${oldName}\n+++ ${newName}\n` + hunks(ops).join('');
}

/** Groups changes with CONTEXT lines around them; changes closer than twice that share a hunk. */
function hunks(ops: readonly Op[]): string[] {
  const out: string[] = [];
  let i = 0;
  // Line numbers (1-based) at ops[i] in the old and new text.
  let oldLine = 1;
  let newLine = 1;
  const advance = (op: Op) => {
    if (op.kind !== '+') oldLine++;
    if (op.kind !== '-') newLine++;
  };
  while (i < ops.length) {
    let change = i;
    while (change < ops.length && ops[change].kind === ' ') change++;
    if (change >= ops.length) break;
    const from = Math.max(i, change - CONTEXT);
    for (; i < from; i++) advance(ops[i]);
    let to = change;
    for (let quiet = 0; to < ops.length; to++) {
      quiet = ops[to].kind === ' ' ? quiet + 1 : 0;
      if (quiet > 2 * CONTEXT) break;
    }
    // Keep CONTEXT unchanged lines after the last change.
    let last = to - 1;
    while (last > from && ops[last].kind === ' ') last--;
    const until = Math.min(ops.length, last + 1 + CONTEXT);
    const body = ops.slice(from, until);
    const oldCount = body.filter((op) => op.kind !== '+').length;
    const newCount = body.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${oldCount ? oldLine : oldLine - 1},${oldCount} +${newCount ? newLine : newLine - 1},${newCount} @@\n`);
    for (const op of body) out.push(`${op.kind}${op.line}\n`);
    for (; i < until; i++) advance(ops[i]);
  }
  return out;
}
