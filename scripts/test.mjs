// Builds every test/*.test.ts with esbuild into dist/test/ and runs them with Node's test runner.
// `npm test` runs the build and the type check before this.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const tests = readdirSync(join(root, 'test'))
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
// Without files, `node --test` would run every script under a test folder (the rule docs writer too).
if (tests.length === 0) {
  console.error(`No test file name contains ${only.map((o) => `"${o}"`).join(' or ')}.`);
  process.exit(2);
}
await build({
  entryPoints: tests.map((f) => join('test', f)),
  outdir: 'dist/test',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  mainFields: ['module', 'main'],
  absWorkingDir: root,
  external: ['vscode'],
  logLevel: 'warning',
});
// System packages the tests need, installed once before any test starts (two installs at once would
// race for dpkg's lock).
const system = spawnSync('bash', [join(root, 'scripts', 'ensure-system-packages.sh'), 'neovim', 'chromium', 'ripgrep', 'libkrb5-dev'], { stdio: 'inherit' });
if (system.status !== 0) process.exit(system.status ?? 1);
const files = tests.map((f) => join(root, 'dist', 'test', f.replace(/\.ts$/, '.js')));
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=2', '--enable-source-maps', ...files], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
