// git for the language server: the same questions as git.ts (which revision, a file as committed),
// asked without waiting. git.ts runs git with spawnSync, which would hold the server's message loop
// for as long as git takes; here every command runs as a child process the loop is told about when
// it ends, with a bound on its output and a time limit (a hung git, a huge blob).
import { spawn } from 'child_process';
import * as fs from 'fs';
import { formatBytes, MAX_FILE_BYTES } from './read-file';
import { pathInRepository, Revision } from './git';
import { decodeText, FileRead } from '../model/documents';

/** Longest output of a git command that answers with a line or two. */
const SMALL_OUTPUT = 64 * 1024;
/** A git command that takes longer is stopped: the editor's diff is not worth a stuck process. */
const GIT_TIMEOUT_MS = 10_000;

export interface GitOutcome {
  status: number | null;
  stdout: Buffer;
  /** Why it did not run or was stopped (git missing, output over the bound, the time limit). */
  failure?: string;
}

/** Runs git in `cwd`; its output beyond `maxBytes` stops it (a failure, never a partial answer). */
export function gitAsync(cwd: string, args: readonly string[], input?: string, maxBytes = SMALL_OUTPUT): Promise<GitOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failure: string | undefined;
    const child = spawn('git', args, {
      cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: GIT_TIMEOUT_MS,
    });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        failure ??= `its output is larger than ${formatBytes(maxBytes)}`;
        child.kill();
        return;
      }
      chunks.push(chunk);
    });
    child.on('error', (e) => (failure ??= e.message));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
    child.on('close', (status, signal) => {
      if (signal && !failure) failure = `stopped after ${GIT_TIMEOUT_MS / 1000} s`;
      resolve({ status: failure ? null : status, stdout: Buffer.concat(chunks), failure });
    });
  });
}

const line = (outcome: GitOutcome) => (outcome.status === 0 ? outcome.stdout.toString().trim() : undefined);

/** The commit a revision names, or undefined. */
async function commitOf(top: string, ref: string): Promise<string | undefined> {
  if (ref.startsWith('-')) return undefined;
  return line(await gitAsync(top, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]));
}

/**
 * The repository's default branch as a revision: what origin/HEAD points at (`origin/main`), else
 * `main` or `master` where they exist.
 */
async function defaultBranch(top: string): Promise<string | undefined> {
  const remote = line(await gitAsync(top, ['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD']));
  if (remote?.startsWith('refs/remotes/')) return remote.slice('refs/remotes/'.length);
  for (const branch of ['main', 'master']) if (await commitOf(top, branch)) return branch;
  return undefined;
}

/**
 * The revision the editor compares with. `setting`: a revision as the user wrote it, or "" for the
 * merge-base of HEAD with the default branch (else HEAD). Undefined outside a git repository, in a
 * repository without commits, or when the revision does not exist.
 */
export async function baseRevision(folder: string, setting: string): Promise<Revision | undefined> {
  const top = line(await gitAsync(folder, ['rev-parse', '--show-toplevel']));
  if (!top) return undefined;
  if (setting !== '') {
    const commit = await commitOf(top, setting);
    return commit ? { ref: setting, commit, root: top } : undefined;
  }
  const head = await commitOf(top, 'HEAD');
  if (!head) return undefined;
  const branch = await defaultBranch(top);
  const mergeBase = branch ? line(await gitAsync(top, ['merge-base', 'HEAD', branch])) : undefined;
  if (!branch || !mergeBase) return { ref: 'HEAD', commit: head, root: top };
  // At the branch's tip it is the branch; behind it, the point HEAD left it.
  const tip = await commitOf(top, branch);
  return { ref: tip === mergeBase ? branch : `the merge-base with ${branch}`, commit: mergeBase, root: top };
}

/** A file as committed at a revision: looked up first (type and size), read only when a blob within `maxBytes`. */
export async function readCommittedFile(revision: Revision, absolutePath: string, maxBytes = MAX_FILE_BYTES): Promise<FileRead> {
  const name = pathInRepository(revision, absolutePath);
  const shown = `${revision.ref}:${name ?? absolutePath}`;
  if (name === undefined || name.includes('\n')) return { reason: 'missing', message: `${shown} does not exist.` };
  const looked = await gitAsync(revision.root, ['cat-file', '--batch-check', '--follow-symlinks'], `${revision.commit}:${name}\n`);
  const found = /^([0-9a-f]+) (\w+) (\d+)$/.exec(looked.stdout.toString().split('\n')[0]);
  if (looked.status !== 0 || !found) return { reason: 'missing', message: `${shown} does not exist.` };
  const [, oid, type, sizeText] = found;
  if (type !== 'blob') return { reason: 'special', what: `a git ${type}, not a file`, message: `${shown} is a git ${type}, not a file.` };
  const size = Number(sizeText);
  if (size > maxBytes) return { reason: 'too-large', message: `${shown} is larger than ${formatBytes(maxBytes)} (${formatBytes(size)}).` };
  const read = await gitAsync(revision.root, ['cat-file', 'blob', oid], undefined, size + 1);
  if (read.status !== 0) return { reason: 'unreadable', message: `${shown} cannot be read: ${read.failure ?? 'git failed'}` };
  return decodeText(read.stdout);
}

/** The repository's git folder (`.git`, or a worktree's folder under it), absolute. */
export async function gitDirectory(top: string): Promise<string | undefined> {
  return line(await gitAsync(top, ['rev-parse', '--absolute-git-dir']));
}

/**
 * Calls `changed` when a file directly in a git folder changes: a commit writes `index` and
 * `COMMIT_EDITMSG`, a checkout `HEAD` and `index`, a reset `ORIG_HEAD`, a fetch `FETCH_HEAD`. One
 * watch of one folder, not of the refs below it (a repository can hold thousands). Returns the
 * function that stops watching; undefined when the folder cannot be watched. `failed`: the watch
 * ended by itself (the folder removed, as a re-clone does).
 */
export function watchGitDirectory(gitDir: string, changed: () => void, failed?: () => void): (() => void) | undefined {
  try {
    const watcher = fs.watch(gitDir, { persistent: false }, () => changed());
    watcher.on('error', () => {
      watcher.close();
      failed?.();
    });
    return () => watcher.close();
  } catch {
    return undefined;
  }
}
