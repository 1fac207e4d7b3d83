// A unified diff of two texts (what `--fix-dry-run` prints), by Myers' algorithm on lines after
// the common start and end are set aside. Fixes change a few lines of large files, so the edit
// distance D is small and the work O((N + M) D); past MAX_EDIT_DISTANCE the changed middle is
// split at the lines found once in each text (see patience).
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

/**
 * An edit script for texts too far apart for Myers within its bound (thousands of fixes, each a
 * line or two: Asana's 3,000 changed lines made one hunk of 56,000 lines). Patience diff: the lines
 * found once in each text, in the same order in both (the longest such run), are anchors, and
 * between two anchors Myers runs on what is left, which fixes keep small; a stretch still too far
 * apart is shown as a replacement. O(n log n) for the anchors, and Myers within its bound.
 */
function patience(a: readonly string[], b: readonly string[]): Op[] {
  const counts = new Map<string, number>();
  for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
  const inA = new Map<string, number>(); // a line once in a: its place there
  a.forEach((line, i) => { if (counts.get(line) === 1) inA.set(line, i); });
  const seenInB = new Map<string, number>();
  for (const line of b) if (inA.has(line)) seenInB.set(line, (seenInB.get(line) ?? 0) + 1);
  // Pairs (place in a, place in b) of the lines once in each, in b's order.
  const pairs: [number, number][] = [];
  b.forEach((line, j) => { if (seenInB.get(line) === 1) pairs.push([inA.get(line)!, j]); });
  const anchors = increasingRun(pairs);
  // No anchor: the segment would be the whole middle, on which Myers has just given up.
  if (!anchors.length) return replacement(a, b);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  for (const [ai, bj] of [...anchors, [a.length, b.length] as [number, number]]) {
    const segmentA = a.slice(i, ai);
    const segmentB = b.slice(j, bj);
    const segment = myers(segmentA, segmentB) ?? replacement(segmentA, segmentB);
    for (const op of segment) ops.push(op);
    if (ai < a.length) ops.push({ kind: ' ', line: a[ai] });
    i = ai + 1;
    j = bj + 1;
  }
  return ops;
}

function replacement(a: readonly string[], b: readonly string[]): Op[] {
  return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
}

/** The longest run of pairs whose places in a increase (they are in b's order already): patience sorting. */
function increasingRun(pairs: readonly [number, number][]): [number, number][] {
  const tails: number[] = []; // per run length, the index of the pair ending the best run so far
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tails[mid]][0] < pairs[k][0]) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[k] = tails[low - 1];
    tails[low] = k;
  }
  const run: [number, number][] = [];
  for (let k = tails.length ? tails[tails.length - 1] : -1; k >= 0; k = previous[k]) run.push(pairs[k]);
  return run.reverse();
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
  const middle = myers(middleA, middleB) ?? patience(middleA, middleB);
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
