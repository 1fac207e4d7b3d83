// JUnit XML, which most CI systems show as test results: one test suite per checked file, one
// failing test case per rule with findings in it (a clean file passes one case).
import { Finding } from '../findings';

/** Characters XML 1.0 cannot hold at all are dropped; markup characters are escaped. */
const escapeText = (s: string) =>
  s.replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

export function formatJunit(findings: readonly Finding[], checkedFiles: readonly string[]): string {
  const byFile = new Map<string, Map<string, Finding[]>>();
  for (const file of checkedFiles) byFile.set(file, new Map());
  for (const f of findings) {
    let rules = byFile.get(f.file);
    if (!rules) byFile.set(f.file, (rules = new Map()));
    let list = rules.get(f.rule);
    if (!list) rules.set(f.rule, (list = []));
    list.push(f);
  }
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const [file, rules] of byFile) {
    const cases: string[] = [];
    const name = escapeAttribute(file);
    if (rules.size === 0) cases.push(`    <testcase classname="${name}" name="openapi-check"/>`);
    for (const [rule, list] of rules) {
      const lines = list.map((f) => `${f.file}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.message}`);
      const severity = list[0].severity;
      const message = `${list.length} ${rule} finding${list.length === 1 ? '' : 's'}`;
      cases.push(
        `    <testcase classname="${name}" name="${escapeAttribute(rule)}">\n` +
          `      <failure type="${severity}" message="${escapeAttribute(message)}">${escapeText(lines.join('\n'))}</failure>\n` +
          `    </testcase>`,
      );
    }
    const failed = rules.size;
    tests += cases.length;
    failures += failed;
    suites.push(`  <testsuite name="${name}" tests="${cases.length}" failures="${failed}" errors="0">\n${cases.join('\n')}\n  </testsuite>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="openapi-check" tests="${tests}" failures="${failures}" errors="0">\n${suites.join('\n')}\n</testsuites>\n`;
}
