// openapi-check keeps V8's young generation at 16 MiB (cli/v8-tuning.ts): every node of a parse
// survives, and V8 would double it to 32 MiB, resident until the process ends. V8's own trace
// (--trace-gc-verbose, on stdout) tells the young generation's size after each collection.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../../helpers/cli';
import { largeDescription } from '../../helpers/large-description';
import { CLI } from '../../helpers/paths';

/** The young generation's committed sizes in KB, one per collection, from V8's verbose trace. */
function youngGenerationSizes(trace: string): number[] {
  return [...trace.matchAll(/New space,.*committed:\s*(\d+) KB/g)].map((m) => Number(m[1]));
}

describe('the CLI and V8 young generation', () => {
  let dir: string;
  let api: string;
  before(() => {
    dir = tempDir();
    api = path.join(dir, 'api.yaml');
    fs.writeFileSync(api, largeDescription(8000));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('grows it to 16 MiB and no further while checking a 6 MB description', () => {
    const report = path.join(dir, 'report.json');
    const r = spawnSync(process.execPath, ['--trace-gc-verbose', CLI, '--format', 'json', '--output', report, api], {
      cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
    });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    const sizes = youngGenerationSizes(r.stdout);
    assert.ok(sizes.length > 10, `V8 traced ${sizes.length} collections`);
    assert.equal(Math.max(...sizes), 16 * 1024, `committed sizes: ${[...new Set(sizes)].join(', ')} KB`);
    assert.ok(JSON.parse(fs.readFileSync(report, 'utf8')).length > 0, 'the check reported its findings');
  });
});
