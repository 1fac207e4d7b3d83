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

// The score table's rows, reused by every match: no allocation per name. Scores are small integers
// until the length term: a row holds them as such, NONE where the query's prefix cannot end.
const NONE = -(1 << 30);
/** Below this a row's value is NONE plus bonuses: no alignment ends there. */
const REACHABLE = NONE / 2;
let previous = new Int32Array(MAX_NAME);
let current = new Int32Array(MAX_NAME);
/** Per query character: the first and last place of the name it can match at in a whole match. */
const firstAt = new Int32Array(MAX_QUERY);
const lastAt = new Int32Array(MAX_QUERY);
/** By character code below 128: 1 for the separators after which a word starts (see isWordStart). */
const SEPARATOR_CODES = new Uint8Array(128);
for (const c of '/-_. {}:#') SEPARATOR_CODES[c.charCodeAt(0)] = 1;

/** 8 at the name's start, 5 at a word start, else 0: isWordStart, with ASCII decided without it. */
function startBonusAt(name: string, j: number): number {
  if (j === 0) return START_BONUS;
  const before = name.charCodeAt(j - 1);
  const code = name.charCodeAt(j);
  if (before < 128 && code < 128) {
    return SEPARATOR_CODES[before] === 1 || (code >= 65 && code <= 90 && before >= 97 && before <= 122) ? WORD_START_BONUS : 0;
  }
  return isWordStart(name, j) ? WORD_START_BONUS : 0;
}

/**
 * A scorer for one query: the score (higher is better) of a name it matches, undefined for one it
 * does not. `lowerName` is the name in lower case, when the caller keeps it. The score is the best
 * alignment's (dynamic programming over the places each query character can take, rows bounded by
 * the earliest and the latest match): per character 1, 1 more in the same case, 8 at the name's
 * start or 5 at a word start, 5 more right after the previous one. Only the places holding the
 * query character are weighed (a word start is decided there, not along the whole name).
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
      const code = lq.charCodeAt(i);
      while (j < length && ln.charCodeAt(j) !== code) j++;
      if (j >= length) return undefined;
      firstAt[i] = j;
    }
    for (let i = size - 1, j = length - 1; i >= 0; i--, j--) {
      const code = lq.charCodeAt(i);
      while (ln.charCodeAt(j) !== code) j--;
      lastAt[i] = j;
    }
    // previous[j]: the best score with q[0..i-1] matched and q[i-1] at n[j] (rows only between firstAt and lastAt).
    let before = previous;
    let row = current;
    for (let i = 0; i < size; i++) {
      const from = firstAt[i];
      const to = lastAt[i];
      const code = lq.charCodeAt(i);
      const typed = q.charCodeAt(i);
      if (i === 0) {
        for (let j = from; j <= to; j++) {
          row[j] = ln.charCodeAt(j) === code ? 1 + (n.charCodeAt(j) === typed ? 1 : 0) + startBonusAt(n, j) : NONE;
        }
      } else {
        const beforeFrom = firstAt[i - 1];
        const beforeTo = lastAt[i - 1];
        // The best of the previous row strictly before j - 1 (an alignment with a gap), kept as j moves.
        let bestGap = NONE;
        const end = Math.min(from - 2, beforeTo);
        for (let j = beforeFrom; j <= end; j++) if (before[j] > bestGap) bestGap = before[j];
        for (let j = from; j <= to; j++) {
          const last = j - 1;
          const adjacent = last >= beforeFrom && last <= beforeTo ? before[last] : NONE;
          if (ln.charCodeAt(j) !== code) {
            row[j] = NONE;
          } else {
            const run = adjacent > REACHABLE ? adjacent + RUN_BONUS : NONE;
            const best = run > bestGap ? run : bestGap;
            row[j] = best > REACHABLE ? best + 1 + (n.charCodeAt(j) === typed ? 1 : 0) + startBonusAt(n, j) : NONE;
          }
          if (adjacent > bestGap) bestGap = adjacent;
        }
      }
      const swap = before;
      before = row;
      row = swap;
    }
    previous = before;
    current = row;
    let best = NONE;
    for (let j = firstAt[size - 1]; j <= lastAt[size - 1]; j++) if (before[j] > best) best = before[j];
    if (best <= REACHABLE) return undefined;
    // The whole name typed (in any case) comes first; then shorter names before longer ones.
    return best + (ln === lq ? EXACT_BONUS : 0) - length * 0.01;
  };
}

/** A score when the query matches the name; undefined when it does not. */
export function fuzzyScore(query: string, name: string): number | undefined {
  return fuzzyMatcher(query)(name);
}
