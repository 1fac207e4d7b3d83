// Fetches the pinned packages of the unseen-documents check (test/corpus/unseen-packages.json) into
// .corpus/unseen/<name>/ (ignored by git), once. `npm pack` downloads only the tarball: no dependencies
// are installed and no install script runs, which matters for packages like n8n. A package whose folder
// already holds the pinned version is left as it is. Used by `npm run corpus` and test/end-to-end/corpora/unseen-slice.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const unseenDir = join(root, '.corpus', 'unseen');
export const UNSEEN_LIST = join(root, 'test', 'corpus', 'unseen-packages.json');

/** The pinned packages: `{ name, version, what, documents: [paths inside the package] }`. */
export function unseenPackages(list = UNSEEN_LIST) {
  return JSON.parse(readFileSync(list, 'utf8')).packages;
}

export function packageDir(name, dir = unseenDir) {
  return join(dir, ...name.split('/'));
}

function installedVersion(name, dir) {
  const file = join(packageDir(name, dir), 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr || r.error?.message}`);
  return r.stdout;
}

/** Installs the packages named (all when none are), once. */
export function installUnseen(names) {
  installPinnedList(UNSEEN_LIST, unseenDir, names);
}

/** Installs the packages of a pinned list (the same shape as unseen-packages.json) into a folder, once. */
export function installPinnedList(list, into, names) {
  const wanted = unseenPackages(list).filter((p) => !names || names.includes(p.name));
  const missing = wanted.filter((p) => installedVersion(p.name, into) !== p.version);
  if (missing.length === 0) return;
  mkdirSync(into, { recursive: true });
  const tarballs = mkdtempSync(join(into, '.tarballs-'));
  try {
    const specs = missing.map((p) => `${p.name}@${p.version}`);
    console.error(`fetching ${specs.join(', ')} into ${into} ...`);
    const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tarballs, ...specs]));
    for (const p of missing) {
      const tarball = packed.find((t) => t.id === `${p.name}@${p.version}`);
      if (!tarball) throw new Error(`npm pack did not fetch ${p.name}@${p.version}`);
      // Unpacked beside its place and renamed at the end, so an interrupted run leaves no half package.
      const dir = packageDir(p.name, into);
      const partial = `${dir}.partial`;
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(partial, { recursive: true });
      // Every npm tarball has one top folder (`package/`); GNU tar refuses members with `..` or a leading `/`.
      run('tar', ['-xzf', join(tarballs, tarball.filename), '-C', partial, '--strip-components=1', '--no-same-owner']);
      rmSync(dir, { recursive: true, force: true });
      renameSync(partial, dir);
    }
  } finally {
    rmSync(tarballs, { recursive: true, force: true });
  }
  for (const p of wanted) {
    for (const document of p.documents) {
      if (!existsSync(join(packageDir(p.name, into), document))) throw new Error(`${p.name}@${p.version} has no ${document}`);
    }
  }
}

/** The documents of the packages named (all when none are), as `{ name, version, document, file }`. */
export function unseenDocuments(names) {
  return unseenPackages()
    .filter((p) => !names || names.includes(p.name))
    .flatMap((p) => p.documents.map((document) => ({ name: p.name, version: p.version, document, file: join(packageDir(p.name), document) })));
}

/** Which package and path inside it an absolute file of .corpus/unseen/ is, or undefined outside it. */
export function unseenPlace(file) {
  if (!file.startsWith(unseenDir + '/')) return undefined;
  const parts = file.slice(unseenDir.length + 1).split('/');
  const nameLength = parts[0].startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, nameLength).join('/'), path: parts.slice(nameLength).join('/') };
}

// `node scripts/unseen-install.mjs [names...]`; `--list FILE --into DIR [names...]` installs another pinned list.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const listAt = args.indexOf('--list');
  const list = listAt >= 0 ? resolve(args.splice(listAt, 2)[1]) : UNSEEN_LIST;
  const intoAt = args.indexOf('--into');
  const into = intoAt >= 0 ? resolve(args.splice(intoAt, 2)[1]) : unseenDir;
  installPinnedList(list, into, args.length > 0 ? args : undefined);
}
