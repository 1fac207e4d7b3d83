// Try it out's requests as the extension host makes them, against a loopback server this test
// starts: what the server received and what the response panel would show.
import assert from 'node:assert/strict';
import * as http from 'http';
import { AddressInfo } from 'net';
import { after, before, describe, it } from 'node:test';
import { CookieJar, runRequest, TryError } from '../../../client/src/try-it/request-runner';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);

describe('Try it out: the extension-side request runner', () => {
  let server: http.Server;
  let base: string;
  let last: Received;

  before(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        last = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
        const route = new URL(req.url!, 'http://x').pathname;
        if (route === '/fail') {
          res.writeHead(500, 'Internal Server Error', { 'Content-Type': 'application/json' });
          res.end('{"message":"boom"}');
        } else if (route === '/image') {
          res.writeHead(200, { 'Content-Type': 'image/png' });
          res.end(PNG_BYTES);
        } else if (route === '/slow') {
          setTimeout(() => res.end('late'), 2_000);
        } else if (route === '/large') {
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.end(Buffer.alloc(64 * 1024, 'a'));
        } else if (route === '/login') {
          res.writeHead(204, { 'Set-Cookie': ['session=abc123; Path=/; HttpOnly', 'theme=dark'] });
          res.end();
        } else if (route === '/logout') {
          res.writeHead(204, { 'Set-Cookie': 'session=; Max-Age=0' });
          res.end();
        } else {
          res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': '42' });
          res.end(JSON.stringify({ echo: req.url }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a GET with its query and headers, and returns status, headers, body and time', async () => {
    const response = await runRequest({ url: `${base}/pets?limit=5&tag=a%20b`, method: 'get', headers: { Accept: 'application/json', 'X-Api-Key': 'k1' } });
    assert.equal(last.method, 'GET');
    assert.equal(last.url, '/pets?limit=5&tag=a%20b');
    assert.equal(last.headers['x-api-key'], 'k1');
    assert.equal(response.status, 200);
    assert.deepEqual(response.headers.find(([n]) => n.toLowerCase() === 'x-request-id'), ['X-Request-Id', '42']);
    assert.deepEqual(JSON.parse(Buffer.from(response.base64, 'base64').toString()), { echo: '/pets?limit=5&tag=a%20b' });
    assert.ok(response.durationMs >= 0 && response.durationMs < 5_000, `a time: ${response.durationMs}`);
  });

  it('sends a POST with a JSON body as written', async () => {
    const json = '{"name":"Rex","tags":["dog"]}';
    await runRequest({ url: `${base}/pets`, method: 'post', headers: { 'Content-Type': 'application/json' }, body: { kind: 'text', text: json } });
    assert.equal(last.method, 'POST');
    assert.equal(last.headers['content-type'], 'application/json');
    assert.equal(last.headers['content-length'], String(Buffer.byteLength(json)));
    assert.equal(last.body.toString(), json);
  });

  it('uploads a file as multipart/form-data with its bytes intact', async () => {
    await runRequest({
      url: `${base}/upload`, method: 'post', headers: { 'Content-Type': 'multipart/form-data' },
      body: { kind: 'form', fields: [{ name: 'note', value: 'a "quoted" note' }, { name: 'file', fileName: 'pic.png', contentType: 'image/png', base64: PNG_BYTES.toString('base64') }] },
    });
    const contentType = String(last.headers['content-type']);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
    assert.ok(boundary, contentType);
    const text = last.body.toString('latin1');
    assert.ok(text.includes(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\na "quoted" note\r\n`), text);
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`;
    const at = last.body.indexOf(fileHead) + fileHead.length;
    assert.ok(at > fileHead.length - 1);
    assert.deepEqual(last.body.subarray(at, at + PNG_BYTES.length), PNG_BYTES);
    assert.ok(text.endsWith(`\r\n--${boundary}--\r\n`));
  });

  it('sends a binary body (format: binary) with its media type', async () => {
    await runRequest({ url: `${base}/raw`, method: 'put', headers: {}, body: { kind: 'bytes', base64: PNG_BYTES.toString('base64'), contentType: 'image/png' } });
    assert.equal(last.headers['content-type'], 'image/png');
    assert.deepEqual(last.body, PNG_BYTES);
  });

  it('returns a binary response byte for byte', async () => {
    const response = await runRequest({ url: `${base}/image`, method: 'get', headers: {} });
    assert.deepEqual(Buffer.from(response.base64, 'base64'), PNG_BYTES);
    assert.deepEqual(response.headers, [['Content-Type', 'image/png'], ...response.headers.slice(1)]);
  });

  it('returns a 500 answer as an answer, with its body', async () => {
    const response = await runRequest({ url: `${base}/fail`, method: 'get', headers: {} });
    assert.equal(response.status, 500);
    assert.equal(response.statusText, 'Internal Server Error');
    assert.equal(Buffer.from(response.base64, 'base64').toString(), '{"message":"boom"}');
  });

  it('stops waiting after the timeout', async () => {
    await assert.rejects(runRequest({ url: `${base}/slow`, method: 'get', headers: {} }, { timeoutMs: 200, maxResponseBytes: 1024 }),
      (e: unknown) => e instanceof TryError && /No complete answer from 127\.0\.0\.1:\d+ within 0\.2 s\./.test(e.message));
  });

  it('stops reading a response larger than the cap', async () => {
    await assert.rejects(runRequest({ url: `${base}/large`, method: 'get', headers: {} }, { timeoutMs: 5_000, maxResponseBytes: 16 * 1024 }),
      (e: unknown) => e instanceof TryError && e.message === 'The response is larger than 16 KB: it was not read to the end.');
  });

  it('keeps the cookies a server sets and sends them back to it, with the request\'s own', async () => {
    const jar = new CookieJar();
    await runRequest({ url: `${base}/login`, method: 'post', headers: {} }, undefined, jar);
    await runRequest({ url: `${base}/me`, method: 'get', headers: { Cookie: 'lang=en' } }, undefined, jar);
    assert.equal(last.headers.cookie, 'lang=en; session=abc123; theme=dark');
    await runRequest({ url: `${base}/logout`, method: 'post', headers: {} }, undefined, jar);
    await runRequest({ url: `${base}/me`, method: 'get', headers: {} }, undefined, jar);
    assert.equal(last.headers.cookie, 'theme=dark');
    const otherPort = new URL(base);
    otherPort.port = String(Number(otherPort.port) + 1);
    assert.equal(jar.headerFor(otherPort), undefined, 'cookies go back only to the host and port that set them');
  });

  it('says so when nothing listens, and refuses what is not http', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await assert.rejects(runRequest({ url: `http://127.0.0.1:${port}/x`, method: 'get', headers: {} }),
      { message: `Nothing answers at 127.0.0.1:${port} (connection refused): is the server running?` });
    await assert.rejects(runRequest({ url: 'file:///etc/passwd', method: 'get', headers: {} }), { message: 'Only http and https URLs can be tried, not file:' });
    await assert.rejects(runRequest({ url: '/pets', method: 'get', headers: {} }), { message: '"/pets" is not a URL: choose a server with an absolute URL.' });
  });
});
