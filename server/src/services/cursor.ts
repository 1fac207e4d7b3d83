// Where the cursor is, in OpenAPI terms: which object (by its path) and whether it is on a key or
// on the value of a key. Works on an empty line and on text that does not parse yet, from the
// text around the cursor and the last tree (YAML: by indentation; JSON: jsonc-parser's location).
import * as jsonc from 'jsonc-parser';
import { SourceDocument } from '../model/documents';
import { SyntaxNode } from '../syntax/tree';
import { nodeAt } from './node-at';

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

const YAML_VALUE = /^(\s*)(-\s+)?("[^"]*"|'[^']*'|[^\s:#'"{[][^:#]*?)\s*:\s+(\S*)$/;
const YAML_KEY = /^(\s*)(-\s+)?([^\s:#]*)$/;

function lineBounds(text: string, offset: number): { start: number; end: number } {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n') start--;
  let end = offset;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return { start, end };
}

/** Column where a YAML line's key starts (after indentation and `- ` markers), and the key text. */
function yamlKeyOf(line: string): { column: number; key: string | undefined } {
  const m = /^(\s*(?:-\s+)*)("[^"]*"|'[^']*'|[^\s:#'"][^:#]*?)\s*:(\s|$)/.exec(line);
  const indent = /^(\s*(?:-\s+)*)/.exec(line)![1].length;
  return { column: m ? m[1].length : indent, key: m ? m[2] : undefined };
}

export function cursorContext(doc: SourceDocument, offset: number): CursorContext | undefined {
  return doc.format === 'json' ? jsonContext(doc, offset) : yamlContext(doc, offset);
}

function jsonContext(doc: SourceDocument, offset: number): CursorContext | undefined {
  const text = doc.text;
  const location = jsonc.getLocation(text, offset);
  const path = [...location.path];
  if (path.length === 0) return undefined;
  const last = path.pop()!;
  // The partial word: from the start of the string or word under the cursor.
  let start = offset;
  while (start > 0 && /[^\s{},:[\]"]/.test(text[start - 1])) start--;
  const quoted = text[start - 1] === '"';
  if (quoted) start--;
  let end = offset;
  while (end < text.length && /[^\s{},:[\]"]/.test(text[end])) end++;
  if (quoted && text[end] === '"') end++;
  const object = resolvePath(doc.root, path);
  if (location.isAtPropertyKey) {
    return { path, object, key: String(last), position: 'key', replace: { offset: start, length: end - start }, newItem: false, quoted, flow: false };
  }
  if (typeof last === 'number') return undefined; // an array item value: not a member
  return { path, object, key: last, position: 'value', replace: { offset: start, length: end - start }, newItem: false, quoted, flow: false };
}

/** Inside a flow mapping (`{name: a, in: |}`): the key or value being typed, from the tree. */
function yamlFlowContext(doc: SourceDocument, offset: number, prefix: string): CursorContext | undefined {
  const m = /[{,]\s*([^\s:,{}[\]'"]*)(?:\s*:\s*([^\s,{}[\]]*))?$/.exec(prefix);
  if (!m) return undefined;
  // The innermost flow mapping around the cursor.
  let node = nodeAt(doc.root, offset)?.node;
  while (node && !(node.kind === 'object' && node.flow && node.offset < offset && offset < node.end)) node = node.parent;
  if (!node) return undefined;
  const text = doc.text;
  if (m[2] !== undefined) {
    const partial = m[2];
    let end = offset;
    while (end < text.length && !/[\s,}\]]/.test(text[end])) end++;
    return { path: node.path, object: node, key: m[1], position: 'value', replace: { offset: offset - partial.length, length: end - offset + partial.length }, newItem: false, quoted: false, flow: true };
  }
  const partial = m[1];
  return { path: node.path, object: node, key: partial, position: 'key', replace: { offset: offset - partial.length, length: partial.length }, newItem: false, quoted: false, flow: true };
}

function yamlContext(doc: SourceDocument, offset: number): CursorContext | undefined {
  const text = doc.text;
  const { start: lineStart } = lineBounds(text, offset);
  const prefix = text.slice(lineStart, offset);
  if (/[{,][^}\]]*$/.test(prefix) && prefix.includes('{')) {
    const flow = yamlFlowContext(doc, offset, prefix);
    if (flow) return flow;
  }
  const value = YAML_VALUE.exec(prefix);
  if (value) {
    const keyOffset = lineStart + value[1].length + (value[2]?.length ?? 0);
    const at = nodeAt(doc.root, keyOffset);
    const member = at?.onKey ? at.node : undefined;
    const container = member?.parent;
    const key = member ? String(member.key) : unquote(value[3]);
    const partial = value[4];
    // Replace the whole word, through a closing quote after the cursor (`'#/c|'`).
    const { end: lineEnd } = lineBounds(text, offset);
    let end = offset;
    const quote = partial[0] === "'" || partial[0] === '"' ? partial[0] : undefined;
    if (quote) {
      const close = text.indexOf(quote, offset);
      end = close >= 0 && close < lineEnd ? close + 1 : offset;
    } else {
      while (end < lineEnd && !/\s/.test(text[end])) end++;
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
