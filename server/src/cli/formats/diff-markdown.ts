// A changelog of a diff for a pull request comment: a heading with the counts, then a section per
// level (breaking first) with the changes grouped by operation, each with its place.
import { DiffLevel } from '../../diff/types';
import { DiffFinding, primaryPlace } from '../diff-findings';
import { countByLevel } from './diff-text';

const TITLES: Record<DiffLevel, string> = { breaking: 'Breaking changes', warning: 'Warnings', info: 'Other changes' };
const ORDER: readonly DiffLevel[] = ['breaking', 'warning', 'info'];
/** Changes listed per level at most; a pull request comment has a size limit (65,536 characters on GitHub). */
const MAX_LISTED = 200;

/** Markdown text that shows as written: the characters that would start formatting are escaped. */
const escape = (text: string) => text.replace(/[\\`*_{}[\]<>#|~]/g, (c) => `\\${c}`);

export function formatDiffMarkdown(findings: readonly DiffFinding[], base: string, next: string): string {
  const count = countByLevel(findings);
  const lines = [`## API changes from \`${base.replace(/`/g, "'")}\` to \`${next.replace(/`/g, "'")}\``, ''];
  if (findings.length === 0) return lines.concat('No changes.', '').join('\n');
  lines.push(
    `**${count.breaking} breaking**, ${count.warning} warning${count.warning === 1 ? '' : 's'}, ${count.info} other.`,
    '',
  );
  for (const level of ORDER) {
    const ofLevel = findings.filter((f) => f.level === level);
    if (ofLevel.length === 0) continue;
    lines.push(`### ${TITLES[level]} (${ofLevel.length})`, '');
    const groups = new Map<string, DiffFinding[]>();
    for (const f of ofLevel.slice(0, MAX_LISTED)) {
      const key = f.operation ?? 'Whole API';
      let group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      group.push(f);
    }
    for (const [operation, group] of groups) {
      lines.push(`#### ${escape(operation)}`, '');
      for (const f of group) {
        const place = primaryPlace(f);
        lines.push(`- ${escape(f.message)} (\`${f.id}\`, ${escape(place.file)}:${place.range.start.line + 1})`);
      }
      lines.push('');
    }
    if (ofLevel.length > MAX_LISTED)
      lines.push(`…and ${ofLevel.length - MAX_LISTED} more; the full list: openapi-check diff --format text.`, '');
  }
  return lines.join('\n');
}
