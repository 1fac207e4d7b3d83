// Remote `$ref`s in the editor. Checks are synchronous and read a URL through `read`, which never
// waits: a URL already fetched answers its text; an allowed one not fetched yet starts its fetch
// (io/remote-documents.ts: one fetch per URL, shared by every document that needs it) and reads as
// "being fetched"; when the fetch ends, `onSettled` has the roots reading it checked again. Nothing
// is requested from a host not allowed, nor in a workspace the editor does not trust.
import { RemoteCache } from '../../io/remote-cache';
import { notAllowed, RemoteDocuments } from '../../io/remote-documents';
import {
  DEFAULT_MAX_MEGABYTES, DEFAULT_TIMEOUT_SECONDS, isAllowed, mergePolicies, normalHost, readRemotePolicy, RemotePolicy,
} from '../../io/remote-policy';
import { FileRead } from '../../model/documents';
import { hostOf, isRemoteLocation } from '../../model/location';
import { MAX_REMOTE_DOCUMENTS } from '../../io/remote-prefetch';
import { mark } from '../runtime/marks';

/** The `openapi30.remoteRefs` settings as the editor sends them. */
export interface RemoteRefsSettings {
  allow?: unknown;
  timeoutSeconds?: unknown;
  maxMegabytes?: unknown;
}

/** The URI scheme of a remote document shown in the editor (read only, its text from `openapi30/remoteDocument`). */
export const REMOTE_SCHEME = 'openapi-remote';

/** `http://host:8080/a/b.yaml?v=1` -> `openapi-remote:/http/host%3A8080/a/b.yaml?v=1`: the URL's path stays the URI's (its extension names the language). */
export function remoteUri(url: string): string {
  const parsed = new URL(url);
  return `${REMOTE_SCHEME}:/${parsed.protocol.slice(0, -1)}/${encodeURIComponent(parsed.host)}${parsed.pathname}${parsed.search}`;
}

/** The URL of a remote document's URI (see remoteUri), or undefined when it is not one. */
export function urlOfRemoteUri(uri: string): string | undefined {
  if (!uri.startsWith(`${REMOTE_SCHEME}:`)) return undefined;
  try {
    const parsed = new URL(uri);
    const match = /^\/(https?)\/([^/]+)(\/.*)?$/.exec(parsed.pathname);
    if (!match) return undefined;
    return new URL(`${match[1]}://${decodeURIComponent(match[2])}${match[3] ?? '/'}${parsed.search}`).href;
  } catch {
    return undefined;
  }
}

export class EditorRemoteRefs {
  private settingsPolicy: RemotePolicy = readRemotePolicy({}).policy;
  /** Per host, the headers the editor keeps as secrets (never written to settings, files or logs). */
  private credentials: Record<string, Record<string, string>> = {};
  private documents: RemoteDocuments | undefined;
  /** What `documents` was made for: a change of policy or credentials starts over (hosts newly allowed are fetched). */
  private documentsKey = '';
  /** URLs checks have read: their models are dropped when what they read changes. */
  private readonly urlsRead = new Set<string>();
  /** URLs whose fetch is under way, each told once when it settles. */
  private fetching = new Set<string>();
  /** Fetches started for `documents`: at most MAX_REMOTE_DOCUMENTS. */
  private fetchesStarted = 0;
  private readonly cache: RemoteCache | undefined;

  /**
   * `cacheFolder`: where fetched documents are kept (the editor's storage); `trusted`: whether the
   * workspace is; `filePolicies`: `remoteRefs` of the configuration files read so far;
   * `onSettled`: a fetch ended (the URL's model must be read again and its roots checked).
   */
  constructor(
    cacheFolder: string | undefined,
    private readonly trusted: () => boolean,
    private readonly filePolicies: () => RemotePolicy[],
    private readonly onSettled: (url: string) => void,
    /** Whether the client offers the "Allow fetching from HOST" quick fix (its command). */
    readonly clientAllowsHosts = false,
  ) {
    this.cache = cacheFolder ? new RemoteCache(cacheFolder) : undefined;
  }

  /** The editor's settings changed; returns whether anything remote reads differently now. */
  configure(settings: RemoteRefsSettings | undefined): boolean {
    const { policy } = readRemotePolicy({
      allow: Array.isArray(settings?.allow) ? settings.allow.filter((h) => typeof h === 'string' && normalHost(h)) : undefined,
      timeoutSeconds: typeof settings?.timeoutSeconds === 'number' ? settings.timeoutSeconds : DEFAULT_TIMEOUT_SECONDS,
      maxMegabytes: typeof settings?.maxMegabytes === 'number' ? settings.maxMegabytes : DEFAULT_MAX_MEGABYTES,
    });
    const changed = JSON.stringify(policy) !== JSON.stringify(this.settingsPolicy);
    this.settingsPolicy = policy;
    return changed;
  }

  /** The credentials the editor keeps, per host (all of them: the last set replaces the earlier). */
  setCredentials(hosts: unknown): void {
    const credentials: Record<string, Record<string, string>> = {};
    if (typeof hosts === 'object' && hosts !== null) {
      for (const [hostText, headers] of Object.entries(hosts)) {
        const host = normalHost(hostText);
        if (!host || typeof headers !== 'object' || headers === null) continue;
        const valid = Object.entries(headers).filter(([name, value]) => typeof value === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name));
        if (valid.length > 0) credentials[host] = Object.fromEntries(valid) as Record<string, string>;
      }
    }
    this.credentials = credentials;
  }

  /** The policy of the settings and every configuration file read: the hosts any of them allows. */
  policy(): RemotePolicy {
    return mergePolicies([this.settingsPolicy, ...this.filePolicies()]);
  }

  /** The URLs read so far, whose models are to be read again after a change of what they read. */
  remoteUrls(): string[] {
    return [...this.urlsRead];
  }

  /** A remote document for a check: never waits, never asks a host not allowed. */
  read(url: string): FileRead {
    this.urlsRead.add(url);
    const host = hostOf(url);
    if (!this.trusted()) {
      return { reason: 'remote-off', host, message: 'the workspace is not trusted (restricted mode), and nothing is fetched in it' };
    }
    const policy = this.policy();
    if (!isAllowed(policy, url)) {
      const how = this.clientAllowsHosts
        ? `Allow it with the quick fix "Allow fetching from ${host}", in the openapi30.remoteRefs.allow setting or in remoteRefs.allow of .openapi-check.yaml.`
        : `Allow it in the openapi30.remoteRefs.allow setting or in remoteRefs.allow of .openapi-check.yaml.`;
      return notAllowed(url, how);
    }
    const documents = this.documentsFor(policy);
    const settled = documents.settledRead(url);
    if (settled) return settled;
    const fetching = this.fetching;
    if (!fetching.has(url)) {
      // As in the CLI: a chain of references across hosts ends at a bound, and says so.
      if (this.fetchesStarted >= MAX_REMOTE_DOCUMENTS) {
        return { reason: 'remote-failed', message: `more than ${MAX_REMOTE_DOCUMENTS} remote documents were reached; this one is not fetched.` };
      }
      this.fetchesStarted++;
      fetching.add(url);
      mark('remote fetch started', { url });
      void documents.load(url).finally(() => {
        fetching.delete(url);
        mark('remote fetch settled', { url });
        this.onSettled(url);
      });
    }
    return { reason: 'remote-off', host, message: 'it is being fetched' };
  }

  /** The text of a remote document as fetched (for the editor's read-only view of it). */
  textOf(url: string): string | undefined {
    if (!isRemoteLocation(url) || !this.documents) return undefined;
    const read = this.documents.settledRead(url);
    return read && 'text' in read ? read.text : undefined;
  }

  private documentsFor(policy: RemotePolicy): RemoteDocuments {
    const key = JSON.stringify([policy, this.credentials]);
    if (!this.documents || key !== this.documentsKey) {
      this.documentsKey = key;
      // A fetch under way for the documents before is told still; the next check reads the new ones.
      this.fetching = new Set();
      this.fetchesStarted = 0;
      this.documents = new RemoteDocuments({ policy, cache: this.cache, credentials: this.credentials, cachedWhenFailing: true, userAgent: 'openapi-language-server' });
    }
    return this.documents;
  }
}
