// A document's text as pieces, for edits: a keystroke in a 10 MB document builds a new version
// from the old one's pieces plus one rewritten piece, instead of a new 10 MB string. V8 keeps an
// edited string as a concatenation and copies all of it into one piece (18-21 ms for GitHub's
// description) the first time anything reads a character of it; every keystroke paid that copy
// and left 20 MB of garbage. Readers on an edit's path (the incremental reparse, the line index)
// read the pieces; anything that needs the whole string asks once per version (`toString`).

/** What edit paths read of a text: a string is one, and so is a PieceText. */
export interface TextLike {
  readonly length: number;
  charCodeAt(index: number): number;
  /** Like String.prototype.slice, for 0 <= start (end defaults to the length). */
  slice(start: number, end?: number): string;
}

/** Pieces are cut to about this many characters; an edited piece is rewritten whole. */
const PIECE = 16 * 1024;

export class PieceText implements TextLike {
  private joined: string | undefined;

  private constructor(
    private readonly pieces: readonly string[],
    /** Where each piece starts; one more entry: the length. */
    private readonly starts: Float64Array,
  ) {}

  /** Pieces of a string: views into it (no copy). */
  static of(text: string): PieceText {
    const pieces: string[] = [];
    for (let at = 0; at < text.length; at += PIECE) pieces.push(text.slice(at, at + PIECE));
    const result = new PieceText(pieces, startsOf(pieces));
    result.joined = text;
    return result;
  }

  get length(): number {
    return this.starts[this.starts.length - 1];
  }

  charCodeAt(index: number): number {
    if (!(index >= 0 && index < this.length)) return NaN;
    const at = this.pieceAt(index);
    return this.pieces[at].charCodeAt(index - this.starts[at]);
  }

  slice(start: number, end = this.length): string {
    if (this.joined !== undefined) return this.joined.slice(start, end);
    start = Math.max(0, Math.min(start, this.length));
    end = Math.max(start, Math.min(end, this.length));
    if (start === end) return '';
    let at = this.pieceAt(start);
    const from = start - this.starts[at];
    if (end <= this.starts[at + 1]) return this.pieces[at].slice(from, end - this.starts[at]);
    const parts = [this.pieces[at].slice(from)];
    for (at++; this.starts[at + 1] < end; at++) parts.push(this.pieces[at]);
    parts.push(this.pieces[at].slice(0, end - this.starts[at]));
    return parts.join('');
  }

  /** The text after replacing `removed` characters at `offset` by `inserted`; this one stays. */
  edit(offset: number, removed: number, inserted: string): PieceText {
    const count = this.pieces.length;
    if (count === 0) return PieceText.of(inserted);
    const end = offset + removed;
    const first = Math.min(this.pieceAt(offset), count - 1);
    // An insertion at a piece's end goes into that piece; a removal takes the pieces it covers.
    const last = Math.max(first, Math.min(end > offset ? this.pieceAt(end - 1) : first, count - 1));
    const head = this.pieces[first].slice(0, offset - this.starts[first]);
    const tail = this.pieces[last].slice(end - this.starts[last]);
    // A flat copy: the new piece must not be a view that keeps a whole old version alive.
    const written = flat(head + inserted + tail);
    const middle: string[] = [];
    for (let at = 0; at < written.length; at += 2 * PIECE) middle.push(written.slice(at, at + 2 * PIECE));
    const pieces = [...this.pieces.slice(0, first), ...middle, ...this.pieces.slice(last + 1)];
    return new PieceText(pieces, startsOf(pieces));
  }

  /** The whole text as one string, built once. */
  toString(): string {
    if (this.joined === undefined) this.joined = this.pieces.join('');
    return this.joined;
  }

  /** Whether the whole string was asked for (or given). */
  get isJoined(): boolean {
    return this.joined !== undefined;
  }

  /** The piece that holds `index` (the last one for the length). */
  private pieceAt(index: number): number {
    const starts = this.starts;
    let low = 0;
    let high = this.pieces.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= index) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

function startsOf(pieces: readonly string[]): Float64Array {
  const starts = new Float64Array(pieces.length + 1);
  for (let i = 0; i < pieces.length; i++) starts[i + 1] = starts[i] + pieces[i].length;
  return starts;
}

function flat(text: string): string {
  return (' ' + text).slice(1);
}

/** The pieces of a parsed text: made on first use and kept with it. */
export function sourceOf(parsed: { readonly text: string; source?: PieceText }): PieceText {
  return (parsed.source ??= PieceText.of(parsed.text));
}

/** Characters read at a time by searches in a text (see searchFrom). */
const WINDOW = 16 * 1024;

/**
 * Where a one-character pattern first matches at or after `from`, or -1: read a window at a time,
 * so it costs what it reads, and a text in pieces is not joined.
 */
export function searchFrom(text: TextLike, from: number, oneCharacter: RegExp): number {
  for (let at = Math.max(0, from); at < text.length; at += WINDOW) {
    const found = text.slice(at, at + WINDOW).search(oneCharacter);
    if (found >= 0) return at + found;
  }
  return -1;
}

/** Whether a text is only whitespace (stops at the first content). */
export function isBlank(text: TextLike): boolean {
  return searchFrom(text, 0, /\S/) < 0;
}
