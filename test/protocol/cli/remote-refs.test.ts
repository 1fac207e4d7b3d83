// Remote `$ref`s in openapi-check, against HTTP servers this test starts on 127.0.0.1 (port 0) and
// stops: nothing reaches another address. The CLI runs as users run it, in a child process (the
// servers answer from this one), with its cache in a temporary folder and no proxy but ours.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { after, describe, it } from 'node:test';
import { startTestServer, TestServer } from '../../helpers/loopback-server';
import { CLI } from '../../helpers/paths';
import { describeNetworkError, fetchRemote } from '../../../server/src/io/fetch-remote';
import { proxyFor } from '../../../server/src/io/proxy';
import { RemoteCache } from '../../../server/src/io/remote-cache';
import { NO_REMOTE, readRemotePolicy } from '../../../server/src/io/remote-policy';

const servers: TestServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** An HTTP server on 127.0.0.1 at a free port, answering with `handler`; closed after the tests. */
async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const server = await startTestServer(handler);
  servers.push(server);
  return server;
}

/** Answers each path from a table: [status, content type, body]; anything else 404. */
function files(table: Record<string, [number, string, string] | string>) {
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const entry = table[req.url ?? ''];
    const [status, type, body] = entry === undefined ? [404, 'text/plain', 'no such file'] : typeof entry === 'string' ? [200, 'application/yaml', entry] : entry;
    res.writeHead(status, { 'content-type': type }).end(body);
  };
}

const tempDirs: string[] = [];
after(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-remote-'));
  tempDirs.push(dir);
  return dir;
}

/** A clean environment: our cache folder, no proxy from the machine. */
function environment(cache: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, OPENAPI_CHECK_CACHE_DIR: cache, ...extra };
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']) if (!(name in extra)) delete env[name];
  return env;
}

interface Finding { file: string; rule: string; severity: string; message: string; range: { start: { line: number; character: number } } }

/** Runs the CLI with `--format json` in `dir` (asynchronously: the servers answer from this process). */
function check(dir: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; findings: Finding[]; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, '--format', 'json', '-j', '1', ...args], { cwd: dir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      let findings: Finding[] = [];
      try {
        findings = JSON.parse(stdout);
      } catch {
        stderr += `\n(stdout was not JSON: ${stdout})`;
      }
      resolve({ code, findings, stderr, ms: Date.now() - started });
    });
  });
}

/** A root document whose one response schema is `$ref: REF`, and a configuration, in a new folder. */
function project(ref: string, config?: string): { dir: string; cache: string } {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'openapi.yaml'), rootDocument(ref));
  if (config !== undefined) fs.writeFileSync(path.join(dir, '.openapi-check.yaml'), config);
  return { dir, cache: path.join(dir, 'cache') };
}

function rootDocument(ref: string): string {
  return `openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '${ref}'
`;
}
/** Where the `$ref` value starts in rootDocument (0-based line 12, after `$ref: `). */
const REF_AT = { line: 12, character: 22 };

const PET_SCHEMAS = `components:
  schemas:
    Pet:
      type: object
      properties:
        name:
          type: strin
`;

const refFindings = (findings: Finding[]) => findings.filter((f) => f.rule === 'ref-unresolved');

describe('remote $refs in openapi-check', () => {
  it('fetches an allowed URL, resolves the pointer in it and reports its findings under its URL', async () => {
    const server = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const url = `${server.origin}/schemas.yaml`;
    const { dir, cache } = project(`${url}#/components/schemas/Pet`, `remoteRefs:\n  allow: ["${server.host}"]\n`);
    const r = await check(dir, ['openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(r.findings), [], r.stderr);
    const inRemote = r.findings.filter((f) => f.file === url);
    assert.deepEqual(inRemote.map((f) => [f.rule, f.severity, f.range.start]), [['schema-type', 'error', { line: 6, character: 16 }]], JSON.stringify(r.findings));
    assert.match(inRemote[0].message, /strin/);
    assert.deepEqual(server.requests, ['GET /schemas.yaml']);
  });

  it('reports a pointer missing from the fetched document on the $ref, naming the URL', async () => {
    const server = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const url = `${server.origin}/schemas.yaml`;
    const { dir, cache } = project(`${url}#/components/schemas/Pett`);
    const r = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(r.findings).map((f) => [f.file, f.severity, f.range.start, f.message]), [[
      'openapi.yaml', 'error', REF_AT,
      `"${url}#/components/schemas/Pett" does not resolve: "/components/schemas" in "${url}" has no "Pett". Did you mean "${url}#/components/schemas/Pet"?`,
    ]]);
  });

  it('does not fetch from a host that is not allowed: an information on the $ref, and no request', async () => {
    const server = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const ref = `${server.origin}/schemas.yaml#/components/schemas/Pet`;
    const { dir, cache } = project(ref);
    const r = await check(dir, ['openapi.yaml'], environment(cache));
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(refFindings(r.findings).map((f) => [f.severity, f.range.start, f.message]), [[
      'information', REF_AT,
      `Remote reference "${ref}" is not checked: ${server.host} is not an allowed host. Allow it with --allow-remote ${server.host} or in remoteRefs.allow of .openapi-check.yaml.`,
    ]]);
    // Another host allowed changes nothing for this one.
    const other = await check(dir, ['--allow-remote', 'schemas.example.com', 'openapi.yaml'], environment(cache));
    assert.equal(refFindings(other.findings)[0].severity, 'information');
    assert.equal(server.requests.length, 0);
  });

  it('says the HTTP status of a failed fetch, as an error on the $ref', async () => {
    const server = await serve(files({ '/secret.yaml': [401, 'text/plain', 'who are you'] }));
    const { dir, cache } = project(`${server.origin}/missing.yaml#/components/schemas/Pet`);
    const r = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
    assert.equal(r.code, 1);
    assert.deepEqual(refFindings(r.findings).map((f) => [f.severity, f.range.start, f.message]), [[
      'error', REF_AT,
      `"${server.origin}/missing.yaml#/components/schemas/Pet" could not be fetched: HTTP 404 Not Found from ${server.origin}/missing.yaml.`,
    ]]);
    const { dir: dir401 } = project(`${server.origin}/secret.yaml#/x`);
    const r401 = await check(dir401, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
    assert.match(refFindings(r401.findings)[0].message, /could not be fetched: HTTP 401 Unauthorized from /);
  });

  it('gives up on a server that never answers after timeoutSeconds', async () => {
    const server = await serve(() => {
      // never answers
    });
    const { dir, cache } = project(`${server.origin}/slow.yaml#/x`, `remoteRefs:\n  allow: ["${server.host}"]\n  timeoutSeconds: 0.5\n`);
    const r = await check(dir, ['openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(r.findings).map((f) => [f.severity, f.message]), [[
      'error', `"${server.origin}/slow.yaml#/x" could not be fetched: timed out after 0.5 s.`,
    ]]);
    assert.ok(r.ms < 5000, `took ${r.ms} ms`);
  });

  it('stops reading a document larger than maxMegabytes', async () => {
    const total = 60 * 1024 * 1024;
    let written = 0;
    let ended = false;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/yaml' }); // no length: the cap is found while reading
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        ended = true;
        res.end();
      };
      res.on('close', () => undefined);
      pump();
    });
    const { dir, cache } = project(`${server.origin}/huge.yaml#/x`, `remoteRefs:\n  allow: ["${server.host}"]\n  maxMegabytes: 1\n`);
    const r = await check(dir, ['openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(r.findings).map((f) => [f.severity, f.message]), [[
      'error', `"${server.origin}/huge.yaml#/x" could not be fetched: the document is larger than 1 MB (remoteRefs.maxMegabytes): it was not read further.`,
    ]]);
    assert.equal(ended, false, 'the whole 60 MB was sent');
    assert.ok(written < 20 * 1024 * 1024, `the server could write ${written} bytes`);
  });

  it('follows redirects only to allowed hosts, and at most 5', async () => {
    const elsewhere = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const server = await serve((req, res) => {
      const hop = /^\/hop(\d+)$/.exec(req.url ?? '');
      if (hop) res.writeHead(302, { location: `/hop${Number(hop[1]) + 1}` }).end();
      else if (req.url === '/away') res.writeHead(301, { location: `${elsewhere.origin}/schemas.yaml` }).end();
      else if (req.url === '/moved') res.writeHead(307, { location: '/schemas.yaml' }).end();
      else files({ '/schemas.yaml': PET_SCHEMAS })(req, res);
    });
    const run = async (pathname: string) => {
      const { dir, cache } = project(`${server.origin}${pathname}#/components/schemas/Pet`);
      return refFindings((await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache))).findings);
    };
    assert.deepEqual(await run('/moved'), []);
    assert.deepEqual((await run('/away')).map((f) => f.message), [
      `"${server.origin}/away#/components/schemas/Pet" could not be fetched: ${server.origin}/away redirects to ${elsewhere.origin}/schemas.yaml, and ${elsewhere.host} is not an allowed host (allow it with --allow-remote ${elsewhere.host} or remoteRefs.allow).`,
    ]);
    assert.equal(elsewhere.requests.length, 0);
    assert.deepEqual((await run('/hop1')).map((f) => f.message), [
      `"${server.origin}/hop1#/components/schemas/Pet" could not be fetched: more than 5 redirects (the last to /hop7).`,
    ]);
    assert.equal(server.requests.filter((r) => r.startsWith('GET /hop')).length, 6);
  });

  it('resolves relative $refs from where a redirect found the document', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/latest/main.yaml') res.writeHead(302, { location: '/v2/main.yaml' }).end();
      else files({
        '/v2/main.yaml': `components:\n  schemas:\n    Pet:\n      $ref: 'pet.yaml#/Pet'\n`,
        '/v2/pet.yaml': `Pet:\n  type: object\n  properties:\n    id:\n      $ref: '#/Missing'\n`,
      })(req, res);
    });
    const { dir, cache } = project(`${server.origin}/latest/main.yaml#/components/schemas/Pet`);
    const r = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(r.findings).map((f) => [f.file, f.message]), [
      [`${server.origin}/v2/pet.yaml`, '"#/Missing" does not resolve: the document root has no "Missing".'],
    ]);
    assert.deepEqual(server.requests, ['GET /latest/main.yaml', 'GET /v2/main.yaml', 'GET /v2/pet.yaml']);
  });

  it('sends the configured headers of the host, with ${NAME} from the environment', async () => {
    const server = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const config = `remoteRefs:\n  allow: ["${server.host}"]\n  headers:\n    "${server.host}":\n      Authorization: "Bearer \${SCHEMA_TOKEN}"\n`;
    const { dir, cache } = project(`${server.origin}/schemas.yaml#/components/schemas/Pet`, config);
    const r = await check(dir, ['openapi.yaml'], environment(cache, { SCHEMA_TOKEN: 's3cret' }));
    assert.deepEqual(refFindings(r.findings), []);
    assert.equal(server.headers[0].authorization, 'Bearer s3cret');
    const unset = await check(dir, ['openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(unset.findings).map((f) => f.message), [
      `"${server.origin}/schemas.yaml#/components/schemas/Pet" could not be fetched: the header Authorization configured for ${server.host} uses \${SCHEMA_TOKEN}, which is not set in the environment.`,
    ]);
    assert.equal(server.requests.length, 1);
  });

  it('sends a host\'s headers to that host only, not to the allowed host a redirect leads to', async () => {
    const mirror = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const registry = await serve((_req, res) => res.writeHead(302, { location: `${mirror.origin}/schemas.yaml` }).end());
    const config = `remoteRefs:\n  allow: ["${registry.host}", "${mirror.host}"]\n  headers:\n    "${registry.host}":\n      Authorization: "Bearer \${SCHEMA_TOKEN}"\n`;
    const { dir, cache } = project(`${registry.origin}/schemas.yaml#/components/schemas/Pet`, config);
    const r = await check(dir, ['openapi.yaml'], environment(cache, { SCHEMA_TOKEN: 's3cret' }));
    assert.deepEqual(refFindings(r.findings), []);
    assert.deepEqual(r.findings.filter((f) => f.file.startsWith('http')).map((f) => [f.file, f.rule]), [[`${mirror.origin}/schemas.yaml`, 'schema-type']]);
    assert.equal(registry.headers[0].authorization, 'Bearer s3cret');
    assert.equal(mirror.headers[0].authorization, undefined);
  });

  it('resolves a relative $ref inside a remote document against its URL', async () => {
    const server = await serve(files({
      '/api/main.yaml': `components:\n  schemas:\n    Pet:\n      $ref: 'common/pet.yaml#/Pet'\n    Tag:\n      $ref: 'http://schemas.example.com/tag.yaml#/Tag'\n`,
      '/api/common/pet.yaml': `Pet:\n  type: object\n  properties:\n    id:\n      $ref: '#/Missing'\n    tag:\n      $ref: 'http://schemas.example.com/tag.yaml#/Tag'\n`,
    }));
    const { dir, cache } = project(`${server.origin}/api/main.yaml#/components/schemas/Pet`);
    const r = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
    const pet = `${server.origin}/api/common/pet.yaml`;
    assert.deepEqual(refFindings(r.findings).map((f) => [f.file, f.severity, f.range.start, f.message]), [
      [pet, 'error', { line: 4, character: 12 }, '"#/Missing" does not resolve: the document root has no "Missing".'],
      // Allowing one host allows no other, whoever references it: no request to schemas.example.com.
      [pet, 'information', { line: 6, character: 12 }, 'Remote reference "http://schemas.example.com/tag.yaml#/Tag" is not checked: schemas.example.com is not an allowed host. Allow it with --allow-remote schemas.example.com or in remoteRefs.allow of .openapi-check.yaml.'],
    ]);
    assert.deepEqual(server.requests.sort(), ['GET /api/common/pet.yaml', 'GET /api/main.yaml']);
  });

  it('with --offline reads only the cache: what an earlier run fetched, else an error', async () => {
    const server = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const ref = `${server.origin}/schemas.yaml#/components/schemas/Pet`;
    const { dir, cache } = project(ref, `remoteRefs:\n  allow: ["${server.host}"]\n`);
    const none = await check(dir, ['--offline', 'openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(none.findings).map((f) => [f.severity, f.message]), [[
      'error', `"${ref}" could not be fetched: it is not in the cache, and --offline fetches nothing (run once without --offline to fetch it).`,
    ]]);
    assert.equal(server.requests.length, 0);
    await check(dir, ['openapi.yaml'], environment(cache));
    assert.equal(server.requests.length, 1);
    const offline = await check(dir, ['--offline', 'openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(offline.findings), []);
    assert.deepEqual(offline.findings.filter((f) => f.file.startsWith(server.origin)).map((f) => f.rule), ['schema-type']);
    assert.equal(server.requests.length, 1);
  });

  it('revalidates a cached copy with its ETag and Last-Modified: a 304 keeps the copy, one full transfer', async () => {
    let fullTransfers = 0;
    const lastModified = 'Wed, 25 Nov 2026 10:00:00 GMT';
    const server = await serve((req, res) => {
      if (req.headers['if-none-match'] === '"pets-1"' && req.headers['if-modified-since'] === lastModified) return void res.writeHead(304).end();
      fullTransfers++;
      res.writeHead(200, { 'content-type': 'application/yaml', etag: '"pets-1"', 'last-modified': lastModified }).end(PET_SCHEMAS);
    });
    const ref = `${server.origin}/schemas.yaml#/components/schemas/Pet`;
    const { dir, cache } = project(ref, `remoteRefs:\n  allow: ["${server.host}"]\n`);
    for (let run = 0; run < 2; run++) {
      const r = await check(dir, ['openapi.yaml'], environment(cache));
      assert.deepEqual(refFindings(r.findings), []);
      // The copy kept is checked as fetched: its fault is reported in it both times.
      assert.deepEqual(r.findings.filter((f) => f.file.startsWith(server.origin)).map((f) => f.rule), ['schema-type']);
    }
    assert.equal(fullTransfers, 1);
    assert.equal(server.requests.length, 2);
    assert.equal(server.headers[0]['if-none-match'], undefined);
    assert.deepEqual([server.headers[1]['if-none-match'], server.headers[1]['if-modified-since']], ['"pets-1"', lastModified]);
  });

  it('reads JSON or YAML by the content type, else by the extension', async () => {
    const petJson = JSON.stringify({ components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'strin' } } } } } }, null, 2);
    const server = await serve(files({
      '/registry/pet': [200, 'application/json; charset=utf-8', petJson],
      '/raw/pet.yaml': [200, 'text/plain; charset=utf-8', PET_SCHEMAS],
    }));
    for (const [pathname, line, character] of [['/registry/pet', 7, 20], ['/raw/pet.yaml', 6, 16]] as const) {
      const { dir, cache } = project(`${server.origin}${pathname}#/components/schemas/Pet`);
      const r = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
      assert.deepEqual(refFindings(r.findings), [], pathname);
      const remote = r.findings.filter((f) => f.file === `${server.origin}${pathname}`);
      assert.deepEqual(remote.map((f) => [f.rule, f.range.start]), [['schema-type', { line, character }]], pathname);
    }
  });

  it('refuses an answer that is not YAML or JSON', async () => {
    const server = await serve(files({ '/page': [200, 'text/html; charset=utf-8', '<html>sign in</html>'], '/data.bin': [200, 'application/octet-stream', '\0\0\0'] }));
    const { dir, cache } = project(`${server.origin}/page#/x`);
    const r = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(r.findings).map((f) => f.message), [
      `"${server.origin}/page#/x" could not be fetched: ${server.origin}/page is not YAML or JSON: the server answered text/html.`,
    ]);
    const { dir: binary } = project(`${server.origin}/data.bin#/x`);
    const rBinary = await check(binary, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
    assert.deepEqual(refFindings(rBinary.findings).map((f) => f.message), [
      `"${server.origin}/data.bin#/x" could not be fetched: the answer from ${server.origin}/data.bin is binary (it contains NUL bytes), not a YAML or JSON document.`,
    ]);
  });

  it('reads a scheme-relative //host/path from a local file as https, and says why TLS failed', async () => {
    const server = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const { dir, cache } = project(`//${server.host}/schemas.yaml#/components/schemas/Pet`);
    const r = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache));
    const [finding] = refFindings(r.findings);
    assert.equal(finding.severity, 'error');
    assert.match(finding.message, new RegExp(`^"//${server.host}/schemas.yaml#/components/schemas/Pet" could not be fetched: TLS with ${server.host} failed: `));
  });

  it('fetches a URL once per run, for every file and worker process that references it', async () => {
    const server = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const url = `${server.origin}/schemas.yaml`;
    const { dir, cache } = project(`${url}#/components/schemas/Pet`, `remoteRefs:\n  allow: ["${server.host}"]\n`);
    fs.writeFileSync(path.join(dir, 'second.yaml'), rootDocument(`${url}#/components/schemas/Pet`));
    const env = environment(cache);
    const r = await new Promise<{ findings: Finding[] }>((resolve) => {
      const child = spawn(process.execPath, [CLI, '--format', 'json', '-j', '2', 'openapi.yaml', 'second.yaml'], { cwd: dir, env });
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.on('close', () => resolve({ findings: JSON.parse(stdout) }));
    });
    assert.deepEqual(refFindings(r.findings), []);
    // Reported once, though both roots reach it.
    assert.deepEqual(r.findings.filter((f) => f.file === url).map((f) => f.rule), ['schema-type']);
    assert.deepEqual(server.requests, ['GET /schemas.yaml']);
  });

  it('goes through HTTP_PROXY, unless NO_PROXY names the host', async () => {
    const server = await serve(files({ '/schemas.yaml': PET_SCHEMAS }));
    const proxied: string[] = [];
    // A forward proxy for plain http: the request line carries the absolute URL.
    const proxy = await serve((req, res) => {
      proxied.push(req.url ?? '');
      const upstream = http.request(req.url!, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end();
    });
    const { dir, cache } = project(`${server.origin}/schemas.yaml#/components/schemas/Pet`);
    const r = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache, { HTTP_PROXY: proxy.origin, NO_PROXY: '' }));
    assert.deepEqual(refFindings(r.findings), [], r.stderr);
    assert.deepEqual(proxied, [`${server.origin}/schemas.yaml`]);
    const direct = await check(dir, ['--allow-remote', server.host, 'openapi.yaml'], environment(cache, { HTTP_PROXY: proxy.origin, NO_PROXY: 'localhost,127.0.0.1' }));
    assert.deepEqual(refFindings(direct.findings), []);
    assert.equal(proxied.length, 1);
    assert.equal(server.requests.length, 2);
  });

  it('tunnels https through HTTPS_PROXY with CONNECT', async () => {
    // The target speaks plain http, so TLS through the tunnel fails: the tunnel itself is what is tested.
    const target = await serve(files({}));
    const tunnels: string[] = [];
    const proxyServer = await connectProxy(tunnels);
    const { dir, cache } = project(`https://${target.host}/schemas.yaml#/x`);
    const r = await check(dir, ['--allow-remote', target.host, 'openapi.yaml'], environment(cache, { HTTPS_PROXY: proxyServer.origin }));
    assert.deepEqual(tunnels, [target.host]);
    assert.match(refFindings(r.findings)[0].message, new RegExp(`could not be fetched: TLS with ${target.host} failed: `));
  });
});

/** A proxy that only tunnels (CONNECT), recording the authorities asked for. */
async function connectProxy(tunnels: string[]): Promise<{ origin: string }> {
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => (sockets.add(socket), socket.on('close', () => sockets.delete(socket))));
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  servers.push({ origin, host: '', requests: [], headers: [], close: () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  }) });
  return { origin };
}

describe('remote $refs in openapi-check bundle', () => {
  it('moves an allowed remote target into components (or in place with --dereference), and leaves one not allowed as a $ref with a note', async () => {
    const server = await serve(files({
      '/schemas.yaml': `components:\n  schemas:\n    Pet:\n      type: object\n      properties:\n        tag:\n          $ref: 'tag.yaml#/Tag'\n`,
      '/tag.yaml': `Tag:\n  type: string\n`,
    }));
    const { dir, cache } = project(`${server.origin}/schemas.yaml#/components/schemas/Pet`);
    const run = (args: string[]) => new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'bundle', 'openapi.yaml', '--format', 'json', ...args], { cwd: dir, env: environment(cache) });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    const allowed = await run(['--allow-remote', server.host]);
    assert.equal(allowed.code, 0, allowed.stderr);
    const bundled = JSON.parse(allowed.stdout);
    assert.deepEqual(bundled.paths['/pets'].get.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Pet' });
    assert.deepEqual(bundled.components.schemas, {
      Pet: { type: 'object', properties: { tag: { $ref: '#/components/schemas/Tag' } } },
      Tag: { type: 'string' },
    });
    assert.equal(allowed.stderr, '');
    // --dereference puts the remote target itself in place, its own relative $ref too.
    const dereferenced = await run(['--allow-remote', server.host, '--dereference']);
    assert.equal(dereferenced.code, 0, dereferenced.stderr);
    assert.deepEqual(JSON.parse(dereferenced.stdout).paths['/pets'].get.responses['200'].content['application/json'].schema,
      { type: 'object', properties: { tag: { type: 'string' } } });
    const requests = server.requests.length;
    const refused = await run([]);
    assert.equal(refused.code, 0);
    const ref = `${server.origin}/schemas.yaml#/components/schemas/Pet`;
    assert.deepEqual(JSON.parse(refused.stdout).paths['/pets'].get.responses['200'].content['application/json'].schema, { $ref: ref });
    assert.equal(refused.stderr, `openapi-check bundle: openapi.yaml#/paths/~1pets/get/responses/200/content/application~1json/schema: ${ref} is not fetched (${server.host} is not an allowed host: --allow-remote ${server.host}); it stays a $ref.\n`);
    assert.equal(server.requests.length, requests);
  });
});

describe('the remote fetcher in process', () => {
  it('stops when its signal is aborted, as the editor will when a document changes', async () => {
    const server = await serve(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const outcome = await fetchRemote(`${server.origin}/slow.yaml`, { policy: { ...NO_REMOTE, allow: [server.host] }, signal: controller.signal, env: {} });
    assert.deepEqual(outcome, { failure: 'the fetch was cancelled.' });
    assert.ok(Date.now() - started < 2000);
  });

  it('says a network failure in words (DNS, refused, TLS), without a lookup here', () => {
    const error = (code: string, message = code) => Object.assign(new Error(message), { code });
    assert.equal(describeNetworkError(error('ENOTFOUND'), 'https://schemas.example.com/a.yaml'), 'the host schemas.example.com was not found (DNS).');
    assert.equal(describeNetworkError(error('ECONNREFUSED'), 'http://127.0.0.1:9/a.yaml'), '127.0.0.1:9 refused the connection.');
    assert.equal(
      describeNetworkError(error('CERT_HAS_EXPIRED', 'certificate has expired'), 'https://schemas.example.com/a.yaml'),
      'TLS with schemas.example.com failed: certificate has expired.',
    );
  });

  it('refuses an answer whose Content-Length is above the cap before reading it', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(3 * 1024 * 1024) });
      res.write('{');
    });
    const policy = { ...NO_REMOTE, allow: [server.host], maxMegabytes: 2 };
    const outcome = await fetchRemote(`${server.origin}/big.json`, { policy, env: {} });
    assert.deepEqual(outcome, { failure: 'the document is larger than 2 MB (remoteRefs.maxMegabytes): it was not read further.' });
  });

  it('keeps the disk cache within its bound, oldest entries out first', () => {
    const folder = path.join(tempDir(), 'cache');
    const cache = new RemoteCache(folder, 2500);
    const text = 'x'.repeat(1000);
    const seen = new Set<string>();
    for (const [i, name] of ['a', 'b', 'c'].entries()) {
      cache.write({ url: `https://h/${name}.yaml`, fetchedAt: i, text });
      const file = path.join(folder, fs.readdirSync(folder).find((f) => !seen.has(f))!);
      seen.add(path.basename(file));
      fs.utimesSync(file, 1000 + i, 1000 + i); // written in this order, a second apart
    }
    cache.prune();
    assert.deepEqual(['a', 'b', 'c'].map((name) => cache.read(`https://h/${name}.yaml`) !== undefined), [false, true, true]);
    assert.equal((fs.statSync(folder).mode & 0o777).toString(8), '700');
  });

  it('reads NO_PROXY as curl does', () => {
    const env = { HTTPS_PROXY: 'proxy.internal:3128', NO_PROXY: 'localhost, .corp.example, example.org:8443' };
    assert.equal(proxyFor(new URL('https://schemas.example.com/a.yaml'), env)?.href, 'http://proxy.internal:3128/');
    assert.equal(proxyFor(new URL('https://a.corp.example/a.yaml'), env), undefined);
    assert.equal(proxyFor(new URL('https://example.org:8443/a.yaml'), env), undefined);
    assert.equal(proxyFor(new URL('https://example.org/a.yaml'), env)?.host, 'proxy.internal:3128');
    assert.equal(proxyFor(new URL('http://schemas.example.com/a.yaml'), env), undefined, 'HTTPS_PROXY is for https only');
    assert.equal(proxyFor(new URL('https://any.example/a.yaml'), { ...env, no_proxy: '*' }), undefined);
  });

  it('reads remoteRefs and says what is wrong in it', () => {
    const { policy, problems } = readRemotePolicy({ allow: ['Schemas.Example.com', 'h:8080', 'https://x.example/', 7], timeoutSeconds: 0, maxMegabytes: 2, retries: 3 });
    assert.deepEqual(policy.allow, ['schemas.example.com', 'h:8080']);
    assert.equal(policy.timeoutSeconds, 10);
    assert.equal(policy.maxMegabytes, 2);
    assert.deepEqual(problems, [
      '`remoteRefs.retries` is not a setting.',
      '`remoteRefs.allow`: "https://x.example/" is not a host or host:port.',
      '`remoteRefs.allow`: 7 is not a host or host:port.',
      '`remoteRefs.timeoutSeconds` must be a number above 0 and at most 600; 10 is used.',
    ]);
  });
});
