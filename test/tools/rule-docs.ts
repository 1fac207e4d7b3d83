// docs/rules/<id>.md from each rule's metadata and its first invalid fixture (with the
// diagnostics as annotations) and fixed text. The meta test checks the committed docs match.
import * as fs from 'fs';
import * as path from 'path';
import { Rule } from '../../server/src/check/types';
import { specLink } from '../../server/src/model/facts';
import { fixedFileFor, rootFixtures } from '../helpers/fixtures';
import { fixturePath, REPO_ROOT } from '../helpers/paths';

const SEVERITY: Record<string, string> = { error: 'Error', warning: 'Warning', information: 'Information', hint: 'Hint' };

export function ruleDoc(rule: Rule): string {
  const lines: string[] = [`# \`${rule.id}\``, '', rule.description, ''];
  lines.push(`- Default severity: **${SEVERITY[rule.severity]}**${rule.offByDefault ? ' (off unless turned on in the configuration)' : ''}`);
  if (rule.tags?.length) lines.push(`- Tags: ${rule.tags.join(', ')} (editors show these findings faded or struck through)`);
  const dir = fixturePath('rules', rule.id);
  const fixtures = fs.existsSync(dir) ? rootFixtures(dir) : [];
  const invalid = fixtures.filter((f) => f.kind === 'invalid');
  const fixable = invalid.some((f) => fs.existsSync(fixedFileFor(f.file)));
  lines.push(`- Quick fix: ${!fixable ? 'no' : rule.pickedFixes ? `yes, when picked (Fix all and \`--fix\` leave it): ${rule.pickedFixes}` : 'yes'}`);
  lines.push(`- Versions checked: ${(rule.versions ?? ['3.0']).map((v) => `OpenAPI ${v}`).join(', ')}`, '');
  if (rule.rationale) lines.push('## Why it matters', '', rule.rationale, '');
  if (rule.severityNote) lines.push('## Severity', '', rule.severityNote, '');
  if (rule.versionNote) lines.push('## Versions', '', rule.versionNote, '');
  if (rule.spec?.length) {
    const links = rule.spec.map((heading) => `[${heading}](${specLink(heading)})`);
    lines.push('## Specification', '', `OpenAPI 3.0.3: ${links.join(', ')}.`, '');
  }
  lines.push('## Messages', '', ...Object.values(rule.messages).map((m) => `- ${m}`), '');
  // The plain `invalid.yaml` when there is one: the other fixtures show corners of the rule.
  const example = invalid.find((f) => path.basename(f.file) === 'invalid.yaml') ?? invalid.find((f) => f.file.endsWith('.yaml')) ?? invalid[0];
  if (example) {
    const lang = example.file.endsWith('.json') ? 'json' : 'yaml';
    lines.push('## Example', '', 'Each `^^^` line marks the characters a finding points at.', '', '```' + lang, fs.readFileSync(example.file, 'utf8').trimEnd(), '```', '');
    const fixed = fixedFileFor(example.file);
    if (fs.existsSync(fixed)) lines.push('After the quick fixes:', '', '```' + lang, fs.readFileSync(fixed, 'utf8').trimEnd(), '```', '');
  }
  lines.push('## Configuration', '', 'In `.openapi-check.json` (or `.openapi-check.yaml`) next to the document or in a folder above it:', '', '```json', JSON.stringify({ rules: { [rule.id]: rule.severity === 'error' ? 'warning' : 'error' } }, null, 2), '```', '', 'Use `"off"` to turn the rule off.', '');
  // The package ships docs/rules/ without test/: only a link to the repository's copy works there.
  const repository = githubRepository();
  if (repository) lines.push(`More examples: [test/rules/${rule.id}/](${repository}/tree/HEAD/test/rules/${rule.id}/).`, '');
  return lines.join('\n');
}

/** The package's repository when it is on GitHub (`https://github.com/owner/name`), else undefined. */
export function githubRepository(): string | undefined {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { repository?: string | { url?: string } };
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const match = url ? /^(?:git\+)?https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(url) : null;
  return match ? `https://github.com/${match[1]}` : undefined;
}

export function ruleDocPath(rule: Rule): string {
  return path.join(REPO_ROOT, 'docs', 'rules', `${rule.id}.md`);
}

const SEVERITY_WORD: Record<string, string> = { error: 'error', warning: 'warning', information: 'information', hint: 'hint' };

/** The README's rule table (between `<!-- rules -->` and `<!-- /rules -->`). */
export function readmeRuleTable(rules: readonly Rule[]): string {
  const rows = [...rules].sort((a, b) => a.id.localeCompare(b.id)).map((rule) => {
    const dir = fixturePath('rules', rule.id);
    const fixable = fs.existsSync(dir) && rootFixtures(dir).some((f) => f.kind === 'invalid' && fs.existsSync(fixedFileFor(f.file)));
    const severity = SEVERITY_WORD[rule.severity] + (rule.offByDefault ? ' (off)' : '');
    return `| [\`${rule.id}\`](docs/rules/${rule.id}.md) | ${severity} | ${rule.description.replace(/\|/g, '\\|')} | ${!fixable ? '—' : rule.pickedFixes ? 'when picked' : 'yes'} |`;
  });
  return ['| Rule | Default | Checks | Fix |', '|---|---|---|---|', ...rows].join('\n');
}

export function withReadmeRuleTable(readme: string, rules: readonly Rule[]): string {
  // A function, not a replacement string: a description with "$`" (runtime expressions) would
  // otherwise insert the text before the match.
  return readme.replace(/<!-- rules -->[\s\S]*<!-- \/rules -->/, () => `<!-- rules -->\n${readmeRuleTable(rules)}\n<!-- /rules -->`);
}

export const README_PATH = path.join(REPO_ROOT, 'README.md');
