// The same finding can be reached twice (an object reached from two roots, or along two paths of
// one root): it is reported once. Compared field by field within its offset, without a string key
// per finding (100,000 keys with their messages cost tens of milliseconds and as much garbage).
import { Diagnostic } from './types';

const same = (a: Diagnostic, b: Diagnostic) =>
  a.offset === b.offset && a.length === b.length && a.rule === b.rule && a.doc.path === b.doc.path && a.message === b.message;

export class UniqueFindings {
  /** Per offset, the first finding there, or all of them when there are several. */
  private readonly byOffset = new Map<number, Diagnostic | Diagnostic[]>();

  /** Whether the finding is new (and now kept). */
  add(d: Diagnostic): boolean {
    const there = this.byOffset.get(d.offset);
    if (there === undefined) {
      this.byOffset.set(d.offset, d);
      return true;
    }
    if (!Array.isArray(there)) {
      if (same(there, d)) return false;
      this.byOffset.set(d.offset, [there, d]);
      return true;
    }
    for (const seen of there) if (same(seen, d)) return false;
    there.push(d);
    return true;
  }
}
