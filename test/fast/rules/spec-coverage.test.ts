// docs/spec-coverage.md lists every sentence of the 3.0.3 text that makes a construct ignored,
// undefined or legal only in a context: each row names the rules that check it, which must exist,
// or says why none does.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { RULE_IDS } from '../../../server/src/rules/index';
import { REPO_ROOT } from '../../helpers/paths';

const PAGE = path.join(REPO_ROOT, 'docs', 'spec-coverage.md');

/** The data rows of the page's tables: their cells, without the header and separator rows. */
function rows(text: string): { line: number; cells: string[] }[] {
  const found: { line: number; cells: string[] }[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.startsWith('| ') || line.startsWith('| Section')) return;
    // `\|` inside a cell is no separator.
    const cells = line.slice(2, -2).split(/ (?<!\\)\| /);
    found.push({ line: i + 1, cells });
  });
  return found;
}

describe('spec coverage page', () => {
  const text = fs.readFileSync(PAGE, 'utf8');
  const table = rows(text);

  it('has rows of three cells: the place, the quoted sentence, the rules or the reason', () => {
    assert.ok(table.length > 90, `${table.length} rows`);
    for (const { line, cells } of table) assert.equal(cells.length, 3, `line ${line} has ${cells.length} cells`);
  });

  it('names only rules that exist, each with a link to its page', () => {
    for (const match of text.matchAll(/\[`([a-z0-9-]+)`\]\(rules\/([a-z0-9-]+)\.md\)/g)) {
      assert.equal(match[1], match[2], `the link text and page of ${match[0]}`);
      assert.ok(RULE_IDS.has(match[1]), `${match[1]} is a rule`);
      assert.ok(fs.existsSync(path.join(REPO_ROOT, 'docs', 'rules', `${match[1]}.md`)), `docs/rules/${match[1]}.md exists`);
    }
  });

  it('gives every sentence a rule or a reason', () => {
    for (const { line, cells } of table) {
      const checkedBy = cells[2];
      const names = /\]\(rules\/[a-z0-9-]+\.md\)/.test(checkedBy);
      const reason = /^(Not checked|Nothing to (check|report)): .{20,}/.test(checkedBy);
      assert.ok(names || reason, `line ${line}: "${checkedBy}" names no rule and gives no reason`);
    }
  });
});
