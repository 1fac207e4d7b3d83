// JSON text -> SyntaxNode tree. A hand-written strict parser builds the tree in one pass (GitHub's
// 12 MB description is the benchmark: jsonc-parser's parseTree alone takes ~0.5 s there). When the
// text has an error, jsonc-parser's tolerant parser rebuilds the tree so that the editor still has
// a usable tree around the broken spot.
import * as jsonc from 'jsonc-parser';
import { MAX_DEPTH, ParsedText, SyntaxError, SyntaxNode, reportDuplicateKeys } from './tree';

class StrictJsonError extends Error {
  constructor(readonly offset: number) {
    super('json');
  }
}

const enum Ch {
  Tab = 9, Lf = 10, Cr = 13, Space = 32, Quote = 34, Comma = 44, Minus = 45, Colon = 58,
  OpenBracket = 91, Backslash = 92, CloseBracket = 93, OpenBrace = 123, CloseBrace = 125,
}

class StrictJsonParser {
  pos = 0;
  depthErrors: SyntaxError[] = [];
  constructor(private readonly text: string) {}

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

  parseValue(parent: SyntaxNode | undefined, depth: number): SyntaxNode {
    this.skipWs();
    const text = this.text;
    const start = this.pos;
    const c = text.charCodeAt(start);
    if (c === Ch.OpenBrace || c === Ch.OpenBracket) {
      if (depth >= MAX_DEPTH) return this.skipDeep(parent, start);
      return c === Ch.OpenBrace ? this.parseObject(parent, depth) : this.parseArray(parent, depth);
    }
    if (c === Ch.Quote) {
      const node = new SyntaxNode('string', start, 0, parent);
      node.value = this.parseString();
      node.length = this.pos - start;
      return node;
    }
    if (c === Ch.Minus || (c >= 48 && c <= 57)) {
      const end = scanNumber(text, start);
      if (end < 0) throw new StrictJsonError(start);
      this.pos = end;
      const node = new SyntaxNode('number', start, end - start, parent);
      node.value = Number(text.slice(start, end));
      node.style = 'plain';
      return node;
    }
    for (const [word, kind, value] of LITERALS) {
      if (text.startsWith(word, start)) {
        this.pos = start + word.length;
        const node = new SyntaxNode(kind, start, word.length, parent);
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

  parseObject(parent: SyntaxNode | undefined, depth: number): SyntaxNode {
    const text = this.text;
    const node = new SyntaxNode('object', this.pos, 0, parent);
    const children = node.children!;
    this.pos++;
    this.skipWs();
    if (text.charCodeAt(this.pos) === Ch.CloseBrace) {
      this.pos++;
      node.length = this.pos - node.offset;
      return node;
    }
    for (;;) {
      this.skipWs();
      const keyOffset = this.pos;
      if (text.charCodeAt(keyOffset) !== Ch.Quote) throw new StrictJsonError(keyOffset);
      const key = this.parseString();
      const keyLength = this.pos - keyOffset;
      this.skipWs();
      if (text.charCodeAt(this.pos) !== Ch.Colon) throw new StrictJsonError(this.pos);
      this.pos++;
      const child = this.parseValue(node, depth + 1);
      child.key = key;
      child.keyOffset = keyOffset;
      child.keyLength = keyLength;
      children.push(child);
      this.skipWs();
      const c = text.charCodeAt(this.pos);
      this.pos++;
      if (c === Ch.Comma) continue;
      if (c === Ch.CloseBrace) break;
      throw new StrictJsonError(this.pos - 1);
    }
    node.length = this.pos - node.offset;
    if (children.length > 1) reportDuplicateKeys(node, this.depthErrors);
    return node;
  }

  parseArray(parent: SyntaxNode | undefined, depth: number): SyntaxNode {
    const text = this.text;
    const node = new SyntaxNode('array', this.pos, 0, parent);
    const children = node.children!;
    this.pos++;
    this.skipWs();
    if (text.charCodeAt(this.pos) === Ch.CloseBracket) {
      this.pos++;
      node.length = this.pos - node.offset;
      return node;
    }
    for (;;) {
      const child = this.parseValue(node, depth + 1);
      child.key = children.length;
      children.push(child);
      this.skipWs();
      const c = text.charCodeAt(this.pos);
      this.pos++;
      if (c === Ch.Comma) continue;
      if (c === Ch.CloseBracket) break;
      throw new StrictJsonError(this.pos - 1);
    }
    node.length = this.pos - node.offset;
    return node;
  }

  /** Past MAX_DEPTH: skip the value by bracket matching (no recursion) and leave a null node. */
  skipDeep(parent: SyntaxNode | undefined, start: number): SyntaxNode {
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
    return new SyntaxNode('null', start, pos - start, parent);
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** End of a JSON number starting at `start` (RFC 8259 grammar), or -1. */
function scanNumber(text: string, start: number): number {
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
  const parser = new StrictJsonParser(text);
  try {
    parser.skipWs();
    if (parser.pos < text.length) {
      const root = parser.parseValue(undefined, 0);
      parser.skipWs();
      if (parser.pos === text.length) return { format: 'json', text, root, errors: parser.depthErrors };
    }
  } catch (e) {
    if (!(e instanceof StrictJsonError)) throw e;
    return parseJsonTolerant(text, e.offset);
  }
  return parseJsonTolerant(text, parser.pos);
}

/** Slow path for text with errors: jsonc-parser recovers and reports every error. */
function parseJsonTolerant(text: string, firstErrorOffset: number): ParsedText {
  const errors: SyntaxError[] = [];
  if (text.trim() === '') {
    return { format: 'json', text, root: undefined, errors: [emptyError()] };
  }
  let root: SyntaxNode | undefined;
  try {
    const tree = jsonc.parseTree(text, undefined, { allowTrailingComma: false, disallowComments: true });
    jsonc.visit(text, {
      onError: (error, offset, length) => {
        // jsonc-parser can report two errors for one character (`,,`); the first says it best.
        if (errors.length > 0 && errors[errors.length - 1].offset === offset) return;
        errors.push({
          message: jsonErrorMessage(error),
          offset,
          length: Math.max(length, 1),
          code: jsonc.printParseErrorCode(error),
          severity: 'error',
        });
      },
    }, { disallowComments: true });
    root = tree ? convertJsonc(tree, undefined, 0, errors) : undefined;
  } catch {
    // jsonc-parser recurses per nesting level, so a very deep broken document exhausts the stack;
    // the strict parser already found where the first error is.
    errors.length = 0;
    root = undefined;
    errors.push({ message: 'Syntax error: unexpected character (the document is too deeply nested for a more precise message).', offset: firstErrorOffset, length: 1, code: 'TooDeep', severity: 'error' });
  }
  return { format: 'json', text, root, errors };
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
