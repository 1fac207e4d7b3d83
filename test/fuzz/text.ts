// The client's side of document sync, written from the LSP specification rather than taken from the
// server, so that a server that reads positions differently shows up as different diagnostics:
// lines end at \n, \r\n or \r; characters are UTF-16 code units; a character past the end of its
// line means the end of the line (before the line break).

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface ContentChange {
  range?: Range;
  text: string;
}

/**
 * The offset where each line starts. The fuzzer's positions are its own, not the server's
 * LineIndex, on purpose: an oracle that shares the code under test cannot catch its mistakes.
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Where a line's text ends, before its line break. */
function lineEnd(text: string, starts: readonly number[], line: number): number {
  let end = line + 1 < starts.length ? starts[line + 1] : text.length;
  while (end > starts[line] && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return end;
}

export function positionAt(text: string, offset: number, starts: readonly number[] = lineStarts(text)): Position {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low, character: offset - starts[low] };
}

export function offsetAt(text: string, position: Position, starts: readonly number[] = lineStarts(text)): number {
  if (position.line >= starts.length) return text.length;
  if (position.line < 0) return 0;
  const start = starts[position.line];
  return Math.min(start + Math.max(0, position.character), lineEnd(text, starts, position.line));
}

export function rangeOf(text: string, start: number, end: number, starts: readonly number[] = lineStarts(text)): Range {
  return { start: positionAt(text, start, starts), end: positionAt(text, end, starts) };
}

/** The text after LSP content changes, each applied to the result of the one before. */
export function applyChanges(text: string, changes: readonly ContentChange[]): string {
  let result = text;
  for (const change of changes) {
    if (!change.range) {
      result = change.text;
      continue;
    }
    const starts = lineStarts(result);
    const start = offsetAt(result, change.range.start, starts);
    const end = Math.max(start, offsetAt(result, change.range.end, starts));
    result = result.slice(0, start) + change.text + result.slice(end);
  }
  return result;
}

export type LineEnds = 'lf' | 'crlf' | 'cr' | 'mixed';

/** The text with its line breaks written another way (`mixed`: \n, \r\n and \r in turn). */
export function withLineEnds(text: string, ends: LineEnds): string {
  if (ends === 'lf') return text;
  let i = 0;
  const mixed = ['\n', '\r\n', '\r'];
  return text.replace(/\r\n|\r|\n/g, () => (ends === 'crlf' ? '\r\n' : ends === 'cr' ? '\r' : mixed[i++ % 3]));
}

/** Whether an offset falls between the two halves of a \r\n or of a surrogate pair (no editor puts a cursor there). */
export function splitsAPair(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return false;
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  const surrogates = before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
  return (before === 13 && after === 10) || surrogates;
}
