// A baseline: the findings a team accepts for now, so CI fails only on new ones. A finding's
// identity survives unrelated edits: rule id, file (relative to the baseline's folder), the JSON
// Pointer of the node it starts in and a hash of its message; never a line number. The file is
// sorted JSON with one finding per line, so a change to it reads well in a diff.
import { Finding, relativeName, shortHash } from './findings';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  file: string;
  pointer: string;
  rule: string;
  hash: string;
  /** How many findings share this identity (written only above 1). */
  count?: number;
  /** For the reader of the file; not part of the identity. */
  message: string;
}

export interface FindingIdentity {
  key: string;
  /** A hash of the key, for formats that want one string (code quality fingerprints). */
  fingerprint: string;
  entry: BaselineEntry;
}

export function findingIdentity(f: Finding, baseDir: string): FindingIdentity {
  const file = relativeName(baseDir, f.path);
  const entry: BaselineEntry = { file, pointer: f.pointer, rule: f.rule, hash: shortHash(f.message), message: f.message };
  const key = keyOf(entry);
  return { key, fingerprint: shortHash(key), entry };
}

const keyOf = (e: Pick<BaselineEntry, 'file' | 'pointer' | 'rule' | 'hash'>) => `${e.rule}\0${e.file}\0${e.pointer}\0${e.hash}`;

/** The baseline file's text for these findings. */
export function writeBaseline(findings: readonly Finding[], baseDir: string): string {
  const entries = new Map<string, BaselineEntry>();
  for (const f of findings) {
    const { key, entry } = findingIdentity(f, baseDir);
    const existing = entries.get(key);
    if (existing) existing.count = (existing.count ?? 1) + 1;
    else entries.set(key, entry);
  }
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...entries.values()].sort((a, b) => compare(a.file, b.file) || compare(a.pointer, b.pointer) || compare(a.rule, b.rule) || compare(a.hash, b.hash));
  const lines = sorted.map((e) => '    ' + JSON.stringify({ file: e.file, pointer: e.pointer, rule: e.rule, hash: e.hash, ...(e.count ? { count: e.count } : {}), message: e.message }));
  return `{\n  "version": ${BASELINE_VERSION},\n  "findings": [\n${lines.join(',\n')}${lines.length ? '\n' : ''}  ]\n}\n`;
}

export class BaselineError extends Error {}

export interface Baseline {
  /** Remaining count per identity key. */
  counts: Map<string, number>;
  /** The file of each key (relative to the baseline's folder), to tell which were checked. */
  files: Map<string, string>;
}

export function readBaseline(text: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new BaselineError(`it is not JSON: ${(e as Error).message}`);
  }
  const findings = (value as { findings?: unknown } | null)?.findings;
  if (!Array.isArray(findings)) throw new BaselineError('it has no `findings` list (write one with --write-baseline).');
  const counts = new Map<string, number>();
  const files = new Map<string, string>();
  for (const item of findings) {
    const e = item as Partial<BaselineEntry> | null;
    if (!e || typeof e.file !== 'string' || typeof e.pointer !== 'string' || typeof e.rule !== 'string' || typeof e.hash !== 'string') {
      throw new BaselineError(`an entry lacks file, pointer, rule or hash: ${JSON.stringify(item)}`);
    }
    const key = keyOf(e as BaselineEntry);
    counts.set(key, (counts.get(key) ?? 0) + (typeof e.count === 'number' && e.count > 1 ? e.count : 1));
    files.set(key, e.file);
  }
  return { counts, files };
}

export interface BaselineOutcome {
  /** Findings not in the baseline: the ones to report. */
  fresh: Finding[];
  /** Findings the baseline accepts. */
  known: number;
  /** Baselined findings in the checked files that no longer occur. */
  fixed: number;
}

/** Splits findings into new and known; counts the baselined ones of the checked files that are gone. */
export function applyBaseline(baseline: Baseline, findings: readonly Finding[], baseDir: string, checkedPaths: ReadonlySet<string>): BaselineOutcome {
  const remaining = new Map(baseline.counts);
  const fresh: Finding[] = [];
  let known = 0;
  for (const f of findings) {
    const { key } = findingIdentity(f, baseDir);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      known++;
    } else fresh.push(f);
  }
  const checked = new Set([...checkedPaths].map((p) => relativeName(baseDir, p)));
  let fixed = 0;
  for (const [key, left] of remaining) if (left > 0 && checked.has(baseline.files.get(key)!)) fixed += left;
  return { fresh, known, fixed };
}
