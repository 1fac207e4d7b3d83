// The same finding can be reached twice (an object reached from two roots, or along two paths of
// one root): it is reported once. Compared field by field within its offset, without a string key
// per finding (100,000 keys with their messages cost tens of milliseconds and as much garbage).
import { TextEdit } from '../syntax/edit';
import { Diagnostic } from './types';

const same = (a: Diagnostic, b: Diagnostic) =>
  a.offset === b.offset && a.length === b.length && a.rule === b.rule && a.doc.path === b.doc.path && a.message === b.message;

/** What a user sees of a finding beyond its place and message: compared only when two copies differ. */
const extras = (d: Diagnostic) =>
  JSON.stringify([
    d.severity,
    d.fixes.map((f) => [f.title, f.edits]),
    d.related.map((r) => [r.doc.path, r.offset, r.length, r.message]),
    d.tags,
  ]);

/**
 * Whether `b` is kept over `a`, two copies of one finding. The copies can differ: a Path Item with a
 * `$ref` and fields beside it is checked as itself and as what it references, and only one of them
 * can offer the fix. An edit re-checks some objects and keeps the findings of others, so copies come
 * in another order than in a fresh check; the choice must not depend on it. More fixes win, then
 * more related places, then the text of the rest.
 */
function preferred(a: Diagnostic, b: Diagnostic): boolean {
  if (a.fixes.length !== b.fixes.length) return b.fixes.length > a.fixes.length;
  if (a.related.length !== b.related.length) return b.related.length > a.related.length;
  // Two roots reading one file give equal copies of each of its findings: told equal without text.
  if (sameExtras(a, b)) return false;
  const textA = extras(a);
  const textB = extras(b);
  return textA !== textB && textB < textA;
}

const sameEdit = (x: TextEdit, y: TextEdit) => x.offset === y.offset && x.length === y.length && x.newText === y.newText;

function sameExtras(a: Diagnostic, b: Diagnostic): boolean {
  if (a.severity !== b.severity || a.tags.length !== b.tags.length || a.tags.some((t, i) => t !== b.tags[i])) return false;
  for (let i = 0; i < a.fixes.length; i++) {
    const x = a.fixes[i];
    const y = b.fixes[i];
    if (x.title !== y.title || x.edits.length !== y.edits.length || x.edits.some((e, j) => !sameEdit(e, y.edits[j]))) return false;
  }
  return a.related.every((r, i) => {
    const o = b.related[i];
    return r.offset === o.offset && r.length === o.length && r.message === o.message && r.doc.path === o.doc.path;
  });
}

export class UniqueFindings {
  /** Each finding once, in the order first met; a copy preferred later takes its place. */
  readonly kept: Diagnostic[] = [];
  /** Per offset, the index in `kept` of the finding there, or of all of them when there are several. */
  private readonly byOffset = new Map<number, number | number[]>();

  add(d: Diagnostic): void {
    const there = this.byOffset.get(d.offset);
    if (there === undefined) {
      this.byOffset.set(d.offset, this.kept.length);
      this.kept.push(d);
      return;
    }
    const indexes = typeof there === 'number' ? [there] : there;
    for (const i of indexes) {
      if (!same(this.kept[i], d)) continue;
      if (preferred(this.kept[i], d)) this.kept[i] = d;
      return;
    }
    if (typeof there === 'number') this.byOffset.set(d.offset, [there, this.kept.length]);
    else there.push(this.kept.length);
    this.kept.push(d);
  }
}
