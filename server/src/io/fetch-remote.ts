// Fetching one remote document, bounded: GET over node's http/https, at most MAX_REDIRECTS redirects
// with every hop's host checked against the policy, one timeout for the whole transfer, a size cap
// enforced while reading, HTTP(S)_PROXY and NO_PROXY honoured. Asynchronous and cancellable by an
// AbortSignal, with no editor or protocol in it: the CLI awaits it before a check, the language
// server can run it beside its message loop. Every failure comes back as a sentence, never thrown.
import type * as Http from 'http';
import type * as Https from 'https';
import type * as Net from 'net';
import type * as Tls from 'tls';
import { decodeText } from '../model/documents';
import { hostOf } from '../model/location';
import { SourceFormat } from '../syntax/tree';
import { proxyFor } from './proxy';
import { expandHeader, isAllowed, RemotePolicy } from './remote-policy';

// Node's network modules, loaded by the first fetch: most runs fetch nothing, and loading them was
// about 10 ms of every start of openapi-check.
const nodeHttp = () => require('http') as typeof Http;
const nodeHttps = () => require('https') as typeof Https;
const nodeNet = () => require('net') as typeof Net;
const nodeTls = () => require('tls') as typeof Tls;

/** Redirects one fetch follows (the issue's bound; browsers allow 20). */
export const MAX_REDIRECTS = 5;

export type FetchOutcome =
  | { url: string; text: string; format?: SourceFormat; contentType?: string; validators?: Validators }
  /** The server said (304) that the copy whose validators were sent is still current; `url` is where it said so. */
  | { url: string; notModified: true }
  | { failure: string };

/** What a server said identifies a version of a document, sent back to ask whether a kept copy is current. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export interface FetchOptions {
  policy: RemotePolicy;
  /** Stops the fetch (the run or the editor no longer needs it). */
  signal?: AbortSignal;
  /** Where `${NAME}` in headers and the proxy variables are read (default: this process's). */
  env?: NodeJS.ProcessEnv;
  userAgent?: string;
  /** Of a kept copy: sent as If-None-Match / If-Modified-Since, and a 304 answers `notModified`. */
  validators?: Validators;
  /** Per host, headers sent as given (no `${NAME}` expansion): the editor's stored credentials. */
  credentials?: Record<string, Record<string, string>>;
}

type Hop =
  | { kind: 'redirect'; status: number; location: string | undefined }
  | { kind: 'body'; bytes: Buffer; contentType: string | undefined; validators: Validators | undefined }
  | { kind: 'not-modified' }
  | { kind: 'status'; status: number; statusText: string };

/** Why a hop failed, as the user reads it: a sentence about the transfer, not a stack. */
class FetchFailure extends Error {}

/** Fetches `url` under `options.policy`; the outcome is the text with its format, or why not. */
export async function fetchRemote(url: string, options: FetchOptions): Promise<FetchOutcome> {
  const { policy } = options;
  // One signal for the caller's cancellation and the timeout (AbortSignal.any needs Node 20.3).
  const stop = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), stop.abort()), policy.timeoutSeconds * 1000);
  const cancel = () => stop.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    // Whatever a request does after its abort (some sockets say nothing more), the fetch ends with it.
    return await Promise.race([followRedirects(url, options, stop.signal), rejectOnAbort(stop.signal)]);
  } catch (e) {
    if (timedOut) return { failure: `timed out after ${policy.timeoutSeconds} s.` };
    if (options.signal?.aborted) return { failure: 'the fetch was cancelled.' };
    return { failure: e instanceof FetchFailure ? e.message : describeNetworkError(e as NodeJS.ErrnoException, url) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    stop.abort(); // a request still open (a tunnel after a failure) ends with the fetch
  }
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

async function followRedirects(url: string, options: FetchOptions, signal: AbortSignal): Promise<FetchOutcome> {
  const { policy } = options;
  const env = options.env ?? process.env;
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const headers = { ...requestHeaders(current, policy, env, options.userAgent), ...credentialHeaders(current, options), ...conditionalHeaders(options.validators) };
    const hop = await readResponse(await openRequest(new URL(current), headers, env, signal), policy.maxMegabytes);
    if (hop.kind === 'status') {
      return { failure: `HTTP ${hop.status}${hop.statusText ? ' ' + hop.statusText : ''} from ${current}.` };
    }
    if (hop.kind === 'not-modified') {
      // Only an answer to our question: a 304 to a plain GET leaves nothing to read.
      return options.validators ? { url: current, notModified: true } : { failure: `HTTP 304 Not Modified from ${current}, with no copy asked about.` };
    }
    if (hop.kind === 'body') {
      const outcome = documentOf(current, hop.bytes, hop.contentType);
      return 'text' in outcome && hop.validators ? { ...outcome, validators: hop.validators } : outcome;
    }
    if (!hop.location) return { failure: `HTTP ${hop.status} from ${current} redirects without a Location.` };
    if (redirects >= MAX_REDIRECTS) return { failure: `more than ${MAX_REDIRECTS} redirects (the last to ${hop.location}).` };
    const next = redirectTarget(current, hop.location, policy);
    if ('failure' in next) return next;
    current = next.url;
  }
}

/** Where a redirect leads, if it may be followed: a URL, http(s), not down from https, to an allowed host. */
function redirectTarget(current: string, location: string, policy: RemotePolicy): { url: string } | { failure: string } {
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    return { failure: `${current} redirects to "${location}", which is not a URL.` };
  }
  const redirects = `${current} redirects to ${next.href}`;
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return { failure: `${redirects}, which is not http or https.` };
  // Credentials and content that came over TLS are not taken over plain http.
  if (next.protocol === 'http:' && new URL(current).protocol === 'https:') return { failure: `${redirects}, from https to http: not followed.` };
  if (!isAllowed(policy, next.href)) {
    const host = hostOf(next.href);
    return { failure: `${redirects}, and ${host} is not an allowed host (allow it with --allow-remote ${host} or remoteRefs.allow).` };
  }
  next.hash = '';
  return { url: next.href };
}

/** The headers of a GET to `url`: the configured ones of its host (not of the hop before it), `${NAME}` expanded. */
function requestHeaders(url: string, policy: RemotePolicy, env: NodeJS.ProcessEnv, userAgent = 'openapi-check'): Record<string, string> {
  const host = hostOf(url).toLowerCase();
  const headers: Record<string, string> = {
    accept: 'application/yaml, application/json;q=0.9, text/yaml;q=0.8, */*;q=0.1',
    'user-agent': userAgent,
  };
  for (const [name, raw] of Object.entries(policy.headers[host] ?? {})) {
    const expanded = expandHeader(raw, env);
    if ('unset' in expanded) {
      throw new FetchFailure(`the header ${name} configured for ${host} uses \${${expanded.unset}}, which is not set in the environment.`);
    }
    headers[name.toLowerCase()] = expanded.value;
  }
  return headers;
}

/** The stored credentials of the URL's host, only that host's (a redirect elsewhere does not take them along). */
function credentialHeaders(url: string, options: FetchOptions): Record<string, string> {
  const own = options.credentials?.[hostOf(url).toLowerCase()] ?? {};
  return Object.fromEntries(Object.entries(own).map(([name, value]) => [name.toLowerCase(), value]));
}

/** If-None-Match / If-Modified-Since for a kept copy's validators. */
function conditionalHeaders(validators: Validators | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  return headers;
}

/** The validators of an answer, when it has any. */
function validatorsOf(response: Http.IncomingMessage): Validators | undefined {
  const etag = response.headers.etag;
  const lastModified = response.headers['last-modified'];
  return etag || lastModified ? { etag, lastModified } : undefined;
}

/** A GET of `target`, sent: directly, through an http proxy, or through a CONNECT tunnel for https. */
async function openRequest(target: URL, headers: Record<string, string>, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<Http.ClientRequest> {
  const proxy = proxyFor(target, env);
  const isHttps = target.protocol === 'https:';
  const port = Number(target.port) || (isHttps ? 443 : 80);
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  const servername = nodeNet().isIP(hostname) ? undefined : hostname; // SNI takes names only
  const path = target.pathname + target.search;
  if (!proxy) {
    const options = { method: 'GET', host: hostname, port, path, headers, signal, agent: false as const };
    return isHttps ? nodeHttps().request({ ...options, servername }) : nodeHttp().request(options);
  }
  if (!isHttps) {
    // A plain http proxy takes the absolute URL as the request target.
    const proxyHeaders = { ...headers, host: target.host, ...proxyAuthorization(proxy) };
    return nodeHttp().request({ method: 'GET', host: proxy.hostname, port: proxyPort(proxy), path: target.href, headers: proxyHeaders, signal, agent: false });
  }
  const socket = await tunnel(proxy, `${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`, signal);
  const secure = () => nodeTls().connect({ socket, servername });
  return nodeHttps().request({ method: 'GET', host: hostname, port, path, headers, signal, createConnection: secure });
}

function proxyPort(proxy: URL): number {
  return Number(proxy.port) || 80;
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** A socket to `authority` through an http proxy (CONNECT), for TLS end to end. */
function tunnel(proxy: URL, authority: string, signal: AbortSignal): Promise<Net.Socket> {
  return new Promise((resolve, reject) => {
    const headers = { host: authority, ...proxyAuthorization(proxy) };
    const options = { method: 'CONNECT', host: proxy.hostname, port: proxyPort(proxy), path: authority, headers, signal, agent: false };
    const connect = nodeHttp().request(options);
    connect.on('connect', (response, socket) => {
      if (response.statusCode === 200) return resolve(socket);
      socket.destroy();
      const status = `HTTP ${response.statusCode} ${response.statusMessage ?? ''}`.trimEnd();
      reject(new FetchFailure(`the proxy ${proxy.host} refused to connect to ${authority}: ${status}.`));
    });
    connect.on('error', (e: NodeJS.ErrnoException) => {
      if (e.name === 'AbortError') reject(e);
      else reject(new FetchFailure(`the proxy ${proxy.host} cannot be reached: ${describeNetworkError(e, proxy.href)}`));
    });
    connect.end();
  });
}

/** The answer to a request: a redirect, a failing status, or the body read up to the cap. */
function readResponse(request: Http.ClientRequest, maxMegabytes: number): Promise<Hop> {
  const maxBytes = Math.floor(maxMegabytes * 1024 * 1024);
  const tooLarge = () => new FetchFailure(`the document is larger than ${maxMegabytes} MB (remoteRefs.maxMegabytes): it was not read further.`);
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status === 304) {
        response.resume();
        return resolve({ kind: 'not-modified' });
      }
      if (status >= 300 && status < 400) {
        response.resume();
        return resolve({ kind: 'redirect', status, location: response.headers.location });
      }
      if (status < 200 || status >= 300) {
        request.destroy(); // the error page is not read
        return resolve({ kind: 'status', status, statusText: response.statusMessage ?? '' });
      }
      const declared = Number(response.headers['content-length']);
      if (declared > maxBytes) {
        request.destroy();
        return reject(tooLarge());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          // Stop reading at the cap: the socket is closed, nothing more is buffered.
          request.destroy();
          return reject(tooLarge());
        }
        chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => resolve({ kind: 'body', bytes: Buffer.concat(chunks), contentType: response.headers['content-type'], validators: validatorsOf(response) }));
    });
    request.end();
  });
}

const JSON_TYPES = /^(application\/([\w.+-]+\+)?json|text\/json|application\/vnd\.oai\.openapi\+json)$/;
const YAML_TYPES = /^(application\/([\w.+-]+\+)?(x-)?yaml|text\/(x-)?yaml|application\/vnd\.oai\.openapi)$/;
/** Types servers send for any file: the URL's extension decides then. */
const GENERIC_TYPES = /^(text\/plain|application\/octet-stream|binary\/octet-stream)$/;

/** The fetched bytes as a document's text, YAML or JSON by content type or else by extension. */
function documentOf(url: string, bytes: Buffer, contentType: string | undefined): FetchOutcome {
  const mediaType = contentType?.split(';')[0].trim().toLowerCase() ?? '';
  let format: SourceFormat | undefined;
  if (JSON_TYPES.test(mediaType)) format = 'json';
  else if (YAML_TYPES.test(mediaType)) format = 'yaml';
  else if (mediaType === '' || GENERIC_TYPES.test(mediaType)) format = formatByExtension(url);
  else return { failure: `${url} is not YAML or JSON: the server answered ${mediaType}.` };
  const decoded = decodeText(bytes);
  if (!('text' in decoded)) return { failure: `the answer from ${url}${decoded.message.replace(/^The file/, '')}` };
  // Without a type or an extension that says, the text is parsed as it looks; resolution then
  // refuses one that is no mapping or list ("not a YAML or JSON document").
  return { url, text: decoded.text, format, contentType };
}

function formatByExtension(url: string): SourceFormat | undefined {
  const pathname = new URL(url).pathname.toLowerCase();
  if (pathname.endsWith('.json')) return 'json';
  if (pathname.endsWith('.yaml') || pathname.endsWith('.yml')) return 'yaml';
  return undefined;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_|HOSTNAME_MISMATCH)/;

/** A network error as a sentence: DNS, refused, reset, TLS... */
export function describeNetworkError(error: NodeJS.ErrnoException, url: string): string {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // said with the whole text
  }
  const code = error.code ?? '';
  if (code === 'ENOTFOUND') return `the host ${host} was not found (DNS).`;
  if (code === 'EAI_AGAIN') return `the host ${host} could not be looked up (DNS is not answering).`;
  if (code === 'ECONNREFUSED') return `${host} refused the connection.`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${host} closed the connection before answering.`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${host} cannot be reached (no route to it).`;
  if (code === 'ETIMEDOUT') return `connecting to ${host} timed out.`;
  if (TLS_CODES.test(code) || /certificate|ssl|tls/i.test(error.message)) return `TLS with ${host} failed: ${error.message}.`;
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_')) return `${host} did not answer in HTTP (${error.message}).`;
  return `fetching from ${host} failed: ${error.message}${code ? ` (${code})` : ''}.`;
}
