// The verdicts on the error findings of the unseen-documents check (test/corpus/unseen-verdicts.json), and
// how a run's findings compare with them. A finding is keyed by package, file inside the package, rule,
// JSON pointer of its node and a hash of its message: not by line, so that an edit elsewhere in a rule or
// a new package version that leaves the finding as it was keeps its verdict.
import { createHash } from 'crypto';

export interface VerdictGroup {
  /** The rule of its findings; `*` for a situation that gives findings of several rules. */
  rule: string;
  /** true: the document really breaks a MUST of OpenAPI 3.0.3, its schema or YAML/JSON; false: our error is wrong. */
  verdict: boolean;
  /** Why, citing the section of the OpenAPI 3.0.3 text. */
  reason: string;
  /** A minimal snippet of the situation (false verdicts). */
  snippet?: string;
  /** For a false verdict not fixed yet: where the fix is tracked. Its findings are expected to be reported meanwhile. */
  open?: string;
}

export interface Verdicts {
  groups: Record<string, VerdictGroup>;
  /** Finding key to the id of its group. */
  findings: Record<string, string>;
}

export interface UnseenFinding {
  package: string;
  /** The file the finding is in, inside its package. */
  path: string;
  rule: string;
  severity: string;
  message: string;
  pointer: string;
  line: number;
}

export function messageHash(message: string): string {
  return createHash('sha1').update(message).digest('hex').slice(0, 8);
}

/** `package path rule pointer hash`: the pointer is whatever lies between the third space and the last. */
export function findingKey(f: Pick<UnseenFinding, 'package' | 'path' | 'rule' | 'pointer' | 'message'>): string {
  return `${f.package} ${f.path} ${f.rule} ${f.pointer} ${messageHash(f.message)}`;
}

export interface Judgement {
  errors: number;
  judgedTrue: number;
  /** Judged-false errors still reported, by group id. */
  judgedFalse: Map<string, UnseenFinding[]>;
  /** Error findings with no verdict, by key. */
  unjudged: Map<string, UnseenFinding>;
  /** Verdict keys no error of the run has: the finding went away (a fix) or changed (a new message). */
  stale: string[];
}

/**
 * Compares the error findings of a run with the verdicts. `covered` limits the stale keys to the packages
 * and files that were checked (a run over a slice says nothing of the other verdicts).
 */
export function judge(findings: readonly UnseenFinding[], verdicts: Verdicts, covered?: (key: string) => boolean): Judgement {
  const judgement: Judgement = { errors: 0, judgedTrue: 0, judgedFalse: new Map(), unjudged: new Map(), stale: [] };
  const seen = new Set<string>();
  for (const f of findings) {
    if (f.severity !== 'error') continue;
    judgement.errors++;
    const key = findingKey(f);
    seen.add(key);
    const groupId = verdicts.findings[key];
    const group = groupId === undefined ? undefined : verdicts.groups[groupId];
    if (!group) judgement.unjudged.set(key, f);
    else if (group.verdict) judgement.judgedTrue++;
    else judgement.judgedFalse.set(groupId, [...(judgement.judgedFalse.get(groupId) ?? []), f]);
  }
  judgement.stale = Object.keys(verdicts.findings).filter((key) => !seen.has(key) && (!covered || covered(key)));
  return judgement;
}

/** Judged-false errors of groups that are not marked open: what must never be reported. */
export function unexpectedFalse(judgement: Judgement, verdicts: Verdicts): string[] {
  return [...judgement.judgedFalse.keys()].filter((id) => !verdicts.groups[id].open);
}

/** Problems with the verdicts file itself: findings pointing at no group, groups without a reason. */
export function verdictsProblems(verdicts: Verdicts): string[] {
  const problems: string[] = [];
  for (const [key, id] of Object.entries(verdicts.findings)) {
    if (!verdicts.groups[id]) problems.push(`${key}: no group ${id}`);
    else if (verdicts.groups[id].rule !== '*' && key.split(' ')[2] !== verdicts.groups[id].rule) problems.push(`${key}: its rule is not ${verdicts.groups[id].rule} (group ${id})`);
  }
  for (const [id, group] of Object.entries(verdicts.groups)) {
    if (!group.reason) problems.push(`group ${id} has no reason`);
    if (group.verdict && group.open) problems.push(`group ${id} is judged true and marked open`);
  }
  return problems;
}
