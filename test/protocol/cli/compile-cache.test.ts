// openapi-check runs its bundle from a V8 code cache in the user's cache folder (cli/entry.ts): the
// first check writes it, later ones read it, and a cache that is damaged or turned off changes
// nothing the user sees.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../../helpers/cli';
import { largeDescription } from '../../helpers/large-description';
import { CLI } from '../../helpers/paths';

describe('the CLI code cache', () => {
  let dir: string;
  let api: string;
  before(() => {
    dir = tempDir();
    api = path.join(dir, 'api.yaml');
    fs.writeFileSync(api, largeDescription(1500));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const check = (env: NodeJS.ProcessEnv) => {
    const r = spawnSync(process.execPath, [CLI, '--format', 'json', api], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    return r.stdout;
  };
  const cacheFiles = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder) : []);

  it('is written by the first check, read by the next, with the same report', () => {
    const folder = path.join(dir, 'cache-a');
    const first = check({ OPENAPI_CHECK_COMPILE_CACHE_DIR: folder });
    const files = cacheFiles(folder);
    assert.equal(files.length, 1);
    assert.match(files[0], /^cli-main-\d+-\d+-v[\d.]+-\w+\.cache$/);
    const written = fs.statSync(path.join(folder, files[0]));
    assert.ok(written.size > 100_000, `a cache of ${written.size} bytes holds little compiled code`);
    const second = check({ OPENAPI_CHECK_COMPILE_CACHE_DIR: folder });
    assert.equal(second, first);
    // Accepted by V8: a rejected cache would have been written again.
    assert.deepEqual(cacheFiles(folder), files);
    assert.equal(fs.statSync(path.join(folder, files[0])).mtimeMs, written.mtimeMs);
    assert.ok(JSON.parse(first).length > 0);
  });

  it('is replaced when damaged, and the report stays the same', () => {
    const folder = path.join(dir, 'cache-b');
    const clean = check({ OPENAPI_CHECK_COMPILE_CACHE_DIR: folder });
    const [name] = cacheFiles(folder);
    fs.writeFileSync(path.join(folder, name), Buffer.alloc(4096, 7));
    assert.equal(check({ OPENAPI_CHECK_COMPILE_CACHE_DIR: folder }), clean);
    assert.ok(fs.statSync(path.join(folder, name)).size > 100_000);
  });

  it('is written after a check of a small file, not after printing the usage', () => {
    const folder = path.join(dir, 'cache-d');
    const usage = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8', env: { ...process.env, OPENAPI_CHECK_COMPILE_CACHE_DIR: folder } });
    assert.equal(usage.status, 0);
    assert.deepEqual(cacheFiles(folder), []);
    const small = path.join(dir, 'small.yaml');
    fs.writeFileSync(small, largeDescription(1));
    const r = spawnSync(process.execPath, [CLI, '--format', 'json', small], { encoding: 'utf8', env: { ...process.env, OPENAPI_CHECK_COMPILE_CACHE_DIR: folder } });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    assert.equal(cacheFiles(folder).length, 1);
  });

  it('is written and read by the worker processes of a run of several files too, with the same report', () => {
    const folder = path.join(dir, 'cache-e');
    const files = ['one.yaml', 'two.yaml'].map((name, i) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, largeDescription(20 + i));
      return file;
    });
    const run = () => {
      const r = spawnSync(process.execPath, [CLI, '--jobs', '2', '--format', 'json', ...files], {
        cwd: dir, encoding: 'utf8', env: { ...process.env, OPENAPI_CHECK_COMPILE_CACHE_DIR: folder },
      });
      assert.ok(r.status === 0 || r.status === 1, r.stderr);
      return r.stdout;
    };
    const first = run();
    const workerCaches = () => cacheFiles(folder).filter((f) => f.startsWith('cli-worker-main-'));
    const written = workerCaches();
    assert.equal(written.length, 1, `caches: ${cacheFiles(folder).join(', ')}`);
    assert.match(written[0], /^cli-worker-main-\d+-\d+-v[\d.]+-\w+\.cache$/);
    const file = path.join(folder, written[0]);
    const { size, mtimeMs } = fs.statSync(file);
    assert.ok(size > 100_000, `a cache of ${size} bytes holds little compiled code`);
    assert.equal(run(), first);
    // Accepted by V8 in both workers: a rejected cache would have been written again.
    assert.deepEqual(workerCaches(), written);
    assert.equal(fs.statSync(file).mtimeMs, mtimeMs);
    const findings = JSON.parse(first) as { file: string }[];
    assert.deepEqual([...new Set(findings.map((f) => f.file))].sort(), ['one.yaml', 'two.yaml']);
  });

  it('is written once and then read when the user sizes V8\'s young generation', () => {
    // The CLI then leaves the young generation as the user set it (cli/v8-tuning.ts): a cache made
    // after it changed V8's flags, or put them back to other values, would be rejected each run.
    const folder = path.join(dir, 'cache-f');
    const run = () => {
      const r = spawnSync(process.execPath, ['--semi-space-growth-factor=4', CLI, '--format', 'json', api], {
        cwd: dir, encoding: 'utf8', env: { ...process.env, OPENAPI_CHECK_COMPILE_CACHE_DIR: folder }, maxBuffer: 64 * 1024 * 1024,
      });
      assert.ok(r.status === 0 || r.status === 1, r.stderr);
      return r.stdout;
    };
    const first = run();
    const files = cacheFiles(folder);
    assert.equal(files.length, 1);
    const { mtimeMs } = fs.statSync(path.join(folder, files[0]));
    assert.equal(run(), first);
    assert.deepEqual(cacheFiles(folder), files);
    assert.equal(fs.statSync(path.join(folder, files[0])).mtimeMs, mtimeMs);
  });

  it('is neither read nor written under NODE_DISABLE_COMPILE_CACHE', () => {
    const folder = path.join(dir, 'cache-c');
    const report = check({ OPENAPI_CHECK_COMPILE_CACHE_DIR: folder, NODE_DISABLE_COMPILE_CACHE: '1' });
    assert.ok(JSON.parse(report).length > 0);
    assert.equal(fs.existsSync(folder), false);
  });
});
