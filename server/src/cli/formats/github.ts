// GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff.
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
import { Severity } from '../../check/types';
import { Finding } from '../findings';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** The runner reads `%`, CR and LF escaped in a message, and also `:` and `,` in a property. */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(findings: readonly Finding[]): string {
  return findings
    .map((f) => {
      const { start, end } = f.range;
      const properties = [
        `file=${escapeProperty(f.file.split('\\').join('/'))}`,
        `line=${start.line + 1}`,
        `col=${start.character + 1}`,
        `endLine=${end.line + 1}`,
        `endColumn=${end.character + 1}`,
        `title=${escapeProperty(f.rule)}`,
      ];
      return `::${COMMAND[f.severity]} ${properties.join(',')}::${escapeData(f.message)}\n`;
    })
    .join('');
}
