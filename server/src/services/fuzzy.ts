// Fuzzy matching of a typed query against symbol names, as VS Code's quick open does it: the
// query's characters in order, anywhere in the name, case-insensitive; matches at the start, at
// word starts (after `/`, `-`, `_`, `.`, a space, a camelCase hump) and runs of consecutive
// matches score higher. Bounded: queries and names are cut to a fixed length.
import { isWordStart } from '../workspace/symbol-table';

const MAX_QUERY = 32;
const MAX_NAME = 256;
const EXACT_BONUS = 20;
export const START_BONUS = 8;
export const WORD_START_BONUS = 5;
/** A character right after the one matched before it. */
export const RUN_BONUS = 5;

// The score table's rows and what is known of the name, reused by every match: no allocation per name.
let previous = new Float64Array(MAX_NAME);
let current = new Float64Array(MAX_NAME);
/** Per character of the name: 8 at its start, 5 at a word start (after a separator, a camelCase hump), else 0. */
const startBonus = new Uint8Array(MAX_NAME);
/** Per query character: the first and last place of the name it can match at in a whole match. */
const firstAt = new Int32Array(MAX_QUERY);
const lastAt = new Int32Array(MAX_QUERY);

/**
 * A scorer for one query: the score (higher is better) of a name it matches, undefined for one it
 * does not. `lowerName` is the name in lower case, when the caller keeps it. The score is the best
 * alignment's (dynamic programming over the places each query character can take, rows bounded by
 * the earliest and the latest match): per character 1, 1 more in the same case, 8 at the name's
 * start or 5 at a word start, 5 more right after the previous one.
 */
export function fuzzyMatcher(query: string): (name: string, lowerName?: string) => number | undefined {
  const q = query.replace(/\s+/g, '').slice(0, MAX_QUERY);
  const lq = q.toLowerCase();
  const size = q.length;
  return (name, lowerName) => {
    if (q === '') return 0;
    const n = name.length > MAX_NAME ? name.slice(0, MAX_NAME) : name;
    const ln = lowerName !== undefined && lowerName.length === n.length ? lowerName : n.toLowerCase();
    const length = n.length;
    // The earliest match of each query character (greedy forward), then the latest (greedy backward).
    for (let i = 0, j = 0; i < size; i++, j++) {
      while (j < length && ln.charCodeAt(j) !== lq.charCodeAt(i)) j++;
      if (j >= length) return undefined;
      firstAt[i] = j;
    }
    for (let i = size - 1, j = length - 1; i >= 0; i--, j--) {
      while (ln.charCodeAt(j) !== lq.charCodeAt(i)) j--;
      lastAt[i] = j;
    }
    for (let j = firstAt[0]; j <= lastAt[size - 1]; j++) {
      startBonus[j] = j === 0 ? START_BONUS : isWordStart(n, j) ? WORD_START_BONUS : 0;
    }
    // previous[j]: the best score with q[0..i-1] matched and q[i-1] at n[j] (rows only between firstAt and lastAt).
    for (let i = 0; i < size; i++) {
      const from = firstAt[i];
      const to = lastAt[i];
      const code = lq.charCodeAt(i);
      const typed = q.charCodeAt(i);
      let bestBefore = -Infinity;
      if (i > 0) {
        const end = Math.min(from - 2, lastAt[i - 1]);
        for (let j = firstAt[i - 1]; j <= end; j++) if (previous[j] > bestBefore) bestBefore = previous[j];
      }
      for (let j = from; j <= to; j++) {
        if (i > 0 && j - 1 <= lastAt[i - 1] && previous[j - 1] > bestBefore) bestBefore = previous[j - 1];
        current[j] = -Infinity;
        if (ln.charCodeAt(j) !== code) continue;
        const own = 1 + (n.charCodeAt(j) === typed ? 1 : 0) + startBonus[j];
        const run = i > 0 && j - 1 >= firstAt[i - 1] && j - 1 <= lastAt[i - 1] ? previous[j - 1] + RUN_BONUS : -Infinity;
        const before = i === 0 ? 0 : Math.max(bestBefore, run);
        if (before !== -Infinity) current[j] = own + before;
      }
      const row = previous;
      previous = current;
      current = row;
    }
    let best = -Infinity;
    for (let j = firstAt[size - 1]; j <= lastAt[size - 1]; j++) if (previous[j] > best) best = previous[j];
    if (best === -Infinity) return undefined;
    // The whole name typed (in any case) comes first; then shorter names before longer ones.
    return best + (ln === lq ? EXACT_BONUS : 0) - length * 0.01;
  };
}

/** A score when the query matches the name; undefined when it does not. */
export function fuzzyScore(query: string, name: string): number | undefined {
  return fuzzyMatcher(query)(name);
}
