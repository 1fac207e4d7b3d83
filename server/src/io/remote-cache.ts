// Remote documents kept on disk, so `--offline` can check what an earlier run fetched. One folder
// per user, under the system's cache folder (XDG_CACHE_HOME or ~/.cache, ~/Library/Caches,
// %LOCALAPPDATA%), not beside the configuration: documents fetched with credentials must never
// end up in a repository, every project on the machine shares the cache, and CI caches a fixed
// path. OPENAPI_CHECK_CACHE_DIR names another folder. Bounded: entries beyond MAX_CACHE_BYTES go,
// oldest first.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { SourceFormat } from '../syntax/tree';
import { userCacheFolder } from './cache-folder';
import type { Validators } from './fetch-remote';

/** The most the cache keeps on disk; a run's writes beyond it remove the least recently written entries. */
export const MAX_CACHE_BYTES = 100 * 1024 * 1024;

export interface CachedDocument {
  url: string;
  /** Where a redirect found it, when not at `url`. */
  location?: string;
  /** When it was fetched, in milliseconds since the epoch. */
  fetchedAt: number;
  text: string;
  format?: SourceFormat;
  /** ETag / Last-Modified of the copy: a later fetch asks whether it is still current (304). */
  validators?: Validators;
}

/** The folder the cache uses on this system (not created until something is written). */
export function defaultCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OPENAPI_CHECK_CACHE_DIR) return path.resolve(env.OPENAPI_CHECK_CACHE_DIR);
  return path.join(userCacheFolder(env), 'remote-refs');
}

export class RemoteCache {
  constructor(readonly folder: string, private readonly maxBytes = MAX_CACHE_BYTES) {}

  private fileOf(url: string): string {
    return path.join(this.folder, crypto.createHash('sha256').update(url).digest('hex').slice(0, 40) + '.json');
  }

  /** The cached copy of a URL, or undefined (none, unreadable, or another URL's by a hash collision). */
  read(url: string): CachedDocument | undefined {
    try {
      const entry = JSON.parse(fs.readFileSync(this.fileOf(url), 'utf8')) as CachedDocument;
      return entry.url === url && typeof entry.text === 'string' ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps a fetched document; a cache that cannot be written costs only the offline copy. */
  write(entry: CachedDocument): void {
    try {
      // Only this user reads it: the documents may have been fetched with credentials.
      fs.mkdirSync(this.folder, { recursive: true, mode: 0o700 });
      const file = this.fileOf(entry.url);
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, JSON.stringify(entry), { mode: 0o600 });
      fs.renameSync(temporary, file);
    } catch {
      // read-only home, full disk: the run goes on without
    }
  }

  /** Removes the oldest entries until the cache holds at most its bound. */
  prune(): void {
    let entries: { file: string; size: number; mtime: number }[];
    try {
      entries = fs.readdirSync(this.folder).filter((f) => f.endsWith('.json')).map((f) => {
        const stat = fs.statSync(path.join(this.folder, f));
        return { file: path.join(this.folder, f), size: stat.size, mtime: stat.mtimeMs };
      });
    } catch {
      return;
    }
    let total = entries.reduce((sum, e) => sum + e.size, 0);
    entries.sort((a, b) => a.mtime - b.mtime);
    for (const entry of entries) {
      if (total <= this.maxBytes) break;
      try {
        fs.unlinkSync(entry.file);
        total -= entry.size;
      } catch {
        // gone already
      }
    }
  }
}
