// The catalog of change kinds is complete and consistent, like the rules': every kind has its file
// (named by its id), is registered sorted, has a current page under docs/diff/, fixtures that
// show it, and a row in the README.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { KINDS } from '../../../server/src/diff/kinds/index';
import { DIFF_LEVELS } from '../../../server/src/diff/types';
import { diffCases, expectedLines } from '../../helpers/diff-fixtures';
import { REPO_ROOT } from '../../helpers/paths';
import { diffKindDoc, diffKindDocPath, withReadmeKindTable } from '../../tools/diff-docs';
import { README_PATH } from '../../tools/rule-docs';

const KINDS_DIR = path.join(REPO_ROOT, 'server', 'src', 'diff', 'kinds');
const RULE_IDS_DIR = path.join(REPO_ROOT, 'server', 'src', 'rules');

describe('change kind catalog', () => {
  it('has one file per kind, named by its id, each registered, sorted, without duplicates', () => {
    const files = fs
      .readdirSync(KINDS_DIR)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3));
    const ids = KINDS.map((k) => k.id);
    assert.deepEqual(files.sort(), [...ids].sort());
    assert.deepEqual(ids, [...new Set(ids)].sort());
    for (const kind of KINDS)
      assert.match(fs.readFileSync(path.join(KINDS_DIR, `${kind.id}.ts`), 'utf8'), new RegExp(`id: '${kind.id}'`));
  });

  it('shares no id with a rule (one configuration file holds both)', () => {
    const rules = new Set(fs.readdirSync(RULE_IDS_DIR).map((f) => f.replace(/\.ts$/, '')));
    assert.deepEqual(
      KINDS.filter((k) => rules.has(k.id)).map((k) => k.id),
      [],
    );
  });

  it('has a page for every kind and none for a kind that does not exist; the README lists them all', () => {
    const pages = fs
      .readdirSync(path.join(REPO_ROOT, 'docs', 'diff'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.slice(0, -3));
    assert.deepEqual(pages.sort(), KINDS.map((k) => k.id).sort());
    const readme = fs.readFileSync(README_PATH, 'utf8');
    assert.equal(readme, withReadmeKindTable(readme, KINDS), 'npm run docs');
  });

  it('has a fixture folder for every kind and none for a kind that does not exist', () => {
    const folders = fs.readdirSync(path.join(REPO_ROOT, 'test', 'diff')).filter((f) => f !== 'no-change');
    assert.deepEqual(folders.sort(), KINDS.map((k) => k.id).sort());
  });

  for (const kind of KINDS) {
    it(`${kind.id}: metadata, fixtures that show it, a current page`, () => {
      assert.ok(DIFF_LEVELS.includes(kind.level));
      assert.ok(kind.description.length > 20 && kind.rationale.length > 20);
      for (const text of [kind.description, kind.rationale, ...Object.values(kind.messages)])
        assert.doesNotMatch(text, /§/);
      for (const message of Object.values(kind.messages))
        assert.doesNotMatch(message, /`/, `plain text, no backticks: ${message}`);
      const cases = diffCases(kind.id);
      assert.ok(cases.length > 0, `test/diff/${kind.id}/ has a case`);
      assert.ok(
        cases.some((c) => expectedLines(c).some((l) => l.split(' ')[1] === kind.id)),
        'a case shows the kind',
      );
      assert.equal(
        fs.readFileSync(diffKindDocPath(kind), 'utf8'),
        diffKindDoc(kind),
        `docs/diff/${kind.id}.md is current (npm run docs)`,
      );
    });
  }

  it('covers single- and multi-file, YAML and JSON fixtures, and the no-ops', () => {
    const all = diffCases();
    assert.ok(all.some((c) => c.newRoot.endsWith('.json')) && all.some((c) => c.newRoot.endsWith('.yaml')));
    assert.ok(
      all.some((c) => fs.readdirSync(path.join(c.dir, 'new')).length > 1),
      'a multi-file case',
    );
    assert.deepEqual(
      diffCases('no-change').map((c) => c.name),
      ['anyof-constraint', 'moved-schema', 'ref-cycle-across-files', 'reformatted-yaml-to-json', 'renamed-components', 'reordered-keys'],
    );
  });
});
