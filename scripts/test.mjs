// Builds the tests with esbuild into dist/test/ and runs them with Node's test runner, tier by tier:
//   fast        test/fast/: the layers in process; nothing installed, no process spawned, under a minute
//   stress      test/stress/: the same, on large, hostile and randomized inputs (minutes)
//   protocol    test/protocol/: the built CLI and server as users run them (`npm run build` first)
//   end-to-end  test/end-to-end/: real VS Code (code-server), Neovim, the packaged extension, corpora
// `node scripts/test.mjs` runs every tier (what `npm test` does after the build and the type check);
// `--tier fast` (or stress, protocol, end-to-end; repeatable) runs some; other arguments keep the
// test files whose path contains one of them (`node scripts/test.mjs --tier fast rules`).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TIERS = ['fast', 'stress', 'protocol', 'end-to-end'];

function parseArgs(argv) {
  const tiers = [];
  const only = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const tier = arg === '--tier' ? argv[++i] : arg.startsWith('--tier=') ? arg.slice('--tier='.length) : undefined;
    if (arg === '--tier' || arg.startsWith('--tier=')) {
      if (!TIERS.includes(tier)) {
        console.error(`Unknown tier "${tier}": use ${TIERS.join(', ')}.`);
        process.exit(2);
      }
      tiers.push(tier);
    } else only.push(arg);
  }
  return { tiers: tiers.length > 0 ? TIERS.filter((t) => tiers.includes(t)) : TIERS, only };
}

/** The test files under a folder, as paths relative to the repository, sorted. */
function testsUnder(folder) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts')) found.push(relative(root, full).split(sep).join('/'));
    }
  };
  if (existsSync(join(root, folder))) walk(join(root, folder));
  return found.sort();
}

const { tiers, only } = parseArgs(process.argv.slice(2));
const byTier = tiers.map((tier) => ({ tier, tests: testsUnder(join('test', tier)).filter((f) => only.length === 0 || only.some((o) => f.includes(o))) }));
const all = byTier.flatMap((t) => t.tests);
// Without files, `node --test` would run every script under a test folder (the rule docs writer too).
if (all.length === 0) {
  console.error(`No test file in ${tiers.join(', ')}${only.length ? ` whose path contains ${only.map((o) => `"${o}"`).join(' or ')}` : ''}.`);
  process.exit(2);
}
await build({
  entryPoints: all,
  outbase: 'test',
  outdir: 'dist/test',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  mainFields: ['module', 'main'],
  absWorkingDir: root,
  // playwright-core finds its own files at run time (its package.json): loaded from node_modules, not bundled.
  external: ['vscode', 'playwright-core'],
  logLevel: 'warning',
});
const built = (file) => join(root, 'dist', file.replace(/\.ts$/, '.js'));
let failed = false;
for (const { tier, tests } of byTier) {
  if (tests.length === 0) continue;
  if (tier === 'end-to-end') {
    // System packages the end-to-end tests need, installed once before they start (two installs
    // at once would race for dpkg's lock); the other tiers need none.
    const system = spawnSync('bash', [join(root, 'scripts', 'ensure-system-packages.sh'), 'neovim', 'chromium', 'ripgrep', 'libkrb5-dev'], { stdio: 'inherit' });
    if (system.status !== 0) process.exit(system.status ?? 1);
  }
  console.log(`\n# tier ${tier}: ${tests.length} test file${tests.length === 1 ? '' : 's'}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--test', '--test-concurrency=2', '--enable-source-maps', ...tests.map(built)], { stdio: 'inherit', cwd: root });
  console.log(`# tier ${tier}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
