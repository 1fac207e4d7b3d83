// Try it out in the webview: Swagger UI builds the request (server URL from `servers` and their
// variables, parameters, body, credentials), and instead of fetching it itself (CORS, and a CSP that
// allows no connection) hands it to the extension host, which makes it and posts the answer back.
// Credentials entered in the Authorize dialog go to the extension (SecretStorage) and come back
// when the preview opens again.

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

type Post = (message: unknown) => void;
// Swagger UI's actions are untyped.
type AnyFunction = (...args: any[]) => any;
interface AuthSystem {
  authActions: { authorize(payload: Record<string, { name: string; schema: unknown; value: unknown }>): void };
  specSelectors: { specJson(): { getIn(path: string[]): { toJS(): unknown } | undefined } };
}

/** Statuses whose Response may have no body (the Response constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export class TryItOut {
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: TryAnswer) => void>();
  /** Schemes whose stored credentials were asked for already. */
  private readonly asked = new Set<string>();
  private restoring = false;

  constructor(private readonly post: Post) {}

  /** The Swagger UI plugin: requests through the extension, credentials kept by it. */
  plugin(): () => unknown {
    const fetchThroughExtension = (url: string, init: RequestInit) => this.fetch(url, init);
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
          },
        },
      },
    });
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
      if (schema) payload[name] = { name, schema: schema.toJS(), value };
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
  return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : bytes, { status: answer.status, statusText: answer.statusText, headers });
}
