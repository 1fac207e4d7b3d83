// Files as committed at a git revision, read with `git cat-file` and never by changing the working
// tree: what `openapi-check diff REF:PATH ...` compares, and what the editor will diff against. Each file
// is looked up first (its type and size), then read only when it is a blob within the size limit.
import type * as ChildProcess from 'child_process';
import * as path from 'path';
import { formatBytes, MAX_FILE_BYTES } from './read-file';
import { decodeText, FileRead, FileSource } from '../model/documents';

export class GitError extends Error {}

/** A revision of the repository that holds a folder. */
export interface Revision {
  /** As the user wrote it (`HEAD`, `origin/main`, a commit). */
  ref: string;
  commit: string;
  /** The repository's top folder (the working tree's). */
  root: string;
}

/** Longest output of a git command that answers with a line or two. */
const SMALL_OUTPUT = 64 * 1024;

function git(
  cwd: string,
  args: string[],
  input?: string,
  maxBuffer = SMALL_OUTPUT,
): { status: number | null; stdout: Buffer; stderr: string; error?: Error } {
  // child_process loaded when git is run: most runs of openapi-check never do (about 5 ms of a start).
  const { spawnSync } = require('child_process') as typeof ChildProcess;
  const r = spawnSync('git', args, { cwd, input, maxBuffer, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  return { status: r.status, stdout: r.stdout ?? Buffer.alloc(0), stderr: r.stderr?.toString() ?? '', error: r.error };
}

/**
 * The fetch that brings a revision: `origin/main` -> `git fetch --depth=1 origin main`; a commit
 * counted back from another (`HEAD~3`, `main^`) needs the history: `git fetch --unshallow`.
 */
function fetchCommand(ref: string): string {
  if (/[~^]/.test(ref)) return 'git fetch --unshallow';
  const remote = /^origin\/(.+)$/.exec(ref);
  return `git fetch --depth=1 origin ${remote ? remote[1] : ref}`;
}

/** The commit a revision names in the repository holding `cwd`, or a GitError that says what to do. */
export function resolveRevision(cwd: string, ref: string): Revision {
  if (ref.startsWith('-')) throw new GitError(`"${ref}" is not a revision.`);
  const top = git(cwd, ['rev-parse', '--show-toplevel']);
  if (top.error) throw new GitError(`git cannot be run (${top.error.message}), so "${ref}:..." cannot be read.`);
  if (top.status !== 0) throw new GitError(`${cwd} is not inside a git repository, so "${ref}:..." cannot be read.`);
  const root = top.stdout.toString().trim();
  const verified = git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (verified.status === 0) return { ref, commit: verified.stdout.toString().trim(), root };
  const shallow = git(cwd, ['rev-parse', '--is-shallow-repository']).stdout.toString().trim() === 'true';
  if (shallow) {
    throw new GitError(
      `the revision "${ref}" is not in this clone: it is a shallow clone (CI checkouts fetch only the commit they build). ` +
        `Fetch it first: ${fetchCommand(ref)}${/[~^]/.test(ref) ? '' : ' (or git fetch --unshallow for the whole history)'}, ` +
        'or check out with the history (GitHub Actions: actions/checkout with fetch-depth: 0).',
    );
  }
  throw new GitError(
    `the revision "${ref}" is not in this repository (git rev-parse cannot find it). Fetch it first if it is on a remote: ${fetchCommand(ref)}.`,
  );
}

/** The absolute path `REF:PATH` names: PATH from the repository's top folder, or from `cwd` when it starts with ./ or ../ (as git reads it). */
export function revisionPath(revision: Revision, cwd: string, file: string): string {
  return /^\.\.?(\/|$)/.test(file) ? path.resolve(cwd, file) : path.resolve(revision.root, file);
}

/** The path git names a file by at a revision (`schemas/pet.yaml`), or undefined outside the repository. */
export function pathInRepository(revision: Revision, absolutePath: string): string | undefined {
  const relative = path.relative(revision.root, absolutePath);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

/** The files of a revision as a FileSource: absolute paths in the working tree name the committed files. */
export function revisionFiles(revision: Revision, maxBytes = MAX_FILE_BYTES): FileSource {
  return {
    read(absolutePath: string): FileRead {
      const name = pathInRepository(revision, absolutePath);
      const shown = `${revision.ref}:${name ?? absolutePath}`;
      if (path.resolve(absolutePath) === path.resolve(revision.root)) {
        return { reason: 'folder', message: `${absolutePath} is the repository's top folder, not a file.` };
      }
      if (name === undefined)
        return {
          reason: 'missing',
          message: `${absolutePath} is outside the repository, so it has no version at ${revision.ref}.`,
        };
      // Symbolic links inside the tree are followed as the working tree would; a path with a
      // newline cannot be asked for on cat-file's input and is missing.
      if (name.includes('\n')) return { reason: 'missing', message: `${shown} does not exist.` };
      const looked = git(
        revision.root,
        ['cat-file', '--batch-check', '--follow-symlinks'],
        `${revision.commit}:${name}\n`,
      );
      const answer = looked.stdout.toString().split('\n')[0];
      const found = /^([0-9a-f]+) (\w+) (\d+)$/.exec(answer);
      if (looked.status !== 0 || !found) {
        const why = /^(dangling|loop|notdir|symlink)/.exec(answer)?.[1];
        if (why === 'loop') return { reason: 'symlink-loop', message: `${shown} is a symbolic link loop.` };
        if (why === 'symlink')
          return { reason: 'missing', message: `${shown} is a symbolic link out of the repository.` };
        return { reason: 'missing', message: `${shown} does not exist.` };
      }
      const [, oid, type, sizeText] = found;
      if (type === 'tree') return { reason: 'folder', message: `${shown} is a folder, not a file.` };
      if (type !== 'blob')
        return {
          reason: 'special',
          what: `a git ${type}, not a file`,
          message: `${shown} is a git ${type}, not a file.`,
        };
      const size = Number(sizeText);
      if (size > maxBytes)
        return {
          reason: 'too-large',
          message: `${shown} is larger than ${formatBytes(maxBytes)} (${formatBytes(size)}).`,
        };
      const read = git(revision.root, ['cat-file', 'blob', oid], undefined, size + 1);
      if (read.status !== 0 || read.error)
        return {
          reason: 'unreadable',
          message: `${shown} cannot be read: ${read.error?.message ?? read.stderr.trim()}`,
        };
      return decodeText(read.stdout);
    },
  };
}
