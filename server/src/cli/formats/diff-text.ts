// The terminal's format of a diff: one change per line, `file:line:column level kind message`
// (1-based, at the change's place in the new version, else in the base), then a summary line.
import { DiffLevel } from '../../diff/types';
import { DiffFinding, primaryPlace } from '../diff-findings';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function countByLevel(findings: readonly DiffFinding[]): Record<DiffLevel, number> {
  const counts: Record<DiffLevel, number> = { breaking: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.level]++;
  return counts;
}

export function formatDiffText(findings: readonly DiffFinding[], base: string, next: string): string {
  const lines = findings.map((f) => {
    const place = primaryPlace(f);
    return `${place.file}:${place.range.start.line + 1}:${place.range.start.character + 1} ${f.level} ${f.id} ${f.message}`;
  });
  lines.push(diffSummary(findings, base, next));
  return lines.join('\n') + '\n';
}

export function diffSummary(findings: readonly DiffFinding[], base: string, next: string): string {
  if (findings.length === 0) return `No changes from ${base} to ${next}.`;
  const count = countByLevel(findings);
  return `${plural(findings.length, 'change')} (${count.breaking} breaking, ${plural(count.warning, 'warning')}, ${count.info} info) from ${base} to ${next}.`;
}
