// Installs pinned npm packages into a folder of their own (ignored by git), once: nothing happens
// when the pinned versions are already there. Used by the corpus and the benchmark.
//
// Test files that need the same folder may run at once: each installs into a staging folder and
// moves its node_modules into place, with a marker written before the move that says it is whole,
// so a reader never sees a half-extracted package. Only node_modules is replaced: the folder may
// hold other things (the corpus run's reports, the unseen documents).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MARKER = '.pinned';

function installedIn(modules, packages) {
  const marker = join(modules, MARKER);
  return existsSync(marker) && readFileSync(marker, 'utf8') === packages.join('\n');
}

export function installPinned(dir, packages) {
  const modules = join(dir, 'node_modules');
  if (installedIn(modules, packages)) return;
  const staging = join(dir, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  console.error(`installing ${packages.join(', ')} into ${dir} ...`);
  const r = spawnSync('npm', ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', ...packages], { stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    if (r.status !== 0) throw new Error(`npm install of ${packages.join(', ')} failed`);
    writeFileSync(join(staging, 'node_modules', MARKER), packages.join('\n'));
    // Another process may have moved a whole one into place meanwhile: then this one is not needed.
    if (installedIn(modules, packages)) return;
    rmSync(modules, { recursive: true, force: true });
    try {
      renameSync(join(staging, 'node_modules'), modules);
    } catch (e) {
      if (!installedIn(modules, packages)) throw e;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
