// Fuzzy matching of a typed query against symbol names, as VS Code's quick open does it: the
// query's characters in order, anywhere in the name, case-insensitive; matches at the start, at
// word starts (after `/`, `-`, `_`, `.`, a space, a camelCase hump) and runs of consecutive
// matches score higher. Bounded: queries and names are cut to a fixed length.
const MAX_QUERY = 32;
const MAX_NAME = 256;

const SEPARATORS = new Set(['/', '-', '_', '.', ' ', '{', '}', ':', '#']);

function isWordStart(name: string, j: number): boolean {
  if (j === 0) return true;
  const before = name[j - 1];
  if (SEPARATORS.has(before)) return true;
  const c = name[j];
  return c !== c.toLowerCase() && before === before.toLowerCase() && before !== before.toUpperCase();
}

/** Whether every character of `query` occurs in `name`, in order (case-insensitive). */
function isSubsequence(lowerQuery: string, lowerName: string): boolean {
  let i = 0;
  for (let j = 0; j < lowerName.length && i < lowerQuery.length; j++) if (lowerName[j] === lowerQuery[i]) i++;
  return i === lowerQuery.length;
}

/** A score (higher is better) when the query matches the name; undefined when it does not. */
export function fuzzyScore(query: string, name: string): number | undefined {
  const q = query.replace(/\s+/g, '').slice(0, MAX_QUERY);
  if (q === '') return 0;
  const n = name.slice(0, MAX_NAME);
  const lq = q.toLowerCase();
  const ln = n.toLowerCase();
  if (!isSubsequence(lq, ln)) return undefined;
  // previous[j]: the best score with query[0..i-1] matched and query[i-1] at name[j].
  let previous = new Float64Array(n.length);
  for (let i = 0; i < q.length; i++) {
    const current = new Float64Array(n.length).fill(-Infinity);
    let bestBefore = -Infinity;
    for (let j = 0; j < n.length; j++) {
      if (i > 0 && j > 0) bestBefore = Math.max(bestBefore, previous[j - 1]);
      if (ln[j] !== lq[i]) continue;
      const own = 1 + (n[j] === q[i] ? 1 : 0) + (j === 0 ? 8 : isWordStart(n, j) ? 5 : 0);
      const from = i === 0 ? 0 : Math.max(bestBefore, j > 0 ? previous[j - 1] + 5 : -Infinity);
      if (from !== -Infinity) current[j] = own + from;
    }
    previous = current;
  }
  let best = -Infinity;
  for (const s of previous) if (s > best) best = s;
  return best === -Infinity ? undefined : best - n.length * 0.01;
}
