// The remote documents of one run (or one editor session): each URL fetched once, however many
// documents reference it, a few at a time; `--offline` reads the disk cache instead. Checks are
// synchronous, so the fetching happens first (`prefetchRemoteRefs`) and the check then reads the
// outcomes through `read`, a FileSource's `readRemote`.
import { FileRead, LoadFailure } from '../model/documents';
import { hostOf } from '../model/location';
import { fetchRemote } from './fetch-remote';
import { RemoteCache } from './remote-cache';
import { isAllowed, RemotePolicy } from './remote-policy';

/** Fetches under way at once: a few hosts' worth, without opening a socket per `$ref`. */
export const FETCH_CONCURRENCY = 4;

export interface RemoteOptions {
  policy: RemotePolicy;
  /** Read only the cache; nothing goes over the network. */
  offline?: boolean;
  cache?: RemoteCache;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  userAgent?: string;
}

/** What a check reads for a URL whose host is not allowed: it says how to allow it. */
export function notAllowed(url: string): LoadFailure {
  const host = hostOf(url);
  return { reason: 'remote-not-allowed', host, message: `${host} is not an allowed host.` };
}

export class RemoteDocuments {
  private readonly settled = new Map<string, FileRead>();
  private readonly loads = new Map<string, Promise<FileRead>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: RemoteOptions) {}

  get policy(): RemotePolicy {
    return this.options.policy;
  }

  /** The outcome of a URL's load, once it is settled; a host not allowed says so without a request. */
  read(url: string): FileRead {
    const outcome = this.settled.get(url);
    if (outcome) return outcome;
    if (!isAllowed(this.options.policy, url)) return notAllowed(url);
    return { reason: 'remote-failed', message: `${url} was not fetched before the check.` };
  }

  /** Every settled outcome, to hand to the processes that check (they read, never fetch). */
  outcomes(): [string, FileRead][] {
    return [...this.settled];
  }

  /** Outcomes another process settled. */
  static settledFrom(policy: RemotePolicy, outcomes: readonly [string, FileRead][]): RemoteDocuments {
    const documents = new RemoteDocuments({ policy, offline: true });
    for (const [url, read] of outcomes) documents.settled.set(url, read);
    return documents;
  }

  /** Records an outcome decided without a load (a bound reached). */
  settle(url: string, read: FileRead): void {
    if (!this.settled.has(url)) this.settled.set(url, read);
  }

  /** Loads a URL once; every caller of the same URL shares the load. A host not allowed is never asked. */
  load(url: string): Promise<FileRead> {
    const known = this.settled.get(url);
    if (known) return Promise.resolve(known);
    let load = this.loads.get(url);
    if (!load) {
      load = isAllowed(this.options.policy, url) ? this.inTurn(() => this.fetchOrRecall(url)) : Promise.resolve(notAllowed(url));
      load = load.then((read) => (this.settled.set(url, read), read));
      this.loads.set(url, load);
    }
    return load;
  }

  private async fetchOrRecall(url: string): Promise<FileRead> {
    const { cache, offline } = this.options;
    if (offline) {
      const cached = cache?.read(url);
      if (cached) return { text: cached.text, format: cached.format, location: cached.location };
      return { reason: 'remote-failed', message: `it is not in the cache, and --offline fetches nothing (run once without --offline to fetch it).` };
    }
    const fetched = await fetchRemote(url, this.options);
    if ('failure' in fetched) return { reason: 'remote-failed', message: fetched.failure };
    // After a redirect the document is where it was found: its relative references resolve from there.
    const location = fetched.url === url ? undefined : fetched.url;
    cache?.write({ url, location, fetchedAt: Date.now(), text: fetched.text, format: fetched.format });
    return { text: fetched.text, format: fetched.format, location };
  }

  /** Runs `task` when fewer than FETCH_CONCURRENCY run. */
  private async inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= FETCH_CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
