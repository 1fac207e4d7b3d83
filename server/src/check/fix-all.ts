// Fix-all: apply the first fix of every diagnostic, re-check, and repeat. Independent fixes can
// overlap (two adjacent JSON members each take a separator), so one round applies what does not
// overlap and the next round sees the text that results.
import { applyEdits, TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { Diagnostic } from './types';

/** The first-fix edits of these diagnostics that do not overlap one another, in order. */
export function nonOverlappingEdits(diagnostics: readonly Diagnostic[]): TextEdit[] {
  const chosen: TextEdit[] = [];
  const removedFrom = new Map<SyntaxNode, Set<SyntaxNode>>();
  const overlaps = (a: TextEdit, b: TextEdit) =>
    (a.offset < b.offset + b.length && b.offset < a.offset + a.length) || (a.offset === b.offset && (a.length === 0 || b.length === 0));
  const claimed = new Set<string>();
  for (const d of diagnostics) {
    const fix = d.fixes[0];
    if (!fix || fix.edits.some((e) => chosen.some((c) => overlaps(e, c)))) continue;
    // Two fixes that claim the same thing (the same new key, the same parameter) contradict.
    if (fix.claims?.some((c) => claimed.has(c))) continue;
    for (const c of fix.claims ?? []) claimed.add(c);
    // Each removal was written for a collection that keeps its other members; emptying one takes
    // its own edit (`key: {}`), which the next round computes.
    const removes = fix.removes ?? [];
    const empties = (n: SyntaxNode) => {
      const earlier = n.parent ? removedFrom.get(n.parent) : undefined;
      return Boolean(earlier?.size) && new Set([...earlier!, ...removes.filter((r) => r.parent === n.parent)]).size >= n.parent!.children!.length;
    };
    if (removes.some(empties)) continue;
    for (const n of removes) {
      if (!n.parent) continue;
      let set = removedFrom.get(n.parent);
      if (!set) removedFrom.set(n.parent, (set = new Set()));
      set.add(n);
    }
    chosen.push(...fix.edits);
  }
  return chosen;
}

export interface FixAllResult {
  text: string;
  rounds: number;
}

/**
 * Applies first fixes until no diagnostic `check` returns has one (or `maxRounds` is reached).
 * `check` re-checks a text and returns the diagnostics to fix, all in that text's document.
 */
export function fixAll(text: string, check: (text: string) => readonly Diagnostic[], maxRounds = 10): FixAllResult {
  let current = text;
  for (let round = 1; round <= maxRounds; round++) {
    const edits = nonOverlappingEdits(check(current).filter((d) => d.fixes.length > 0));
    if (edits.length === 0) return { text: current, rounds: round - 1 };
    current = applyEdits(current, edits);
  }
  return { text: current, rounds: maxRounds };
}
