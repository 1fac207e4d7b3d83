// Offset <-> line/character conversion, used only at the edges (CLI output, LSP).
// Characters are UTF-16 code units, as in LSP and in JS strings.
import { PieceText, sourceOf, TextLike } from './piece-text';
import { Steps } from './steps';

export interface Position {
  line: number;
  character: number;
}

/** Lines per chunk of a line index: an edit copies the chunk it is in, and a number per chunk. */
const CHUNK_LINES = 4096;

export class LineIndex {
  // The line starts in chunks of typed arrays, each with a number added to its stored starts. An
  // edit rebuilds the chunk it is in and moves the later ones by their number: copying all the
  // starts of a 30 MB text (1,400,000 lines, 5.6 MB) took 5-15 ms per keystroke, and the garbage
  // of those copies brought on full collections.
  private readonly chunks: readonly Int32Array[];
  private readonly deltas: Int32Array;
  /** The line number of each chunk's first start, and that start. */
  private readonly firstLines: Int32Array;
  private readonly firstStarts: Int32Array;
  /** Whether the text may hold a CR: without one, positions need not look at the text itself. */
  private readonly mayHoldCR: boolean;
  readonly lineCount: number;

  /** `text`: a string, or the pieces of an edited version (read a few characters at a time). */
  constructor(text: TextLike, starts?: Int32Array, mayHoldCR?: boolean);
  constructor(text: TextLike, starts: undefined, mayHoldCR: boolean, chunks: readonly Int32Array[], deltas: Int32Array);
  constructor(readonly text: TextLike, starts?: Int32Array, mayHoldCR?: boolean, chunks?: readonly Int32Array[], deltas?: Int32Array) {
    if (chunks) {
      this.mayHoldCR = mayHoldCR!;
      this.chunks = chunks;
      this.deltas = deltas!;
    } else {
      const whole = starts && mayHoldCR !== undefined ? undefined : text.toString();
      this.mayHoldCR = mayHoldCR ?? whole!.indexOf('\r') >= 0;
      const all = starts ?? (this.mayHoldCR ? Int32Array.from(lineStarts(whole!, 0, whole!.length, [0])) : lineFeedStarts(whole!));
      this.chunks = chunksOf(all, CHUNK_LINES);
      this.deltas = new Int32Array(this.chunks.length);
    }
    this.firstLines = new Int32Array(this.chunks.length);
    this.firstStarts = new Int32Array(this.chunks.length);
    let line = 0;
    for (let i = 0; i < this.chunks.length; i++) {
      this.firstLines[i] = line;
      this.firstStarts[i] = this.chunks[i][0] + this.deltas[i];
      line += this.chunks[i].length;
    }
    this.lineCount = line;
  }

  /**
   * The index of a text after one edit, from this one: the lines before the edit are kept, those
   * it touched are found again, those after it move. In proportion to the chunks and the lines the
   * edit touched, with no scan of the text outside the edit (a 10 MB text has 350,000 lines and
   * 10 million characters). The touched lines are read from this text and the inserted one.
   */
  afterEdit(text: TextLike, offset: number, removed: number, inserted: string): LineIndex {
    const delta = inserted.length - removed;
    const count = this.lineCount;
    // Lines before the one holding the character before the edit stay (an edit right after a
    // CR can make it a CRLF); from there to the first line start past the edit, scan again.
    const keep = this.lineOf(Math.max(0, offset - 1));
    let next = keep + 1;
    while (next < count && this.lineStart(next) <= offset + removed + 1) next++;
    const scanEnd = next < count ? this.lineStart(next) + delta : text.length;
    // Those lines in the new text, and the character after them (is a CR followed by a LF?).
    const from = this.lineStart(keep);
    const oldEnd = scanEnd - delta + 1;
    const lines = this.text.slice(from, offset) + inserted + this.text.slice(offset + removed, Math.max(offset + removed, oldEnd));
    const middle = lineStarts(lines, 0, scanEnd - from, [], from);
    // Then every later start, moved (the scan may have found the first of them already).
    const last = middle.length > 0 ? middle[middle.length - 1] : from;
    let tail = next;
    while (tail < count && this.lineStart(tail) + delta <= last) tail++;
    // The chunk of line `keep` up to it, the new starts, and the chunk of line `tail` from it make
    // new chunks; the chunks before stay, those after move (all of them are shared with this index).
    const first = this.chunkOf(keep);
    const end = tail < count ? this.chunkOf(tail) : this.chunks.length - 1;
    const endLines = this.firstLines[end] + this.chunks[end].length;
    const rebuilt = new Int32Array(keep + 1 - this.firstLines[first] + middle.length + Math.max(0, endLines - tail));
    let at = 0;
    const head = this.chunks[first];
    for (let i = 0; i <= keep - this.firstLines[first]; i++) rebuilt[at++] = head[i] + this.deltas[first];
    for (const start of middle) rebuilt[at++] = start;
    const after = this.chunks[end];
    for (let i = tail - this.firstLines[end]; i < after.length; i++) rebuilt[at++] = after[i] + this.deltas[end] + delta;
    const pieces = rebuilt.length > 2 * CHUNK_LINES ? chunksOf(rebuilt, CHUNK_LINES) : [rebuilt];
    const chunks = [...this.chunks.slice(0, first), ...pieces, ...this.chunks.slice(end + 1)];
    const deltas = new Int32Array(chunks.length);
    deltas.set(this.deltas.subarray(0, first));
    for (let i = end + 1, to = first + pieces.length; i < this.chunks.length; i++, to++) deltas[to] = this.deltas[i] + delta;
    // A removed CR may leave none, but "may hold" only costs a look at the text per position.
    return new LineIndex(text, undefined, this.mayHoldCR || inserted.indexOf('\r') >= 0, chunks, deltas);
  }

  /** The chunk a line is in. */
  private chunkOf(line: number): number {
    return lastAtOrBelow(this.firstLines, line);
  }

  /** The line an offset is on. */
  lineOf(offset: number): number {
    const chunk = lastAtOrBelow(this.firstStarts, offset);
    return this.firstLines[chunk] + lastAtOrBelow(this.chunks[chunk], offset - this.deltas[chunk]);
  }

  /** An offset between the \r and the \n of a line break is the end of its line (LSP has no position there). */
  positionAt(offset: number): Position {
    let clamped = Math.max(0, Math.min(offset, this.text.length));
    if (this.mayHoldCR && this.text.charCodeAt(clamped) === 10 && this.text.charCodeAt(clamped - 1) === 13) clamped--;
    const line = this.lineOf(clamped);
    return { line, character: clamped - this.lineStart(line) };
  }

  /** A character past the end of its line means the end of the line, before its line break (LSP). */
  offsetAt(position: Position): number {
    if (position.line >= this.lineCount) return this.text.length;
    if (position.line < 0) return 0;
    const start = this.lineStart(position.line);
    return Math.min(start + Math.max(0, position.character), this.contentEnd(position.line));
  }

  /** Where a line's text ends: before its \n, \r\n or \r. */
  private contentEnd(line: number): number {
    if (line + 1 >= this.lineCount) return this.text.length;
    const next = this.lineStart(line + 1);
    return this.mayHoldCR && this.text.charCodeAt(next - 1) === 10 && this.text.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
  }

  lineStart(line: number): number {
    const clamped = Math.max(0, Math.min(line, this.lineCount - 1));
    const chunk = this.chunkOf(clamped);
    return this.chunks[chunk][clamped - this.firstLines[chunk]] + this.deltas[chunk];
  }
}

/** The index of the last value at or below `value` in ascending values (0 when none is). */
export function lastAtOrBelow(values: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (values[mid] <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Views of consecutive runs of `size` starts (the last one shorter); at least one, never empty. */
function chunksOf(starts: Int32Array, size: number): Int32Array[] {
  const chunks: Int32Array[] = [];
  for (let from = 0; from < starts.length; from += size) chunks.push(starts.subarray(from, Math.min(starts.length, from + size)));
  return chunks;
}

/**
 * The line starts of a text without CR: `indexOf` finds line feeds many times faster than a loop
 * over the characters, which matters for a cold check of a document of tens of MB. One pass into
 * a typed array sized for lines of 32 characters, doubled when the text has shorter ones, then cut
 * to size (a JS array grown line by line left copies of itself of about twice its final size, and
 * counting first read the text twice).
 */
function lineFeedStarts(text: string): Int32Array {
  const scan = startScan(text);
  scanLineFeeds(text, scan, Infinity);
  return scannedStarts(scan);
}

/** Lines found per step of lineIndexSteps (a millisecond or two). */
const LINES_PER_STEP = 1 << 16;

function* lineFeedStartsSteps(text: string): Steps<Int32Array> {
  const scan = startScan(text);
  while (!scanLineFeeds(text, scan, LINES_PER_STEP)) yield;
  return scannedStarts(scan);
}

/** A scan for line feeds under way: the starts found, and where the next line feed is. */
interface LineFeedScan {
  starts: Int32Array;
  count: number;
  next: number;
}

function startScan(text: string): LineFeedScan {
  return { starts: new Int32Array(Math.max(16, (text.length >> 5) + 1)), count: 1, next: text.indexOf('\n') };
}

/** Records up to `most` more line starts (a plain loop, which the engine optimizes); true once done. */
function scanLineFeeds(text: string, scan: LineFeedScan, most: number): boolean {
  let { starts, count, next } = scan;
  for (let found = 0; next >= 0 && found < most; next = text.indexOf('\n', next + 1), found++) {
    if (count === starts.length) {
      const larger = new Int32Array(starts.length * 2);
      larger.set(starts);
      starts = larger;
    }
    starts[count++] = next + 1;
  }
  Object.assign(scan, { starts, count, next });
  return next < 0;
}

function scannedStarts({ starts, count }: LineFeedScan): Int32Array {
  return count === starts.length ? starts : starts.slice(0, count);
}

/**
 * Appends the starts of lines that begin in (from, end] of a text (LF, CRLF and lone CR breaks),
 * plus `base` (the text's place in a larger one).
 */
function lineStarts(text: TextLike, from: number, end: number, starts: number[], base = 0): number[] {
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(base + i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(base + i + 1);
    }
  }
  return starts;
}

// One index per parsed text, shared by everything that needs lines (fixes, positions, the LSP).
// Weakly keyed, so an editor's old versions of a document are not kept alive.
const indexes = new WeakMap<object, LineIndex>();

/** The line index of a parsed text (any object holding `text`), built once. */
export function lineIndexOf(parsed: { text: string }): LineIndex {
  let index = indexes.get(parsed);
  if (!index) indexes.set(parsed, (index = new LineIndex(parsed.text)));
  return index;
}

/**
 * The line index of a parsed text, built in steps when it is not built yet: 30 MB of text took
 * 75-100 ms at once, in the publish of the document's first findings.
 */
export function* lineIndexSteps(parsed: { text: string }): Steps<LineIndex> {
  const built = indexes.get(parsed);
  if (built) return built;
  const text = parsed.text;
  // Line ends other than LF are rare: those texts are indexed at once.
  if (text.indexOf('\r') >= 0) return lineIndexOf(parsed);
  const starts = yield* lineFeedStartsSteps(text);
  const meanwhile = indexes.get(parsed);
  if (meanwhile) return meanwhile;
  const index = new LineIndex(text, starts, false);
  indexes.set(parsed, index);
  return index;
}

/** The line index of a parsed text if one is built already (none is built here). */
export function builtLineIndexOf(parsed: { text: string }): LineIndex | undefined {
  return indexes.get(parsed);
}

/** Gives a parsed text an index built for it elsewhere. */
export function rememberLineIndex(parsed: { text: string }, index: LineIndex): void {
  indexes.set(parsed, index);
}

/** Gives a new parsed text the index of its previous version moved through one edit (if built). */
export function carryLineIndex(from: { text: string }, to: { readonly text: string; source?: PieceText }, offset: number, removed: number, inserted: string): void {
  const index = indexes.get(from);
  if (index) indexes.set(to, index.afterEdit(sourceOf(to), offset, removed, inserted));
}
