// Fuzzy matching of a typed query against symbol names, as VS Code's quick open does it: the
// query's characters in order, anywhere in the name, case-insensitive; matches at the start, at
// word starts (after `/`, `-`, `_`, `.`, a space, a camelCase hump) and runs of consecutive
// matches score higher. Bounded: queries and names are cut to a fixed length.
const MAX_QUERY = 32;
const MAX_NAME = 256;
const EXACT_BONUS = 20;

const SEPARATORS = new Set(['/', '-', '_', '.', ' ', '{', '}', ':', '#']);

function isWordStart(name: string, j: number): boolean {
  if (j === 0) return true;
  const before = name[j - 1];
  if (SEPARATORS.has(before)) return true;
  const c = name[j];
  return c !== c.toLowerCase() && before === before.toLowerCase() && before !== before.toUpperCase();
}

/** Whether every character of `query` occurs in `name`, in order (both lower case). */
function isSubsequence(lowerQuery: string, lowerName: string): boolean {
  let i = 0;
  for (let j = 0; j < lowerName.length && i < lowerQuery.length; j++) if (lowerName.charCodeAt(j) === lowerQuery.charCodeAt(i)) i++;
  return i === lowerQuery.length;
}

// Two rows of the score table, reused by every match: no allocation per name.
let previous = new Float64Array(MAX_NAME);
let current = new Float64Array(MAX_NAME);

/**
 * A scorer for one query: the score (higher is better) of a name it matches, undefined for one it
 * does not. `lowerName` is the name in lower case, when the caller keeps it.
 */
export function fuzzyMatcher(query: string): (name: string, lowerName?: string) => number | undefined {
  const q = query.replace(/\s+/g, '').slice(0, MAX_QUERY);
  const lq = q.toLowerCase();
  return (name, lowerName) => {
    if (q === '') return 0;
    const n = name.length > MAX_NAME ? name.slice(0, MAX_NAME) : name;
    const ln = lowerName !== undefined && lowerName.length === n.length ? lowerName : n.toLowerCase();
    if (!isSubsequence(lq, ln)) return undefined;
    // previous[j]: the best score with q[0..i-1] matched and q[i-1] at n[j].
    previous.fill(0, 0, n.length);
    for (let i = 0; i < q.length; i++) {
      current.fill(-Infinity, 0, n.length);
      let bestBefore = -Infinity;
      for (let j = 0; j < n.length; j++) {
        if (i > 0 && j > 0 && previous[j - 1] > bestBefore) bestBefore = previous[j - 1];
        if (ln.charCodeAt(j) !== lq.charCodeAt(i)) continue;
        const own = 1 + (n[j] === q[i] ? 1 : 0) + (j === 0 ? 8 : isWordStart(n, j) ? 5 : 0);
        const from = i === 0 ? 0 : Math.max(bestBefore, j > 0 ? previous[j - 1] + 5 : -Infinity);
        if (from !== -Infinity) current[j] = own + from;
      }
      [previous, current] = [current, previous];
    }
    let best = -Infinity;
    for (let j = 0; j < n.length; j++) if (previous[j] > best) best = previous[j];
    if (best === -Infinity) return undefined;
    // The whole name typed (in any case) comes first; then shorter names before longer ones.
    return best + (ln === lq ? EXACT_BONUS : 0) - n.length * 0.01;
  };
}

/** A score when the query matches the name; undefined when it does not. */
export function fuzzyScore(query: string, name: string): number | undefined {
  return fuzzyMatcher(query)(name);
}
