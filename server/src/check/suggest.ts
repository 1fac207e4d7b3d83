// "Did you mean" suggestions: the candidate closest to a misspelled name. Bounded by design: only
// names up to MAX_SUGGESTED_NAME characters get one, distances are banded (at most MAX_DISTANCE
// edits), and one query compares against a bounded amount of candidate text.
import { fromChildren, SyntaxNode } from '../syntax/tree';

/** Longer names get no suggestion: a misspelling is made in a name someone types. */
export const MAX_SUGGESTED_NAME = 256;
/** The most edits a suggestion may be away from the name. */
const MAX_DISTANCE = 3;
/**
 * Edit-distance cells one query may compute (a few microseconds; most comparisons stop after a
 * few rows): a map of thousands of names alike in length is searched in part, equal lengths
 * first, so 40,000 misspellings cost about a second.
 */
const CELLS_PER_QUERY = 4_000;

/** Cells the last `editDistanceWithin` computed (what a query is charged). */
let cellsComputed = 0;
// Two rows reused by every call (only `j` up to the shorter name's length + limit are read).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * The Levenshtein distance of `a` and `b` when it is at most `limit`, else `limit + 1`. Only the
 * band of `2 * limit + 1` diagonals is computed, and it stops as soon as a row exceeds the limit.
 */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  const over = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return over;
  if (a.length > b.length) [a, b] = [b, a];
  const n = a.length;
  const m = b.length;
  cellsComputed = m + 1;
  if (rowA.length <= m) {
    rowA = new Int32Array(2 * m + 2);
    rowB = new Int32Array(2 * m + 2);
  }
  let previous = rowA;
  let current = rowB;
  for (let j = 0; j <= m; j++) previous[j] = j <= limit ? j : over;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(m, i + limit);
    current[0] = i <= limit ? i : over;
    current[from - 1] = from === 1 ? current[0] : over;
    let rowMin = current[from - 1];
    const ai = a.charCodeAt(i - 1);
    cellsComputed += to - from + 1;
    for (let j = from; j <= to; j++) {
      // The least of substitute, delete and insert, without Math.min (the hot loop of a query).
      let value = previous[j - 1] + (ai === b.charCodeAt(j - 1) ? 0 : 1);
      const up = previous[j] + 1;
      if (up < value) value = up;
      const left = current[j - 1] + 1;
      if (left < value) value = left;
      if (value > over) value = over;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (to < m) current[to + 1] = over;
    if (rowMin > limit) return over;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[m], over);
}

/** The default number of edits a suggestion may be away: fewer for short names. */
function defaultLimit(name: string): number {
  return name.length <= 4 ? 1 : name.length <= 8 ? 2 : MAX_DISTANCE;
}

/** Candidate names indexed for suggestions: by exact name, by lower case, and by length. */
export class NameIndex {
  private readonly names: string[] = [];
  private readonly lowered: string[] = [];
  private readonly exact = new Set<string>();
  private readonly byLower = new Map<string, number[]>();
  private readonly byLength = new Map<number, number[]>();

  constructor(candidates: Iterable<string>) {
    for (const name of candidates) {
      this.exact.add(name);
      // A name far longer than any query could be within reach of is never a suggestion.
      if (name.length > MAX_SUGGESTED_NAME + MAX_DISTANCE) continue;
      const index = this.names.length;
      const lower = name.toLowerCase();
      this.names.push(name);
      this.lowered.push(lower);
      push(this.byLower, lower, index);
      push(this.byLength, lower.length, index);
    }
  }

  has(name: string): boolean {
    return this.exact.has(name);
  }

  /**
   * The candidate a misspelling most likely meant: the same letters in another case, else the
   * fewest edits (at most `maxDistance`, itself at most 3), the first candidate on a tie.
   */
  nearest(name: string, maxDistance?: number): string | undefined {
    if (name.length > MAX_SUGGESTED_NAME) return undefined;
    const lower = name.toLowerCase();
    for (const index of this.byLower.get(lower) ?? []) if (this.names[index] !== name) return this.names[index];
    const limit = Math.min(maxDistance ?? defaultLimit(name), MAX_DISTANCE);
    let best = -1;
    let bestDistance = limit + 1;
    let cells = 0;
    // Equal lengths first, then one more or one fewer character...: the likeliest candidates
    // come first when the budget stops the search in a huge map.
    for (let delta = 0; delta <= limit && cells < CELLS_PER_QUERY; delta++) {
      for (const length of delta === 0 ? [lower.length] : [lower.length - delta, lower.length + delta]) {
        for (const index of this.byLength.get(length) ?? []) {
          if (delta > bestDistance || cells >= CELLS_PER_QUERY) break;
          // Later ones in this list come after the best one and can at most tie with it.
          if (bestDistance <= Math.max(delta, 1) && index > best) break;
          const bound = Math.min(bestDistance, limit);
          const d = editDistanceWithin(lower, this.lowered[index], bound);
          cells += cellsComputed;
          if (d === 0 || d > bound) continue; // the name itself, or too far
          if (d < bestDistance || index < best) {
            best = index;
            bestDistance = d;
          }
        }
      }
    }
    return best >= 0 ? this.names[best] : undefined;
  }
}

function push<K>(map: Map<K, number[]>, key: K, index: number): void {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}

/** The candidate a misspelling most likely meant (see `NameIndex.nearest`), for short lists. */
export function closest(name: string, candidates: Iterable<string>, maxDistance?: number): string | undefined {
  if (name.length > MAX_SUGGESTED_NAME) return undefined;
  return new NameIndex(candidates).nearest(name, maxDistance);
}

const indexes = new WeakMap<object, NameIndex>();

/** The names of an unchanging collection (a Map of the analysis) as a NameIndex, built once. */
export function namesOf(source: object, names: () => Iterable<string>): NameIndex {
  let index = indexes.get(source);
  if (!index) indexes.set(source, (index = new NameIndex(names())));
  return index;
}

const KEY_NAMES = {};

/** The keys of an object as a NameIndex, built once per object (a map of 100,000 entries is met by many references). */
export function keyNames(node: SyntaxNode): NameIndex {
  return fromChildren(node, KEY_NAMES, (n) => new NameIndex((n.kind === 'object' ? n.children ?? [] : []).map((c) => String(c.key))));
}
