// JSON text -> SyntaxNode tree. A hand-written strict parser builds the tree in one pass (GitHub's
// 12 MB description is the benchmark: jsonc-parser's parseTree alone takes ~0.5 s there). When the
// text has an error, jsonc-parser's tolerant parser rebuilds the tree so that the editor still has
// a usable tree around the broken spot.
import { OFF_THREAD_MIN_CHARS, parsedElsewhere } from './off-thread';
import { drain, stepClock, Steps } from './steps';
import * as jsonc from 'jsonc-parser';
import { checkDuplicateKeys, duplicateKeySteps, internKey, internValue, MAX_DEPTH, ParsedText, SyntaxError, SyntaxNode, reportDuplicateKeys } from './tree';

class StrictJsonError extends Error {
  /** Where the objects and arrays open at the error start, outermost first (set by readValues). */
  openAt: readonly number[] = [];
  constructor(readonly offset: number) {
    super('json');
  }
}

/** Where the strict reader stopped on a text with an error, and the objects and arrays open there (outermost first). */
export interface StrictFailure {
  failedAt: number;
  openAt: readonly number[];
}

const enum Ch {
  Tab = 9, Lf = 10, Cr = 13, Space = 32, Quote = 34, Comma = 44, Minus = 45, Colon = 58,
  OpenBracket = 91, Backslash = 92, CloseBracket = 93, OpenBrace = 123, CloseBrace = 125,
}

/** An object or array being read, with the key of the member whose value comes next. */
interface JsonFrame {
  node: SyntaxNode;
  /** An object (else an array): read once per entry, so kept here rather than asked of the node. */
  isObject: boolean;
  key: string;
  keyOffset: number;
  keyLength: number;
  /** Where its entries start in the parser's list of entries read. */
  first: number;
}

/**
 * A strict JSON reader with an explicit stack: no recursion, so it can pause between slices of a
 * large document, and nesting depth costs no call stack.
 */
class StrictJsonParser {
  pos = 0;
  depthErrors: SyntaxError[] = [];
  root: SyntaxNode | undefined;
  /** Objects whose duplicate keys are looked for once the text is read, in steps. */
  readonly largeObjects: SyntaxNode[] = [];
  /** `depth`: how deep the text's root sits in its document (a value parsed alone). */
  constructor(private readonly text: string, private readonly depth = 0) {
    // An editor's text may start with a byte order mark; it is not part of the JSON.
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  skipWs(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab) pos++;
      else break;
    }
    this.pos = pos;
  }

  /** Reads the whole text; throws StrictJsonError at the first error. */
  *parse(): Generator<void, void, void> {
    yield* this.readValues();
    yield* duplicateKeySteps(this.largeObjects, this.depthErrors);
  }

  private *readValues(): Generator<void, void, void> {
    const stack: JsonFrame[] = [];
    try {
      yield* this.readValuesWith(stack);
    } catch (e) {
      if (e instanceof StrictJsonError) e.openAt = stack.map((frame) => frame.node.offset);
      throw e;
    }
  }

  private *readValuesWith(stack: JsonFrame[]): Generator<void, void, void> {
    const text = this.text;
    // The entries of the open collections, innermost last. A collection gets its children as one
    // array of their exact number when it closes: an array grown by push holds room for 17 or
    // more, and most collections have two or three entries (13 MB of 53 in GitHub's description).
    const entries: SyntaxNode[] = [];
    let entryCount = 0;
    const due = stepClock();
    this.skipWs();
    if (this.pos >= text.length) throw new StrictJsonError(this.pos);
    // The value that comes next: the root, an item, or a member's value.
    let expectValue = true;
    for (;;) {
      if (expectValue) {
        if (due()) yield;
        this.skipWs();
        const top = stack[stack.length - 1];
        const start = this.pos;
        const c = text.charCodeAt(start);
        let node: SyntaxNode;
        let opened = false;
        const isObject = c === Ch.OpenBrace;
        if (isObject || c === Ch.OpenBracket) {
          if (stack.length + this.depth >= MAX_DEPTH) node = this.skipDeep(start);
          else {
            node = new SyntaxNode(c === Ch.OpenBrace ? 'object' : 'array', start, 0, undefined);
            this.pos++;
            opened = true;
          }
        } else node = this.scalar(start);
        if (top) {
          node.parent = top.node;
          if (!top.isObject) node.key = entryCount - top.first;
          else {
            node.key = top.key;
            node.keyOffset = top.keyOffset;
            node.keyLength = top.keyLength;
          }
          entries[entryCount++] = node;
        } else this.root = node;
        if (opened) {
          stack.push({ node, isObject, key: '', keyOffset: -1, keyLength: 0, first: entryCount });
          // An empty collection closes at once; else its first entry comes next.
          this.skipWs();
          const close = isObject ? Ch.CloseBrace : Ch.CloseBracket;
          if (text.charCodeAt(this.pos) === close) {
            this.pos++;
            node.length = this.pos - node.offset;
            stack.pop();
          } else if (isObject) {
            this.readKey(stack[stack.length - 1]);
            continue;
          } else continue;
        }
        if (stack.length === 0) return;
        expectValue = false;
      }
      // After a value: `,` and the next entry, or the end of the collection.
      this.skipWs();
      const top = stack[stack.length - 1];
      const c = text.charCodeAt(this.pos);
      this.pos++;
      if (c === Ch.Comma) {
        if (top.isObject) this.readKey(top);
        expectValue = true;
        continue;
      }
      if (c !== (top.isObject ? Ch.CloseBrace : Ch.CloseBracket)) throw new StrictJsonError(this.pos - 1);
      const node = top.node;
      node.length = this.pos - node.offset;
      node.children = entries.slice(top.first, entryCount);
      entryCount = top.first;
      if (top.isObject) checkDuplicateKeys(node, this.depthErrors, this.largeObjects);
      stack.pop();
      if (stack.length === 0) return;
    }
  }

  /** `"key" :` of the next member of an object. */
  private readKey(frame: JsonFrame): void {
    const text = this.text;
    this.skipWs();
    const keyOffset = this.pos;
    if (text.charCodeAt(keyOffset) !== Ch.Quote) throw new StrictJsonError(keyOffset);
    frame.key = internKey(this.parseString());
    frame.keyOffset = keyOffset;
    frame.keyLength = this.pos - keyOffset;
    this.skipWs();
    if (text.charCodeAt(this.pos) !== Ch.Colon) throw new StrictJsonError(this.pos);
    this.pos++;
  }

  private scalar(start: number): SyntaxNode {
    const text = this.text;
    const c = text.charCodeAt(start);
    if (c === Ch.Quote) {
      const node = new SyntaxNode('string', start, 0, undefined);
      node.value = internValue(this.parseString());
      node.length = this.pos - start;
      return node;
    }
    if (c === Ch.Minus || (c >= 48 && c <= 57)) {
      const end = scanNumber(text, start);
      if (end < 0) throw new StrictJsonError(start);
      this.pos = end;
      const node = new SyntaxNode('number', start, end - start, undefined);
      node.value = Number(text.slice(start, end));
      node.style = 'plain';
      return node;
    }
    for (const [word, kind, value] of LITERALS) {
      if (text.startsWith(word, start)) {
        this.pos = start + word.length;
        const node = new SyntaxNode(kind, start, word.length, undefined);
        node.value = value;
        node.style = 'plain';
        return node;
      }
    }
    throw new StrictJsonError(start);
  }

  parseString(): string {
    const text = this.text;
    const start = this.pos + 1;
    let pos = start;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Ch.Quote) {
        this.pos = pos + 1;
        return text.slice(start, pos);
      }
      if (c === Ch.Backslash) break;
      if (c < 0x20 || Number.isNaN(c)) throw new StrictJsonError(pos);
      pos++;
    }
    // Escapes: find the closing quote, then let JSON.parse decode the literal.
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Ch.Backslash) pos += 2;
      else if (c === Ch.Quote) break;
      else if (c < 0x20 || Number.isNaN(c)) throw new StrictJsonError(pos);
      else pos++;
    }
    this.pos = pos + 1;
    try {
      return JSON.parse(text.slice(start - 1, pos + 1)) as string;
    } catch {
      throw new StrictJsonError(start - 1);
    }
  }

  /** Past MAX_DEPTH: skip the value by bracket matching (no recursion) and leave a null node. */
  skipDeep(start: number): SyntaxNode {
    const text = this.text;
    let depth = 0;
    let pos = start;
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c === Ch.Quote) {
        this.pos = pos;
        this.parseString();
        pos = this.pos;
        continue;
      }
      if (c === Ch.OpenBrace || c === Ch.OpenBracket) depth++;
      else if (c === Ch.CloseBrace || c === Ch.CloseBracket) {
        depth--;
        if (depth === 0) {
          pos++;
          break;
        }
      }
      pos++;
    }
    if (depth !== 0) throw new StrictJsonError(pos);
    this.pos = pos;
    this.depthErrors.push({
      message: `Nesting deeper than ${MAX_DEPTH} levels is not checked.`,
      offset: start,
      length: 1,
      code: 'TooDeep',
      severity: 'warning',
    });
    return new SyntaxNode('null', start, pos - start, undefined);
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** End of a JSON number starting at `start` (RFC 8259 grammar), or -1. */
export function scanNumber(text: string, start: number): number {
  let i = start;
  if (text.charCodeAt(i) === Ch.Minus) i++;
  if (text.charCodeAt(i) === 48) i++;
  else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
  else return -1;
  if (text.charCodeAt(i) === 46) {
    i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 43 || sign === Ch.Minus) i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  return i;
}

const LITERALS: [string, 'boolean' | 'null', boolean | null][] = [
  ['true', 'boolean', true],
  ['false', 'boolean', false],
  ['null', 'null', null],
];

export function parseJson(text: string): ParsedText {
  return drain(parseJsonSteps(text));
}

/**
 * The same in steps, for the language server. A text with errors is read again by jsonc-parser, in
 * one long step: a large one in a worker thread while the driver waits.
 */
export function* parseJsonSteps(text: string, source?: string): Steps<ParsedText> {
  const read = yield* readJsonStrictSteps(text);
  return 'failedAt' in read ? yield* parseJsonAfterFailure(text, read, source) : read;
}

/** The strict reader's tree of a text, or where it stopped. */
export function* readJsonStrictSteps(text: string): Steps<ParsedText | StrictFailure> {
  const parser = new StrictJsonParser(text);
  const steps = parser.parse();
  try {
    for (;;) {
      if (steps.next().done) break;
      yield;
    }
    parser.skipWs();
    if (parser.pos === text.length) return { format: 'json', text, root: parser.root, errors: parser.depthErrors };
  } catch (e) {
    if (!(e instanceof StrictJsonError)) throw e;
    return { failedAt: e.offset, openAt: e.openAt };
  }
  return { failedAt: parser.pos, openAt: [] };
}

/** A text the strict reader stopped on, read by jsonc-parser's recovery (in a worker, for a large one). */
export function* parseJsonAfterFailure(text: string, failure: StrictFailure, source?: string): Steps<ParsedText> {
  return yield* parsedElsewhere(text, 'json', () => parseJsonTolerant(text, failure.failedAt), source);
}

/**
 * One object or array of a document parsed alone (the incremental reparse of an edit inside it):
 * its tree and errors, offsets relative to the text. Undefined unless the text is one object or
 * array from its first character to its last, so it can take the place of the old one.
 */
export function parseJsonFragment(text: string, depth: number): { root: SyntaxNode; errors: SyntaxError[] } | undefined {
  const first = text.charCodeAt(0);
  if (first !== Ch.OpenBrace && first !== Ch.OpenBracket) return undefined;
  const parser = new StrictJsonParser(text, depth);
  try {
    const steps = parser.parse();
    while (!steps.next().done);
    if (parser.pos === text.length && parser.root && parser.root.length === text.length) return { root: parser.root, errors: parser.depthErrors };
  } catch (e) {
    if (!(e instanceof StrictJsonError)) throw e;
  }
  // Broken: jsonc-parser's recovery, as long as the value still spans the whole text; a large
  // value is left to the whole text's parse (in a worker thread, in the language server).
  if (text.length > OFF_THREAD_MIN_CHARS) return undefined;
  const close = first === Ch.OpenBrace ? Ch.CloseBrace : Ch.CloseBracket;
  if (text.charCodeAt(text.length - 1) !== close) return undefined;
  const recovered = parseJsonTolerant(text, 0, depth);
  const root = recovered.root;
  if (!root || root.offset !== 0 || root.length !== text.length || (root.kind !== 'object' && root.kind !== 'array')) return undefined;
  // The recovery must close the value with its own last character. When it reached the end of the
  // fragment instead (a skip past a bracket, a string or comment left open), the whole text's parse
  // reads on into what follows, and the fragment's reading is not the document's.
  if (recovered.errors.some((e) => e.offset >= text.length)) return undefined;
  return { root, errors: recovered.errors };
}

/** Slow path for text with errors: jsonc-parser recovers and reports every error. */
function parseJsonTolerant(original: string, firstErrorOffset: number, depth = 0): ParsedText {
  const errors: SyntaxError[] = [];
  // jsonc-parser reads a byte order mark as an invalid symbol: give it a space (same offsets).
  const text = original.charCodeAt(0) === 0xfeff ? ' ' + original.slice(1) : original;
  if (text.trim() === '') {
    return { format: 'json', text: original, root: undefined, errors: [emptyError()] };
  }
  let root: SyntaxNode | undefined;
  try {
    // The tree and its errors in one pass (a second pass for the errors was a third of the time).
    const found: jsonc.ParseError[] = [];
    const tree = jsonc.parseTree(text, found, { allowTrailingComma: false, disallowComments: true });
    for (const { error, offset, length } of found) {
      // jsonc-parser can report two errors for one character (`,,`); the first says it best.
      if (errors.length > 0 && errors[errors.length - 1].offset === offset) continue;
      errors.push({
        message: jsonErrorMessage(error),
        offset,
        length: Math.max(length, 1),
        code: jsonc.printParseErrorCode(error),
        severity: 'error',
      });
    }
    root = tree ? convertJsonc(tree, undefined, depth, errors) : undefined;
  } catch {
    // jsonc-parser recurses per nesting level, so a very deep broken document exhausts the stack;
    // the strict parser already found where the first error is.
    errors.length = 0;
    root = undefined;
    errors.push({ message: 'Syntax error: unexpected character (the document is too deeply nested for a more precise message).', offset: firstErrorOffset, length: 1, code: 'TooDeep', severity: 'error' });
  }
  return { format: 'json', text: original, root, errors };
}

function convertJsonc(node: jsonc.Node, parent: SyntaxNode | undefined, depth: number, errors: SyntaxError[]): SyntaxNode {
  const kind = node.type === 'property' ? 'null' : node.type;
  const result = new SyntaxNode(kind, node.offset, node.length, parent);
  if (depth >= MAX_DEPTH && (kind === 'object' || kind === 'array')) {
    result.kind = 'null';
    result.children = undefined;
    return result;
  }
  if (kind === 'object') {
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (!keyNode) continue;
      const child = valueNode
        ? convertJsonc(valueNode, result, depth + 1, errors)
        : new SyntaxNode('null', keyNode.offset + keyNode.length, 0, result);
      child.key = String(keyNode.value);
      child.keyOffset = keyNode.offset;
      child.keyLength = keyNode.length;
      result.children!.push(child);
    }
    if (result.children!.length > 1) reportDuplicateKeys(result, errors);
  } else if (kind === 'array') {
    for (const item of node.children ?? []) {
      const child = convertJsonc(item, result, depth + 1, errors);
      child.key = result.children!.length;
      result.children!.push(child);
    }
  } else {
    result.value = (node.value ?? null) as SyntaxNode['value'];
    if (kind !== 'string') result.style = 'plain';
  }
  return result;
}

function jsonErrorMessage(code: jsonc.ParseErrorCode): string {
  switch (code) {
    case jsonc.ParseErrorCode.InvalidSymbol: return 'Invalid symbol.';
    case jsonc.ParseErrorCode.InvalidNumberFormat: return 'Invalid number format.';
    case jsonc.ParseErrorCode.PropertyNameExpected: return 'Property name expected.';
    case jsonc.ParseErrorCode.ValueExpected: return 'Value expected.';
    case jsonc.ParseErrorCode.ColonExpected: return 'Colon expected.';
    case jsonc.ParseErrorCode.CommaExpected: return 'Comma expected.';
    case jsonc.ParseErrorCode.CloseBraceExpected: return 'Closing brace `}` expected.';
    case jsonc.ParseErrorCode.CloseBracketExpected: return 'Closing bracket `]` expected.';
    case jsonc.ParseErrorCode.EndOfFileExpected: return 'End of file expected.';
    case jsonc.ParseErrorCode.InvalidCommentToken: return 'Comments are not allowed in JSON.';
    case jsonc.ParseErrorCode.UnexpectedEndOfComment: return 'Unexpected end of comment.';
    case jsonc.ParseErrorCode.UnexpectedEndOfString: return 'Unexpected end of string.';
    case jsonc.ParseErrorCode.UnexpectedEndOfNumber: return 'Unexpected end of number.';
    case jsonc.ParseErrorCode.InvalidUnicode: return 'Invalid unicode sequence in string.';
    case jsonc.ParseErrorCode.InvalidEscapeCharacter: return 'Invalid escape character in string.';
    case jsonc.ParseErrorCode.InvalidCharacter: return 'Invalid characters in string; control characters must be escaped.';
    default: return 'Syntax error.';
  }
}

export function emptyError(): SyntaxError {
  return { message: 'The document is empty.', offset: 0, length: 0, code: 'Empty', severity: 'error' };
}
