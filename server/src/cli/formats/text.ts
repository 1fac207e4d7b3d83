// The terminal's format: one finding per line, `path:line:column severity rule-id message`
// (1-based), then a summary line.
import { countBySeverity, Finding } from '../findings';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How many input files were checked, and how many could not be (their reasons went to stderr). */
export interface FileCounts {
  checked: number;
  notChecked: number;
  /** The checked files' absolute paths: findings elsewhere are in files they reference. */
  inputs?: ReadonlySet<string>;
}

export function formatText(findings: readonly Finding[], files: FileCounts): string {
  const lines = findings.map((f) => `${f.file}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.rule} ${f.message}`);
  lines.push(summaryLine(findings, files));
  return lines.join('\n') + '\n';
}

/** ` and 2 files they reference` when findings are in files the checked ones reference (else nothing). */
function referencedWithFindings(findings: readonly Finding[], files: FileCounts): string {
  const inputs = files.inputs;
  if (!inputs) return '';
  const referenced = new Set(findings.filter((f) => !inputs.has(f.path)).map((f) => f.path)).size;
  if (referenced === 0) return '';
  return ` and ${plural(referenced, 'file')} ${files.checked === 1 ? 'it references' : 'they reference'}`;
}

/** A file that was not checked is never counted as one without problems. */
export function summaryLine(findings: readonly Finding[], files: FileCounts): string {
  const notChecked = `${plural(files.notChecked, 'file')} could not be checked.`;
  if (files.checked === 0 && files.notChecked > 0) return notChecked;
  const count = countBySeverity(findings);
  const checked = plural(files.checked, 'file') + referencedWithFindings(findings, files);
  const parts = `${plural(count.error, 'error')}, ${plural(count.warning, 'warning')}, ${count.information} information, ${plural(count.hint, 'hint')}`;
  const found = findings.length === 0 ? `No problems in ${checked}` : `${plural(findings.length, 'problem')} (${parts}) in ${checked}`;
  return files.notChecked === 0 ? `${found}.` : `${found}; ${notChecked}`;
}
