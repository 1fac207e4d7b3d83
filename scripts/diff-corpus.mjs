// Installs pinned releases of real APIs into .diff-corpus/ (ignored by git), once: the release
// pairs `openapi-check diff` is measured and compared on (scripts/diff-releases.mjs, the speed test).
// Each version goes into a folder of its own, since npm installs one version of a package per folder.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPinned } from './install-pinned.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const diffCorpusDir = join(root, '.diff-corpus');

/** Release series, oldest first: each consecutive pair is diffed. */
export const RELEASES = {
  '@octokit/openapi': ['18.2.0', '19.0.0', '20.0.0', '21.0.0', '22.0.0', '23.0.0', '23.0.2'],
  '@blockfrost/openapi': ['0.1.86', '0.1.92', '0.1.93'],
};

/** Where one pinned release is installed. */
export function releaseDir(name, version) {
  return join(diffCorpusDir, `${name.replace('/', '+')}@${version}`);
}

/** The description document inside a release. */
export function releaseDocument(name, version) {
  const dir = join(releaseDir(name, version), 'node_modules', name);
  return name === '@octokit/openapi' ? join(dir, 'generated', 'api.github.com.json') : join(dir, 'openapi.yaml');
}

export function installDiffCorpus(only) {
  for (const [name, versions] of Object.entries(RELEASES)) {
    for (const version of versions) {
      if (only && !only.includes(`${name}@${version}`)) continue;
      installPinned(releaseDir(name, version), [`${name}@${version}`]);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) installDiffCorpus(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
