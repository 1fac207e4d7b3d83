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
  /** Per host, headers sent as given (the editor's stored credentials). */
  credentials?: Record<string, Record<string, string>>;
  /**
   * When a fetch fails and the cache has a copy, read the copy, with a notice of how old it is
   * (the editor; the CLI reports the failure and uses the cache only with --offline).
   */
  cachedWhenFailing?: boolean;
  /** Now, in milliseconds since the epoch (tests give another clock). */
  now?: () => number;
}

/** How long ago a time was, in plain words: "3 minutes", "2 days". */
export function ageOf(fetchedAt: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - fetchedAt) / 60_000));
  const [amount, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.round(minutes / 60), 'hour'] : [Math.round(minutes / 1440), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** What a check reads for a URL whose host is not allowed: it says how to allow it. */
export function notAllowed(url: string, how?: string): LoadFailure {
  const host = hostOf(url);
  return { reason: 'remote-not-allowed', host, message: `${host} is not an allowed host.`, how };
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

  /** The outcome of a URL's load if it is settled (nothing is requested). */
  settledRead(url: string): FileRead | undefined {
    return this.settled.get(url);
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
    const now = this.options.now ?? Date.now;
    // A kept copy with validators is asked about (If-None-Match / If-Modified-Since): a 304 keeps it.
    const kept = cache?.read(url);
    const fetched = await fetchRemote(url, { ...this.options, validators: kept?.validators });
    if ('notModified' in fetched && kept) {
      cache!.write({ ...kept, fetchedAt: now() });
      return { text: kept.text, format: kept.format, location: kept.location };
    }
    if ('failure' in fetched) {
      if (kept && this.options.cachedWhenFailing) {
        const notice = `it could not be fetched (${fetched.failure.replace(/\.$/, '')}); the copy fetched ${ageOf(kept.fetchedAt, now())} ago is used.`;
        return { text: kept.text, format: kept.format, location: kept.location, notice };
      }
      return { reason: 'remote-failed', message: fetched.failure };
    }
    if (!('text' in fetched)) return { reason: 'remote-failed', message: `the server answered 304 Not Modified for ${url}, and no copy is kept.` };
    // After a redirect the document is where it was found: its relative references resolve from there.
    const location = fetched.url === url ? undefined : fetched.url;
    cache?.write({ url, location, fetchedAt: now(), text: fetched.text, format: fetched.format, validators: fetched.validators });
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
