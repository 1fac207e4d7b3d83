// Findings after an edit that no rule can see: free text (descriptions, summaries, titles) carries
// no meaning for local rules, and a non-local rule that reads some (the merge fix compares Path
// Items' summaries) says so in Rule.readsValue; elsewhere the findings stay and only move.
import { SourceDocument } from '../model/documents';
import { TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { Diagnostic, EditedValue, Fix } from './types';

const FREE_TEXT = new Set(['description', 'summary', 'title']);
/**
 * Values rules validate (examples, defaults, enums). An extension's content is read by no rule, so
 * its free text is free text too; a `$ref` into it is a question for Rule.readsValue.
 */
const VALUES = new Set(['example', 'examples', 'default', 'enum', 'value']);

/** Whether a key names free text (a description, a summary, a title) where it is a field. */
export function isFreeTextKey(key: string | number | undefined): boolean {
  return typeof key === 'string' && FREE_TEXT.has(key);
}

/** Whether a scalar is free text that no rule reads (only its presence matters to them). */
export function isFreeText(node: SyntaxNode): boolean {
  if (typeof node.key !== 'string' || !FREE_TEXT.has(node.key) || node.parent?.kind !== 'object') return false;
  for (let n: SyntaxNode | undefined = node.parent; n; n = n.parent) {
    if (typeof n.key === 'string' && VALUES.has(n.key)) return false;
  }
  return true;
}

/**
 * Whether an edited value is free text written directly in the field of its object (a Schema's
 * `description`, a Path Item's `summary`): the value rules that read only meanings answer false for.
 */
export function isFreeTextValue(edited: EditedValue): boolean {
  return edited.field !== undefined && FREE_TEXT.has(edited.field) && edited.node.key === edited.field;
}

function shift(offset: number, length: number, edit: TextEdit, delta: number): { offset: number; length: number } {
  const end = edit.offset + edit.length;
  if (offset >= end) return { offset: offset + delta, length };
  if (offset <= edit.offset && offset + length >= end) return { offset, length: length + delta };
  return { offset, length };
}

/** A file's document now and the edits made in it since a finding was found; undefined when unedited. */
export type EditedFile = (path: string) => { doc: SourceDocument; edits: readonly TextEdit[] } | undefined;

/**
 * A copy of a finding moved through the edits made since it was found: its range and fixes by the
 * edits of its own file, each related place by those of the file it is in (another file may have
 * been edited too).
 */
export function movedDiagnostic(d: Diagnostic, editedFile: EditedFile): Diagnostic {
  // Per kept finding at every keystroke (1,250 in GitHub's description): loops and one object
  // literal of the finding's fields, and what ends before the edits (most of it) shared, not copied.
  const own = editedFile(d.doc.path);
  let related = d.related;
  for (let i = 0; i < related.length; i++) {
    if (editedFile(related[i].doc.path)) {
      related = d.related.map((r) => {
        const file = editedFile(r.doc.path);
        return file ? { ...r, ...movedRange(r.offset, r.length, file.edits), doc: file.doc } : r;
      });
      break;
    }
  }
  if (!own) return related === d.related ? d : { ...d, related };
  const { edits } = own;
  const place = endsBefore(d.offset, d.length, edits) ? d : movedRange(d.offset, d.length, edits);
  let fixes = d.fixes;
  for (let i = 0; i < fixes.length; i++) {
    if (!fixEndsBefore(fixes[i], edits)) {
      fixes = d.fixes.map((f) => (fixEndsBefore(f, edits) ? f : { ...f, edits: f.edits.map((e) => ({ ...e, ...movedRange(e.offset, e.length, edits) })) }));
      break;
    }
  }
  return { rule: d.rule, severity: d.severity, message: d.message, doc: own.doc, offset: place.offset, length: place.length, fixes, related, tags: d.tags };
}

function fixEndsBefore(fix: Fix, edits: readonly TextEdit[]): boolean {
  for (const e of fix.edits) if (!endsBefore(e.offset, e.length, edits)) return false;
  return true;
}

/** Whether a range ends before every edit, so none of them moves it (an insertion at its end grows it). */
function endsBefore(offset: number, length: number, edits: readonly TextEdit[]): boolean {
  for (const edit of edits) if (offset + length >= edit.offset) return false;
  return true;
}

/** An edited member's span before an edit: where the member starts, where its value starts and ends. */
export interface EditedSpan {
  memberStart: number;
  valueStart: number;
  valueEnd: number;
  /** The start of the line after the one the value and the edit end on. */
  nextLine: number;
  /** Whether the value grew or shrank by the edit alone (typed inside one line of it, past its start). */
  uniform: boolean;
}

/**
 * Whether every finding in a file (its range, each fix's edit, each related place) moves with an
 * edit of a value as `shift` moves it. A boundary before the member or past the line after the
 * value and the edit does; one at the value's start or end does when the value changed uniformly.
 * Any other one inside the member may be derived from its text (the first line of a block scalar)
 * and is not moved right, nor is one at a value the edit extended from outside (text typed after
 * `The ` joins the scalar): those findings are computed again.
 */
export function findingsMoveWithValue(lists: Iterable<readonly Diagnostic[]>, filePath: string, span: EditedSpan, edit: TextEdit): boolean {
  const { memberStart, nextLine, uniform, valueStart, valueEnd } = span;
  const beforeMember = edit.offset > memberStart;
  // A range may end at the end of the value's line, or of the line after (a fix that removes the
  // member removes its line): those ends are not the value's either.
  const safe = (x: number) => (beforeMember && x <= memberStart) || x > nextLine || (uniform && (x <= valueStart || x === valueEnd));
  const moves = (offset: number, length: number) => safe(offset) && safe(offset + length);
  for (const diagnostics of lists) {
    for (let i = 0; i < diagnostics.length; i++) {
      const d = diagnostics[i];
      if (d.doc.path === filePath) {
        if (!moves(d.offset, d.length)) return false;
        const fixes = d.fixes;
        for (let f = 0; f < fixes.length; f++) {
          const edits = fixes[f].edits;
          for (let e = 0; e < edits.length; e++) if (!moves(edits[e].offset, edits[e].length)) return false;
        }
      }
      const related = d.related;
      for (let r = 0; r < related.length; r++) if (related[r].doc.path === filePath && !moves(related[r].offset, related[r].length)) return false;
    }
  }
  return true;
}

/**
 * Moves findings (their ranges, fixes and related places) in `from` to the edited document, in
 * every list given (a check's findings per unit: 100,000 lists in a file with as many findings).
 * Ranges change in place: copying every finding's fixes at each keystroke took hundreds of
 * milliseconds in a file with 40,000 findings. Several findings may share a fix's edit or a related
 * place (of one or of several roots' checks, which all go through one call): each moves once.
 */
export function shiftDiagnostics(lists: Iterable<Iterable<readonly Diagnostic[]>>, from: string, to: SourceDocument, edit: TextEdit): void {
  const delta = edit.newText.length - edit.length;
  const start = edit.offset;
  const end = start + edit.length;
  // Shared fixes' edits and related places moved so far (a finding itself is in one list only).
  const moved = new Set<object>();
  // As `shift` moves a range: from the edit's end on, or around the edit; a range before it stays.
  const moveShared = (range: { offset: number; length: number }) => {
    const offset = range.offset;
    if (offset < end && (offset > start || offset + range.length < end)) return;
    if (moved.has(range)) return;
    moved.add(range);
    if (offset >= end) range.offset = offset + delta;
    else range.length += delta;
  };
  for (const check of lists) {
    for (const diagnostics of check) {
      for (let i = 0; i < diagnostics.length; i++) {
        const d = diagnostics[i];
        if (d.doc.path === from) {
          d.doc = to;
          if (delta !== 0) {
            if (d.offset >= end) d.offset += delta;
            else if (d.offset <= start && d.offset + d.length >= end) d.length += delta;
            const fixes = d.fixes;
            for (let f = 0; f < fixes.length; f++) {
              const edits = fixes[f].edits;
              for (let e = 0; e < edits.length; e++) moveShared(edits[e]);
            }
          }
        }
        const related = d.related;
        for (let r = 0; r < related.length; r++) {
          const place = related[r];
          if (place.doc.path !== from) continue;
          if (delta !== 0) moveShared(place);
          place.doc = to;
        }
      }
    }
  }
}

/**
 * Whether a range stays one range through edits: each edit is before it, after it, or inside it.
 * An edit that cuts across its start or end leaves no range `shift` could move it to, and text
 * inserted right at its start or end, or written by a replacement of its first or last characters,
 * may or may not belong to it: a line added after the member a fix deletes is not deleted with it,
 * nor the indentation a line break typed over its end adds.
 */
export function movesThrough(offset: number, length: number, edits: readonly TextEdit[]): boolean {
  for (const edit of edits) {
    const end = edit.offset + edit.length;
    if (edit.length === 0 && (edit.offset === offset || edit.offset === offset + length)) return false;
    if (edit.newText.length > 0 && (edit.offset === offset || end === offset + length)) return false;
    const before = offset + length <= edit.offset;
    const inside = offset <= edit.offset && offset + length >= end;
    if (!before && !inside && offset < end) return false;
    ({ offset, length } = shift(offset, length, edit, edit.newText.length - edit.length));
  }
  return true;
}

/** Where a range that moves through edits (see movesThrough) ends up. */
export function movedRange(offset: number, length: number, edits: readonly TextEdit[]): { offset: number; length: number } {
  for (const edit of edits) ({ offset, length } = shift(offset, length, edit, edit.newText.length - edit.length));
  return { offset, length };
}

/** Whether a finding, its fixes and its related places (in `edited`'s files) all move through the edits. */
export function findingMovesThrough(d: Diagnostic, edited: ReadonlyMap<string, readonly TextEdit[]>): boolean {
  const own = edited.get(d.doc.path);
  if (own && (!movesThrough(d.offset, d.length, own) || !d.fixes.every((f) => f.edits.every((e) => movesThrough(e.offset, e.length, own))))) return false;
  return d.related.every((r) => {
    const edits = edited.get(r.doc.path);
    return !edits || movesThrough(r.offset, r.length, edits);
  });
}
