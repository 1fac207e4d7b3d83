// Text edits built from node offsets, for YAML (block and flow) and JSON, keeping the author's
// indentation and quoting. Fixes are built only from these, so every rule's fix behaves alike.
import { lineIndexOf } from './line-index';
import { searchFrom, sourceOf, TextLike } from './piece-text';
import { indexInParent, ParsedText, ScalarStyle, SyntaxNode } from './tree';

export interface TextEdit {
  offset: number;
  length: number;
  newText: string;
}

/** A JSON-like value to write into a document. */
export type WriteValue = string | number | boolean | null | WriteValue[] | { [key: string]: WriteValue };

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.offset - a.offset || b.length - a.length);
  // Pieces from the end backwards, joined once: splicing the text per edit would copy it per edit.
  const pieces: string[] = [];
  let limit = text.length;
  for (const edit of sorted) {
    if (edit.offset + edit.length > limit) continue; // overlapping edits: keep the later-starting one
    pieces.push(text.slice(edit.offset + edit.length, limit), edit.newText);
    limit = edit.offset;
  }
  pieces.push(text.slice(0, limit));
  return pieces.reverse().join('');
}

/**
 * Edits of `original` that make what `applied` (edits of `original`) and then `next` (edits of the
 * text `applied` made, `between`) make: sorted, none overlapping. Where an edit of `next` touches
 * text an edit of `applied` wrote, the two become one edit; the others stay as they were. Linear
 * in the edits and the text they touch (fix-all composes its rounds so: 100,000 fixes each).
 */
export function composeEdits(applied: readonly TextEdit[], next: readonly TextEdit[], between: string): TextEdit[] {
  const first = [...applied].sort((x, y) => x.offset - y.offset);
  const second = [...next].sort((x, y) => x.offset - y.offset);
  // Each edit of `applied` as the span of `between` its new text fills.
  const spans: { start: number; end: number; edit: TextEdit | undefined; later: boolean }[] = [];
  let moved = 0;
  for (const edit of first) {
    spans.push({ start: edit.offset + moved, end: edit.offset + moved + edit.newText.length, edit, later: false });
    moved += edit.newText.length - edit.length;
  }
  const all = mergeByStart(spans, second.map((edit) => ({ start: edit.offset, end: edit.offset + edit.length, edit, later: true })));
  const out: TextEdit[] = [];
  /** What the edits of `applied` before the current point added to the length. */
  let shift = 0;
  for (let i = 0; i < all.length;) {
    // A group: spans that overlap or touch, one after another.
    let j = i + 1;
    let end = all[i].end;
    while (j < all.length && all[j].start <= end) end = Math.max(end, all[j++].end);
    const group = all.slice(i, j);
    i = j;
    const earlier = group.filter((g) => !g.later);
    if (group.length === earlier.length) {
      for (const g of earlier) out.push(g.edit!), (shift += g.edit!.newText.length - g.edit!.length);
      continue;
    }
    const start = group[0].start;
    const firstEarlier = earlier[0];
    const lastEarlier = earlier[earlier.length - 1];
    const from = firstEarlier && firstEarlier.start === start ? firstEarlier.edit!.offset : start - shift;
    for (const g of earlier) shift += g.edit!.newText.length - g.edit!.length;
    const to = lastEarlier && lastEarlier.end === end ? lastEarlier.edit!.offset + lastEarlier.edit!.length : end - shift;
    // The group's text after both: `between` over the span, with the later edits made in it.
    const pieces: string[] = [];
    let at = start;
    for (const g of group) {
      if (!g.later) continue;
      pieces.push(between.slice(at, g.start), g.edit!.newText);
      at = g.end;
    }
    pieces.push(between.slice(at, end));
    out.push({ offset: from, length: to - from, newText: pieces.join('') });
  }
  return out;
}

/** Two lists sorted by start as one; at the same start, `applied`'s span first. */
function mergeByStart<T extends { start: number }>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i].start <= b[j].start) ? a[i++] : b[j++]);
  return out;
}

// Line starts by binary search over the parsed text's line index: a minified JSON document is one
// long line, where scanning back to the line start would make every fix O(size).
function lineStartOf(parsed: ParsedText, offset: number): number {
  const lines = lineIndexOf(parsed);
  return lines.lineStart(lines.positionAt(offset).line);
}

// Texts are read as TextLike (an edited version's pieces, see piece-text.ts): building a fix must
// not join a large document's text into one string again.

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

function isWhitespace(text: TextLike, at: number): boolean {
  return at >= 0 && at < text.length && /\s/.test(text.slice(at, at + 1));
}

function lineEndOf(text: TextLike, offset: number): number {
  const end = searchFrom(text, offset, /[\r\n]/);
  return end < 0 ? Math.max(offset, text.length) : end;
}

/** End of the line break after `offset`'s line (start of the next line). */
function nextLineStart(text: TextLike, offset: number): number {
  let i = lineEndOf(text, offset);
  if (text.charCodeAt(i) === CR) i++;
  if (text.charCodeAt(i) === LF) i++;
  return i;
}

/** Last offset of real content in a node (YAML block ranges can include trailing blank lines). */
function contentEnd(text: TextLike, node: SyntaxNode): number {
  let end = node.end;
  while (end > node.offset && isWhitespace(text, end - 1)) end--;
  return Math.max(end, node.offset);
}

/**
 * How much of a text's start its layout (indent unit, line break) is read from: an edit after it
 * leaves the layout as it was, and the language server checks no more on each keystroke.
 */
export const LAYOUT_WINDOW = 64 * 1024;

/** The indentation of the first line in the layout window that starts with spaces (or one tab) and then has content. */
function firstIndent(text: TextLike): string | undefined {
  const head = text.slice(0, LAYOUT_WINDOW);
  for (let i = head.indexOf('\n'); i >= 0; i = head.indexOf('\n', i + 1)) {
    const start = i + 1;
    if (head.charCodeAt(start) === TAB) {
      if (isContent(head, start + 1)) return '\t';
      continue;
    }
    let end = start;
    while (head.charCodeAt(end) === SPACE) end++;
    if (end > start && isContent(head, end)) return ' '.repeat(Math.min(end - start, 8));
  }
  return undefined;
}

function isContent(text: TextLike, at: number): boolean {
  return at < text.length && !isWhitespace(text, at);
}

function columnOf(parsed: ParsedText, offset: number): number {
  return offset - lineStartOf(parsed, offset);
}

// Per parsed text, computed once: fixes are built by the thousand on large documents.
const newlines = new WeakMap<ParsedText, string>();
const indentUnits = new WeakMap<ParsedText, string>();

/** The line break the document uses: the first one's, in the layout window ("\n" when none). */
export function newline(parsed: ParsedText): string {
  let nl = newlines.get(parsed);
  if (nl === undefined) {
    const text = sourceOf(parsed);
    const lf = text.slice(0, LAYOUT_WINDOW).indexOf('\n');
    nl = lf > 0 && text.charCodeAt(lf - 1) === CR ? '\r\n' : '\n';
    newlines.set(parsed, nl);
  }
  return nl;
}

/**
 * Whether an edit changed what fixes are written with (the indent unit, the line break): the
 * findings kept from before it carry fixes written with the old ones.
 */
export function layoutChanged(before: ParsedText, after: ParsedText, edit: TextEdit): boolean {
  if (edit.offset > LAYOUT_WINDOW) return false;
  return indentUnit(before) !== indentUnit(after) || newline(before) !== newline(after);
}

/** The indentation step the document uses (2 when it cannot tell). */
export function indentUnit(parsed: ParsedText): string {
  let unit = indentUnits.get(parsed);
  if (unit === undefined) {
    unit = firstIndent(sourceOf(parsed)) ?? '  ';
    indentUnits.set(parsed, unit);
  }
  return unit;
}

// ---- scalars ----------------------------------------------------------------------------

// Plain scalars that read back as the same string. Inside flow collections `{}[],` are indicators.
const PLAIN_SAFE_BLOCK = /^[A-Za-z_/.$][A-Za-z0-9_ ./()?=&{}+$-]*$/;
const PLAIN_SAFE_FLOW = /^[A-Za-z_/.$][A-Za-z0-9_ ./()?=&+$-]*$/;

function looksLikeOtherType(s: string): boolean {
  return /^(true|false|null|~|yes|no|on|off|[-+]?(\d|\.\d)[\d._eExXoObB:+-]*|\.inf|\.nan)$/i.test(s);
}

/** A scalar as YAML text in the given style (falling back to quotes when plain would change it). */
export function yamlScalar(value: string | number | boolean | null, style: ScalarStyle = 'plain', inFlow = false): string {
  if (typeof value !== 'string') return value === null ? 'null' : String(value);
  if (style === 'double') return JSON.stringify(value);
  const safe = inFlow ? PLAIN_SAFE_FLOW : PLAIN_SAFE_BLOCK;
  if (style === 'plain' && safe.test(value) && !looksLikeOtherType(value) && !value.endsWith(' ')) return value;
  return "'" + value.replace(/'/g, "''") + "'";
}

export function scalarText(parsed: ParsedText, value: string | number | boolean | null, style?: ScalarStyle, inFlow = false): string {
  return parsed.format === 'json' ? JSON.stringify(value) : yamlScalar(value, style, inFlow);
}

/** Replaces a scalar value, keeping its quote style where that can hold the new value. */
export function replaceScalar(parsed: ParsedText, node: SyntaxNode, value: string | number | boolean | null): TextEdit {
  const style = node.kind === 'string' && node.style !== 'block' ? node.style : 'plain';
  return { offset: node.offset, length: node.length, newText: scalarText(parsed, value, style, isInFlow(node)) };
}

export function renameKey(parsed: ParsedText, node: SyntaxNode, newKey: string): TextEdit {
  return { offset: node.keyOffset, length: node.keyLength, newText: scalarText(parsed, newKey, node.keyStyle === 'block' ? 'plain' : node.keyStyle, isInFlow(node)) };
}

/** Whether a node sits inside a YAML flow collection (at any depth). */
function isInFlow(node: SyntaxNode): boolean {
  for (let n = node.parent; n; n = n.parent) if (n.flow) return true;
  return false;
}

export function replaceNode(node: SyntaxNode, newText: string): TextEdit {
  return { offset: node.offset, length: node.length, newText };
}

// ---- values -------------------------------------------------------------------------------

/** A value as text to follow `key:` (YAML) or `"key":` (JSON), for a member at `indent`. */
function valueText(parsed: ParsedText, value: WriteValue, indent: string, flow: boolean): string {
  const unit = indentUnit(parsed);
  const nl = newline(parsed);
  if (parsed.format === 'json') {
    if (flow || value === null || typeof value !== 'object') return jsonFlow(value);
    return JSON.stringify(value, null, unit).split('\n').join(nl + indent);
  }
  if (value === null || typeof value !== 'object') return ' ' + yamlScalar(value);
  if (flow || (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0)) return ' ' + yamlFlow(value);
  const inner = indent + unit;
  if (Array.isArray(value)) {
    return value.map((item) => nl + inner + '-' + yamlItem(parsed, item, inner + unit)).join('');
  }
  return Object.entries(value).map(([k, v]) => nl + inner + yamlScalar(k) + ':' + valueText(parsed, v, inner, false)).join('');
}

/** A sequence item after `- ` whose continuation lines sit at `indent`. */
function yamlItem(parsed: ParsedText, item: WriteValue, indent: string): string {
  if (item === null || typeof item !== 'object' || Array.isArray(item) || Object.keys(item).length === 0) {
    return ' ' + (item !== null && typeof item === 'object' ? yamlFlow(item) : yamlScalar(item));
  }
  const nl = newline(parsed);
  return Object.entries(item)
    .map(([k, v], i) => (i === 0 ? ' ' : nl + indent) + yamlScalar(k) + ':' + valueText(parsed, v, indent, false))
    .join('');
}

function jsonFlow(value: WriteValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return '[' + value.map(jsonFlow).join(', ') + ']';
  const entries = Object.entries(value);
  return entries.length ? '{ ' + entries.map(([k, v]) => JSON.stringify(k) + ': ' + jsonFlow(v)).join(', ') + ' }' : '{}';
}

function yamlFlow(value: WriteValue): string {
  if (value === null || typeof value !== 'object') return yamlScalar(value, 'plain', true);
  if (Array.isArray(value)) return '[' + value.map(yamlFlow).join(', ') + ']';
  return '{' + Object.entries(value).map(([k, v]) => yamlScalar(k, 'plain', true) + ': ' + yamlFlow(v)).join(', ') + '}';
}

/** `key: value` as it should be written inside `container`, at `indent`. */
export function memberText(parsed: ParsedText, key: string, value: WriteValue, indent: string, flow: boolean): string {
  if (parsed.format === 'json') return JSON.stringify(key) + ': ' + valueText(parsed, value, indent, flow);
  return yamlScalar(key, 'plain', flow) + ':' + valueText(parsed, value, indent, flow);
}

function childIndent(parsed: ParsedText, container: SyntaxNode): string {
  const text = sourceOf(parsed);
  const first = container.children?.[0];
  if (first) {
    const start = first.memberStart;
    const lineStart = lineStartOf(parsed, start);
    const before = text.slice(lineStart, start);
    // In YAML `- key: v`, the dash is part of the indentation.
    if (/^[\s-]*$/.test(before)) return ' '.repeat(before.length);
  }
  const lineStart = lineStartOf(parsed, container.memberStart);
  const own = /^[\s-]*/.exec(text.slice(lineStart, container.memberStart))![0].length;
  return ' '.repeat(own) + indentUnit(parsed);
}

/** Whether a collection is written on one line (YAML flow, or JSON without line breaks). */
export function isInline(parsed: ParsedText, container: SyntaxNode): boolean {
  if (parsed.format === 'yaml') return container.flow;
  // Whether the first member starts on the bracket's line: O(1), not a scan of the container.
  const first = container.children?.[0];
  const text = sourceOf(parsed);
  const until = first ? first.memberStart : contentEnd(text, container);
  return !/[\r\n]/.test(text.slice(container.offset, until));
}

// ---- inserting ----------------------------------------------------------------------------

/** Adds `key: value` as the last member of an object. */
export function insertMember(parsed: ParsedText, object: SyntaxNode, key: string, value: WriteValue): TextEdit {
  const text = sourceOf(parsed);
  const children = object.children ?? [];
  const inline = isInline(parsed, object);
  const indent = childIndent(parsed, object);
  if (children.length === 0) {
    // `{}` in JSON or YAML flow; in YAML block an empty map cannot be written, so it is `{}` too.
    const open = object.offset + 1;
    if (parsed.format === 'yaml') return { offset: open, length: object.length - 2, newText: memberText(parsed, key, value, indent, true) };
    if (inline) return { offset: open, length: object.length - 2, newText: ' ' + memberText(parsed, key, value, indent, true) + ' ' };
    const nl = newline(parsed);
    const outer = indent.slice(indentUnit(parsed).length);
    return { offset: open, length: object.length - 2, newText: nl + indent + memberText(parsed, key, value, indent, false) + nl + outer };
  }
  const last = children[children.length - 1];
  const end = contentEnd(text, last);
  if (inline) {
    return { offset: end, length: 0, newText: ', ' + memberText(parsed, key, value, indent, true) };
  }
  const nl = newline(parsed);
  if (parsed.format === 'json') {
    return { offset: end, length: 0, newText: ',' + nl + indent + memberText(parsed, key, value, indent, false) };
  }
  const at = lineEndOf(text, end);
  return { offset: at, length: 0, newText: nl + indent + memberText(parsed, key, value, indent, false) };
}

/** Adds an item at the end of an array. */
export function appendItem(parsed: ParsedText, array: SyntaxNode, value: WriteValue): TextEdit {
  const text = sourceOf(parsed);
  const items = array.children ?? [];
  const inline = isInline(parsed, array);
  if (items.length === 0) {
    const itemText = parsed.format === 'json' ? jsonFlow(value) : yamlFlow(value);
    return { offset: array.offset + 1, length: array.length - 2, newText: itemText };
  }
  const last = items[items.length - 1];
  const end = contentEnd(text, last);
  if (inline) return { offset: end, length: 0, newText: ', ' + (parsed.format === 'json' ? jsonFlow(value) : yamlFlow(value)) };
  const nl = newline(parsed);
  if (parsed.format === 'json') {
    const indent = ' '.repeat(columnOf(parsed, last.offset));
    const itemText = JSON.stringify(value, null, indentUnit(parsed)).split('\n').join(nl + indent);
    return { offset: end, length: 0, newText: ',' + nl + indent + itemText };
  }
  // YAML block sequence: a new `- ` line at the column of the existing dashes.
  let dash = last.offset;
  while (dash > 0 && text.charCodeAt(dash - 1) === SPACE) dash--;
  if (text.slice(dash - 1, dash) === '-') dash--;
  const dashIndent = ' '.repeat(columnOf(parsed, dash));
  const at = lineEndOf(text, end);
  return { offset: at, length: 0, newText: nl + dashIndent + '-' + yamlItem(parsed, value, dashIndent + indentUnit(parsed)) };
}

/** Sets `key` on an object: replaces the value when the key is there, inserts it otherwise. */
export function setMember(parsed: ParsedText, object: SyntaxNode, key: string, value: WriteValue): TextEdit {
  const existing = object.get(key);
  if (!existing) return insertMember(parsed, object, key, value);
  if (value === null || typeof value !== 'object') return replaceScalar(parsed, existing, value);
  const indent = childIndent(parsed, object);
  if (parsed.format === 'json') return replaceNode(existing, valueText(parsed, value, indent, false));
  const text = memberText(parsed, key, value, indent, existing.flow || object.flow);
  return { offset: existing.keyOffset, length: existing.end - existing.keyOffset, newText: text };
}

// ---- removing -----------------------------------------------------------------------------

/** Removes a member of an object or an item of an array, with its separator and its lines. */
export function removeNode(parsed: ParsedText, node: SyntaxNode): TextEdit {
  const text = sourceOf(parsed);
  const container = node.parent!;
  const siblings = container.children!;
  const index = indexInParent(node);
  const isItem = container.kind === 'array';
  if (parsed.format === 'json' || container.flow) {
    if (siblings.length === 1) return { offset: container.offset + 1, length: container.length - 2, newText: '' };
    if (index < siblings.length - 1) {
      const next = siblings[index + 1];
      return { offset: node.memberStart, length: next.memberStart - node.memberStart, newText: '' };
    }
    const prev = siblings[index - 1];
    return { offset: prev.end, length: node.end - prev.end, newText: '' };
  }
  if (siblings.length === 1) return emptyCollection(parsed, container);
  let start = node.memberStart;
  if (isItem) {
    while (start > 0 && text.charCodeAt(start - 1) === SPACE) start--;
    if (text.slice(start - 1, start) === '-') start--;
  }
  const lineStart = lineStartOf(parsed, start);
  const end = contentEnd(text, node);
  if (/^\s*$/.test(text.slice(lineStart, start))) {
    return { offset: lineStart, length: nextLineStart(text, end) - lineStart, newText: '' };
  }
  // First key of a `- key: v` item: pull the next key up behind the dash.
  const next = siblings[index + 1];
  if (next) return { offset: start, length: next.memberStart - start, newText: '' };
  const prev = siblings[index - 1];
  return { offset: contentEnd(text, prev), length: end - contentEnd(text, prev), newText: '' };
}

/** Empties a YAML block collection: `key: []` right after its key's colon (its trailing blank space stays). */
function emptyCollection(parsed: ParsedText, container: SyntaxNode): TextEdit {
  const text = sourceOf(parsed);
  const empty = container.kind === 'array' ? '[]' : '{}';
  const end = contentEnd(text, container);
  const keyEnd = container.keyOffset + container.keyLength;
  const found = container.keyOffset >= 0 && keyEnd < container.offset ? text.slice(keyEnd, container.offset).indexOf(':') : -1;
  const colon = found >= 0 ? keyEnd + found : -1;
  if (colon >= 0) return { offset: colon + 1, length: end - colon - 1, newText: ' ' + empty };
  return { offset: container.offset, length: end - container.offset, newText: empty };
}

/** Removes several members of one object (each with its own edit; they never overlap). */
export function removeNodes(parsed: ParsedText, nodes: SyntaxNode[]): TextEdit[] {
  if (nodes.length === 0) return [];
  const container = nodes[0].parent!;
  if (nodes.length === container.children!.length) return [emptyCollection(parsed, container)];
  if (parsed.format === 'json' || container.flow) {
    // Each run of removed members goes with one separator: the one after it, or before it at the end.
    const all = container.children!;
    const removed = new Set(nodes);
    const edits: TextEdit[] = [];
    for (let i = 0; i < all.length; i++) {
      if (!removed.has(all[i])) continue;
      let j = i;
      while (j + 1 < all.length && removed.has(all[j + 1])) j++;
      if (j + 1 < all.length) edits.push({ offset: all[i].memberStart, length: all[j + 1].memberStart - all[i].memberStart, newText: '' });
      else edits.push({ offset: all[i - 1].end, length: all[j].end - all[i - 1].end, newText: '' });
      i = j;
    }
    return edits;
  }
  return nodes.map((n) => removeNode(parsed, n));
}

/** Adds `key: value` as the first member of a non-empty object (before everything else in it). */
export function insertFirstMember(parsed: ParsedText, object: SyntaxNode, key: string, value: WriteValue): TextEdit {
  const first = object.children?.[0];
  if (!first) return insertMember(parsed, object, key, value);
  const indent = childIndent(parsed, object);
  const inline = isInline(parsed, object);
  const text = memberText(parsed, key, value, indent, inline);
  if (inline) return { offset: first.memberStart, length: 0, newText: text + ', ' };
  const nl = newline(parsed);
  if (parsed.format === 'json') return { offset: first.memberStart, length: 0, newText: text + ',' + nl + indent };
  return { offset: first.memberStart, length: 0, newText: text + nl + indent };
}
