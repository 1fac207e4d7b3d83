// Fuzzy matching of a typed query against symbol names, as VS Code's quick open does it: the
// query's characters in order, anywhere in the name, case-insensitive; matches at the start, at
// word starts (after `/`, `-`, `_`, `.`, a space, a camelCase hump) and runs of consecutive
// matches score higher. Bounded: queries and names are cut to a fixed length.
import { charBit, isWordStart, PLACES_KNOWN, SEPARATOR_CODES } from '../workspace/symbol-table';

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
/** 8 at the name's start, 5 at a word start, else 0. */
function startBonusAt(name: string, j: number): number {
  return j === 0 ? START_BONUS : isWordStart(name, j) ? WORD_START_BONUS : 0;
}

/**
 * Per place of the name, the next place after it holding the same character (-1: none), for the
 * characters of the query: each row of the score table visits only the places of its character.
 */
const nextSame = new Int32Array(MAX_NAME);
/** Per distinct query character (see QueryCharacters): its first place at or after the first match. */
const firstOf = new Int32Array(MAX_QUERY);

/** A query's characters in lower case, each with the slot of its character among the distinct ones. */
class QueryCharacters {
  readonly slots: Int32Array;
  readonly codes: number[] = [];
  /** By character code below 128, its slot (-1: not in the query). */
  private readonly ascii = new Int8Array(128).fill(-1);
  constructor(readonly lower: string) {
    this.slots = new Int32Array(lower.length);
    for (let i = 0; i < lower.length; i++) {
      const code = lower.charCodeAt(i);
      let slot = this.codes.indexOf(code);
      if (slot < 0) slot = this.codes.push(code) - 1;
      this.slots[i] = slot;
    }
    this.codes.forEach((code, slot) => { if (code < 128) this.ascii[code] = slot; });
  }
  slotOf(code: number): number {
    return code < 128 ? this.ascii[code] : this.codes.indexOf(code);
  }
}

/** What the alignment weighs: a name's score, or a bound of its spellings' scores (see fuzzyBound). */
const enum Weighing {
  Score,
  Bound,
}
// The name and query being weighed: one function reads them (no callback per character).
let weighing = Weighing.Score;
let scoredName = '';
let scoredQuery = '';
let boundedName = '';
let lowPlaces = 0;
let highPlaces = 0;
let upperWords = 0;
let lowerWords = 0;
let queryBits = new Int32Array(0);
let typedUpper = new Uint8Array(0);
let typedLower = new Uint8Array(0);

/** Query character i at place j: see fuzzyMatcher and fuzzyBound. */
function weighAt(i: number, j: number): number {
  if (weighing === Weighing.Score) return 1 + (scoredName.charCodeAt(j) === scoredQuery.charCodeAt(i) ? 1 : 0) + startBonusAt(scoredName, j);
  if (j === 0) return 2 + START_BONUS;
  if (!boundStartsWord(j)) return 2;
  const bit = queryBits[i];
  return 1 + WORD_START_BONUS + ((typedUpper[i] === 1 && (upperWords & bit) !== 0) || (typedLower[i] === 1 && (lowerWords & bit) !== 0) ? 1 : 0);
}

/** Whether a word can start at place j of the bounded name: known below PLACES_KNOWN, else where one can. */
function boundStartsWord(j: number): boolean {
  if (j < 32) return (lowPlaces & (1 << j)) !== 0;
  if (j < PLACES_KNOWN) return (highPlaces & (1 << (j - 32))) !== 0;
  const before = boundedName.charCodeAt(j - 1);
  const code = boundedName.charCodeAt(j);
  if (before >= 128 || code >= 128) return true;
  return SEPARATOR_CODES[before] === 1 || (before >= 97 && before <= 122 && (upperWords & charBit(code)) !== 0);
}

/**
 * The best alignment of the query in the first `length` characters of a lower-case name, each
 * character weighing weighAt(i, j) at place j, 5 more right after the previous one; NONE when there is none.
 * Dynamic programming over the places each query character can take, rows bounded by the earliest
 * and the latest match; a row reads only the places holding its character, chained in one pass over
 * the name: a long name costs a pass, not a pass per query character.
 */
function bestAlignment(query: QueryCharacters, ln: string, length: number): number {
  const lq = query.lower;
  const size = lq.length;
  // The earliest match of each query character (greedy forward), then the latest (greedy backward).
  for (let i = 0, j = 0; i < size; i++, j++) {
    const code = lq.charCodeAt(i);
    while (j < length && ln.charCodeAt(j) !== code) j++;
    if (j >= length) return NONE;
    firstAt[i] = j;
  }
  for (let i = size - 1, j = length - 1; i >= 0; i--, j--) {
    const code = lq.charCodeAt(i);
    while (ln.charCodeAt(j) !== code) j--;
    lastAt[i] = j;
  }
  const slots = query.slots;
  for (let slot = 0; slot < query.codes.length; slot++) firstOf[slot] = -1;
  for (let j = lastAt[size - 1]; j >= firstAt[0]; j--) {
    const slot = query.slotOf(ln.charCodeAt(j));
    if (slot < 0) continue;
    nextSame[j] = firstOf[slot];
    firstOf[slot] = j;
  }
  // row[j] at the places of q[i]: the best score with q[0..i] matched and q[i] at j; `before` is
  // the row of q[i - 1], read only at the places of its character.
  let before = previous;
  let row = current;
  for (let i = 0; i < size; i++) {
    const from = firstAt[i];
    const to = lastAt[i];
    let j = firstOf[slots[i]];
    while (j < from) j = nextSame[j];
    if (i === 0) {
      for (; j >= 0 && j <= to; j = nextSame[j]) row[j] = weighAt(0, j);
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
        row[j] = best > REACHABLE ? best + weighAt(i, j) : NONE;
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
  return best > REACHABLE ? best : NONE;
}

/**
 * A scorer for one query: the score (higher is better) of a name it matches, undefined for one it
 * does not. `lowerName` is the name in lower case, when the caller keeps it. The score is the best
 * alignment's: per character 1, 1 more in the same case, 8 at the name's start or 5 at a word
 * start, 5 more right after the previous one.
 */
export function fuzzyMatcher(query: string): (name: string, lowerName?: string) => number | undefined {
  const q = query.replace(/\s+/g, '').slice(0, MAX_QUERY);
  const characters = new QueryCharacters(q.toLowerCase());
  const typedAtLowerPlaces = atLowerPlaces(q);
  return (name, lowerName) => {
    if (q === '') return 0;
    const n = name.length > MAX_NAME ? name.slice(0, MAX_NAME) : name;
    let ln = lowerName !== undefined && lowerName.length === n.length ? lowerName : n.toLowerCase();
    weighing = Weighing.Score;
    scoredName = n;
    if (ln.length !== n.length) {
      // Read at the places of its lower case, where the index's bounds and scan read it.
      scoredName = atLowerPlaces(n);
      if (ln.length !== scoredName.length) ln = Array.from(n, (c) => c.toLowerCase()).join('');
      if (ln.length > MAX_NAME) (ln = ln.slice(0, MAX_NAME)), (scoredName = scoredName.slice(0, MAX_NAME));
    }
    scoredQuery = typedAtLowerPlaces;
    const best = bestAlignment(characters, ln, ln.length);
    if (best === NONE) return undefined;
    // The whole name typed (in any case) comes first; then shorter names before longer ones.
    return best + (ln === characters.lower ? EXACT_BONUS : 0) - n.length * 0.01;
  };
}

/**
 * A name as written at the places of its lower case: a character whose lower case is longer ('İ'
 * lower-cases to 'i' and a combining dot) is followed by the rest of its lower case. Word starts
 * and cases are read from it at the places where the lower case matched: read from the name as
 * written, one place off after such a character, the score counted those of characters it had not
 * matched and could exceed every bound of the name (a match dropped).
 */
function atLowerPlaces(name: string): string {
  if (name.toLowerCase().length === name.length) return name;
  let out = '';
  for (const character of name) {
    const lowered = character.toLowerCase();
    out += lowered.length > character.length ? character + lowered.slice(character.length) : character;
  }
  return out;
}

/**
 * Per character of a lower-case query: its bit (charBit), and whether its typed case is upper,
 * lower (both when not known: a lower case of another length).
 */
export function typedCases(lowerQuery: string, typedQuery: string) {
  const known = lowerQuery.length === typedQuery.length;
  const bits = new Int32Array(lowerQuery.length);
  const upper = new Uint8Array(lowerQuery.length);
  const lower = new Uint8Array(lowerQuery.length);
  for (let i = 0; i < lowerQuery.length; i++) {
    bits[i] = charBit(lowerQuery.charCodeAt(i));
    upper[i] = !known || typedQuery.charCodeAt(i) !== lowerQuery.charCodeAt(i) ? 1 : 0;
    lower[i] = !known || typedQuery.charCodeAt(i) === lowerQuery.charCodeAt(i) ? 1 : 0;
  }
  return { bits, upper, lower };
}

/**
 * For one query, an upper bound of the score (fuzzyMatcher) of every spelling of a lower-case name,
 * from the name and what the index keeps of its spellings: where their words start below
 * PLACES_KNOWN (addWordStartPlaces), the characters starting a word in upper case and otherwise,
 * and the shortest written length. It is the best alignment's score with the case point counted
 * wherever the case can hold: at a word start only where a word start of the typed case holds that
 * letter; past PLACES_KNOWN a word may start after a separator, at a non-ASCII character, or at a
 * letter after a letter where a word starts with it in upper case (a hump). Undefined when the
 * places are not known or the query is not in the name.
 */
export function fuzzyBound(query: string): (lowerName: string, low: number, high: number, upperStarts: number, lowerStarts: number, writtenLength: number) => number | undefined {
  const q = query.replace(/\s+/g, '').slice(0, MAX_QUERY);
  const characters = new QueryCharacters(q.toLowerCase());
  const lq = characters.lower;
  const { bits, upper, lower } = typedCases(lq, q);
  return (lowerName, low, high, upperStarts, lowerStarts, writtenLength) => {
    if ((low & 1) !== 0 || lq === '') return undefined;
    weighing = Weighing.Bound;
    boundedName = lowerName;
    lowPlaces = low;
    highPlaces = high;
    upperWords = upperStarts;
    lowerWords = lowerStarts;
    queryBits = bits;
    typedUpper = upper;
    typedLower = lower;
    const best = bestAlignment(characters, lowerName, Math.min(lowerName.length, MAX_NAME));
    if (best === NONE) return undefined;
    return best - Math.min(writtenLength, MAX_NAME) * 0.01;
  };
}

/** A score when the query matches the name; undefined when it does not. */
export function fuzzyScore(query: string, name: string): number | undefined {
  return fuzzyMatcher(query)(name);
}
