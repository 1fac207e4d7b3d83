// Remote `$ref`s in the language server, over stdio, against HTTP servers this test starts on
// 127.0.0.1 (port 0) and stops: nothing reaches another address. Settings come as an editor sends
// them (workspace/configuration), credentials as the VS Code client sends them from its secrets.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { after, describe, it } from 'node:test';
import { startTestServer, TestServer } from '../../helpers/loopback-server';
import type { CodeAction, Diagnostic, DocumentSymbol, Hover, Location, LocationLink } from 'vscode-languageserver-protocol';
import { LspClient } from '../../helpers/lsp-client';

const servers: TestServer[] = [];
const clients: LspClient[] = [];
const tempDirs: string[] = [];
after(async () => {
  // Servers closed even when a client fails to stop: one left listening keeps this file's process alive.
  try {
    await Promise.all(clients.map((c) => c.stop()));
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** An HTTP server on 127.0.0.1 at a free port, answering with `handler`; closed after the tests. */
async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const server = await startTestServer(handler);
  servers.push(server);
  return server;
}

/** A schema with a fault of its own: bounds-order reports it inside the remote document. */
const SCHEMAS = `Pet:
  type: object
  properties:
    age:
      type: integer
      minimum: 10
      maximum: 1
    owner:
      $ref: '#/Owner'
Owner:
  type: string
`;

const serveSchemas = (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (req.url === '/schemas.yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end(SCHEMAS);
  else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such file');
};

function rootText(ref: string): string {
  return `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
paths:
  /pets:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '${ref}'
`;
}
const REF_LINE = 13;

function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-remote-editor-')));
  tempDirs.push(dir);
  return dir;
}

interface Started { client: LspClient; uri: string; dir: string; settings: { remoteRefs: Record<string, unknown> } }

/** A server over a workspace with the root open; `allow`: openapi30.remoteRefs.allow. */
async function start(ref: string, options: { allow?: string[]; trusted?: boolean; cache?: string; dir?: string } = {}): Promise<Started> {
  const dir = options.dir ?? tempDir();
  const settings = { remoteRefs: { allow: options.allow ?? [], timeoutSeconds: 10, maxMegabytes: 5 } as Record<string, unknown> };
  // No proxy from the machine: the requests go to our loopback servers.
  const client = new LspClient({ HTTP_PROXY: '', HTTPS_PROXY: '', http_proxy: '', https_proxy: '' });
  clients.push(client);
  client.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => params.items.map(() => settings));
  await client.initialize(dir, {
    workspaceTrusted: options.trusted !== false, editorAllowsRemoteHosts: true, remoteCacheFolder: options.cache ?? path.join(dir, '.cache'),
  });
  const text = rootText(ref);
  fs.writeFileSync(path.join(dir, 'openapi.yaml'), text);
  const uri = client.open(path.join(dir, 'openapi.yaml'), text);
  return { client, uri, dir, settings };
}

const refFindings = (ds: Diagnostic[]) => ds.filter((d) => d.code === 'ref-unresolved').map((d) => `${d.range.start.line} ${d.severity}: ${d.message}`);
const remoteUriOf = (origin: string, p: string) => `openapi-remote:/http/${encodeURIComponent(new URL(origin).host)}${p}`;
const INFORMATION = 3;
const ERROR = 1;

describe('remote $refs in the editor', { timeout: 120_000 }, () => {
  it('fetches an allowed host off the message loop, checks the document in the role it is referenced in, and F12 opens it', async () => {
    const remote = await serve(serveSchemas);
    const ref = `${remote.origin}/schemas.yaml#/Pet`;
    const { client, uri } = await start(ref, { allow: [remote.host] });
    const remoteUri = remoteUriOf(remote.origin, '/schemas.yaml');
    const inside = await client.waitForDiagnostics(remoteUri, (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
    const bounds = inside.filter((d) => d.code === 'bounds-order');
    assert.equal(bounds.length, 1);
    assert.equal(bounds[0].range.start.line, 5, JSON.stringify(bounds));
    const rootFindings = await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length === 0);
    assert.deepEqual(refFindings(rootFindings), []);
    assert.deepEqual(remote.requests, ['GET /schemas.yaml']);

    const links = await client.request<LocationLink[]>('textDocument/definition', { textDocument: { uri }, position: { line: REF_LINE, character: 30 } });
    assert.equal(links.length, 1);
    assert.equal(links[0].targetUri, remoteUri);
    assert.equal(links[0].targetRange.start.line, 0);

    // The editor's read-only view asks for the text, opens it, and works in it.
    const answer = await client.request<{ text: string } | null>('openapi30/remoteDocument', { uri: remoteUri });
    assert.equal(answer?.text, SCHEMAS);
    void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: remoteUri, languageId: 'yaml', version: 1, text: SCHEMAS } });
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: remoteUri } });
    assert.ok(symbols.some((s) => s.name === 'Pet'), JSON.stringify(symbols));
    // The document opened is checked again through its root (its model is the editor's now).
    let hover: Hover | null = null;
    for (let tries = 0; tries < 100 && !hover; tries++) {
      hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: remoteUri }, position: { line: 5, character: 8 } });
      if (!hover) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(hover && JSON.stringify(hover.contents).includes('minimum'), JSON.stringify(hover));
    // F12 inside it, on its own $ref.
    const inner = await client.request<LocationLink[]>('textDocument/definition', { textDocument: { uri: remoteUri }, position: { line: 8, character: 16 } });
    assert.deepEqual(inner.map((l) => [l.targetUri, l.targetRange.start.line]), [[remoteUri, 9]]);
    // Shift+F12 on Pet in the remote document: its declaration and the root's $ref.
    let references: Location[] = [];
    for (let tries = 0; tries < 100 && references.length < 2; tries++) {
      references = await client.request<Location[]>('textDocument/references', {
        textDocument: { uri: remoteUri }, position: { line: 0, character: 1 }, context: { includeDeclaration: true },
      });
      if (references.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(references.map((r) => [r.uri, r.range.start.line]).sort(), [[remoteUri, 0], [uri, REF_LINE]].sort(), JSON.stringify(references));
    // Rename would edit the read-only document: refused, saying why.
    await assert.rejects(
      client.request('textDocument/rename', { textDocument: { uri: remoteUri }, position: { line: 0, character: 1 }, newName: 'Animal' }),
      (e: Error) => e.message === `This cannot be renamed here: ${remote.origin}/schemas.yaml has a part of it, and a remote document cannot be edited.`,
    );
    assert.deepEqual(remote.requests, ['GET /schemas.yaml'], 'fetched once');
  });

  it('does not fetch from a host not allowed: an information with the quick fix that allows it, and no request', async () => {
    const remote = await serve(serveSchemas);
    const ref = `${remote.origin}/schemas.yaml#/Pet`;
    const { client, uri, settings } = await start(ref);
    const diagnostics = await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length > 0);
    assert.deepEqual(refFindings(diagnostics), [
      `${REF_LINE} ${INFORMATION}: Remote reference "${ref}" is not checked: ${remote.host} is not an allowed host. ` +
        `Allow it with the quick fix "Allow fetching from ${remote.host}", in the openapi30.remoteRefs.allow setting or in remoteRefs.allow of .openapi-check.yaml.`,
    ]);
    const finding = diagnostics.find((d) => d.code === 'ref-unresolved')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: finding.range, context: { diagnostics: [finding] } });
    const allow = actions.filter((a) => a.title.startsWith('Allow fetching'));
    assert.deepEqual(allow.map((a) => [a.title, a.command?.command, a.command?.arguments]), [
      [`Allow fetching from ${remote.host}`, 'openapi30.allowRemoteHost', [remote.host]],
    ]);
    assert.equal(allow[0].edit, undefined, 'the client writes the setting');
    assert.deepEqual(remote.requests, [], 'no request to a host not allowed');

    // What the command does in VS Code: the setting changes, and the server is told.
    settings.remoteRefs.allow = [remote.host];
    void client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const remoteUri = remoteUriOf(remote.origin, '/schemas.yaml');
    await client.waitForDiagnostics(remoteUri, (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
    await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length === 0);
    assert.deepEqual(remote.requests, ['GET /schemas.yaml']);
  });

  it('answers requests while a slow host is fetched, and checks again when the fetch ends', async () => {
    let answer: (() => void) | undefined;
    const remote = await serve((req, res) => {
      answer = () => serveSchemas(req, res);
    });
    const ref = `${remote.origin}/schemas.yaml#/Pet`;
    const { client, uri } = await start(ref, { allow: [remote.host] });
    const waiting = await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).some((f) => f.includes('being fetched')));
    assert.deepEqual(refFindings(waiting), [`${REF_LINE} ${INFORMATION}: Remote reference "${ref}" is not checked: it is being fetched.`]);
    const deadline = Date.now() + 10_000;
    while (!answer && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.ok(answer, 'the request arrived');
    // The host has not answered: requests are answered meanwhile.
    for (let i = 0; i < 5; i++) {
      const asked = performance.now();
      const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      const ms = performance.now() - asked;
      assert.ok(symbols.length > 0);
      assert.ok(ms < 1000, `documentSymbol took ${Math.round(ms)} ms during the fetch`);
    }
    answer!();
    await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length === 0);
    await client.waitForDiagnostics(remoteUriOf(remote.origin, '/schemas.yaml'), (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
  });

  it('fetches a URL once for every root that needs it, both checked again when it arrives', async () => {
    let answer: (() => void) | undefined;
    const remote = await serve((req, res) => {
      answer = () => serveSchemas(req, res);
    });
    const ref = `${remote.origin}/schemas.yaml#/Pet`;
    const { client, uri, dir } = await start(ref, { allow: [remote.host] });
    const other = rootText(ref).replace('title: T', 'title: Other');
    fs.writeFileSync(path.join(dir, 'other.yaml'), other);
    const otherUri = client.open(path.join(dir, 'other.yaml'), other);
    for (const u of [uri, otherUri]) await client.waitForDiagnostics(u, (p) => refFindings(p.diagnostics).some((f) => f.includes('being fetched')));
    const deadline = Date.now() + 10_000;
    while (!answer && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    answer!();
    for (const u of [uri, otherUri]) await client.waitForDiagnostics(u, (p) => refFindings(p.diagnostics).length === 0);
    assert.deepEqual(remote.requests, ['GET /schemas.yaml']);
  });

  it('a newer edit wins: the $ref edited during a slow fetch is the one checked, and the slow answer changes nothing', async () => {
    let answerSlow: (() => void) | undefined;
    const remote = await serve((req, res) => {
      if (req.url === '/slow.yaml') answerSlow = () => res.writeHead(200, { 'content-type': 'application/yaml' }).end(SCHEMAS);
      else serveSchemas(req, res);
    });
    const slowRef = `${remote.origin}/slow.yaml#/Pet`;
    const { client, uri } = await start(slowRef, { allow: [remote.host] });
    await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).some((f) => f.includes('being fetched')));
    const line = rootText(slowRef).split('\n')[REF_LINE];
    const at = line.indexOf('slow.yaml');
    client.change(uri, [{ range: { start: { line: REF_LINE, character: at }, end: { line: REF_LINE, character: at + 'slow'.length } }, text: 'schemas' }]);
    await client.waitForDiagnostics(remoteUriOf(remote.origin, '/schemas.yaml'), (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
    await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length === 0);
    const deadline = Date.now() + 10_000;
    while (!answerSlow && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const since = client.marks.length;
    answerSlow!();
    await client.waitForMark('remote fetch settled', since);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(refFindings(await client.waitForDiagnostics(uri)), []);
    assert.ok(!(client.allDiagnostics().get(remoteUriOf(remote.origin, '/slow.yaml'))?.diagnostics.length), 'nothing reads the slow document now');
  });

  it('stops a fetch at openapi30.remoteRefs.timeoutSeconds, with an error saying so', async () => {
    const remote = await serve(() => undefined); // never answers
    const ref = `${remote.origin}/schemas.yaml#/Pet`;
    const dir = tempDir();
    const client = new LspClient({ HTTP_PROXY: '', HTTPS_PROXY: '', http_proxy: '', https_proxy: '' });
    clients.push(client);
    const settings = { remoteRefs: { allow: [remote.host], timeoutSeconds: 1 } };
    client.connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => settings));
    await client.initialize(dir, { remoteCacheFolder: path.join(dir, '.cache') });
    const text = rootText(ref);
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), text);
    const uri = client.open(path.join(dir, 'openapi.yaml'), text);
    const started = performance.now();
    const diagnostics = await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).some((f) => f.includes('could not be fetched')));
    assert.ok(performance.now() - started < 5000);
    assert.deepEqual(refFindings(diagnostics), [`${REF_LINE} ${ERROR}: "${ref}" could not be fetched: timed out after 1 s.`]);
  });

  it('checks a fetched OpenAPI document opened by itself as a root, its relative $ref fetched from beside it', async () => {
    const api = rootText('schemas.yaml#/Pet').replace('  /pets:', '  pets:');
    const remote = await serve((req, res) => {
      if (req.url === '/v1/api.yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end(api);
      else if (req.url === '/v1/schemas.yaml') serveSchemas({ ...req, url: '/schemas.yaml' } as http.IncomingMessage, res);
      else res.writeHead(404).end();
    });
    const { client } = await start(`${remote.origin}/v1/api.yaml#/components`, { allow: [remote.host], trusted: true });
    // The view as VS Code opens it, with the text the server answered.
    const apiUri = remoteUriOf(remote.origin, '/v1/api.yaml');
    await client.waitForMark('remote fetch settled');
    const answer = await client.request<{ text: string } | null>('openapi30/remoteDocument', { uri: apiUri });
    assert.equal(answer?.text, api);
    void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: apiUri, languageId: 'yaml', version: 1, text: api } });
    // Its first check may find schemas.yaml still being fetched (an information); the check after the fetch has it.
    const findings = await client.waitForDiagnostics(apiUri, (p) => p.diagnostics.some((d) => d.code === 'path-leading-slash') &&
      !refFindings(p.diagnostics).some((f) => f.endsWith('it is being fetched.')));
    assert.deepEqual(refFindings(findings), [], 'schemas.yaml#/Pet resolves beside the URL');
    await client.waitForDiagnostics(remoteUriOf(remote.origin, '/v1/schemas.yaml'), (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
    assert.deepEqual(remote.requests.sort(), ['GET /v1/api.yaml', 'GET /v1/schemas.yaml']);
  });

  it('reports a 404 as an error on the $ref, in the CLI\'s words', async () => {
    const remote = await serve(serveSchemas);
    const ref = `${remote.origin}/missing.yaml#/Pet`;
    const { client, uri } = await start(ref, { allow: [remote.host] });
    const diagnostics = await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).some((f) => f.includes('could not be fetched')));
    assert.deepEqual(refFindings(diagnostics), [`${REF_LINE} ${ERROR}: "${ref}" could not be fetched: HTTP 404 Not Found from ${remote.origin}/missing.yaml.`]);
  });

  it('revalidates its disk cache with the ETag (one full transfer, then 304), and uses the copy with a notice when the host fails', async () => {
    let failing = false;
    let fullTransfers = 0;
    const remote = await serve((req, res) => {
      if (failing) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('down');
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
      fullTransfers++;
      res.writeHead(200, { 'content-type': 'application/yaml', etag: '"v1"' }).end(SCHEMAS);
    });
    const cache = tempDir();
    const ref = `${remote.origin}/schemas.yaml#/Pet`;
    const remoteUri = remoteUriOf(remote.origin, '/schemas.yaml');
    for (let session = 0; session < 2; session++) {
      const { client, uri } = await start(ref, { allow: [remote.host], cache });
      await client.waitForDiagnostics(remoteUri, (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
      await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length === 0);
      await client.stop();
    }
    assert.equal(fullTransfers, 1);
    assert.deepEqual(remote.requests, ['GET /schemas.yaml', 'GET /schemas.yaml']);
    assert.equal(remote.headers[0]['if-none-match'], undefined);
    assert.equal(remote.headers[1]['if-none-match'], '"v1"');

    failing = true;
    const { client, uri } = await start(ref, { allow: [remote.host], cache });
    const diagnostics = await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length > 0 && !refFindings(p.diagnostics)[0].includes('being fetched'));
    assert.deepEqual(refFindings(diagnostics), [
      `${REF_LINE} ${INFORMATION}: Remote reference "${ref}" is checked against a cached copy: it could not be fetched ` +
        `(HTTP 503 Service Unavailable from ${remote.origin}/schemas.yaml); the copy fetched 0 minutes ago is used.`,
    ]);
    await client.waitForDiagnostics(remoteUri, (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
  });

  it('sends the credentials the editor keeps for a host to that host only', async () => {
    const a = await serve(serveSchemas);
    const b = await serve(serveSchemas);
    const dir = tempDir();
    const { client, uri } = await start(`${a.origin}/schemas.yaml#/Pet`, { allow: [], dir });
    await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length > 0);
    void client.connection.sendNotification('openapi30/remoteCredentials', { hosts: { [a.host]: { Authorization: 'Bearer secret-for-a' } } });
    // A second root referencing the other host.
    const other = rootText(`${b.origin}/schemas.yaml#/Pet`);
    fs.writeFileSync(path.join(dir, 'other.yaml'), other);
    client.open(path.join(dir, 'other.yaml'), other);
    const settings = { remoteRefs: { allow: [a.host, b.host] } };
    client.connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => settings));
    void client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.waitForDiagnostics(remoteUriOf(a.origin, '/schemas.yaml'), (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
    await client.waitForDiagnostics(remoteUriOf(b.origin, '/schemas.yaml'), (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
    assert.deepEqual(a.headers.map((h) => h.authorization), ['Bearer secret-for-a']);
    assert.deepEqual(b.headers.map((h) => h.authorization), [undefined]);
    assert.ok(!client.stderr.includes('secret-for-a') && !JSON.stringify(client.logs).includes('secret-for-a'), 'never logged');
  });

  it('reads remoteRefs of the configuration file: its hosts are allowed, its headers sent with ${NAME} from the environment', async () => {
    const remote = await serve(serveSchemas);
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.openapi-check.yaml'),
      `remoteRefs:\n  allow: ["${remote.host}"]\n  headers:\n    "${remote.host}":\n      X-Registry-Token: "token \${REGISTRY_TOKEN}"\n`);
    const client = new LspClient({ HTTP_PROXY: '', HTTPS_PROXY: '', http_proxy: '', https_proxy: '', REGISTRY_TOKEN: 'from-the-environment' });
    clients.push(client);
    await client.initialize(dir, { editorAllowsRemoteHosts: true, remoteCacheFolder: path.join(dir, '.cache') });
    const text = rootText(`${remote.origin}/schemas.yaml#/Pet`);
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), text);
    const uri = client.open(path.join(dir, 'openapi.yaml'), text);
    await client.waitForDiagnostics(remoteUriOf(remote.origin, '/schemas.yaml'), (p) => p.diagnostics.some((d) => d.code === 'bounds-order'));
    await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length === 0);
    assert.deepEqual(remote.headers.map((h) => h['x-registry-token']), ['token from-the-environment']);
  });

  it('fetches nothing in a workspace the editor does not trust, and says why', async () => {
    const remote = await serve(serveSchemas);
    const ref = `${remote.origin}/schemas.yaml#/Pet`;
    const { client, uri } = await start(ref, { allow: [remote.host], trusted: false });
    const diagnostics = await client.waitForDiagnostics(uri, (p) => refFindings(p.diagnostics).length > 0);
    assert.deepEqual(refFindings(diagnostics), [
      `${REF_LINE} ${INFORMATION}: Remote reference "${ref}" is not checked: the workspace is not trusted (restricted mode), and nothing is fetched in it.`,
    ]);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(remote.requests, []);
  });
});
