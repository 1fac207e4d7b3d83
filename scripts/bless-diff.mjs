// Writes test/diff/*/*/changes.txt from what the diff reports now, for review (see test/tools/bless-diff.ts).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({ entryPoints: ['test/tools/bless-diff.ts'], outfile: 'dist/test/tools/bless-diff.js', bundle: true, platform: 'node', format: 'cjs', mainFields: ['module', 'main'], absWorkingDir: root, logLevel: 'warning' });
const r = spawnSync(process.execPath, [join(root, 'dist/test/tools/bless-diff.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
