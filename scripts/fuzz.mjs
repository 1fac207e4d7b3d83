// `npm run fuzz -- --seed N --seconds S`: builds the server and the fuzzer (test/fuzz/) and runs
// episodes of hostile documents and edits against dist/server.js until the time is up.
// Reproductions of failures are written under test-output/fuzz/ (or --out DIR).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (server.status !== 0) process.exit(server.status ?? 1);
const fuzzer = join('dist', 'test', 'tools', 'fuzz.js');
await build({ entryPoints: ['test/fuzz/main.ts'], outfile: fuzzer, bundle: true, platform: 'node', format: 'cjs',
  sourcemap: 'inline', mainFields: ['module', 'main'], absWorkingDir: root, logLevel: 'warning' });
const args = ['--enable-source-maps', join(root, fuzzer), ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(run.status ?? 1);
