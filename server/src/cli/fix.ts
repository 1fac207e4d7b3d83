// `--fix` and `--fix-dry-run`: the editor's fix-all (check/fix-all.ts) over each input and the
// files it references, one input after another so a shared file takes every root's fixes.
import { checkDocument } from '../check/checker';
import { fixAllFiles } from '../check/fix-all';
import { Severity } from '../check/types';
import { DocumentStore } from '../model/documents';
import { RULES } from '../rules/index';
import { FileJob } from './check-files';
import { atLeast, displayPath } from './findings';
import { filesWithOverlay } from './parallel';
import { keepYoungGenerationSmall } from './v8-tuning';

export interface FixedFile {
  path: string;
  /** As shown to the user. */
  file: string;
  before: string;
  after: string;
  /** Fixes applied, per rule id. */
  fixes: Map<string, number>;
}

export function fixInputs(jobs: readonly FileJob[], cwd: string, severity: Severity | undefined): FixedFile[] {
  // Texts after the fixes so far: later inputs see (and fix further) what earlier ones changed.
  const overlay = new Map<string, string>();
  const originals = new Map<string, string>();
  const fixes = new Map<string, Map<string, number>>();
  for (const job of jobs) {
    const check = (texts: ReadonlyMap<string, string>) => {
      const store = new DocumentStore(filesWithOverlay(new Map([...overlay, ...texts])));
      const result = checkDocument(store, job.absolute, { rules: RULES, config: job.config, skipNonOpenApi: job.viaGlob, atPause: keepYoungGenerationSmall });
      // Keep what each file said before any fix, for the diff.
      for (const doc of result.analysis?.documents ?? []) if (!originals.has(doc.path) && !overlay.has(doc.path) && !texts.has(doc.path)) originals.set(doc.path, doc.text);
      return result.diagnostics.filter((d) => !severity || atLeast(d.severity, severity));
    };
    const { texts, applied } = fixAllFiles(check);
    for (const [file, text] of texts) overlay.set(file, text);
    for (const d of applied) {
      let perRule = fixes.get(d.doc.path);
      if (!perRule) fixes.set(d.doc.path, (perRule = new Map()));
      perRule.set(d.rule, (perRule.get(d.rule) ?? 0) + 1);
    }
  }
  // In the order the checks read the files: each input, then what it references.
  return [...originals]
    .filter(([file, before]) => overlay.has(file) && overlay.get(file) !== before)
    .map(([file, before]) => ({ path: file, file: displayPath(file, cwd), before, after: overlay.get(file)!, fixes: fixes.get(file) ?? new Map() }));
}

/** `api.yaml: 3 fixes (path-leading-slash, ref-siblings 2)` */
export function describeFixes(fixed: FixedFile): string {
  const total = [...fixed.fixes.values()].reduce((a, b) => a + b, 0);
  const rules = [...fixed.fixes].map(([rule, n]) => (n > 1 ? `${rule} ${n}` : rule)).join(', ');
  return `${fixed.file}: ${total} fix${total === 1 ? '' : 'es'} (${rules})`;
}
