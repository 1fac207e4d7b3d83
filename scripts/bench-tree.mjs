// Bundles scripts/bench-tree.ts with esbuild and runs it on GitHub's description as JSON and YAML
// (also with an anchor and an alias, and with a syntax error): the syntax tree's bytes a node and
// parse times (issue 32, item 1). Inputs made on demand.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPinned } from './install-pinned.mjs';
import { BENCH_PACKAGES, benchDir, ensureGithubYaml, githubJson } from './bench-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
installPinned(benchDir, BENCH_PACKAGES);
const outfile = join(root, 'dist', 'bench-tree.js');
await build({ entryPoints: [join(root, 'scripts', 'bench-tree.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning', mainFields: ['module', 'main'] });
const run = spawnSync(process.execPath, ['--expose-gc', outfile, githubJson, ensureGithubYaml()], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
