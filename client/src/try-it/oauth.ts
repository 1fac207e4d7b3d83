// OAuth 2 for Try it out, made by the extension host: the token request of the password, client
// credentials and authorization code grants (with PKCE), and the loopback listener on 127.0.0.1 that
// receives the authorization server's redirect. Knows neither VS Code nor Swagger UI: try-it-host.ts
// opens the browser and keeps the secrets; the page (client/webview/try-it.ts) passes what the
// Authorize dialog holds. Requests go only to the token URL the document declares, on the user's click.
import { createHash, randomBytes } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { RunLimits, runRequest, TryError } from './request-runner';

/** What the Authorize dialog holds for one OAuth 2 flow of a security scheme. */
export interface OAuthGrant {
  /** The security scheme's name in `components.securitySchemes`. */
  scheme: string;
  flow: 'password' | 'clientCredentials' | 'authorizationCode';
  /** Absolute: the page resolves a relative tokenUrl against the selected server, as Swagger UI does. */
  tokenUrl: string;
  authorizationUrl?: string;
  scopes: string[];
  clientId: string;
  clientSecret?: string;
  username?: string;
  password?: string;
  /** How the client authenticates at the token URL: HTTP basic (the default) or fields in the body. */
  clientAuthentication?: 'basic' | 'body';
}

/** A token endpoint's answer (RFC 6749 §5.1), as given: Swagger UI sends `token_type` `access_token`. */
export interface OAuthToken {
  access_token: string;
  token_type?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  [field: string]: unknown;
}

const TOKEN_LIMITS: RunLimits = { timeoutMs: 30_000, maxResponseBytes: 256 * 1024 };

/** The token request of a grant: the exact form fields and headers sent to the token URL. */
export function tokenRequestOf(grant: OAuthGrant, extra: Record<string, string> = {}): { url: string; headers: Record<string, string>; form: URLSearchParams } {
  const form = new URLSearchParams();
  if (grant.flow === 'password') {
    form.set('grant_type', 'password');
    form.set('username', grant.username ?? '');
    form.set('password', grant.password ?? '');
  } else if (grant.flow === 'clientCredentials') form.set('grant_type', 'client_credentials');
  else form.set('grant_type', 'authorization_code');
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  if (grant.scopes.length > 0 && grant.flow !== 'authorizationCode') form.set('scope', grant.scopes.join(' '));
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
  if (grant.clientAuthentication === 'body' || (grant.flow === 'authorizationCode' && !grant.clientSecret)) {
    // A public client (PKCE without a secret) names itself in the body.
    form.set('client_id', grant.clientId);
    if (grant.clientSecret) form.set('client_secret', grant.clientSecret);
  } else {
    // RFC 6749 §2.3.1: each part form-encoded before joining.
    const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
    headers.Authorization = `Basic ${Buffer.from(`${encode(grant.clientId)}:${encode(grant.clientSecret ?? '')}`).toString('base64')}`;
  }
  return { url: grant.tokenUrl, headers, form };
}

/** Posts the token request; the token, or a TryError in words the dialog shows. */
export async function requestToken(grant: OAuthGrant, extra: Record<string, string> = {}, limits: RunLimits = TOKEN_LIMITS): Promise<OAuthToken> {
  const { url, headers, form } = tokenRequestOf(grant, extra);
  const response = await runRequest({ url, method: 'POST', headers, body: { kind: 'text', text: form.toString() } }, limits);
  const text = Buffer.from(response.base64, 'base64').toString('utf8');
  let answer: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answer = parsed as Record<string, unknown>;
  } catch {
    answer = undefined;
  }
  const host = new URL(url).host;
  if (answer && typeof answer.error === 'string') {
    const description = typeof answer.error_description === 'string' ? `: ${answer.error_description}` : '';
    throw new TryError(`The token request to ${host} was refused (${answer.error}${description}).`);
  }
  if (response.status < 200 || response.status > 299) throw new TryError(`The token request to ${host} answered ${response.status} ${response.statusText}.`.replace(/ \.$/, '.'));
  if (!answer || typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new TryError(`The token request to ${host} answered without an access token.`);
  }
  return answer as OAuthToken;
}

/** PKCE (RFC 7636): a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The authorization URL the browser opens: the document's URL with the code grant's parameters added. */
export function authorizationUrlOf(grant: OAuthGrant, redirectUri: string, state: string, challenge: string): string {
  if (!grant.authorizationUrl) throw new TryError('This flow declares no authorizationUrl.');
  const url = new URL(grant.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', grant.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (grant.scopes.length > 0) url.searchParams.set('scope', grant.scopes.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  // URLSearchParams writes spaces as '+', which some servers take literally in `scope`.
  return url.toString().replace(/\+/g, '%20');
}

/**
 * Whether a URL is one a security scheme of the document declares for that use, resolved against
 * the server as the page resolved it: Try it out sends credentials nowhere else.
 */
export function isDeclaredOAuthUrl(document: unknown, scheme: string, kind: 'tokenUrl' | 'authorizationUrl', url: string): boolean {
  const schemes = (document as { components?: { securitySchemes?: Record<string, unknown> } } | undefined)?.components?.securitySchemes;
  const flows = (schemes?.[scheme] as { type?: unknown; flows?: Record<string, Record<string, unknown>> } | undefined);
  if (!flows || flows.type !== 'oauth2' || !flows.flows || typeof flows.flows !== 'object') return false;
  let asked: URL;
  try {
    asked = new URL(url);
  } catch {
    return false;
  }
  for (const flow of Object.values(flows.flows)) {
    const declared = flow && typeof flow === 'object' ? flow[kind] : undefined;
    if (typeof declared !== 'string') continue;
    try {
      // A relative URL is relative to the server the user chose from `servers`: its path must end the asked URL's path.
      const absolute = /^[a-z][a-z0-9+.-]*:/i.test(declared) ? new URL(declared) : undefined;
      if (absolute ? sameUrl(absolute, asked) : relativeMatches(declared, asked)) return true;
    } catch {
      continue;
    }
  }
  return false;
}

function sameUrl(a: URL, b: URL): boolean {
  return a.origin === b.origin && a.pathname === b.pathname && a.search === b.search;
}

function relativeMatches(declared: string, asked: URL): boolean {
  const [path, query = ''] = declared.split('?');
  const tail = '/' + path.replace(/^\.?\//, '');
  return asked.pathname.endsWith(tail) && asked.search === (query ? `?${query}` : '');
}

/** How long the loopback listener waits for the browser to come back. */
export const REDIRECT_WAIT_MS = 5 * 60_000;

/**
 * A listener on 127.0.0.1 (a port the system picks) for one authorization's redirect: resolves with the
 * code when the browser arrives with the expected state, then stops. Desktop VS Code and code-server
 * on the same machine both open the browser where 127.0.0.1 is this machine (RFC 8252 §7.3).
 */
export class LoopbackRedirect {
  readonly state = randomBytes(16).toString('hex');
  private readonly server = http.createServer((req, res) => this.arrived(req, res));
  private settle: { resolve: (code: string) => void; reject: (error: Error) => void } | undefined;
  private readonly result: Promise<string>;
  private timer: NodeJS.Timeout | undefined;

  private constructor() {
    this.result = new Promise<string>((resolve, reject) => (this.settle = { resolve, reject }));
    // Nobody may be awaiting yet when a failure arrives: the rejection is handled where `code()` is awaited.
    this.result.catch(() => undefined);
  }

  static async start(waitMs = REDIRECT_WAIT_MS): Promise<LoopbackRedirect> {
    const redirect = new LoopbackRedirect();
    await new Promise<void>((resolve, reject) => {
      redirect.server.once('error', reject);
      redirect.server.listen(0, '127.0.0.1', () => resolve());
    });
    redirect.uri = `http://127.0.0.1:${(redirect.server.address() as AddressInfo).port}/oauth2/callback`;
    redirect.timer = setTimeout(() => redirect.finish(new TryError('No answer came back from the sign-in page within 5 minutes: authorize again to retry.')), waitMs);
    return redirect;
  }

  /** Where the browser is sent back: known once listening, kept after the listener stops. */
  uri = '';

  /** The authorization code, once the browser came back with it. */
  code(): Promise<string> {
    return this.result;
  }

  /** Stops listening without an answer (the preview closed, or another authorization started). */
  cancel(): void {
    this.finish(new TryError('The authorization was cancelled.'));
  }

  private arrived(req: http.IncomingMessage, res: http.ServerResponse): void {
    // One answer per connection: nothing lingers on the port once the authorization is over.
    res.shouldKeepAlive = false;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/oauth2/callback') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const params = url.searchParams;
    if (params.get('state') !== this.state) {
      // Not the answer to our request (a stale tab, or a forged link): keep waiting for the right one.
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('This sign-in answer does not belong to the authorization VS Code is waiting for.');
      return;
    }
    const error = params.get('error');
    const code = params.get('code');
    const page = (text: string) => `<!DOCTYPE html><meta charset="utf-8"><title>Authorization</title><p>${text}</p>`;
    if (error || !code) {
      const description = params.get('error_description');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page('The authorization was refused. You can close this tab.'));
      this.finish(new TryError(`The authorization server refused (${error ?? 'no code'}${description ? `: ${description}` : ''}).`));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page('Authorized. You can close this tab and return to VS Code.'));
    this.finish(undefined, code);
  }

  private finish(error?: Error, code?: string): void {
    if (!this.settle) return;
    clearTimeout(this.timer);
    this.server.close();
    // The browser's connection may still be writing the "You can close this tab" page: cut it a moment later.
    setTimeout(() => this.server.closeAllConnections?.(), 1_000).unref();
    if (code !== undefined) this.settle?.resolve(code);
    else this.settle?.reject(error ?? new TryError('The authorization stopped.'));
    this.settle = undefined;
  }
}

/** The whole authorization code grant with PKCE, the browser opened by `openBrowser`. */
export async function authorizeWithCode(grant: OAuthGrant, openBrowser: (url: string) => Promise<boolean>, onListening?: (redirect: LoopbackRedirect) => void, waitMs?: number): Promise<OAuthToken> {
  const { verifier, challenge } = pkcePair();
  const redirect = await LoopbackRedirect.start(waitMs);
  onListening?.(redirect);
  try {
    const opened = await openBrowser(authorizationUrlOf(grant, redirect.uri, redirect.state, challenge));
    if (!opened) throw new TryError('The sign-in page was not opened.');
    const code = await redirect.code();
    return await requestToken(grant, { code, redirect_uri: redirect.uri, code_verifier: verifier });
  } finally {
    redirect.cancel();
  }
}
