// openapi-check diff on a real release pair, installed on demand (pinned, into .diff-corpus/):
// Blockfrost's description from 0.1.86 to 0.1.92 reports exactly the changes in
// test/diff-releases/, which its comment holds against the package's changelog.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import { cli } from '../../helpers/cli';
import { REPO_ROOT } from '../../helpers/paths';

const PAIR = ['0.1.86', '0.1.92'];
const documentOf = (version: string) =>
  path.join(REPO_ROOT, '.diff-corpus', `@blockfrost+openapi@${version}`, 'node_modules', '@blockfrost', 'openapi', 'openapi.yaml');

describe('diff of real releases', { timeout: 300_000 }, () => {
  before(() => {
    const packages = PAIR.map((v) => `@blockfrost/openapi@${v}`);
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'diff-corpus.mjs'), ...packages], { stdio: 'inherit' });
    assert.equal(r.status, 0, 'the pinned releases install');
  });

  it('Blockfrost 0.1.86 -> 0.1.92: the changes its changelog announces, and three it does not', () => {
    const r = cli(['diff', documentOf(PAIR[0]), documentOf(PAIR[1]), '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const actual = (JSON.parse(r.stdout) as { level: string; id: string; message: string }[]).map((c) => `${c.level} ${c.id} ${c.message}`);
    const expected = fs
      .readFileSync(path.join(REPO_ROOT, 'test', 'diff-releases', 'blockfrost-0.1.86-0.1.92.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    assert.deepEqual(actual, expected);
  });
});
