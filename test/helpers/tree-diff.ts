// Node-for-node comparison of two syntax trees (and their errors), for tests that hold a fast or
// incremental parse to a full one.
import { ParsedText, SyntaxNode } from '../../server/src/syntax/tree';

/** The first difference between two trees, as a readable line; undefined when they are equal. */
export function treeDifference(a: SyntaxNode | undefined, b: SyntaxNode | undefined, text: string): string | undefined {
  const stack: [SyntaxNode | undefined, SyntaxNode | undefined][] = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop()!;
    if (!x || !y) {
      if (x !== y) return `one tree has a node the other lacks near ${(x ?? y)!.pointer}`;
      continue;
    }
    const where = () => `${x.pointer || '/'} (${JSON.stringify(text.slice(x.memberStart, x.memberStart + 60))})`;
    const fields: [string, unknown, unknown][] = [
      ['kind', x.kind, y.kind], ['offset', x.offset, y.offset], ['length', x.length, y.length], ['key', x.key, y.key],
      ['keyOffset', x.keyOffset, y.keyOffset], ['keyLength', x.keyLength, y.keyLength], ['flow', x.flow, y.flow],
    ];
    if (x.keyOffset >= 0) fields.push(['keyStyle', x.keyStyle, y.keyStyle], ['keyKind', x.keyKind, y.keyKind]);
    if (!x.children) fields.push(['value', x.value, y.value], ['style', x.style, y.style]);
    for (const [name, u, v] of fields) if (!Object.is(u, v)) return `${name} ${JSON.stringify(u)} != ${JSON.stringify(v)} at ${where()}`;
    if (x.parent?.kind !== y.parent?.kind) return `parent differs at ${where()}`;
    const xc = x.children ?? [];
    const yc = y.children ?? [];
    if (xc.length !== yc.length) return `${xc.length} != ${yc.length} children at ${where()}`;
    for (let i = xc.length - 1; i >= 0; i--) {
      if (xc[i].parent !== x || yc[i].parent !== y) return `a child's parent link is wrong at ${where()}`;
      stack.push([xc[i], yc[i]]);
    }
  }
  return undefined;
}

/** Errors as comparable lines, sorted by place. */
export function errorLines(parsed: ParsedText): string[] {
  return parsed.errors.map((e) => `${e.offset}+${e.length} ${e.severity} ${e.code} ${e.message}`).sort();
}

/** Where two parses of `text` differ: the first tree difference, else the errors (in any order); undefined when none. */
export function parseDifference(a: ParsedText, b: ParsedText, text: string): string | undefined {
  return treeDifference(a.root, b.root, text) ??
    (JSON.stringify(errorLines(a)) === JSON.stringify(errorLines(b)) ? undefined : `errors ${errorLines(a).join('; ')} != ${errorLines(b).join('; ')}`);
}
