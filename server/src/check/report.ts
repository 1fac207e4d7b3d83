// Helpers rules share to say where a finding is and to build removal fixes.
import { SourceDocument } from '../model/documents';
import { removeNode } from '../syntax/edit';
import type { TextLike } from '../syntax/piece-text';
import { ParsedText, SyntaxNode } from '../syntax/tree';
import { Fix, Span } from './types';

/**
 * A span inside a scalar (`start`..`start+length` of its string value), mapped to source offsets.
 * Exact for plain and quoted scalars without escapes before the span's end; else the whole scalar.
 */
export function spanInScalar(doc: SourceDocument, node: SyntaxNode, part: 'key' | 'value', start: number, length: number): Span {
  const offset = part === 'key' ? node.keyOffset : node.offset;
  const sourceLength = part === 'key' ? node.keyLength : node.length;
  const style = part === 'key' ? node.keyStyle : node.style;
  const quote = style === 'single' || style === 'double' ? 1 : 0;
  if (style !== 'block' && start + length <= verbatimLength(doc.source, node, part, offset + quote)) return { offset: offset + quote + start, length };
  return { offset, length: sourceLength };
}

// How many leading characters of a scalar's value are written as they are in the source, per node
// and part, with the value it was measured for (an edit may change a scalar's value in place).
// Rules map many spans into one scalar (every `{param}` of a long path): measured once, not per span.
const verbatimLengths = new WeakMap<SyntaxNode, { key?: [string, number]; value?: [string, number] }>();

function verbatimLength(text: TextLike, node: SyntaxNode, part: 'key' | 'value', from: number): number {
  const value = part === 'key' ? String(node.key) : String(node.value);
  let entry = verbatimLengths.get(node);
  if (!entry) verbatimLengths.set(node, (entry = {}));
  const known = entry[part];
  if (known && known[0] === value) return known[1];
  const written = text.slice(from, from + value.length);
  let n = 0;
  while (n < written.length && written.charCodeAt(n) === value.charCodeAt(n)) n++;
  entry[part] = [value, n];
  return n;
}

/**
 * Longest text from the document quoted whole in a message or a fix title: a 1 MB name appears
 * cut, so a message stays a sentence, and findings by the thousand do not each carry a copy.
 */
export const MAX_QUOTED_TEXT = 200;

/** A text cut to `max` characters (never inside a surrogate pair), with "…" when cut. */
export function shortened(text: string, max = MAX_QUOTED_TEXT): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end) + '…';
}

/** Where to point at an object: its key, or for an array item its first key, or the object. */
export function objectAnchor(node: SyntaxNode): Span {
  if (typeof node.key === 'string' && node.keyOffset >= 0) return { node, part: 'key' };
  const first = node.children?.[0];
  if (first && first.keyOffset >= 0) return { node: first, part: 'key' };
  return { offset: node.offset, length: Math.min(node.length, 1) };
}

/** A fix that deletes a member or an item (with its separator or its lines). */
export function removalFix(title: string, parsed: ParsedText, node: SyntaxNode): Fix {
  return { title, edits: [removeNode(parsed, node)], removes: [node] };
}

/** A value's span, cut to its first line: a finding about a whole object or list points at its start. */
export function firstLineSpan(doc: SourceDocument, node: SyntaxNode): Span {
  if (node.kind !== 'object' && node.kind !== 'array') return { node };
  const text = doc.text;
  let end = node.offset;
  while (end < node.end && text[end] !== '\n' && text[end] !== '\r') end++;
  while (end > node.offset + 1 && /\s/.test(text[end - 1])) end--;
  return { offset: node.offset, length: end - node.offset };
}
