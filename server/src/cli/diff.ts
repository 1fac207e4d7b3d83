// A unified diff of two texts (what `--fix-dry-run` prints), by Myers' algorithm on lines after
// the common start and end are set aside. Fixes change a few lines of large files, so the edit
// distance D is small and the work O((N + M) D); past MAX_EDIT_DISTANCE the changed middle is
// shown as one replacement instead of searching further.
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
  const middle = myers(middleA, middleB) ?? [...middleA.map((line) => ({ kind: '-' as const, line })), ...middleB.map((line) => ({ kind: '+' as const, line }))];
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
