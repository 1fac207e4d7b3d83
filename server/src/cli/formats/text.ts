// The terminal's format: one finding per line, `path:line:column severity rule-id message`
// (1-based), then a summary line.
import { countBySeverity, Finding } from '../findings';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatText(findings: readonly Finding[], fileCount: number): string {
  const lines = findings.map((f) => `${f.file}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.rule} ${f.message}`);
  lines.push(summaryLine(findings, fileCount));
  return lines.join('\n') + '\n';
}

export function summaryLine(findings: readonly Finding[], fileCount: number): string {
  const count = countBySeverity(findings);
  const files = plural(fileCount, 'file');
  if (findings.length === 0) return `No problems in ${files}.`;
  const parts = `${plural(count.error, 'error')}, ${plural(count.warning, 'warning')}, ${count.information} information, ${plural(count.hint, 'hint')}`;
  return `${plural(findings.length, 'problem')} (${parts}) in ${files}.`;
}
