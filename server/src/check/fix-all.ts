// Fix-all: apply the first fix of every diagnostic, re-check, and repeat. Independent fixes can
// overlap (two adjacent JSON members each take a separator), so one round applies what does not
// overlap and the next round sees the text that results. Fixes that do not overlap can still
// clash (one renames `descripton` to `description` while another adds `description`): a round
// that leaves a file with more syntax findings is undone there and retried with half the fixes.
// The editor's fix-all and the CLI's `--fix` are this one function.
import { applyEdits, composeEdits, TextEdit } from '../syntax/edit';
import { drain, Steps } from '../syntax/steps';
import { SyntaxNode } from '../syntax/tree';
import { lastAtOrBefore } from '../syntax/child-at';
import { Diagnostic, Fix } from './types';

/** The first-fix edits of these diagnostics that do not overlap one another, in order. */
export function nonOverlappingEdits(diagnostics: readonly Diagnostic[], applied?: Diagnostic[], max = Infinity): TextEdit[] {
  const chosen: TextEdit[] = [];
  // The chosen edits by offset, so an overlap is found by binary search: fix-all may apply
  // 100,000 fixes at once. Diagnostics come in text order, so most insertions are at the end.
  const byOffset: TextEdit[] = [];
  const removedFrom = new Map<SyntaxNode, Set<SyntaxNode>>();
  const claimed = new Set<string>();
  for (const d of diagnostics) {
    if ((applied?.length ?? 0) >= max) break;
    const fix = automaticFix(d);
    if (!fix || fix.edits.some((e) => overlapsAny(byOffset, e))) continue;
    // Two fixes that claim the same thing (the same new key, the same parameter) contradict.
    if (fix.claims?.some((c) => claimed.has(c))) continue;
    for (const c of fix.claims ?? []) claimed.add(c);
    // Each removal was written for a collection that keeps its other members; emptying one takes
    // its own edit (`key: {}`), which the next round computes.
    const removes = fix.removes ?? [];
    const empties = (n: SyntaxNode) => {
      const earlier = n.parent ? removedFrom.get(n.parent) : undefined;
      if (!earlier?.size) return false;
      const added = new Set(removes.filter((r) => r.parent === n.parent && !earlier.has(r))).size;
      return earlier.size + added >= n.parent!.children!.length;
    };
    if (removes.some(empties)) continue;
    for (const n of removes) {
      if (!n.parent) continue;
      let set = removedFrom.get(n.parent);
      if (!set) removedFrom.set(n.parent, (set = new Set()));
      set.add(n);
    }
    for (const e of fix.edits) {
      chosen.push(e);
      byOffset.splice(firstStartingAfter(byOffset, e.offset), 0, e);
    }
    applied?.push(d);
  }
  return chosen;
}

/**
 * Whether an edit overlaps one of `sorted` (by offset, none overlapping another): ranges that
 * share characters, or two edits at the same offset one of which inserts.
 */
function overlapsAny(sorted: readonly TextEdit[], e: TextEdit): boolean {
  // At most one chosen edit starts before e and reaches into it (two would overlap each other);
  // the others that can overlap start inside e's range.
  const i = firstStartingAfter(sorted, e.offset - 1);
  for (let j = Math.max(0, i - 1); j < sorted.length && sorted[j].offset <= e.offset + e.length; j++) {
    const c = sorted[j];
    if ((e.offset < c.offset + c.length && c.offset < e.offset + e.length) || (e.offset === c.offset && (e.length === 0 || c.length === 0))) return true;
  }
  return false;
}

/** The first index of `sorted` whose edit starts after `offset` (or sorted.length). */
function firstStartingAfter(sorted: readonly TextEdit[], offset: number): number {
  return lastAtOrBefore(sorted, offset, (edit) => edit.offset) + 1;
}

/** The fix Fix all applies to a finding: its first, unless that one is applied only when picked. */
export function automaticFix(d: Diagnostic): Fix | undefined {
  const fix = d.fixes[0];
  return fix && !fix.picked ? fix : undefined;
}

export interface FixAllResult {
  text: string;
  /** Edits of the first text that make `text`, none overlapping: one per fix or run of fixes. */
  edits: TextEdit[];
  rounds: number;
}

/**
 * Applies first fixes until no diagnostic `check` returns has one (or `maxRounds` is reached, or
 * `outOfTime` says so after a round that the check after it kept).
 * `check` re-checks a text and returns the diagnostics to fix, all in that text's document.
 */
export function fixAll(text: string, check: (text: string) => readonly Diagnostic[], maxRounds = 10, outOfTime = never): FixAllResult {
  return drain(fixAllSteps(text, (t) => done(check(t)), maxRounds, outOfTime));
}

/** The same in steps, with a check in steps (the language server answers messages between them). */
export function* fixAllSteps(text: string, check: (text: string) => Steps<readonly Diagnostic[]>,
  maxRounds = 10, outOfTime = never): Steps<FixAllResult> {
  let file: string | undefined;
  const result = yield* fixAllFilesSteps(function* (texts) {
    const diagnostics = yield* check(file === undefined ? text : texts.get(file) ?? text);
    file ??= diagnostics[0]?.doc.path;
    return diagnostics;
  }, maxRounds, outOfTime);
  const changed = file !== undefined ? result.texts.get(file) : undefined;
  return { text: changed ?? text, edits: changed !== undefined ? result.edits.get(file!) ?? [] : [], rounds: result.rounds };
}

const never = () => false;

/** A value as a computation of no steps. */
function* done<T>(value: T): Steps<T> {
  return value;
}

export interface FixAllFilesResult {
  /** The new text of every file a fix changed, by path. */
  texts: Map<string, string>;
  /** For each of them, edits of its first text that make the new one (see composeEdits). */
  edits: Map<string, TextEdit[]>;
  /** The findings whose fix was applied, over all rounds. */
  applied: Diagnostic[];
  rounds: number;
}

/** A round's change to one file, kept until the next check says whether it parses as well as before. */
interface RoundChange {
  text: string | undefined;
  edits: TextEdit[] | undefined;
  syntax: number;
  applied: Diagnostic[];
}

const identity = (d: Diagnostic) => `${d.doc.path}\0${d.rule}\0${d.offset}\0${d.message}`;

/**
 * Fix-all over a root and the files it references: `check` sees every file's current text (the
 * changed ones in `texts`) and returns the diagnostics of all of them; each round applies the first
 * fixes that do not overlap in each file. A fix that edits a referenced file applies there.
 */
export function fixAllFiles(check: (texts: ReadonlyMap<string, string>) => readonly Diagnostic[], maxRounds = 10): FixAllFilesResult {
  return drain(fixAllFilesSteps((texts) => done(check(texts)), maxRounds, never));
}

function* fixAllFilesSteps(check: (texts: ReadonlyMap<string, string>) => Steps<readonly Diagnostic[]>,
  maxRounds: number, outOfTime: () => boolean): Steps<FixAllFilesResult> {
  const texts = new Map<string, string>();
  // The rounds' edits as edits of each file's first text: an editor applies each fix where it is,
  // where one edit from the first fix to the last rewrote 2.4 MB of a 4 MB document.
  const edits = new Map<string, TextEdit[]>();
  const applied: Diagnostic[] = [];
  /** Fixes a round may apply per file, once a round there had to be undone. */
  const limits = new Map<string, number>();
  /** Findings whose fix alone breaks the file's syntax. */
  const broken = new Set<string>();
  let last = new Map<string, RoundChange>();
  let rounds = 0;
  // Undone rounds do not count as rounds, but are bounded too: each halves a limit or skips a fix.
  // The check after the last round is what tells whether that round must be undone.
  for (let attempt = 0; attempt < maxRounds * 4; attempt++) {
    const diagnostics = yield* check(texts);
    const syntax = new Map<string, number>();
    for (const d of diagnostics) if (d.rule === 'syntax') syntax.set(d.doc.path, (syntax.get(d.doc.path) ?? 0) + 1);
    let undone = false;
    for (const [file, change] of last) {
      if ((syntax.get(file) ?? 0) <= change.syntax) continue;
      undone = true;
      if (change.text === undefined) texts.delete(file);
      else texts.set(file, change.text);
      if (change.edits === undefined) edits.delete(file);
      else edits.set(file, change.edits);
      removeAll(applied, new Set(change.applied));
      if (change.applied.length === 1) broken.add(identity(change.applied[0]));
      limits.set(file, Math.max(1, change.applied.length >> 1));
    }
    last = new Map();
    if (undone) continue;
    // What is done so far is kept: each round's fixes stand, and the check just made kept them.
    if (rounds >= maxRounds || (rounds > 0 && outOfTime())) break;
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) {
      if (!automaticFix(d) || broken.has(identity(d))) continue;
      let list = byFile.get(d.doc.path);
      if (!list) byFile.set(d.doc.path, (list = []));
      list.push(d);
    }
    for (const [file, list] of byFile) {
      const chosen: Diagnostic[] = [];
      const round = nonOverlappingEdits(list, chosen, limits.get(file));
      if (round.length === 0) continue;
      last.set(file, { text: texts.get(file), edits: edits.get(file), syntax: syntax.get(file) ?? 0, applied: chosen });
      for (const d of chosen) applied.push(d); // a loop: 200,000 arguments overflow the stack
      const text = list[0].doc.text;
      texts.set(file, applyEdits(text, round));
      edits.set(file, composeEdits(edits.get(file) ?? [], round, text));
    }
    if (last.size === 0) break;
    rounds++;
  }
  return { texts, edits, applied, rounds };
}

/** Removes the members of `gone` from `list` in one pass (a round of 100,000 fixes can be undone). */
function removeAll<T>(list: T[], gone: ReadonlySet<T>): void {
  let kept = 0;
  for (const item of list) if (!gone.has(item)) list[kept++] = item;
  list.length = kept;
}
