// npm run bench:diff: `openapi-check diff` on real release pairs (installed on demand into
// .diff-corpus/, pinned; see diff-corpus.mjs). For each consecutive pair of each series: the
// changes by level and kind, and the breaking ones listed; then cold runs on releases of GitHub's
// REST description (12-13 MB JSON each): median wall time and peak RSS against the 2 s target.
//   node scripts/diff-releases.mjs            everything
//   node scripts/diff-releases.mjs --speed    the timing alone
//   node scripts/diff-releases.mjs --list     every change of every pair, one per line
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installDiffCorpus, releaseDocument, RELEASES } from './diff-corpus.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.js');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 2000;
const speedOnly = process.argv.includes('--speed');
const listAll = process.argv.includes('--list');

installDiffCorpus();
if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });

function measure(args) {
  const probe = join(tmpdir(), `rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-r', join(root, 'scripts', 'rss-probe.cjs'), cli, ...args], {
    env: { ...process.env, RSS_PROBE_FILE: probe, CPU_PROBE_FILE: `${probe}.cpu` }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const read = (file) => (existsSync(file) ? Number(readFileSync(file, 'utf8')) : NaN);
  const rssMiB = read(probe) / 1024;
  const cpuMs = read(`${probe}.cpu`);
  rmSync(probe, { force: true });
  rmSync(`${probe}.cpu`, { force: true });
  return { ms, cpuMs, rssMiB, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The machine's load when measured: wall times on a machine shared with other work run long. */
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!speedOnly) {
  for (const [name, versions] of Object.entries(RELEASES)) {
    for (let i = 1; i < versions.length; i++) {
      const [from, to] = [versions[i - 1], versions[i]];
      const m = measure(['diff', releaseDocument(name, from), releaseDocument(name, to), '--format', 'json', '--fail-on', 'none']);
      if (m.status !== 0) {
        console.log(`${name} ${from} -> ${to}: exit ${m.status}: ${m.stderr.slice(0, 500)}`);
        continue;
      }
      const changes = JSON.parse(m.stdout);
      const byLevel = { breaking: 0, warning: 0, info: 0 };
      const byKind = {};
      for (const c of changes) {
        byLevel[c.level]++;
        byKind[c.id] = (byKind[c.id] ?? 0) + 1;
      }
      console.log(`\n${name} ${from} -> ${to}: ${changes.length} changes, ${byLevel.breaking} breaking, ${byLevel.warning} warnings, ${byLevel.info} info (${Math.round(m.ms)} ms, ${Math.round(m.rssMiB)} MiB)`);
      for (const [kind, n] of Object.entries(byKind).sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)} ${kind}`);
      const shown = listAll ? changes : changes.filter((c) => c.level === 'breaking').slice(0, 40);
      for (const c of shown) console.log(`  - ${c.level} ${c.id}: ${c.message}`);
      if (!listAll && byLevel.breaking > 40) console.log(`  ... ${byLevel.breaking - 40} more breaking changes (--list shows all)`);
      if (m.stderr) console.log(`  stderr: ${m.stderr.slice(0, 500)}`);
    }
  }
}

// Cold runs, one process each: the last two GitHub releases (13 MB each), and the pair before (the most changes).
const octokit = RELEASES['@octokit/openapi'];
for (const [from, to] of [octokit.slice(-2), octokit.slice(-3, -1)]) {
  const args = ['diff', releaseDocument('@octokit/openapi', from), releaseDocument('@octokit/openapi', to), '--format', 'json', '--fail-on', 'none'];
  const timings = [];
  for (let i = 0; i < runs; i++) timings.push(measure(args));
  const wall = median(timings.map((t) => t.ms));
  const cpu = median(timings.map((t) => t.cpuMs));
  const rss = Math.max(...timings.map((t) => t.rssMiB));
  console.log(`\nopenapi-check diff @octokit/openapi ${from} -> ${to}, ${runs} cold runs (load average ${load()}): median ${Math.round(wall)} ms wall ` +
    `(runs: ${timings.map((t) => Math.round(t.ms)).join(', ')}), median ${cpu} ms CPU, peak RSS ${Math.round(rss)} MiB; ` +
    `target <= ${TARGET_MS} ms: ${wall <= TARGET_MS ? 'met' : 'not met'}`);
}
