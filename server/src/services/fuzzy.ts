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
 * Per place of the name, the next place after it holding the same character (-1: none), for the
 * characters of the query: each row of the score table visits only the places of its character.
 */
const nextSame = new Int32Array(MAX_NAME);
/** Per distinct query character (see `slots` below): its first place at or after the first match. */
const firstOf = new Int32Array(MAX_QUERY);

/**
 * A scorer for one query: the score (higher is better) of a name it matches, undefined for one it
 * does not. `lowerName` is the name in lower case, when the caller keeps it. The score is the best
 * alignment's (dynamic programming over the places each query character can take, rows bounded by
 * the earliest and the latest match): per character 1, 1 more in the same case, 8 at the name's
 * start or 5 at a word start, 5 more right after the previous one. A row reads only the places
 * holding its character, chained in one pass over the name: a long name costs a pass, not a pass
 * per query character.
 */
export function fuzzyMatcher(query: string): (name: string, lowerName?: string) => number | undefined {
  const q = query.replace(/\s+/g, '').slice(0, MAX_QUERY);
  const lq = q.toLowerCase();
  const size = q.length;
  // Per query character, the slot of its character (the first query character that is the same).
  const slots = new Int32Array(size);
  const slotCodes: number[] = [];
  for (let i = 0; i < size; i++) {
    const code = lq.charCodeAt(i);
    let slot = slotCodes.indexOf(code);
    if (slot < 0) slot = slotCodes.push(code) - 1;
    slots[i] = slot;
  }
  // By character code below 128, the slot of that character (-1: not in the query).
  const asciiSlot = new Int8Array(128).fill(-1);
  slotCodes.forEach((code, slot) => { if (code < 128) asciiSlot[code] = slot; });
  const slotOf = (code: number) => (code < 128 ? asciiSlot[code] : slotCodes.indexOf(code));
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
    // The places of each query character between the first match and the last, chained.
    const from0 = firstAt[0];
    for (let slot = 0; slot < slotCodes.length; slot++) firstOf[slot] = -1;
    for (let j = lastAt[size - 1]; j >= from0; j--) {
      const slot = slotOf(ln.charCodeAt(j));
      if (slot < 0) continue;
      nextSame[j] = firstOf[slot];
      firstOf[slot] = j;
    }
    // row[j] at the places of q[i]: the best score with q[0..i] matched and q[i] at n[j]; `before`
    // is the row of q[i - 1], read only at the places of its character.
    let before = previous;
    let row = current;
    for (let i = 0; i < size; i++) {
      const from = firstAt[i];
      const to = lastAt[i];
      const typed = q.charCodeAt(i);
      let j = firstOf[slots[i]];
      while (j < from) j = nextSame[j];
      if (i === 0) {
        for (; j >= 0 && j <= to; j = nextSame[j]) row[j] = 1 + (n.charCodeAt(j) === typed ? 1 : 0) + startBonusAt(n, j);
      } else {
        const beforeFrom = firstAt[i - 1];
        const beforeTo = lastAt[i - 1];
        const beforeCode = lq.charCodeAt(i - 1);
        // The best of the row before at places up to j - 2 (an alignment with a gap), as j moves on.
        let bestGap = NONE;
        let k = firstOf[slots[i - 1]];
        while (k < beforeFrom) k = nextSame[k];
        for (; j >= 0 && j <= to; j = nextSame[j]) {
          for (; k >= 0 && k <= beforeTo && k <= j - 2; k = nextSame[k]) if (before[k] > bestGap) bestGap = before[k];
          const last = j - 1;
          const adjacent = last >= beforeFrom && last <= beforeTo && ln.charCodeAt(last) === beforeCode ? before[last] : NONE;
          const run = adjacent > REACHABLE ? adjacent + RUN_BONUS : NONE;
          const best = run > bestGap ? run : bestGap;
          row[j] = best > REACHABLE ? best + 1 + (n.charCodeAt(j) === typed ? 1 : 0) + startBonusAt(n, j) : NONE;
        }
      }
      const swap = before;
      before = row;
      row = swap;
    }
    previous = before;
    current = row;
    let best = NONE;
    let j = firstOf[slots[size - 1]];
    while (j < firstAt[size - 1]) j = nextSame[j];
    for (; j >= 0 && j <= lastAt[size - 1]; j = nextSame[j]) if (before[j] > best) best = before[j];
    if (best <= REACHABLE) return undefined;
    // The whole name typed (in any case) comes first; then shorter names before longer ones.
    return best + (ln === lq ? EXACT_BONUS : 0) - length * 0.01;
  };
}

/** A score when the query matches the name; undefined when it does not. */
export function fuzzyScore(query: string, name: string): number | undefined {
  return fuzzyMatcher(query)(name);
}
