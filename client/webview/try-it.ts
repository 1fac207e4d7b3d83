// Try it out in the webview: Swagger UI builds the request (server URL from `servers` and their
// variables, parameters, body, credentials), and instead of fetching it itself (CORS, and a CSP that
// allows no connection) hands it to the extension host, which makes it and posts the answer back.
// Credentials entered in the Authorize dialog go to the extension (SecretStorage) and come back
// when the preview opens again. OAuth 2's token requests (and the browser of the authorization code
// grant) are the extension's too; the page only passes what the dialog holds and shows the token.
// The response shown is the extension's: every header as received (Set-Cookie too, which a browser's
// fetch hides), and a binary body can be saved to a file, byte for byte.

/** What the extension's request runner takes (client/src/try-it/request-runner.ts). */
interface TryRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: { kind: 'text'; text: string } | { kind: 'bytes'; base64: string; contentType?: string } | { kind: 'form'; fields: FormField[] };
}
type FormField = { name: string; value: string } | { name: string; fileName: string; contentType: string; base64: string };
interface TryResponse {
  url: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  base64: string;
}
export type TryAnswer = { type: 'tryResponse'; id: number; response: TryResponse } | { type: 'tryResponse'; id: number; error: string };
/** What the extension's OAuth 2 (client/src/try-it/oauth.ts) takes and answers. */
interface OAuthGrant {
  scheme: string;
  flow: 'password' | 'clientCredentials' | 'authorizationCode';
  tokenUrl: string;
  authorizationUrl?: string;
  scopes: string[];
  clientId: string;
  clientSecret?: string;
  username?: string;
  password?: string;
  clientAuthentication?: 'basic' | 'body';
}
export type OAuthAnswer = { type: 'oauthAnswer'; id: number; token: Record<string, unknown> } | { type: 'oauthAnswer'; id: number; error: string };

type Post = (message: unknown) => void;
// Swagger UI's actions are untyped.
type AnyFunction = (...args: any[]) => any;
export interface AuthSystem {
  authActions: {
    authorize(payload: Record<string, { name: string; schema: unknown; value: unknown }>): void;
    authorizeOauth2(payload: { auth: OAuthDialogAuth; token: Record<string, unknown> }): void;
  };
  specSelectors: { specJson(): { getIn(path: string[]): { toJS(): unknown } | undefined } };
}
/** Swagger UI's state of one OAuth 2 flow in the Authorize dialog (its `schema` is an Immutable map there). */
interface OAuthDialogAuth {
  name: string;
  schema: { get(key: string): unknown } | Record<string, unknown>;
  /** An array, or an Immutable list. */
  scopes?: string[] | { toArray(): string[] };
  clientId?: string;
  clientSecret?: string;
  username?: string;
  password?: string;
  passwordType?: string;
}
interface PluginSystem {
  React: { createElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): unknown };
  authActions: { authorizeOauth2WithPersistOption(payload: { auth: OAuthDialogAuth; token: Record<string, unknown> }): void };
  errActions: { newAuthErr(error: { authId: string; level: string; source: string; message: string }): void };
  oas3Selectors: { selectedServer(): string; serverEffectiveValue(server: string): string };
}

/** Statuses whose Response may have no body (the Response constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export class TryItOut {
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: TryAnswer) => void>();
  private readonly waitingTokens = new Map<number, (answer: OAuthAnswer) => void>();
  /** Schemes whose stored credentials were asked for already. */
  private readonly asked = new Set<string>();
  private restoring = false;

  constructor(private readonly post: Post) {}

  /** The Swagger UI plugin: requests, OAuth 2 and saving through the extension, credentials kept by it. */
  plugin(): () => unknown {
    const fetchThroughExtension = (url: string, init: RequestInit) => this.fetch(url, init);
    const oauth = (flow: OAuthGrant['flow']) => (_original: AnyFunction, system: PluginSystem) => (auth: OAuthDialogAuth) => {
      void this.authorizeOAuth(flow, auth, system);
    };
    return () => ({
      statePlugins: {
        spec: {
          wrapActions: {
            executeRequest: (original: AnyFunction) => (request: Record<string, unknown>) => original({ ...request, userFetch: fetchThroughExtension }),
          },
        },
        auth: {
          wrapActions: {
            authorize: (original: AnyFunction) => (payload: Record<string, { value?: unknown }>) => {
              if (!this.restoring) {
                const values = Object.fromEntries(Object.entries(payload).filter(([, v]) => v?.value !== undefined).map(([k, v]) => [k, v.value]));
                this.post({ type: 'saveCredentials', values });
              }
              return original(payload);
            },
            logout: (original: AnyFunction) => (schemes: string[]) => {
              this.post({ type: 'forgetCredentials', schemes });
              return original(schemes);
            },
            // Swagger UI would fetch the token itself, or open its redirect page in a popup: the extension does both.
            authorizePassword: oauth('password'),
            authorizeApplication: oauth('clientCredentials'),
            authPopup: (_original: AnyFunction, system: PluginSystem) => (_url: string, context: { auth: OAuthDialogAuth }) => {
              const flow = valueOf(context.auth.schema, 'flow');
              if (flow === 'authorizationCode' || flow === 'accessCode') void this.authorizeOAuth('authorizationCode', context.auth, system);
              else system.errActions.newAuthErr({ authId: context.auth.name, level: 'error', source: 'auth', message: 'The implicit flow cannot be used from the preview: use the authorization code flow.' });
            },
          },
        },
      },
      wrapComponents: {
        responseBody: (Original: unknown, system: PluginSystem) => (props: { content?: unknown; url?: string; headers?: Record<string, string> }) => {
          const original = system.React.createElement(Original, props);
          if (!(props.content instanceof Blob)) return original;
          const blob = props.content;
          const save = system.React.createElement('button', {
            type: 'button', className: 'btn openapi30-save-response', title: 'Save the response body to a file',
            onClick: () => void base64Of(blob).then((base64) => this.post({ type: 'saveResponse', fileName: fileNameOf(props.url ?? '', props.headers ?? {}), base64 })),
          }, 'Save…');
          return system.React.createElement('div', null, original, save);
        },
      },
    });
  }

  /** Asks the extension for a token, and enters it in the dialog as if Swagger UI had fetched it. */
  private async authorizeOAuth(flow: OAuthGrant['flow'], auth: OAuthDialogAuth, system: PluginSystem): Promise<void> {
    const fail = (message: string) => system.errActions.newAuthErr({ authId: auth.name, level: 'error', source: 'auth', message });
    const tokenUrl = valueOf(auth.schema, 'tokenUrl');
    const authorizationUrl = valueOf(auth.schema, 'authorizationUrl');
    let server: string | undefined;
    try {
      server = system.oas3Selectors.serverEffectiveValue(system.oas3Selectors.selectedServer());
    } catch {
      server = undefined;
    }
    const grant: OAuthGrant = {
      scheme: auth.name, flow, tokenUrl: absolute(String(tokenUrl ?? ''), server), scopes: scopesOf(auth.scopes), clientId: auth.clientId ?? '', clientSecret: auth.clientSecret,
      username: auth.username, password: auth.password, clientAuthentication: auth.passwordType === 'request-body' ? 'body' : 'basic',
      authorizationUrl: authorizationUrl === undefined ? undefined : absolute(String(authorizationUrl), server),
    };
    const id = ++this.nextId;
    const answer = await new Promise<OAuthAnswer>((resolve) => {
      this.waitingTokens.set(id, resolve);
      this.post({ type: 'oauthAuthorize', id, grant });
    });
    if ('error' in answer) fail(answer.error);
    else system.authActions.authorizeOauth2WithPersistOption({ auth, token: answer.token });
  }

  /** After a render: asks the extension for stored credentials of schemes not asked about yet. */
  documentShown(document: unknown): void {
    const schemes = (document as { components?: { securitySchemes?: Record<string, unknown> } })?.components?.securitySchemes;
    const names = Object.keys(schemes && typeof schemes === 'object' ? schemes : {}).filter((name) => !this.asked.has(name));
    names.forEach((name) => this.asked.add(name));
    if (names.length > 0) this.post({ type: 'credentialsWanted', schemes: names });
  }

  /** Stored credentials, entered as if typed in the Authorize dialog. */
  restore(system: AuthSystem, values: Record<string, unknown>): void {
    const payload: Record<string, { name: string; schema: unknown; value: unknown }> = {};
    for (const [name, value] of Object.entries(values)) {
      const schema = system.specSelectors.specJson().getIn(['components', 'securitySchemes', name]);
      if (!schema) continue;
      const oauth2 = (value as { oauth2?: { clientId: string; scopes: string[]; token: Record<string, unknown> } } | null)?.oauth2;
      if (oauth2) system.authActions.authorizeOauth2({ auth: { name, schema: schema.toJS() as Record<string, unknown>, scopes: oauth2.scopes, clientId: oauth2.clientId }, token: oauth2.token });
      else payload[name] = { name, schema: schema.toJS(), value };
    }
    if (Object.keys(payload).length === 0) return;
    this.restoring = true;
    try {
      system.authActions.authorize(payload);
    } finally {
      this.restoring = false;
    }
  }

  answered(answer: TryAnswer): void {
    this.waiting.get(answer.id)?.(answer);
    this.waiting.delete(answer.id);
  }

  tokenAnswered(answer: OAuthAnswer): void {
    this.waitingTokens.get(answer.id)?.(answer);
    this.waitingTokens.delete(answer.id);
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    const headers = plainHeaders(init.headers);
    const request: TryRequest = { url, method: init.method ?? 'GET', headers, body: await bodyOf(init.body, headers) };
    const id = ++this.nextId;
    const answer = await new Promise<TryAnswer>((resolve) => {
      this.waiting.set(id, resolve);
      this.post({ type: 'tryRequest', id, request });
    });
    if ('error' in answer) throw new Error(answer.error);
    return responseOf(answer.response);
  }
}

function plainHeaders(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)]));
}

async function bodyOf(body: BodyInit | null | undefined, headers: Record<string, string>): Promise<TryRequest['body']> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return { kind: 'text', text: body };
  if (body instanceof URLSearchParams) return { kind: 'text', text: body.toString() };
  if (body instanceof FormData) {
    const fields: FormField[] = [];
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') fields.push({ name, value });
      else fields.push({ name, fileName: value.name || 'blob', contentType: value.type, base64: await base64Of(value) });
    }
    return { kind: 'form', fields };
  }
  if (body instanceof Blob) {
    const declared = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    return { kind: 'bytes', base64: await base64Of(body), contentType: declared ?? body.type };
  }
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return { kind: 'bytes', base64: await base64Of(new Blob([body])) };
  return { kind: 'text', text: String(body) };
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In chunks: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function responseOf(answer: TryResponse): Response {
  const headers = new Headers();
  for (const [name, value] of answer.headers) {
    try {
      headers.append(name, value);
    } catch {
      // A header the browser's Headers refuses (not Latin-1): the body and status still show.
    }
  }
  const binary = atob(answer.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (answer.status < 200 || answer.status > 599) throw new Error(`The server answered with status ${answer.status}, which cannot be shown here.`);
  const response = new Response(NULL_BODY_STATUSES.has(answer.status) ? null : bytes, { status: answer.status, statusText: answer.statusText, headers });
  // A Response's headers never list Set-Cookie: Swagger UI reads these instead, every header the server sent.
  Object.defineProperty(response, 'headers', { value: receivedHeaders(answer.headers, headers) });
  return response;
}

/**
 * The headers as received, for Swagger UI's response panel (which reads `entries()` and keeps one value
 * per name): Set-Cookie's values one per line, others joined as a browser joins them.
 */
function receivedHeaders(received: [string, string][], parsed: Headers): Headers {
  const byName = new Map<string, string[]>();
  for (const [name, value] of received) {
    const key = name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), value]);
  }
  const entries = [...byName].map(([name, values]): [string, string] => [name, values.join(name === 'set-cookie' ? '\n' : ', ')]);
  return Object.assign(Object.create(parsed) as Headers, {
    entries: () => entries[Symbol.iterator](),
    keys: () => entries.map(([name]) => name)[Symbol.iterator](),
    values: () => entries.map(([, value]) => value)[Symbol.iterator](),
    [Symbol.iterator]: () => entries[Symbol.iterator](),
    forEach: (callback: (value: string, name: string, headers: Headers) => void) => entries.forEach(([name, value]) => callback(value, name, parsed)),
    get: (name: string) => byName.get(name.toLowerCase())?.join(', ') ?? null,
    has: (name: string) => byName.has(name.toLowerCase()),
  });
}

/** A name for a saved body: the Content-Disposition's filename, else the URL's last segment. */
function fileNameOf(url: string, headers: Record<string, string>): string {
  const disposition = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-disposition')?.[1] ?? '';
  const star = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
  try {
    if (star) return decodeURIComponent(star.trim());
  } catch {
    // Not percent-encoded as it should be: the plain name, or the URL's.
  }
  if (plain) return plain.trim();
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : 'response';
  } catch {
    return 'response';
  }
}

function scopesOf(scopes: OAuthDialogAuth['scopes']): string[] {
  if (!scopes) return [];
  return Array.isArray(scopes) ? scopes : scopes.toArray();
}

/** A value of Swagger UI's auth schema, an Immutable map in the dialog and a plain object once restored. */
function valueOf(schema: OAuthDialogAuth['schema'], key: string): unknown {
  return typeof (schema as { get?: unknown }).get === 'function' ? (schema as { get(key: string): unknown }).get(key) : (schema as Record<string, unknown>)[key];
}

/** A URL the document may give relative to the chosen server, made absolute as Swagger UI does. */
function absolute(url: string, server: string | undefined): string {
  try {
    return new URL(url, server && /^https?:/i.test(server) ? server : undefined).toString();
  } catch {
    return url;
  }
}
