// Which document a large input message opens, read from its bytes before anything parses them, in
// whatever order its keys come (vscode-languageclient writes the URI before the text; Neovim's
// encoder in any order). The long text is passed over by looking for its closing quote, so a 30 MB
// didOpen whose URI comes last costs a scan of its bytes, and one whose URI comes first much less.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const BLANKS = new Set([0x20, 0x0a, 0x0d, 0x09]);
/** What ends a number or a literal. */
const DELIMITERS = new Set([COMMA, CLOSE_BRACE, CLOSE_BRACKET, ...BLANKS]);

const DID_OPEN = 'textDocument/didOpen';

/** Thrown at bytes that are not the JSON this reads: the message is then taken in order. */
class NotReadable extends Error {}

class ByteReader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  private skipSpace(): void {
    const { bytes } = this;
    while (this.at < bytes.length && BLANKS.has(bytes[this.at])) this.at++;
  }

  /** The next byte after blanks, taken when it is `expected`. */
  take(expected: number): boolean {
    this.skipSpace();
    if (this.bytes[this.at] !== expected) return false;
    this.at++;
    return true;
  }

  expect(expected: number): void {
    if (!this.take(expected)) throw new NotReadable();
  }

  /** Where the string whose opening quote is just before `at` ends: its closing quote's offset. */
  private stringEnd(): number {
    const { bytes } = this;
    for (let quote = bytes.indexOf(QUOTE, this.at); quote >= 0; quote = bytes.indexOf(QUOTE, quote + 1)) {
      let backslashes = 0;
      while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return quote;
    }
    throw new NotReadable();
  }

  /** A string's value. */
  string(): string {
    this.expect(QUOTE);
    const start = this.at;
    const end = this.stringEnd();
    this.at = end + 1;
    return JSON.parse(Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start - 1, end - start + 2).toString('utf8')) as string;
  }

  /**
   * Passes over any value: a string by its closing quote, an object or array by counting brackets
   * (without recursion: a deep nesting is as cheap as a flat one), a number or literal up to the
   * next delimiter. It does not check the value: JSON.parse will.
   */
  skipValue(): void {
    this.skipSpace();
    const { bytes } = this;
    const first = bytes[this.at];
    if (first === QUOTE) {
      this.at++;
      this.at = this.stringEnd() + 1;
    } else if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      let depth = 0;
      do {
        const byte = bytes[this.at];
        if (byte === QUOTE) {
          this.at++;
          this.at = this.stringEnd() + 1;
          continue;
        }
        if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
        else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
        this.at++;
      } while (depth > 0 && this.at < bytes.length);
      if (depth > 0) throw new NotReadable();
    } else {
      const start = this.at;
      while (this.at < bytes.length && !DELIMITERS.has(bytes[this.at])) this.at++;
      if (this.at === start) throw new NotReadable();
    }
  }

  /** An object's members: `read` gets each key, with the reader at its value. */
  members(read: (key: string) => void): void {
    this.expect(OPEN_BRACE);
    if (this.take(CLOSE_BRACE)) return;
    do {
      const key = this.string();
      this.expect(COLON);
      read(key);
    } while (this.take(COMMA));
    this.expect(CLOSE_BRACE);
  }
}

/**
 * A message object's `method` and `params.textDocument.uri`, read only as far as needed: up to both,
 * or to a method that is not a didOpen.
 */
function methodAndUri(reader: ByteReader): { method?: string; uri?: string } {
  const found: { method?: string; uri?: string } = {};
  const stopped = new NotReadable();
  const enough = () => (found.method !== undefined && (found.uri !== undefined || found.method !== DID_OPEN));
  try {
    reader.members((key) => {
      if (key === 'method') found.method = reader.string();
      else if (key !== 'params') reader.skipValue();
      else {
        reader.members((paramsKey) => {
          if (paramsKey !== 'textDocument') return reader.skipValue();
          reader.members((documentKey) => {
            if (documentKey === 'uri') found.uri = reader.string();
            else reader.skipValue();
            if (enough()) throw stopped;
          });
        });
      }
      if (enough()) throw stopped;
    });
  } catch (e) {
    if (e !== stopped) throw e;
  }
  return found;
}

/** The URI of the document a message opens: when its bytes are a didOpen with a string URI. */
export function openedUri(bytes: Uint8Array): string | undefined {
  try {
    const { method, uri } = methodAndUri(new ByteReader(bytes));
    return method === DID_OPEN ? uri : undefined;
  } catch (e) {
    if (e instanceof NotReadable || e instanceof SyntaxError) return undefined;
    throw e;
  }
}
