// `--shard I/N`: a CI matrix spreads the inputs over N machines, each checking a share. A file's
// shard is a stable hash of its path relative to the current folder (with `/` between names),
// modulo N. A hash rather than the sorted order's position modulo N: adding or removing one file
// moves only that file to another shard (with positions, every file after it moves), so each
// shard's report and baseline stay comparable from one run to the next; the shares are even to a
// few percent from a few hundred files on.
import * as path from 'path';
import { checkDocument } from '../check/checker';
import { DocumentStore } from '../model/documents';
import { FileJob } from './check-files';
import { CheckSetup, setupFiles } from './parallel';

export interface Shard {
  /** 1-based, as users count the jobs of a matrix. */
  index: number;
  count: number;
}

/** FNV-1a over the UTF-16 code units: the same number on every machine and Node.js version. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The shard (1-based) of a file among `count`. */
export function shardOf(absolute: string, cwd: string, count: number): number {
  const name = path.relative(cwd, absolute).split(path.sep).join('/');
  return (stableHash(name) % count) + 1;
}

/**
 * The documents that the OpenAPI inputs outside this shard reach: what decides whether a file of
 * this shard that is no OpenAPI document is checked in the role a reference gives it (in that
 * input's shard) or as a root. Loading and resolving only, no rule run.
 */
export function documentsReachedBy(jobs: readonly FileJob[], setup: CheckSetup): Set<string> {
  const store = new DocumentStore(setupFiles(setup));
  const reached = new Set<string>();
  for (const job of jobs) {
    try {
      const result = checkDocument(store, job.absolute, { rules: [], config: job.config, skipNonOpenApi: true });
      for (const document of result.analysis?.documents ?? []) if (document.path !== job.absolute) reached.add(document.path);
    } catch {
      // That input's own shard reports what stops its check.
    }
  }
  return reached;
}
