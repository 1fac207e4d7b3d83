// docs/diff/<kind>.md from each change kind's metadata and its first fixture (the base and new
// documents and the changes reported), and the README's table of kinds. The meta test checks that
// the committed pages match.
import * as fs from 'fs';
import * as path from 'path';
import { ChangeKind } from '../../server/src/diff/types';
import { diffCases } from '../helpers/diff-fixtures';
import { REPO_ROOT } from '../helpers/paths';

const LEVEL: Record<string, string> = { breaking: 'Breaking', warning: 'Warning', info: 'Info' };
const OTHER_LEVEL: Record<string, string> = { breaking: 'warning', warning: 'breaking', info: 'warning' };

function block(file: string): string[] {
  const lang = file.endsWith('.json') ? 'json' : 'yaml';
  return ['```' + lang, fs.readFileSync(file, 'utf8').trimEnd(), '```', ''];
}

export function diffKindDoc(kind: ChangeKind): string {
  const lines = [`# \`${kind.id}\``, '', kind.description, '', `- Default level: **${LEVEL[kind.level]}**`, ''];
  lines.push('## Why it matters', '', kind.rationale, '');
  lines.push('## Messages', '', ...Object.values(kind.messages).map((m) => `- ${m}`), '');
  const example = diffCases(kind.id)[0];
  if (example) {
    lines.push('## Example', '');
    for (const side of ['base', 'new'] as const) {
      const dir = path.join(example.dir, side);
      const files = listFiles(dir);
      lines.push(
        `${side === 'base' ? 'Base' : 'New'} version${files.length > 1 ? ` (${files.length} files)` : ''}:`,
        '',
      );
      for (const file of files) {
        if (files.length > 1) lines.push(`\`${path.relative(dir, file).split(path.sep).join('/')}\`:`, '');
        lines.push(...block(file));
      }
    }
    const changes = fs.readFileSync(path.join(example.dir, 'changes.txt'), 'utf8').trimEnd();
    lines.push(
      `\`openapi-check diff base/${example.baseRoot} new/${example.newRoot}\` reports (level, kind, operation, places as 0-based line:character, message):`,
      '',
    );
    lines.push('```text', changes, '```', '');
  }
  lines.push(
    '## Configuration',
    '',
    "In `.openapi-check.json` (or `.openapi-check.yaml`), the `diff` section sets a kind's level, or turns it off:",
    '',
  );
  lines.push('```json', JSON.stringify({ diff: { [kind.id]: OTHER_LEVEL[kind.level] } }, null, 2), '```', '');
  if (kind.id !== 'unused-acknowledgement') {
    lines.push('To accept one such change, acknowledge it where it happens in the new version, with a reason:', '');
    lines.push('```yaml', `# openapi-check-accept-next-line ${kind.id} -- <why this change is accepted>`, '```', '');
  }
  lines.push(`More examples: [test/diff/${kind.id}/](../../test/diff/${kind.id}/).`, '');
  return lines.join('\n');
}

function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(full);
    }
  };
  walk(dir);
  // The root first.
  return found.sort(
    (a, b) =>
      Number(/openapi\.(ya?ml|json)$/.test(b) && path.dirname(b) === dir) -
      Number(/openapi\.(ya?ml|json)$/.test(a) && path.dirname(a) === dir),
  );
}

export function diffKindDocPath(kind: ChangeKind): string {
  return path.join(REPO_ROOT, 'docs', 'diff', `${kind.id}.md`);
}

/** The README's table of change kinds (between `<!-- diff-kinds -->` and `<!-- /diff-kinds -->`). */
export function readmeKindTable(kinds: readonly ChangeKind[]): string {
  const rows = [...kinds]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(
      (kind) =>
        `| [\`${kind.id}\`](docs/diff/${kind.id}.md) | ${kind.level} | ${kind.description.replace(/\|/g, '\\|')} |`,
    );
  return ['| Change kind | Level | Reports |', '|---|---|---|', ...rows].join('\n');
}

export function withReadmeKindTable(readme: string, kinds: readonly ChangeKind[]): string {
  return readme.replace(
    /<!-- diff-kinds -->[\s\S]*<!-- \/diff-kinds -->/,
    () => `<!-- diff-kinds -->\n${readmeKindTable(kinds)}\n<!-- /diff-kinds -->`,
  );
}
