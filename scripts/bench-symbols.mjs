// Bundles scripts/bench-symbols.ts with esbuild and runs it: workspace symbol queries in process
// over a synthetic index of 5,000 descriptions. Run by `npm run bench`, or alone.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist', 'bench-symbols.js');
await build({ entryPoints: [join(root, 'scripts', 'bench-symbols.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning', mainFields: ['module', 'main'] });
const run = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
