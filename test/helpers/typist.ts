// Types into a document the way VS Code does, one content change per key: auto-closed pairs
// (`"` `{` `[` and, in YAML, `'`), typing over a closer the editor put in, Backspace that removes
// an empty pair and steps back through indentation, Enter that keeps or deepens the indent (and
// splits `{}` / `[]` over three lines), pasted lines and completion snippets inserted whole.
// Used by the typing tests to hold the editor's findings to a fresh check at every pause.

export interface TextChange {
  /** Offset and length in the text before the change. */
  offset: number;
  length: number;
  text: string;
}

const CLOSER: Record<string, string> = { '"': '"', "'": "'", '{': '}', '[': ']' };
/** VS Code closes a pair only before whitespace, the end of the text or one of these (autoCloseBefore). */
const CLOSE_BEFORE = new Set([';', ':', '.', ',', '=', '}', ']', ')', '>', '`', ' ', '\t', '\n', '\r', '']);
const INDENT_UNIT = 2;

export class Typist {
  cursor: number;
  /** Offsets of closers the editor inserted itself: typing the same character steps over them. */
  private autoClosed: number[] = [];

  constructor(
    public text: string,
    readonly format: 'json' | 'yaml',
    private readonly send: (change: TextChange) => void,
    cursor = 0,
  ) {
    this.cursor = cursor;
  }

  /** One edit, as the editor sends it; moves the cursor and the remembered closers with it. */
  replace(offset: number, length: number, text: string, cursor = offset + text.length): void {
    const delta = text.length - length;
    this.autoClosed = this.autoClosed.filter((at) => at < offset || at >= offset + length).map((at) => (at >= offset + length ? at + delta : at));
    this.send({ offset, length, text });
    this.text = this.text.slice(0, offset) + text + this.text.slice(offset + length);
    this.cursor = cursor;
  }

  /** One key that types a character. */
  type(ch: string): void {
    const at = this.cursor;
    const next = this.text[at] ?? '';
    const previous = this.text[at - 1] ?? '';
    if (ch === next && this.autoClosed.includes(at)) {
      // VS Code replaces the closer with the same character and steps over it.
      this.autoClosed = this.autoClosed.filter((c) => c !== at);
      this.replace(at, 1, ch);
      return;
    }
    const closer = CLOSER[ch];
    const quote = ch === '"' || ch === "'";
    const opens = closer !== undefined && (this.format === 'yaml' || ch !== "'") && CLOSE_BEFORE.has(next) && !(quote && /[\w"']/.test(previous));
    if (opens) {
      this.replace(at, 0, ch + closer, at + 1);
      this.autoClosed.push(at + 1);
      return;
    }
    this.replace(at, 0, ch);
  }

  /** Each character of a string, one key at a time; `pause` runs after each key it picks. */
  typeString(text: string, pause?: () => void): void {
    for (const ch of text) {
      if (ch === '\n') this.enter();
      else this.type(ch);
      pause?.();
    }
  }

  private lineStart(at = this.cursor): number {
    return this.text.lastIndexOf('\n', at - 1) + 1;
  }

  private indentOf(at = this.cursor): number {
    const start = this.lineStart(at);
    let i = start;
    while (this.text[i] === ' ') i++;
    return i - start;
  }

  /** Enter: the new line keeps the indent, one level more after an opener (or a YAML `key:` / `- `). */
  enter(): void {
    const at = this.cursor;
    const indent = this.indentOf(at);
    const before = this.text.slice(this.lineStart(at), at).trimEnd();
    const last = before[before.length - 1] ?? '';
    const next = this.text[at] ?? '';
    const pad = (n: number) => ' '.repeat(Math.max(0, n));
    if ((last === '{' && next === '}') || (last === '[' && next === ']')) {
      // VS Code's indentOutdent: the closer goes to a line of its own.
      const inner = '\n' + pad(indent + INDENT_UNIT);
      this.replace(at, 0, inner + '\n' + pad(indent), at + inner.length);
      return;
    }
    const deeper = last === '{' || last === '[' || (this.format === 'yaml' && (last === ':' || before.endsWith('- ') || before === '-'));
    this.replace(at, 0, '\n' + pad(deeper ? indent + INDENT_UNIT : indent));
  }

  /** Backspace: an empty auto-closed pair goes whole; in indentation, back to the previous tab stop. */
  backspace(): void {
    const at = this.cursor;
    if (at === 0) return;
    const previous = this.text[at - 1];
    if (CLOSER[previous] === this.text[at] && this.autoClosed.includes(at)) {
      this.replace(at - 1, 2, '');
      return;
    }
    const lineStart = this.lineStart(at);
    if (at > lineStart && /^ +$/.test(this.text.slice(lineStart, at))) {
      const column = at - lineStart;
      const stop = Math.floor((column - 1) / INDENT_UNIT) * INDENT_UNIT;
      this.replace(lineStart + stop, column - stop, '');
      return;
    }
    this.replace(at - 1, 1, '');
  }

  /** Pasted text (or a completion) in one edit; `caret`: where the cursor lands inside it. */
  paste(text: string, caret = text.length): void {
    this.replace(this.cursor, 0, text, this.cursor + caret);
  }

  /** A selection deleted (or typed over) in one edit. */
  replaceRange(start: number, end: number, text = ''): void {
    this.replace(start, end - start, text);
  }

  moveTo(offset: number): void {
    this.cursor = offset;
    this.autoClosed = [];
  }
}
