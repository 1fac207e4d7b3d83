// The CLI's three output formats. JSON is a contract other tools rely on; SARIF is what GitHub
// code scanning reads.
import { Rule, Severity } from '../check/types';
import { Finding } from './findings';

export function formatText(findings: Finding[], fileCount: number): string {
  const lines = findings.map((f) => `${f.file}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.rule} ${f.message}`);
  const count = (s: Severity) => findings.filter((f) => f.severity === s).length;
  const total = findings.length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(
    total === 0
      ? `No problems in ${plural(fileCount, 'file')}.`
      : `${plural(total, 'problem')} (${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${count('information')} information, ${plural(count('hint'), 'hint')}) in ${plural(fileCount, 'file')}.`,
  );
  return lines.join('\n') + '\n';
}

export function formatJson(findings: Finding[]): string {
  return JSON.stringify(findings.map(({ file, rule, severity, message, range }) => ({ file, rule, severity, message, range })), null, 2) + '\n';
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

export function formatSarif(findings: Finding[], rules: readonly Rule[], version: string): string {
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'openapi-check',
            semanticVersion: version,
            version,
            rules: rules.map((r) => ({
              id: r.id,
              name: r.id.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase()),
              shortDescription: { text: r.description },
              fullDescription: { text: r.description },
              help: { text: r.description, markdown: `${r.description}\n\nSee docs/rules/${r.id}.md.` },
              defaultConfiguration: { level: SARIF_LEVEL[r.severity], enabled: !r.offByDefault },
              properties: { tags: ['openapi'] },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: findings.map((f) => ({
          ruleId: f.rule,
          ruleIndex: index.get(f.rule) ?? -1,
          level: SARIF_LEVEL[f.severity],
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: f.file.split('\\').join('/').replace(/^\.\//, '') },
                region: {
                  startLine: f.range.start.line + 1,
                  startColumn: f.range.start.character + 1,
                  endLine: f.range.end.line + 1,
                  endColumn: f.range.end.character + 1,
                },
              },
            },
          ],
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
