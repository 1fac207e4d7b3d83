// Try it out's requests, made by the extension host (Node http/https) instead of the webview: no
// CORS, `localhost` works, cookies can be sent. One request per call, to exactly the URL the user
// sent (redirects are shown, not followed), bounded by a timeout and a cap on the response's size.
// Knows neither VS Code nor OpenAPI: the preview (client/src/preview.ts) passes what Swagger UI built.
import { randomBytes } from 'crypto';
import * as http from 'http';
import * as https from 'https';

/** A request as Swagger UI built it, made serializable by the webview (files as base64). */
export interface TryRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: TryBody;
}

export type TryBody =
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; base64: string; contentType?: string }
  /** multipart/form-data: the runner writes the boundary and the Content-Type. */
  | { kind: 'form'; fields: FormField[] };

export type FormField =
  | { name: string; value: string }
  | { name: string; fileName: string; contentType: string; base64: string };

export interface TryResponse {
  url: string;
  status: number;
  statusText: string;
  /** In the order received; a header sent twice appears twice. */
  headers: [string, string][];
  /** The body's bytes, base64: binary answers (an image, a zip) arrive intact. */
  base64: string;
  durationMs: number;
}

export interface RunLimits {
  /** From sending to the last byte of the answer. */
  timeoutMs: number;
  maxResponseBytes: number;
}

export const DEFAULT_LIMITS: RunLimits = { timeoutMs: 30_000, maxResponseBytes: 10 * 1024 * 1024 };

/** Why a request got no answer, in words the response panel shows. */
export class TryError extends Error {}

export function runRequest(request: TryRequest, limits: RunLimits = DEFAULT_LIMITS, cookies?: CookieJar): Promise<TryResponse> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.reject(new TryError(`"${request.url}" is not a URL: choose a server with an absolute URL.`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new TryError(`Only http and https URLs can be tried, not ${url.protocol}`));
  }
  const { body, contentType } = encodeBody(request.body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // multipart's Content-Type is ours: it carries our boundary.
    if (contentType?.startsWith('multipart/') && name.toLowerCase() === 'content-type') continue;
    headers[name] = value;
  }
  if (contentType && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = contentType;
  const stored = cookies?.headerFor(url);
  if (stored) {
    const sent = Object.keys(headers).find((h) => h.toLowerCase() === 'cookie');
    if (sent) headers[sent] = `${headers[sent]}; ${stored}`;
    else headers.Cookie = stored;
  }
  if (body) headers['Content-Length'] = String(body.length);
  const started = performance.now();
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<TryResponse>((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    const req = transport.request(url, { method: request.method.toUpperCase(), headers }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxResponseBytes) {
          res.destroy();
          fail(new TryError(`The response is larger than ${formatBytes(limits.maxResponseBytes)}: it was not read to the end.`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (error) => fail(new TryError(`The response broke off: ${error.message}`)));
      res.on('end', () => {
        clearTimeout(timer);
        const received: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) received.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        cookies?.store(url, received);
        resolve({
          url: url.toString(), status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: received,
          base64: Buffer.concat(chunks).toString('base64'), durationMs: Math.round(performance.now() - started),
        });
      });
    });
    const timer = setTimeout(() => fail(new TryError(`No complete answer from ${url.host} within ${limits.timeoutMs / 1000} s.`)), limits.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => fail(new TryError(connectionMessage(url, error))));
    req.end(body);
  });
}

function encodeBody(body: TryBody | undefined): { body?: Buffer; contentType?: string } {
  if (!body) return {};
  if (body.kind === 'text') return { body: Buffer.from(body.text, 'utf8') };
  if (body.kind === 'bytes') return { body: Buffer.from(body.base64, 'base64'), contentType: body.contentType || undefined };
  const boundary = `----openapi30-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const field of body.fields) {
    const name = quoted(field.name);
    if ('base64' in field) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${quoted(field.fileName)}"\r\n`
        + `Content-Type: ${field.contentType || 'application/octet-stream'}\r\n\r\n`), Buffer.from(field.base64, 'base64'), Buffer.from('\r\n'));
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${field.value}\r\n`));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A name inside a quoted header parameter: quotes and line breaks escaped as browsers do. */
function quoted(text: string): string {
  return text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function connectionMessage(url: URL, error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNREFUSED') return `Nothing answers at ${url.host} (connection refused): is the server running?`;
  if (error.code === 'ENOTFOUND') return `The host ${url.hostname} is not known.`;
  return `The request to ${url.host} failed: ${error.message}`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Cookies a server set, sent back to it (same host and port) on the next requests of the preview,
 * as a browser would: name=value only; an expired or emptied cookie is removed. Kept in memory.
 */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  headerFor(url: URL): string | undefined {
    const jar = this.byOrigin.get(url.host);
    if (!jar || jar.size === 0) return undefined;
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(url: URL, headers: [string, string][]): void {
    for (const [name, value] of headers) {
      if (name.toLowerCase() !== 'set-cookie') continue;
      const [pair, ...attributes] = value.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const cookie = pair.slice(0, equals).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a))
        || attributes.some((a) => /^\s*expires\s*=/i.test(a) && Date.parse(a.split('=').slice(1).join('=')) < Date.now());
      let jar = this.byOrigin.get(url.host);
      if (!jar) this.byOrigin.set(url.host, (jar = new Map()));
      if (expired) jar.delete(cookie);
      else jar.set(cookie, pair.slice(equals + 1).trim());
    }
  }
}
