// Bundles scripts/bench-keystroke.ts with esbuild and runs it: keystrokes in GitHub's description
// (free text and operationIds) applied and re-checked in process, each timed, without the protocol
// or the debounce: the engine's own per-keystroke cost. Arguments: the document (default the 13 MB
// JSON; the 10 MB YAML is .bench/lsp-yaml/api.github.com.yaml) and keystrokes per series (40).
// ROUNDS=n repeats the series (the first round includes warm-up); BENCH_VERBOSE=1 prints each check.
// For a profile: node --cpu-prof dist/bench-keystroke.js FILE after one run.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { githubJson, aloneInFolder } from './bench-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist', 'bench-keystroke.js');
await build({ entryPoints: [join(root, 'scripts', 'bench-keystroke.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning', mainFields: ['module', 'main'] });
const file = process.argv[2] ?? aloneInFolder(githubJson, 'lsp-json');
const run = spawnSync(process.execPath, [outfile, file, process.argv[3] ?? '40'], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
