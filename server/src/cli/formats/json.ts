// The JSON contract other tools rely on: exactly these five keys per finding.
import { Finding } from '../findings';

export function formatJson(findings: readonly Finding[]): string {
  return JSON.stringify(findings.map(({ file, rule, severity, message, range }) => ({ file, rule, severity, message, range })), null, 2) + '\n';
}
