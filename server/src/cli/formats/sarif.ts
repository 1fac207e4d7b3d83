// SARIF 2.1.0, what GitHub code scanning reads (github/codeql-action/upload-sarif).
import { Rule, Severity } from '../../check/types';
import { findingIdentity } from '../baseline';
import { Finding } from '../findings';

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** What SARIF lists of a rule: the checker's rules, and the diff's change kinds. */
export type SarifRule = Pick<Rule, 'id' | 'description' | 'severity' | 'offByDefault'>;

/** `docs`: the folder of the rules' pages (`docs/rules`, `docs/diff`). */
export function formatSarif(findings: readonly Finding[], rules: readonly SarifRule[], version: string, baseDir: string, docs = 'docs/rules'): string {
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
              help: { text: r.description, markdown: `${r.description}\n\nSee ${docs}/${r.id}.md.` },
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
          // The baseline's identity: code scanning keeps an alert across edits that move its lines.
          partialFingerprints: { 'openapiCheck/v1': findingIdentity(f, baseDir).fingerprint },
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
