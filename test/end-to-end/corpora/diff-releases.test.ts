// openapi-check diff on real release pairs, installed on demand (pinned, into .diff-corpus/): each
// reports exactly the changes in its file in test/diff-releases/, whose comment holds them against
// what the release announced (Blockfrost's changelog; the octokit/openapi release's commit, which
// lists every path it removed).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import { cli } from '../../helpers/cli';
import { REPO_ROOT } from '../../helpers/paths';

interface Pair {
  name: string;
  from: string;
  to: string;
  /** The document inside the package. */
  file: string;
  title: string;
}

const PAIRS: Pair[] = [
  { name: '@blockfrost/openapi', from: '0.1.86', to: '0.1.92', file: 'openapi.yaml', title: 'the changes its changelog announces, and three it does not' },
  { name: '@octokit/openapi', from: '21.0.0', to: '22.0.0', file: 'generated/api.github.com.json', title: 'the 20 paths the release removes, the 25 operations it adds, and what it does not announce' },
];

const documentOf = (pair: Pair, version: string) =>
  path.join(REPO_ROOT, '.diff-corpus', `${pair.name.replace('/', '+')}@${version}`, 'node_modules', ...pair.name.split('/'), ...pair.file.split('/'));

const expectedOf = (pair: Pair) => fs
  .readFileSync(path.join(REPO_ROOT, 'test', 'diff-releases', `${pair.name.split('/')[0].slice(1)}-${pair.from}-${pair.to}.txt`), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'));

describe('diff of real releases', { timeout: 600_000 }, () => {
  before(() => {
    const packages = PAIRS.flatMap((p) => [`${p.name}@${p.from}`, `${p.name}@${p.to}`]);
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'diff-corpus.mjs'), ...packages], { stdio: 'inherit' });
    assert.equal(r.status, 0, 'the pinned releases install');
  });

  for (const pair of PAIRS) {
    it(`${pair.name} ${pair.from} -> ${pair.to}: ${pair.title}`, () => {
      const r = cli(['diff', documentOf(pair, pair.from), documentOf(pair, pair.to), '--format', 'json', '--fail-on', 'none']);
      assert.equal(r.code, 0, r.stderr);
      const actual = (JSON.parse(r.stdout) as { level: string; id: string; message: string }[]).map((c) => `${c.level} ${c.id} ${c.message}`);
      assert.deepEqual(actual, expectedOf(pair));
    });
  }
});
