// Code Climate issues, the format of GitLab's code quality report
// (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format). The fingerprint
// is the baseline's identity of a finding, so an issue keeps it across unrelated edits.
import { Severity } from '../../check/types';
import { Finding } from '../findings';
import { findingIdentity } from '../baseline';

const SEVERITY: Record<Severity, string> = { error: 'major', warning: 'minor', information: 'info', hint: 'info' };

export function formatCodeClimate(findings: readonly Finding[], baseDir: string): string {
  const occurrences = new Map<string, number>();
  const issues = findings.map((f) => {
    const identity = findingIdentity(f, baseDir);
    // The same finding twice in one place still needs two fingerprints.
    const seen = occurrences.get(identity.key) ?? 0;
    occurrences.set(identity.key, seen + 1);
    return {
      type: 'issue',
      check_name: f.rule,
      description: f.message,
      categories: [f.severity === 'error' ? 'Bug Risk' : 'Style'],
      severity: SEVERITY[f.severity],
      fingerprint: identity.fingerprint + (seen ? `-${seen}` : ''),
      location: { path: f.file.split('\\').join('/').replace(/^\.\//, ''), lines: { begin: f.range.start.line + 1, end: f.range.end.line + 1 } },
    };
  });
  return JSON.stringify(issues, null, 2) + '\n';
}
