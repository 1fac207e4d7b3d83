// npm run bench: cold `openapi-check` vs `redocly lint` on GitHub's REST description (12.4 MB JSON),
// measured in the same run, interleaved, so the ratio holds on a noisy shared machine.
// Inputs are installed on demand into .bench/ (ignored by git).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { installPinned } from './install-pinned.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, '.bench');
const PACKAGES = ['@octokit/openapi@23.0.2', '@redocly/cli@2.77.0'];
const runs = Number(process.env.BENCH_RUNS ?? 5);

const install = () => installPinned(benchDir, PACKAGES);

function measure(args) {
  const probe = join(tmpdir(), `rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-r', join(root, 'scripts', 'rss-probe.cjs'), ...args], {
    env: { ...process.env, RSS_PROBE_FILE: probe, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rssKiB = existsSync(probe) ? Number(readFileSync(probe, 'utf8')) : NaN;
  rmSync(probe, { force: true });
  return { ms, rssMiB: rssKiB / 1024, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

install();
if (!existsSync(join(root, 'dist', 'cli.js'))) spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
const spec = join(benchDir, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const redocly = join(benchDir, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
console.log(`input: ${spec} (${(statSync(spec).size / 1e6).toFixed(1)} MB)`);

const tools = {
  'openapi-check': [join(root, 'dist', 'cli.js'), '--format', 'json', spec],
  'redocly lint': [redocly, 'lint', '--format', 'json', spec],
};
const results = Object.fromEntries(Object.keys(tools).map((k) => [k, []]));
for (let i = 0; i < runs; i++) {
  for (const [name, args] of Object.entries(tools)) {
    const m = measure(args);
    if (i === 0 && name === 'openapi-check') {
      const findings = JSON.parse(m.stdout);
      const perRule = {};
      for (const f of findings) perRule[f.rule] = (perRule[f.rule] ?? 0) + 1;
      console.log(`openapi-check findings: ${findings.length} ${JSON.stringify(perRule)}`);
    }
    if (m.status !== 0 && m.status !== 1) console.log(`${name} exited ${m.status}: ${m.stderr.slice(0, 500)}`);
    results[name].push(m);
  }
}
const summary = {};
for (const [name, list] of Object.entries(results)) {
  summary[name] = { medianMs: Math.round(median(list.map((m) => m.ms))), peakRssMiB: Math.round(Math.max(...list.map((m) => m.rssMiB))) };
  console.log(`${name.padEnd(14)} median ${String(summary[name].medianMs).padStart(6)} ms   peak RSS ${String(summary[name].peakRssMiB).padStart(4)} MiB   (${runs} cold runs)`);
}
const ratio = summary['openapi-check'].medianMs / summary['redocly lint'].medianMs;
console.log(`ratio openapi-check / redocly = ${ratio.toFixed(3)} (target <= 0.2), openapi-check peak RSS target <= 500 MiB`);

// The language server's figures (edit -> diagnostics, completion, RSS) on the same description as YAML.
const lsp = spawnSync(process.execPath, [join(root, 'scripts', 'bench-lsp.mjs')], { stdio: 'inherit' });
if (lsp.status !== 0) process.exitCode = lsp.status ?? 1;

// The workspace features (indexing, references, rename, workspace symbols, RSS) on the same
// description split into 200 files.
const ws = spawnSync(process.execPath, [join(root, 'scripts', 'bench-workspace.mjs')], { stdio: 'inherit' });
if (ws.status !== 0) process.exitCode = ws.status ?? 1;
