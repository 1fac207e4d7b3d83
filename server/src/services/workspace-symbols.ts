// Workspace symbols: operations (one each, found by operationId or by `METHOD /path`), components
// by name and kind, tags. Ranked exact > prefix > fuzzy, as rust-analyzer's symbol search: the
// prefix matches come from the workspace's few sorted segments of names (symbol-index.ts) by a
// binary search in each; the fuzzy ones are scanned
// (a subsequence of the name, camel-case humps and word starts scored higher) only when the exact
// and prefix matches leave room in the answer. Nothing is built per query beyond its answer.
import { ObjectKind } from '../model/spec';
import { FileIndex } from '../workspace/file-index';
import { nameLength, nameOf, scanSubsequence, Segment } from '../workspace/symbol-index';
import { MAX_SCANNED, maskOf, operationLabel, partitionPoint, PLACES_KNOWN, SymbolKind, writtenName } from '../workspace/symbol-table';
import { WorkspaceIndex } from '../workspace/workspace-index';
import { fuzzyBound, fuzzyMatcher, RUN_BONUS, START_BONUS, typedCases, WORD_START_BONUS } from './fuzzy';
import { FileSpan } from './symbol-at';

export interface WorkspaceSymbol {
  /** An operation's is `listPets (GET /pets)`: editors filter by the name, and either part finds it. */
  name: string;
  kind: 'operation' | 'component' | 'tag';
  /** For components: the kind of object, when known. */
  objectKind?: ObjectKind;
  /** What holds it: `schemas` for a component, `tags` for a tag; nothing for an operation. */
  container: string;
  deprecated: boolean;
  /** The whole symbol, and its name. */
  range: FileSpan;
  selection: FileSpan;
}

/** Results returned at most: an editor shows the best few. */
export const MAX_RESULTS = 256;
/** Query characters read: a longer query is cut (names are matched on their first 256 too). */
export const MAX_QUERY = 32;

/** How a name matched, best first. */
export const enum Rank {
  ExactCase = 0,
  Exact = 1,
  Prefix = 2,
  Fuzzy = 3,
}

export interface Match {
  file: FileIndex;
  /** `entry index << 2 | SymbolKind`; an operation's label and operationId name the same symbol. */
  target: number;
  rank: Rank;
  /** Within a rank, higher first: the fuzzy score (word starts, humps, runs), or minus the name's length. */
  score: number;
  /** The name as matched, lower case: the last tie-breaker, so an answer does not depend on file order. */
  lower: string;
}

/** The symbol an entry names in its file; operations are one symbol whichever of their names matched. */
export function symbolKey(match: Match): number {
  const kind = match.target & 3;
  return kind === SymbolKind.OperationLabel ? match.target - 1 : match.target;
}

export function workspaceSymbols(index: WorkspaceIndex, query: string, limit = MAX_RESULTS): WorkspaceSymbol[] {
  const typed = query.trim().slice(0, MAX_QUERY);
  const lower = typed.toLowerCase();
  const symbols = index.symbols;
  const segments = symbols.segments;
  // An operation has two names: twice the answer's entries hold at least its number of symbols.
  const best = new BestMatches(2 * limit);
  // Per slot, asked once: whether its file offers its definitions (-1: not asked yet).
  const offering = new Int8Array(symbols.slotCount).fill(-1);
  const offers = (slot: number, file: FileIndex) => {
    if (offering[slot] < 0) offering[slot] = file.root || index.definitionsOf(file.path).length > 0 ? 1 : 0;
    return offering[slot] === 1;
  };
  const rankOf = (name: string, nameLower: string): Rank =>
    nameLower === lower ? (name === typed ? Rank.ExactCase : Rank.Exact) : Rank.Prefix;

  // Exact and prefix matches: one contiguous run of each segment's sorted names. Shorter names
  // rank first: when the runs hold many more names than the answer keeps ('get' starts 300,000),
  // those up to the length that fills it are read first, and the rest only if they did not fill it
  // (some were dropped files' or definitions no one is offered).
  let prefixed = 0;
  const runs = segments.map((segment) => prefixRun(segment, lower));
  const readRuns = (shortest: number, longest: number) => {
    segments.forEach((segment, s) => {
      const { first, slots, rows } = segment;
      for (let g = runs[s].from; g < runs[s].to; g++) {
        const length = nameLength(segment, g);
        if (length < shortest || length > longest) continue;
        // In the run, a name is the query when it is as long: its string is made only for an entry kept.
        const exact = length === lower.length;
        // Once the answer is full of names as good, a longer one cannot enter (nor count: fuzzy is off).
        if (prefixed >= best.capacity && !best.admits(exact ? Rank.ExactCase : Rank.Prefix, -length)) continue;
        let name: string | undefined;
        for (let e = first[g]; e < first[g + 1]; e++) {
          const file = symbols.fileOf(slots[e]);
          if (file === undefined) continue; // replaced or removed
          const table = symbols.tableOf(slots[e]);
          const target = table.targets[rows[e]];
          if ((target & 3) === SymbolKind.Definition && !offers(slots[e], file)) continue;
          prefixed++;
          const rank = exact ? rankOf(table.written[rows[e]] ?? writtenName(file, target), lower) : Rank.Prefix;
          if (best.admits(rank, -length)) best.add({ file, target, rank, score: -length, lower: (name ??= exact ? lower : nameOf(segment, g)) });
        }
      }
    });
  };
  const filling = fillingLength(segments, runs, best.capacity);
  readRuns(0, filling);
  if (prefixed < best.capacity) readRuns(filling + 1, Infinity);
  for (const slot of symbols.withPathless()) {
    const file = symbols.fileOf(slot)!;
    for (const i of symbols.tableOf(slot).pathless) {
      const label = pathlessLabel(index, file, i);
      const labelLower = label.toLowerCase();
      if (!labelLower.startsWith(lower)) continue;
      prefixed++;
      best.add({ file, target: (i << 2) | SymbolKind.OperationLabel, rank: rankOf(label, labelLower), score: -label.length, lower: labelLower });
    }
  }

  // Fuzzy matches, only when the others leave room in the answer: they never go before them.
  const compact = lower.replace(/\s+/g, '');
  if (prefixed < best.capacity && distinctSymbols(best.entries()) < limit && compact !== '') {
    const score = fuzzyMatcher(typed);
    const typedCompact = typed.replace(/\s+/g, '');
    const firstBound = new FirstBound(compact, typedCompact);
    const found = fuzzyCandidates(index, segments, compact, typedCompact, firstBound);
    // Each candidate name's score bound (one per name, whatever its number of files), then its
    // entries scored best bound first: once the answer is full, a name whose bound cannot enter
    // ends the work (more than 66,000 names of the directory hold `pet`).
    const bounds = scratch.floats('bounds', found.count);
    const kept = scratch.integers('kept', found.count);
    let keptCount = 0;
    for (let c = 0; c < found.count; c++) {
      const s = found.segments[c];
      const segment = segments[s];
      const g = found.names[c];
      // In the prefix run: ranked above already. Told by its row, not its name: reading tens of
      // thousands of names scattered over the heap would wait on memory for each.
      if (g >= runs[s].from && g < runs[s].to) continue;
      if (found.points[c] < 0) found.points[c] = firstBound.ofSegment(segment, g, 0);
      // Whole points less the length term, as a score is: never below the score it bounds by rounding.
      bounds[c] = found.points[c] - Math.min(segment.lengths[g], MAX_SCANNED) * 0.01;
      kept[keptCount++] = c;
    }
    const { order, starts, top } = bucketsByBound(kept.subarray(0, keptCount), bounds);
    // A candidate reached is bounded again, tighter: the best alignment in its lower-case name with
    // word starts where its spellings have them (known below PLACES_KNOWN, else where they can be)
    // and the case point wherever it can hold (fuzzyBound); for a name whose places are not known,
    // runs as pieces of the query found in the name. One found lower goes down to its bucket: most
    // are never scored.
    const placesBound = fuzzyBound(typed);
    const tightBound = piecesBound(compact, typedCompact);
    const bucketOf = (value: number) => Math.min(top, Math.max(0, top - Math.ceil(value)));
    const tightened = scratch.bytes('tightened', found.count).fill(0);
    const movedDown: number[][] = [];
    for (let b = 0; b + 1 < starts.length; b++) {
      // Bounds of bucket b are at most top - b: once those cannot enter, no later bucket can.
      if (!best.admits(Rank.Fuzzy, top - b)) break;
      // Highest bound first within the bucket too: the answer's worst rises fast, and the first
      // bound that cannot enter ends the bucket ('pet' has 15,000 names in its top bucket).
      const moved = movedDown[b];
      const bucket = moved ? Uint32Array.from([...order.subarray(starts[b], starts[b + 1]), ...moved]) : order.subarray(starts[b], starts[b + 1]);
      bucket.sort((x, y) => bounds[y] - bounds[x]);
      for (const c of bucket) {
        if (!best.admits(Rank.Fuzzy, bounds[c])) break;
        const segment = segments[found.segments[c]];
        const g = found.names[c];
        const name = nameOf(segment, g);
        if (!tightened[c]) {
          tightened[c] = 1;
          const tighter = placesBound(name, segment.startPlacesLow[g], segment.startPlacesHigh[g], segment.upperStarts[g], segment.lowerStarts[g], segment.lengths[g]) ??
            tightBound(name, segment.upperStarts[g], segment.lowerStarts[g], segment.lengths[g]);
          bounds[c] = Math.min(bounds[c], tighter);
          // Its whole points bound this query's part of any alignment: a query that extends this one
          // adds its new characters' points to these rather than to the first bound's.
          found.points[c] = Math.min(found.points[c], Math.round(tighter + Math.min(segment.lengths[g], MAX_SCANNED) * 0.01));
          const lower = bucketOf(bounds[c]);
          if (lower > b) {
            (movedDown[lower] ??= []).push(c);
            continue;
          }
          if (!best.admits(Rank.Fuzzy, bounds[c])) continue;
        }
        // The entries of a name differ only in case: the score of each spelling is computed once.
        let spelling: string | undefined;
        let value: number | undefined;
        for (let e = segment.first[g]; e < segment.first[g + 1]; e++) {
          const slot = segment.slots[e];
          const file = symbols.fileOf(slot);
          if (file === undefined) continue;
          const table = symbols.tableOf(slot);
          const target = table.targets[segment.rows[e]];
          if ((target & 3) === SymbolKind.Definition && !offers(slot, file)) continue;
          const written = table.written[segment.rows[e]] ?? writtenName(file, target);
          if (written !== spelling) (spelling = written), (value = score(written, name));
          if (value !== undefined && best.admits(Rank.Fuzzy, value)) best.add({ file, target, rank: Rank.Fuzzy, score: value, lower: name });
        }
      }
    }
    for (const slot of symbols.withPathless()) {
      const file = symbols.fileOf(slot)!;
      for (const i of symbols.tableOf(slot).pathless) {
        const label = pathlessLabel(index, file, i);
        const labelLower = label.toLowerCase();
        if (labelLower.startsWith(lower)) continue;
        const value = score(label, labelLower);
        if (value !== undefined && best.admits(Rank.Fuzzy, value)) best.add({ file, target: (i << 2) | SymbolKind.OperationLabel, rank: Rank.Fuzzy, score: value, lower: labelLower });
      }
    }
  }
  const sorted = best.entries().sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  const answered = new Set<string>();
  const result: WorkspaceSymbol[] = [];
  for (const match of sorted) {
    const key = `${symbolKey(match)}\0${match.file.path}`;
    if (answered.has(key)) continue; // the operation's other name, ranked lower
    answered.add(key);
    result.push(symbolOf(index, match));
    if (result.length === limit) break;
  }
  return result;
}

/** The names of a segment that start with `prefix`: from its lower bound to the first that does not. */
function prefixRun(segment: Segment, prefix: string): { from: number; to: number } {
  const from = partitionPoint(0, segment.count, (g) => nameOf(segment, g) < prefix);
  return { from, to: partitionPoint(from, segment.count, (g) => nameOf(segment, g).startsWith(prefix)) };
}

/** Longest name length counted apart; longer ones count as this long (then they are all read). */
const LENGTHS_COUNTED = 1024;

/**
 * The least name length such that the runs' entries (a file's name each, dropped ones included)
 * no longer than it are at least `wanted`; Infinity when all of them are fewer.
 */
function fillingLength(segments: readonly Segment[], runs: readonly { from: number; to: number }[], wanted: number): number {
  const counts = new Uint32Array(LENGTHS_COUNTED + 1);
  let total = 0;
  segments.forEach((segment, s) => {
    for (let g = runs[s].from; g < runs[s].to; g++) {
      const entries = segment.first[g + 1] - segment.first[g];
      counts[Math.min(nameLength(segment, g), LENGTHS_COUNTED)] += entries;
      total += entries;
    }
  });
  if (total < wanted) return Infinity;
  let sum = 0;
  for (let length = 0; length < LENGTHS_COUNTED; length++) if ((sum += counts[length]) >= wanted) return length;
  return Infinity;
}

/**
 * For a query, a bound of the fuzzy score of any name it matches (see fuzzyMatcher), for names
 * whose word start places are not known (see fuzzyBound): the points of firstBoundPoints but a run
 * bonus for each character but the first of each of the fewest pieces the query splits into that
 * are each in the name (a run of an alignment is such a piece) instead of each pair found; less the
 * length term.
 */
function piecesBound(query: string, typedQuery: string): (lowerName: string, upperStarts: number, lowerStarts: number, writtenLength: number) => number {
  const places = firstBoundPoints(query, typedQuery, false);
  return (lowerName, upperStarts, lowerStarts, writtenLength) =>
    places(lowerName, upperStarts, lowerStarts, 0, 1, 0) + RUN_BONUS * (query.length - fewestPieces(query, lowerName)) -
    Math.min(writtenLength, MAX_SCANNED) * 0.01;
}

/**
 * For a query, the whole points of a name's first bound (all but the length term) that its
 * characters from `from` on add. A character weighs 2 (1, and 1 more in the same case) plus the
 * best of: the name's start (8, the first character only); a word start (5, the case point only
 * where a word start of the typed case holds it); a run bonus (5) where its pair with the one
 * before is in the part of the name scored; both a word start and the run bonus only where that
 * pair ends at a place where a word can start (see placeCanStartWord: a hump inside a run, a
 * separator typed). Each character's best is taken apart from the others': a query typed one more
 * character adds that character's points to the last one's.
 * Without `runs`, no run bonus: the places' points alone.
 */
export class FirstBound {
  private readonly pairs: QueryPairs;
  private readonly cases: ReturnType<typeof typedCases>;

  constructor(private readonly query: string, typedQuery: string, private readonly runs = true) {
    this.pairs = new QueryPairs(query);
    this.cases = typedCases(query, typedQuery);
  }

  /** The points of name g of a segment, read from its bytes (see Segment.chars) or, past Latin-1, its string. */
  ofSegment(segment: Segment, g: number, from: number): number {
    const start = segment.starts[g];
    const end = segment.starts[g + 1];
    const placesLow = segment.startPlacesLow[g];
    const placesHigh = segment.startPlacesHigh[g];
    if (end > start) {
      if (this.runs) this.pairs.inBytes(segment.chars, start, end, placesLow, placesHigh);
      return this.points(segment.chars[start], segment.upperStarts[g], segment.lowerStarts[g], from);
    }
    return this.ofString(nameOf(segment, g), segment.upperStarts[g], segment.lowerStarts[g], from, placesLow, placesHigh);
  }

  ofString(lowerName: string, upperStarts: number, lowerStarts: number, from: number, placesLow: number, placesHigh: number): number {
    if (this.runs) this.pairs.inString(lowerName, placesLow, placesHigh);
    return this.points(lowerName.length > 0 ? lowerName.charCodeAt(0) : -1, upperStarts, lowerStarts, from);
  }

  /** After QueryPairs found the name's pairs. */
  private points(firstCode: number, upperStarts: number, lowerStarts: number, from: number): number {
    const { query, runs } = this;
    const { bits, upper, lower } = this.cases;
    let points = 0;
    const starts = upperStarts | lowerStarts;
    for (let i = from; i < query.length; i++) {
      const bit = bits[i];
      if (i === 0 && query.charCodeAt(0) === firstCode) {
        points += 2 + START_BONUS;
        continue;
      }
      const caseHeld = (upper[i] === 1 && (upperStarts & bit) !== 0) || (lower[i] === 1 && (lowerStarts & bit) !== 0);
      const atWordStart = (starts & bit) !== 0 ? 1 + WORD_START_BONUS + (caseHeld ? 1 : 0) : 0;
      const held = runs && i > 0 && (pairsHeld & (1 << i)) !== 0;
      if (held && atWordStart > 0 && (pairsHeldAtWordStart & (1 << i)) !== 0) points += atWordStart + RUN_BONUS;
      else points += Math.max(atWordStart, held ? 2 + RUN_BONUS : 2);
    }
    return points;
  }
}

/** The first bound's points of a name given as a string (see FirstBound). */
export function firstBoundPoints(query: string, typedQuery: string, runs = true):
  (lowerName: string, upperStarts: number, lowerStarts: number, from: number, placesLow: number, placesHigh: number) => number {
  const bound = new FirstBound(query, typedQuery, runs);
  return (lowerName, upperStarts, lowerStarts, from, placesLow, placesHigh) => bound.ofString(lowerName, upperStarts, lowerStarts, from, placesLow, placesHigh);
}

/** What QueryPairs found last: bit i for query character i whose pair with the one before is in the part of the name scored. */
let pairsHeld = 0;
/** Of those, bit i where an occurrence of the pair ends at a place where a word can start. */
let pairsHeldAtWordStart = 0;

/**
 * A query's pairs of adjacent characters, found in a name in one pass over its scanned part
 * (rather than a search for each pair): per Latin-1 code, the pairs it begins and the pairs it ends.
 */
class QueryPairs {
  private readonly byFirst = new Int32Array(256);
  private readonly bySecond = new Int32Array(256);
  /** Pairs with a character past Latin-1, as [bit, first, second]: only a name's string can hold them. */
  private readonly wide: number[][] = [];

  constructor(query: string) {
    for (let i = 1; i < query.length; i++) {
      const first = query.charCodeAt(i - 1);
      const second = query.charCodeAt(i);
      if (first < 256 && second < 256) {
        this.byFirst[first] |= 1 << i;
        this.bySecond[second] |= 1 << i;
      } else this.wide.push([1 << i, first, second]);
    }
  }

  inBytes(chars: Uint8Array, start: number, end: number, placesLow: number, placesHigh: number): void {
    const { byFirst, bySecond } = this;
    let held = 0;
    let atWordStart = 0;
    let before = byFirst[chars[start]];
    for (let at = start + 1; at < end; at++) {
      const code = chars[at];
      const found = before & bySecond[code];
      before = byFirst[code];
      if (found === 0) continue;
      held |= found;
      if (placeCanStartWord(at - start, placesLow, placesHigh)) atWordStart |= found;
    }
    pairsHeld = held;
    pairsHeldAtWordStart = atWordStart;
  }

  inString(lowerName: string, placesLow: number, placesHigh: number): void {
    const end = Math.min(lowerName.length, MAX_SCANNED);
    let held = 0;
    let atWordStart = 0;
    for (let j = 1; j < end; j++) {
      const first = lowerName.charCodeAt(j - 1);
      const second = lowerName.charCodeAt(j);
      let found = 0;
      if (first < 256 && second < 256) found = this.byFirst[first] & this.bySecond[second];
      else for (const [bit, a, b] of this.wide) if (a === first && b === second) found |= bit;
      if (found === 0) continue;
      held |= found;
      if (placeCanStartWord(j, placesLow, placesHigh)) atWordStart |= found;
    }
    pairsHeld = held;
    pairsHeldAtWordStart = atWordStart;
  }
}

/**
 * Whether a word of some spelling of a name can start at place j (j > 0): where one does below
 * PLACES_KNOWN when the places are known (see addWordStartPlaces), anywhere otherwise.
 */
function placeCanStartWord(j: number, placesLow: number, placesHigh: number): boolean {
  if ((placesLow & 1) !== 0 || j >= PLACES_KNOWN) return true;
  return j < 32 ? (placesLow & (1 << j)) !== 0 : (placesHigh & (1 << (j - 32))) !== 0;
}

/**
 * The fewest pieces `query` splits into that each are in the first MAX_SCANNED characters of
 * `name`: the longest first piece found, then the longest next (taking the longest each time
 * leaves the fewest). A name that holds the query as a subsequence holds each character.
 */
function fewestPieces(query: string, name: string): number {
  let pieces = 0;
  for (let i = 0; i < query.length; pieces++) {
    let end = i + 1;
    while (end < query.length && isIn(name, query.slice(i, end + 1))) end++;
    i = end;
  }
  return pieces;
}

function isIn(name: string, piece: string): boolean {
  const at = name.indexOf(piece);
  return at >= 0 && at + piece.length <= MAX_SCANNED;
}

/** Candidates kept at most for the next query (12 bytes each): more, and the next query scans again. */
const MAX_REUSED_CANDIDATES = 2_000_000;

/**
 * The names holding a query as a subsequence: per candidate, its segment, its row in the segment,
 * the place after the query's earliest match in it (where a longer query goes on matching), and the
 * whole points of its first bound (see firstBoundPoints; -1 until counted).
 */
interface Candidates {
  count: number;
  segments: Uint32Array;
  names: Uint32Array;
  ends: Uint16Array;
  points: Int16Array;
}

function candidateArrays(size: number): Candidates {
  return { count: 0, segments: new Uint32Array(size), names: new Uint32Array(size), ends: new Uint16Array(size), points: new Int16Array(size) };
}

/** The candidates' arrays, twice as long, the first `count` kept. */
function grown(found: Candidates): Candidates {
  const larger = candidateArrays(2 * Math.max(found.segments.length, 512));
  larger.segments.set(found.segments);
  larger.names.set(found.names);
  larger.ends.set(found.ends);
  larger.points.set(found.points);
  larger.count = found.count;
  return larger;
}

/** Arrays of candidates no longer read, per index: the next query's are written in them. */
const spareCandidates = new WeakMap<WorkspaceIndex, Candidates>();

/**
 * A query's working arrays, kept from one query to the next and grown as needed (see
 * fuzzyCandidates); each is read only within the query that asked for it.
 */
const scratch = new (class {
  private readonly kept = new Map<string, Float64Array | Uint32Array | Uint8Array>();
  floats(name: string, length: number): Float64Array {
    return this.sized(name, length, (n) => new Float64Array(n)) as Float64Array;
  }
  integers(name: string, length: number): Uint32Array {
    return this.sized(name, length, (n) => new Uint32Array(n)) as Uint32Array;
  }
  bytes(name: string, length: number): Uint8Array {
    return this.sized(name, length, (n) => new Uint8Array(n)) as Uint8Array;
  }
  private sized(name: string, length: number, make: (n: number) => Float64Array | Uint32Array | Uint8Array) {
    let array = this.kept.get(name);
    if (!array || array.length < length) this.kept.set(name, (array = make(Math.max(length, 2 * (array?.length ?? 0), 1024))));
    return array.subarray(0, length);
  }
})();

/** The last fuzzy query's candidates per index, for the query typed next (see fuzzyCandidates). */
const lastCandidates = new WeakMap<WorkspaceIndex, { version: number; compact: string; typedCompact: string; found: Candidates }>();

/**
 * The names of every segment that hold `compact` as a subsequence, in segment order. A query
 * typed letter by letter holds the one before it as a subsequence, so it holds only names that
 * one held: while the index has not changed (its segments neither), only the last query's
 * candidates are read again. A query that extends the last one goes on matching each from where
 * the last one's match ended, and adds its new characters' points to the last first bound's.
 */
function fuzzyCandidates(
  index: WorkspaceIndex, segments: readonly Segment[], compact: string, typedCompact: string,
  firstBound: FirstBound,
): Candidates {
  // Signed, as `&` gives the masks: the bit of other characters (see charBit) is the sign bit.
  const queryMask = maskOf(compact) | 0;
  const last = lastCandidates.get(index);
  // The arrays of the candidates before the last ones, written again: a query does not allocate
  // megabytes (outside the heap, they made the collector run in the middle of queries).
  let found = spareCandidates.get(index) ?? candidateArrays(1024);
  found.count = 0;
  let names = 0;
  for (const segment of segments) names += segment.count;
  const current = last !== undefined && last.version === index.version;
  const extending = current && compact.startsWith(last.compact) && typedCompact.startsWith(last.typedCompact) &&
    last.typedCompact.length === last.compact.length && typedCompact.length === compact.length;
  // Reading a candidate again from its start costs more than a scan's name (whose shared prefix is
  // not read again): unless the query extends the last one, its candidates are read only when few.
  if (current && (extending || (isSubsequence(last.compact, compact) && last.found.count * 4 < names))) {
    const from = last.found;
    if (found.segments.length < from.count) found = candidateArrays(from.count);
    const matchedBefore = extending ? last.compact.length : 0;
    for (let c = 0; c < from.count; c++) {
      const segment = segments[from.segments[c]];
      const k = from.names[c];
      if ((segment.masks[k] & queryMask) !== queryMask) continue;
      let at = extending ? from.ends[c] : 0;
      let matched = matchedBefore;
      const start = segment.starts[k];
      const stored = segment.starts[k + 1] - start;
      const name = stored === 0 ? segment.unscanned.get(k) : undefined; // a character past Latin-1: not in the bytes
      if (name === undefined) {
        while (matched < compact.length && at < stored) if (segment.chars[start + at++] === compact.charCodeAt(matched)) matched++;
      } else {
        const end = Math.min(name.length, MAX_SCANNED);
        while (matched < compact.length && at < end) if (name.charCodeAt(at++) === compact.charCodeAt(matched)) matched++;
      }
      if (matched < compact.length) continue;
      found.segments[found.count] = from.segments[c];
      found.names[found.count] = k;
      found.ends[found.count] = at;
      found.points[found.count++] = extending && from.points[c] >= 0
        ? from.points[c] + firstBound.ofSegment(segment, k, matchedBefore) : -1;
    }
  } else {
    segments.forEach((segment, s) => {
      scanSubsequence(segment, compact, queryMask, (k, end) => {
        if (found.count === found.segments.length) found = grown(found);
        found.segments[found.count] = s;
        found.names[found.count] = k;
        found.ends[found.count] = end;
        found.points[found.count++] = -1;
      });
    });
  }
  if (last) spareCandidates.set(index, last.found);
  else spareCandidates.delete(index); // `found` may be those arrays: never spare and current at once
  if (found.count <= MAX_REUSED_CANDIDATES) lastCandidates.set(index, { version: index.version, compact, typedCompact, found });
  else lastCandidates.delete(index);
  return found;
}

/** Whether `query` is a subsequence of the first `most` characters of `name`. */
export function isSubsequence(query: string, name: string, most = name.length): boolean {
  const end = Math.min(name.length, most);
  let matched = 0;
  for (let j = 0; j < end && matched < query.length; j++) if (name.charCodeAt(j) === query.charCodeAt(matched)) matched++;
  return matched === query.length;
}

/**
 * The candidates by their bounds, highest first, in buckets of one point (bucket b holds bounds in
 * (top - b - 1, top - b]): linear in the candidates (66,000 for `pet`); only the buckets read are sorted.
 */
function bucketsByBound(candidates: Uint32Array, bounds: Float64Array): { order: Uint32Array; starts: Uint32Array; top: number } {
  let top = 0;
  for (const c of candidates) top = Math.max(top, Math.ceil(bounds[c]));
  const bucketOf = (c: number) => Math.min(top, Math.max(0, top - Math.ceil(bounds[c])));
  const starts = new Uint32Array(top + 2);
  for (const c of candidates) starts[bucketOf(c) + 1]++;
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
  const order = scratch.integers('order', candidates.length);
  const next = starts.slice();
  for (const c of candidates) order[next[bucketOf(c)]++] = c;
  return { order, starts, top };
}

export function distinctSymbols(matches: readonly Match[]): number {
  return new Set(matches.map((m) => `${symbolKey(m)}\0${m.file.path}`)).size;
}

/** The best matches seen, at most `capacity` of them: a heap with the worst on top. */
export class BestMatches {
  private readonly heap: Match[] = [];
  constructor(readonly capacity: number) {}

  entries(): Match[] {
    return this.heap.slice();
  }

  /** Whether a match of this rank and score could enter (decided before building it). */
  admits(rank: Rank, score: number): boolean {
    if (this.heap.length < this.capacity) return true;
    const worst = this.heap[0];
    return rank < worst.rank || (rank === worst.rank && score >= worst.score);
  }

  add(match: Match): void {
    const heap = this.heap;
    if (heap.length < this.capacity) {
      heap.push(match);
      this.up(heap.length - 1);
    } else if (this.capacity > 0 && better(match, heap[0])) {
      heap[0] = match;
      this.down(0);
    }
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!better(heap[parent], heap[i])) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && better(heap[worst], heap[left])) worst = left;
      if (right < heap.length && better(heap[worst], heap[right])) worst = right;
      if (worst === i) return;
      [heap[worst], heap[i]] = [heap[i], heap[worst]];
      i = worst;
    }
  }
}

export function better(a: Match, b: Match): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.score !== b.score) return a.score > b.score;
  if (a.lower !== b.lower) return a.lower < b.lower;
  return a.file.path < b.file.path || (a.file.path === b.file.path && a.target < b.target);
}

/** `METHOD /path` of an operation of a Path Item file, the path being where a root references it. */
export function pathlessLabel(index: WorkspaceIndex, file: FileIndex, i: number): string {
  const operation = file.operations[i];
  return operationLabel(operation.method, index.pathOf(file, operation));
}

export function symbolOf(index: WorkspaceIndex, match: Match): WorkspaceSymbol {
  const { file } = match;
  const i = match.target >>> 2;
  const at = (start: number, end: number) => ({ file: file.path, offset: start, length: end - start });
  switch ((match.target & 3) as SymbolKind) {
    case SymbolKind.OperationId:
    case SymbolKind.OperationLabel: {
      const operation = file.operations[i];
      const label = operationLabel(operation.method, index.pathOf(file, operation), operation.webhook);
      const common = { kind: 'operation' as const, deprecated: operation.deprecated, range: at(operation.start, operation.end), container: '' };
      const id = operation.operationIdSpan;
      if (operation.operationId !== undefined && id) {
        return { ...common, name: `${operation.operationId} (${label})`, selection: at(id.offset, id.offset + id.length) };
      }
      return { ...common, name: label, selection: at(operation.key.offset, operation.key.offset + operation.key.length) };
    }
    case SymbolKind.Definition: {
      const definition = file.definitions[i];
      return {
        name: definition.name, kind: 'component', objectKind: index.kindOf(file.path, definition),
        container: definition.pointer.slice(0, -1).filter((s) => s !== 'components').join('/'), deprecated: definition.deprecated,
        range: at(definition.start, definition.end), selection: at(definition.key.offset, definition.key.offset + definition.key.length),
      };
    }
    case SymbolKind.Tag: {
      const tag = file.tags[i];
      return { name: tag.name, kind: 'tag', container: 'tags', deprecated: false, range: at(tag.start, tag.end), selection: at(tag.span.offset, tag.span.offset + tag.span.length) };
    }
  }
}
