// npm start: shows the product on the bundled example (examples/petstore, with mistakes in two files).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'dist', 'cli.js'))) spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
const example = 'examples/petstore/openapi.yaml';
console.log(`$ openapi-check ${example}\n`);
const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), example], { stdio: 'inherit', cwd: root });
console.log(`\nopenapi-check exited with ${r.status} (1: error-level findings). Try --format json or --format sarif,`);
console.log('or fix the example and run it again: every finding above points at the exact characters.');
process.exit(r.status === 0 || r.status === 1 ? 0 : r.status ?? 1);
