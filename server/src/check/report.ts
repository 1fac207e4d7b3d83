// Helpers rules share to say where a finding is and to build removal fixes.
import { SourceDocument } from '../model/documents';
import { removeNode } from '../syntax/edit';
import { ParsedText, SyntaxNode } from '../syntax/tree';
import { Fix, Span } from './types';

/**
 * A span inside a scalar (`start`..`start+length` of its string value), mapped to source offsets.
 * Exact for plain and quoted scalars without escapes before the span; else the whole scalar.
 */
export function spanInScalar(doc: SourceDocument, node: SyntaxNode, part: 'key' | 'value', start: number, length: number): Span {
  const offset = part === 'key' ? node.keyOffset : node.offset;
  const sourceLength = part === 'key' ? node.keyLength : node.length;
  const style = part === 'key' ? node.keyStyle : node.style;
  const value = part === 'key' ? String(node.key) : String(node.value);
  const quote = style === 'single' || style === 'double' ? 1 : 0;
  const raw = doc.text.slice(offset + quote, offset + quote + start + length);
  if (style !== 'block' && raw === value.slice(0, start + length)) return { offset: offset + quote + start, length };
  return { offset, length: sourceLength };
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
