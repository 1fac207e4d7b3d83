// Regenerates docs/rules/*.md from the rules and their fixtures (see test/tools/rule-docs.ts).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({ entryPoints: ['test/tools/write-rule-docs.ts'], outfile: 'dist/test/tools/write-rule-docs.js', bundle: true, platform: 'node', format: 'cjs', mainFields: ['module', 'main'], absWorkingDir: root, logLevel: 'warning' });
const r = spawnSync(process.execPath, [join(root, 'dist/test/tools/write-rule-docs.js')], { stdio: 'inherit' });
process.exit(r.status ?? 1);
