// Format Document and Format Selection: YAML re-indented (format-yaml.ts) and its quotes made
// consistent (format-quotes.ts), JSON by jsonc-parser's formatter, both with the editor's tab size;
// keys in the specification's order when asked
// (key-order.ts). A result that would read as a different value, or a text that does not parse, is
// left as it is: formatting never changes what a document says.
import * as jsonc from 'jsonc-parser';
import { applyEdits, TextEdit } from '../syntax/edit';
import { parseText } from '../syntax/parse';
import { ParsedText, SyntaxNode } from '../syntax/tree';
import { QuoteStyle, yamlQuoteEdits } from './format-quotes';
import { yamlIndentEdits } from './format-yaml';
import { keyOrderEdits } from './key-order';

export interface FormatOptions {
  /** Spaces per level (YAML is always indented with spaces). */
  tabSize: number;
  insertSpaces: boolean;
  /** `openapi30.format.orderKeys`: the root's and operations' keys in the specification's order. */
  orderKeys: boolean;
  /** `openapi30.format.quotes` (YAML): the quote quoted scalars are written with (default: the document's most used). */
  quotes?: QuoteStyle;
}

type TextRange = { offset: number; length: number };

/** Passes of key ordering: the root, then operations, then operations in callbacks (each pass can move the next). */
const MAX_ORDER_PASSES = 6;

const hasErrors = (parsed: ParsedText) => parsed.errors.some((e) => e.severity === 'error');

/** Edits that format the text, or only the lines `range` touches; none when it is formatted. */
export function formatEdits(parsed: ParsedText, options: FormatOptions, range?: TextRange): TextEdit[] {
  const text = parsed.text;
  // A JSON text with errors is still laid out (spaces only); YAML's indentation is its structure.
  if (hasErrors(parsed) || !parsed.root) return parsed.format === 'json' && !range ? jsonFormatEdits(text, options) : [];
  const ordered = options.orderKeys && !range ? orderedText(text, parsed) : undefined;
  const base = ordered ?? { text, parsed };
  const edits = parsed.format === 'json' ? jsonFormatEdits(base.text, options, range)
    : yamlFormatEdits(base, options, range);
  const formatted = applyEdits(base.text, edits);
  if (!sameValue(parsed, formatted)) return [];
  return ordered ? [changedSpan(text, formatted)].filter((e) => e.length > 0 || e.newText !== '') : edits;
}

function yamlFormatEdits(base: { text: string; parsed: ParsedText }, options: FormatOptions, range?: TextRange): TextEdit[] {
  const step = Math.max(1, Math.min(8, Math.floor(options.tabSize) || 2));
  const root = base.parsed.root!;
  const quotes = options.quotes ?? 'document';
  // Quote edits lie inside one-line scalars, indent edits in leading spaces: they never overlap.
  if (!range) return [...yamlIndentEdits(base.text, root, step), ...yamlQuoteEdits(base.text, root, quotes)].sort((a, b) => a.offset - b.offset);
  const firstLine = lineAt(base.text, range.offset);
  const lastLine = lineAt(base.text, range.offset + Math.max(0, range.length - 1));
  const lines = { offset: lineStartAt(base.text, range.offset), end: lineEndAt(base.text, range.offset + Math.max(0, range.length - 1)) };
  return [...yamlIndentEdits(base.text, root, step, firstLine, lastLine), ...yamlQuoteEdits(base.text, root, quotes, lines)]
    .sort((a, b) => a.offset - b.offset);
}

function lineStartAt(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEndAt(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end;
}

function jsonFormatEdits(text: string, options: FormatOptions, range?: TextRange): TextEdit[] {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // jsonc-parser removes the last line break unless told to keep one: the document's stays.
  const insertFinalNewline = /\r?\n\s*$/.test(text);
  const { tabSize, insertSpaces } = options;
  return jsonc.format(text, range, { tabSize, insertSpaces, eol, insertFinalNewline })
    .map((e) => ({ offset: e.offset, length: e.length, newText: e.content }));
}

/** The text with its keys ordered, parsed; undefined when they already are. */
function orderedText(text: string, parsed: ParsedText): { text: string; parsed: ParsedText } | undefined {
  let current = { text, parsed };
  for (let pass = 0; pass < MAX_ORDER_PASSES; pass++) {
    const edits = keyOrderEdits(current.text, current.parsed.root, parsed.format);
    if (edits.length === 0) break;
    const next = applyEdits(current.text, edits);
    const reparsed = parseText(next, parsed.format);
    if (hasErrors(reparsed)) return undefined;
    current = { text: next, parsed: reparsed };
  }
  return current.text === text ? undefined : current;
}

/** Whether a formatted text reads as the same value as the original (key order aside). */
function sameValue(original: ParsedText, formatted: string): boolean {
  if (formatted === original.text) return true;
  const reparsed = parseText(formatted, original.format);
  return !hasErrors(reparsed) && reparsed.root !== undefined && sameTree(original.root!, reparsed.root);
}

/** Two trees of the same value: compared node by node (no copy of either as a plain value). */
function sameTree(a: SyntaxNode, b: SyntaxNode): boolean {
  const pairs: [SyntaxNode, SyntaxNode][] = [[a, b]];
  while (pairs.length > 0) {
    const [x, y] = pairs.pop()!;
    if (x.kind !== y.kind || x.value !== y.value || x.children?.length !== y.children?.length) return false;
    if (!x.children) continue;
    for (let i = 0; i < x.children.length; i++) {
      const child = x.children[i];
      const other = x.kind === 'object' ? y.get(String(child.key)) : y.children![i];
      if (!other) return false;
      pairs.push([child, other]);
    }
  }
  return true;
}

/** One edit from the first to the last character that differ. */
function changedSpan(before: string, after: string): TextEdit {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  const sameFromEnd = (n: number) => before.charCodeAt(before.length - 1 - n) === after.charCodeAt(after.length - 1 - n);
  while (end < shorter - start && sameFromEnd(end)) end++;
  return { offset: start, length: before.length - start - end, newText: after.slice(start, after.length - end) };
}

function lineAt(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
