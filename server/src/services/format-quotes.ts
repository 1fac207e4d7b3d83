// YAML quoting made consistent by Format Document: every single- or double-quoted scalar (keys
// too) written with one kind of quote, the one the document uses most unless a setting names one.
// Only where swapping the quotes cannot change the value: a scalar on one line with no backslash and
// no quote of either kind inside (escapes mean different things in the two styles). Plain scalars
// stay plain and quoted ones quoted (`'200'` is a string, `200` a number). JSON is not touched.
import { TextEdit } from '../syntax/edit';
import { ScalarStyle, SyntaxNode } from '../syntax/tree';

/** `openapi30.format.quotes`: the document's most used quote, one of the two, or quoting kept. */
export type QuoteStyle = 'document' | 'single' | 'double' | 'keep';

interface QuotedScalar {
  offset: number;
  length: number;
  style: 'single' | 'double';
}

const QUOTE = { single: "'", double: '"' } as const;

/** Edits that write the quoted scalars of a YAML tree (those within `lines`, when given) with one kind of quote. */
export function yamlQuoteEdits(text: string, root: SyntaxNode, wanted: QuoteStyle, within?: { offset: number; end: number }): TextEdit[] {
  if (wanted === 'keep') return [];
  const quoted = quotedScalars(text, root);
  const target = wanted === 'document' ? mostUsed(quoted) : wanted;
  if (!target) return [];
  const edits: TextEdit[] = [];
  for (const scalar of quoted) {
    if (scalar.style === target) continue;
    if (within && (scalar.offset < within.offset || scalar.offset + scalar.length > within.end)) continue;
    const inside = text.slice(scalar.offset + 1, scalar.offset + scalar.length - 1);
    if (!swappable(inside)) continue;
    edits.push({ offset: scalar.offset, length: scalar.length, newText: QUOTE[target] + inside + QUOTE[target] });
  }
  return edits;
}

/** Whether a quoted scalar's inner text means the same between either quotes. */
function swappable(inside: string): boolean {
  return !/['"\\\r\n]/.test(inside);
}

/** The quote most quoted scalars use; undefined when none is quoted or both are used alike. */
function mostUsed(quoted: readonly QuotedScalar[]): 'single' | 'double' | undefined {
  let single = 0;
  for (const q of quoted) if (q.style === 'single') single++;
  const double = quoted.length - single;
  return single > double ? 'single' : double > single ? 'double' : undefined;
}

/** Every single- or double-quoted key and scalar value, its span checked against the text (quote to quote). */
function quotedScalars(text: string, root: SyntaxNode): QuotedScalar[] {
  const found: QuotedScalar[] = [];
  const add = (offset: number, length: number, style: ScalarStyle) => {
    if (style !== 'single' && style !== 'double' || length < 2) return;
    const quote = QUOTE[style];
    if (text[offset] !== quote || text[offset + length - 1] !== quote) return;
    found.push({ offset, length, style });
  };
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.keyOffset >= 0 && node.keyKind === 'string') add(node.keyOffset, node.keyLength, node.keyStyle);
    if (node.children) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    } else if (node.kind === 'string') {
      add(node.offset, node.length, node.style);
    }
  }
  return found;
}
