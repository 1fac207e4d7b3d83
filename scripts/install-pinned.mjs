// Installs pinned npm packages into a folder of their own (ignored by git), once: nothing happens
// when the pinned versions are already there. Used by the corpus and the benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function installPinned(dir, packages) {
  const have = packages.every((p) => {
    const at = p.lastIndexOf('@');
    const file = join(dir, 'node_modules', p.slice(0, at), 'package.json');
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === p.slice(at + 1);
  });
  if (have) return;
  mkdirSync(dir, { recursive: true });
  console.error(`installing ${packages.join(', ')} into ${dir} ...`);
  const r = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', ...packages], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm install of ${packages.join(', ')} failed`);
}
