// Where the cursor is, in OpenAPI terms: which object (by its path) and whether it is on a key or
// on the value of a key. Works on an empty line and on text that does not parse yet, from the
// text around the cursor and the last tree (YAML: by indentation; JSON: jsonc-parser's location).
import * as jsonc from 'jsonc-parser';
import { SourceDocument } from '../model/documents';
import { searchFrom, TextLike } from '../syntax/piece-text';
import { SyntaxNode } from '../syntax/tree';
import { nodeAt } from './node-at';
import { lastAtOrBefore } from '../syntax/child-at';

export interface CursorContext {
  /** Path of the object the cursor is in (for a key) or whose member value it edits. */
  path: (string | number)[];
  /** The object node, when the tree has it. */
  object: SyntaxNode | undefined;
  /** On a key: the partial key typed; on a value: the key whose value it is. */
  key: string;
  position: 'key' | 'value';
  /** The text to replace: the partial word under the cursor. */
  replace: { offset: number; length: number };
  /** A new item of a block sequence (`- |`): the object is new, not the previous item. */
  newItem: boolean;
  /** JSON: whether the partial word already has its opening quote. */
  quoted: boolean;
  /** YAML: inside a flow mapping (`{name: a, |}`), where a value stays on its line. */
  flow: boolean;
}

const YAML_KEY = /^(\s*)(-\s+)?([^\s:#]*)$/;

// Lines are read by scanning, not by regexes with a lazy key before `\s*:`: on a line of 100,000
// spaces without a colon such a regex backtracks quadratically, and completion reads the lines
// above the cursor one by one.
const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v';

/**
 * A key starting at `at`: quoted, or plain up to the first `:` or `#` (trailing blanks are not part
 * of it), and where its `:` is; undefined when no `:` ends it.
 */
function keyAt(line: string, at: number, plainStarts: (ch: string) => boolean): { key: string; colon: number } | undefined {
  const first = line[at];
  if (first === '"' || first === "'") {
    const close = line.indexOf(first, at + 1);
    if (close < 0) return undefined;
    let colon = close + 1;
    while (isSpace(line[colon])) colon++;
    return line[colon] === ':' ? { key: line.slice(at, close + 1), colon } : undefined;
  }
  if (first === undefined || !plainStarts(first)) return undefined;
  let colon = at + 1;
  while (colon < line.length && line[colon] !== ':' && line[colon] !== '#') colon++;
  if (line[colon] !== ':') return undefined;
  let end = colon;
  while (end > at + 1 && isSpace(line[end - 1])) end--;
  return { key: line.slice(at, end), colon };
}

const PLAIN_VALUE_KEY_START = (ch: string) => !isSpace(ch) && !':#\'"{['.includes(ch);
const PLAIN_KEY_START = (ch: string) => !isSpace(ch) && !':#\'"'.includes(ch);

/**
 * `key: partial` before the cursor (`- key: partial` in a sequence): the indentation, the `- `
 * marker, the key as written and the partial value (what follows the blanks after the colon).
 */
function yamlValueOf(prefix: string): { indent: string; dash: string; key: string; partial: string } | undefined {
  let indent = 0;
  while (isSpace(prefix[indent])) indent++;
  let dash = 0;
  if (prefix[indent] === '-' && isSpace(prefix[indent + 1])) {
    dash = 1;
    while (isSpace(prefix[indent + dash])) dash++;
  }
  let found = keyAt(prefix, indent + dash, PLAIN_VALUE_KEY_START);
  if (!found && dash > 0) {
    // Not a `- ` marker after all: the dash starts the key.
    found = keyAt(prefix, indent, PLAIN_VALUE_KEY_START);
    dash = 0;
  }
  if (!found) return undefined;
  let valueStart = found.colon + 1;
  if (!isSpace(prefix[valueStart])) return undefined;
  while (isSpace(prefix[valueStart])) valueStart++;
  for (let i = valueStart; i < prefix.length; i++) if (isSpace(prefix[i])) return undefined;
  return { indent: prefix.slice(0, indent), dash: prefix.slice(indent, indent + dash), key: found.key, partial: prefix.slice(valueStart) };
}

/** The line around an offset, read a window at a time (a line may be 1 MB long). */
function lineBounds(text: TextLike, offset: number): { start: number; end: number } {
  const WINDOW = 16 * 1024;
  let start = 0;
  for (let at = offset; at > 0; at -= WINDOW) {
    const from = Math.max(0, at - WINDOW);
    const found = text.slice(from, at).lastIndexOf('\n');
    if (found >= 0) {
      start = from + found + 1;
      break;
    }
  }
  return { start, end: wordEnd(text, offset, text.length, /[\r\n]/) };
}

/** Where the first character matching `stop` is at or after `offset`, or `limit`. */
function wordEnd(text: TextLike, offset: number, limit: number, stop: RegExp): number {
  const found = searchFrom(text, offset, stop);
  return found < 0 ? limit : Math.min(found, limit);
}

/** Column where a YAML line's key starts (after indentation and `- ` markers), and the key text. */
function yamlKeyOf(line: string): { column: number; key: string | undefined } {
  let indent = 0;
  let lastDash = -1;
  for (;;) {
    while (isSpace(line[indent])) indent++;
    if (line[indent] !== '-' || !isSpace(line[indent + 1])) break;
    lastDash = indent++;
  }
  const endsKey = (found: { colon: number } | undefined) => found !== undefined && (found.colon + 1 >= line.length || isSpace(line[found.colon + 1]));
  const found = keyAt(line, indent, PLAIN_KEY_START);
  if (endsKey(found)) return { column: indent, key: found!.key };
  // No key after the markers (`- : x`): the last dash may start one.
  const fromDash = lastDash >= 0 ? keyAt(line, lastDash, PLAIN_KEY_START) : undefined;
  return endsKey(fromDash) ? { column: lastDash, key: fromDash!.key } : { column: indent, key: undefined };
}

export function cursorContext(doc: SourceDocument, offset: number): CursorContext | undefined {
  return doc.format === 'json' ? jsonContext(doc, offset) : yamlContext(doc, offset);
}

/** Documents larger than this look up the cursor's JSON location in the members around it. */
const SCOPED_LOCATION_CHARS = 100_000;
/** Text read past the cursor: enough for the token under it. */
const LOCATION_TAIL_CHARS = 1024;

type JsonLocation = Pick<jsonc.Location, 'path' | 'isAtPropertyKey'>;

/**
 * jsonc's location of an offset: its path, and whether it is on a property key. jsonc scans the text
 * from its start (0.2-0.3 s per completion in a 1-4 MB document, and a document being typed in is
 * often broken). In a large document it scans only what lies between the members around the
 * cursor, in the innermost container the last tree has there, the member before it stood for by
 * its key: `{"info":0, "summ|` (a JSON value typed in full before the cursor is never scanned).
 */
function jsonLocation(doc: SourceDocument, offset: number): JsonLocation {
  const text = doc.source;
  const holds = (n: SyntaxNode) => (n.kind === 'object' || n.kind === 'array') && n.offset < offset && offset < n.end;
  let container = text.length > SCOPED_LOCATION_CHARS ? nodeAt(doc.root, offset)?.node : undefined;
  while (container && !holds(container)) container = container.parent;
  if (!container) return jsonc.getLocation(doc.text, offset);
  const children = container.children!;
  const next = lastAtOrBefore(children, offset, (child) => child.memberStart) + 1;
  const before = next > 0 ? children[next - 1] : undefined;
  const windowEnd = Math.min(next < children.length ? children[next].memberStart : container.end, offset + LOCATION_TAIL_CHARS);
  const open = container.kind === 'object' ? '{' : '[';
  let prefix: string;
  let from: number;
  if (!before) [prefix, from] = [open, container.offset + 1];
  else if (offset < before.end) [prefix, from] = [open, before.memberStart]; // in its key or scalar
  else [prefix, from] = [open + (container.kind === 'object' ? `${JSON.stringify(String(before.key))}:0` : '0'), before.end];
  const inner = jsonc.getLocation(prefix + text.slice(from, windowEnd), prefix.length + offset - from);
  // In an array, the window's first item is `before`'s place.
  const path = container.kind === 'array' && before && typeof inner.path[0] === 'number'
    ? [inner.path[0] + (before.key as number), ...inner.path.slice(1)]
    : inner.path;
  return { path: [...container.path, ...path], isAtPropertyKey: inner.isAtPropertyKey };
}

/** JSON: a character of a word or a string's text up to the cursor (not a quote, space or punctuation). */
const JSON_WORD = /[^\s{},:[\]"]/;

/** Where the run of characters matching `word` that ends at `offset` starts, read a window at a time. */
function wordStart(text: TextLike, offset: number, word: RegExp): number {
  const WINDOW = 16 * 1024;
  for (let at = offset; at > 0; at -= WINDOW) {
    const from = Math.max(0, at - WINDOW);
    const chunk = text.slice(from, at);
    for (let i = chunk.length - 1; i >= 0; i--) if (!word.test(chunk[i])) return from + i + 1;
  }
  return 0;
}

function jsonContext(doc: SourceDocument, offset: number): CursorContext | undefined {
  const text = doc.source;
  const location = jsonLocation(doc, offset);
  const path = [...location.path];
  if (path.length === 0) return undefined;
  const last = path.pop()!;
  // The partial word: from the start of the string or word under the cursor.
  let start = wordStart(text, offset, JSON_WORD);
  const quoted = start > 0 && text.charCodeAt(start - 1) === 34; // "
  if (quoted) start--;
  let end = wordEnd(text, offset, text.length, /[\s{},:[\]"]/);
  if (quoted && text.charCodeAt(end) === 34) end++;
  const object = resolvePath(doc.root, path);
  // A string opened after a member with no comma yet (`"a": 1 "su|`, a blank before its quote):
  // jsonc reads it as that member's value, but nothing but a key can stand there.
  if (location.isAtPropertyKey || (quoted && typeof last !== 'number' && start > 0 && /\s/.test(text.slice(start - 1, start)) && followsValue(text, start))) {
    return { path, object, key: String(last), position: 'key', replace: { offset: start, length: end - start }, newItem: false, quoted, flow: false };
  }
  if (typeof last === 'number') return undefined; // an array item value: not a member
  return { path, object, key: last, position: 'value', replace: { offset: start, length: end - start }, newItem: false, quoted, flow: false };
}

/** How far back the look for the character before a JSON word goes (past that: blanks, no answer). */
const LOOK_BACK = 10_000;

/** Whether the last character before `at`, blanks aside, ends a value (a string, object, array, literal). */
function followsValue(text: TextLike, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && at - i < LOOK_BACK && /\s/.test(text.slice(i, i + 1))) i--;
  return i >= 0 && /["}\]\w]/.test(text.slice(i, i + 1));
}

/** Inside a flow mapping (`{name: a, in: |}`): the key or value being typed, from the tree. */
function yamlFlowContext(doc: SourceDocument, offset: number, prefix: string): CursorContext | undefined {
  const m = /[{,]\s*([^\s:,{}[\]'"]*)(?:\s*:\s*([^\s,{}[\]]*))?$/.exec(prefix);
  if (!m) return undefined;
  // The innermost flow mapping around the cursor.
  let node = nodeAt(doc.root, offset)?.node;
  while (node && !(node.kind === 'object' && node.flow && node.offset < offset && offset < node.end)) node = node.parent;
  if (!node) return undefined;
  const text = doc.source;
  if (m[2] !== undefined) {
    const partial = m[2];
    const end = wordEnd(text, offset, text.length, /[\s,}\]]/);
    return { path: node.path, object: node, key: m[1], position: 'value', replace: { offset: offset - partial.length, length: end - offset + partial.length }, newItem: false, quoted: false, flow: true };
  }
  const partial = m[1];
  return { path: node.path, object: node, key: partial, position: 'key', replace: { offset: offset - partial.length, length: partial.length }, newItem: false, quoted: false, flow: true };
}

function yamlContext(doc: SourceDocument, offset: number): CursorContext | undefined {
  // Pieces: a completion right after a keystroke must not join a large edited text.
  const text = doc.source;
  const { start: lineStart, end: lineEnd } = lineBounds(text, offset);
  const prefix = text.slice(lineStart, offset);
  // In a flow mapping: a `{` or `,` comes after the last `}` or `]` (and a `{` is on the line).
  const lastOpen = Math.max(prefix.lastIndexOf('{'), prefix.lastIndexOf(','));
  if (lastOpen > Math.max(prefix.lastIndexOf('}'), prefix.lastIndexOf(']')) && prefix.includes('{')) {
    const flow = yamlFlowContext(doc, offset, prefix);
    if (flow) return flow;
  }
  const value = yamlValueOf(prefix);
  if (value) {
    const keyOffset = lineStart + value.indent.length + value.dash.length;
    const at = nodeAt(doc.root, keyOffset);
    const member = at?.onKey ? at.node : undefined;
    const container = member?.parent;
    const key = member ? String(member.key) : unquote(value.key);
    const partial = value.partial;
    // Replace the whole word, through a closing quote after the cursor (`'#/c|'`).
    let end = offset;
    const quote = partial[0] === "'" || partial[0] === '"' ? partial[0] : undefined;
    if (quote) {
      const close = text.slice(offset, lineEnd).indexOf(quote);
      end = close >= 0 ? offset + close + 1 : offset;
    } else {
      end = wordEnd(text, offset, lineEnd, /\s/);
    }
    return {
      path: container ? container.path : [],
      object: container,
      key,
      position: 'value',
      replace: { offset: offset - partial.length, length: end - offset + partial.length },
      newItem: false,
      quoted: false,
      flow: false,
    };
  }
  const keyMatch = YAML_KEY.exec(prefix);
  if (!keyMatch) return undefined;
  const column = keyMatch[1].length + (keyMatch[2]?.length ?? 0);
  const partial = keyMatch[3];
  const newItem = Boolean(keyMatch[2]);
  const replace = { offset: offset - partial.length, length: partial.length };
  // Walk up: a line whose key starts at this column is a sibling; one further left is the parent.
  let cursor = lineStart - 1;
  while (cursor > 0) {
    const { start } = lineBounds(text, cursor);
    const line = text.slice(start, cursor);
    cursor = start - 1;
    if (/^\s*(#.*)?$/.test(line)) continue;
    const { column: keyColumn, key } = yamlKeyOf(line);
    if (keyColumn > column) continue;
    if (key === undefined) {
      if (keyColumn < column) return undefined;
      continue;
    }
    const at = nodeAt(doc.root, start + keyColumn);
    const member = at?.onKey ? at.node : undefined;
    if (!member) return undefined;
    if (keyColumn === column) {
      const object = member.parent;
      if (newItem && object?.parent?.kind === 'array') {
        const array = object.parent;
        return { path: [...array.path, array.children!.length], object: undefined, key: partial, position: 'key', replace, newItem, quoted: false, flow: false };
      }
      return { path: object ? object.path : [], object, key: partial, position: 'key', replace, newItem, quoted: false, flow: false };
    }
    // The parent key: the cursor starts (or continues) its block value.
    if (member.kind === 'array' || newItem) {
      const length = member.kind === 'array' ? member.children!.length : 0;
      return { path: [...member.path, length], object: undefined, key: partial, position: 'key', replace, newItem: true, quoted: false, flow: false };
    }
    return { path: member.path, object: member.kind === 'object' ? member : undefined, key: partial, position: 'key', replace, newItem, quoted: false, flow: false };
  }
  // Top level of the document.
  return { path: [], object: doc.root?.kind === 'object' ? doc.root : undefined, key: partial, position: 'key', replace, newItem: false, quoted: false, flow: false };
}

function unquote(key: string): string {
  return /^(['"]).*\1$/.test(key) ? key.slice(1, -1) : key;
}

function resolvePath(root: SyntaxNode | undefined, path: (string | number)[]): SyntaxNode | undefined {
  let node = root;
  for (const segment of path) node = typeof segment === 'number' ? node?.at(segment) : node?.get(segment);
  return node?.kind === 'object' ? node : undefined;
}
