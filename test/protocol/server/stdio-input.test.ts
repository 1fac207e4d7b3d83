// The built server reads its stdio input in a worker thread (server/src/server/transport/stdin-reader.ts):
// a large document sent in odd chunks, characters split between them, reads as the editor sent it;
// malformed messages are skipped as vscode-jsonrpc skips them; closing the input ends the server;
// and without its worker the server reads on its own thread.
import assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Writable } from 'stream';
import { pathToFileURL } from 'url';
import { after, before, describe, it } from 'node:test';
import {
  AbstractMessageWriter, createMessageConnection, Message, MessageConnection, MessageWriter,
} from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { serverReader } from '../../helpers/lsp-client';
import { REPO_ROOT } from '../../helpers/paths';

const SERVER = path.join(REPO_ROOT, 'dist', 'server.js');
const frame = (body: string) => Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`), Buffer.from(body)]);

/** Where to cut a framed message: inside its header, inside its blank line, and in a long body after the first byte of a character about every 4 KB. */
function cutsOf(bytes: Buffer): number[] {
  const bodyStart = bytes.indexOf('\r\n\r\n') + 4;
  const cuts = [3, bodyStart - 1];
  for (let at = bodyStart + 4_001; at < bytes.length; at += 4_001) {
    while (at < bytes.length - 1 && (bytes[at] & 0xc0) !== 0xc0) at++;
    if (at < bytes.length - 1) cuts.push(at + 1);
  }
  return cuts;
}

/** Writes every message in pieces, a millisecond apart, so that the server reads them as separate chunks. */
class ChunkedWriter extends AbstractMessageWriter implements MessageWriter {
  private queue = Promise.resolve();
  /** How many pieces cut a character in two. */
  splitCharacters = 0;

  constructor(private readonly stream: Writable) {
    super();
  }

  write(message: Message): Promise<void> {
    return this.raw(frame(JSON.stringify(message)), true);
  }

  /**
   * Bytes as they are, after what was written before. Resolves once the last piece is handed to
   * the stream: vscode-jsonrpc waits for a request's write before it expects the answer, and an
   * answer that came first would be dropped.
   */
  raw(bytes: Buffer, cut = false): Promise<void> {
    this.queue = this.queue.then(async () => {
      const edges = [0, ...(cut ? cutsOf(bytes) : []), bytes.length];
      for (let i = 1; i < edges.length - 1; i++) {
        if ((bytes[edges[i]] & 0xc0) === 0x80) this.splitCharacters++;
        await new Promise((resolve) => this.stream.write(bytes.subarray(edges[i - 1], edges[i]), resolve));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      this.stream.write(bytes.subarray(edges[edges.length - 2]));
    });
    return this.queue;
  }

  end(): void {}
}

class Server {
  readonly child: ChildProcess;
  readonly writer: ChunkedWriter;
  readonly connection: MessageConnection;
  readonly exited: Promise<number | null>;
  /** Resolves when the server has said which it is, the last thing it does after `initialized`. */
  readonly ready: Promise<void>;
  stderr = '';
  private readonly diagnostics = new Map<string, (p: PublishDiagnosticsParams) => void>();

  constructor(script = SERVER) {
    this.child = spawn(process.execPath, [script, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (d) => (this.stderr += d));
    this.exited = new Promise((resolve) => this.child.on('exit', resolve));
    this.writer = new ChunkedWriter(this.child.stdin!);
    this.connection = createMessageConnection(serverReader(this.child.stdout!), this.writer);
    this.connection.onRequest('workspace/configuration', () => [{}]);
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('window/workDoneProgress/create', () => null);
    this.ready = new Promise((resolve) => this.connection.onNotification('window/logMessage', (p: { message: string }) => {
      if (p.message.startsWith('openapi-language-server ')) resolve();
    }));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => this.diagnostics.get(p.uri)?.(p));
    this.connection.listen();
  }

  async initialize(folder: string): Promise<void> {
    await this.connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(folder).href, capabilities: { workspace: { configuration: true } } });
    await this.connection.sendNotification('initialized', {});
  }

  /** Opens a document and resolves with its first diagnostics. */
  open(file: string, text: string): { uri: string; diagnostics: Promise<Diagnostic[]> } {
    const uri = pathToFileURL(file).href;
    const diagnostics = new Promise<Diagnostic[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri}\n${this.stderr}`)), 60_000);
      this.diagnostics.set(uri, (p) => (clearTimeout(timer), resolve(p.diagnostics)));
    });
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    return { uri, diagnostics };
  }

  hover(uri: string, line: number, character: number): Promise<{ contents: { value: string } } | null> {
    const answer = this.connection.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
    let timer: NodeJS.Timeout;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no hover answer\n${this.stderr}`)), 30_000)));
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }

  async stop(): Promise<void> {
    this.connection.dispose();
    this.child.kill();
    await this.exited;
  }
}

const PET = 'Ünïcödé 日本語 🐾';

/** About 1.7 MB of YAML full of 2-, 3- and 4-byte characters, with one path that does not start with "/" at the end. */
function largeDocument(): { text: string; refLine: number; badLine: number } {
  const lines = ['openapi: 3.0.3', 'info:', `  title: ${PET}`, '  version: 1.0.0', 'paths:'];
  for (let i = 0; i < 3_000; i++) {
    lines.push(
      `  /items${i}:`, '    get:', `      operationId: get${i}`, `      description: "${PET} ${i} ${'é'.repeat(i % 200)}"`,
      '      responses:', "        '200':", `          description: ${PET} ${i}`, '          content:', '            application/json:',
      '              schema:', "                $ref: '#/components/schemas/Pet'",
    );
  }
  const refLine = lines.length - 1;
  const badLine = lines.length;
  lines.push('  pets🐾:', '    get:', '      responses:', "        '200':", '          description: ok');
  lines.push('components:', '  schemas:', '    Pet:', `      description: ${PET} a pet`, '      type: object', '');
  return { text: lines.join('\n'), refLine, badLine };
}

describe('the server reading its input over stdio', { timeout: 120_000 }, () => {
  let dir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-stdio-'));
  });

  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a large document sent in odd chunks that split its characters, and answers on it', async () => {
    const server = new Server();
    try {
      await server.initialize(dir);
      const { text, refLine, badLine } = largeDocument();
      assert.ok(Buffer.byteLength(text) > 1_500_000);
      const opened = server.open(path.join(dir, 'large.yaml'), text);
      const diagnostics = await opened.diagnostics;
      assert.ok(server.writer.splitCharacters > 300, `${server.writer.splitCharacters} characters split`);
      assert.deepEqual(diagnostics.filter((d) => d.severity === 1).map((d) => [d.code, d.message, d.range]), [[
        'path-leading-slash', 'Path "pets🐾" must start with "/": paths are relative to the server URL.',
        { start: { line: badLine, character: 2 }, end: { line: badLine, character: 8 } },
      ]]);
      const hover = await server.hover(opened.uri, refLine, 30);
      assert.match(hover!.contents.value, new RegExp(`\nPet:\n  description: ${PET} a pet\n  type: object\n`));
    } finally {
      await server.stop();
    }
  });

  it('skips a message that is not JSON and a header without a colon, as vscode-jsonrpc does, and answers the next', async () => {
    const server = new Server();
    try {
      await server.initialize(dir);
      const file = path.join(dir, 'small.yaml');
      await server.writer.raw(frame('{"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": {'));
      await server.writer.raw(Buffer.from('Content-Type application/json\r\n\r\n'));
      const opened = server.open(file, `openapi: 3.0.3\ninfo:\n  title: ${PET}\n  version: 1.0.0\npaths:\n  pets:\n    get:\n      responses:\n        '200':\n          description: ok\n`);
      assert.deepEqual((await opened.diagnostics).filter((d) => d.code === 'path-leading-slash').map((d) => d.range.start), [{ line: 5, character: 2 }]);
      assert.match((await server.hover(opened.uri, 0, 0))!.contents.value, /^\*\*openapi\*\* \(`string`, required\) — OpenAPI Object/);
      assert.match(server.stderr, /A message could not be read: .*JSON/);
      assert.match(server.stderr, /A message could not be read: Message header must separate key and value using ':'/);
      assert.equal(server.child.exitCode, null, 'still running');
    } finally {
      await server.stop();
    }
  });

  it('ends when the client closes its input: with 0 after shutdown, 1 without', async () => {
    for (const shutdown of [false, true]) {
      const server = new Server();
      await server.initialize(dir);
      // The server's last question after `initialized` is answered: nothing is written after the end.
      await server.ready;
      if (shutdown) await server.connection.sendRequest('shutdown');
      server.child.stdin!.end();
      assert.equal(await server.exited, shutdown ? 0 : 1, server.stderr);
      server.connection.dispose();
    }
  });

  it('reads on its own thread when its input worker is missing', async () => {
    const alone = path.join(dir, 'alone');
    fs.mkdirSync(alone);
    fs.copyFileSync(SERVER, path.join(alone, 'server.js'));
    const server = new Server(path.join(alone, 'server.js'));
    try {
      await server.initialize(dir);
      const opened = server.open(path.join(dir, 'small.yaml'), 'openapi: 3.0.3\ninfo:\n  title: t\n  version: 1.0.0\npaths:\n  pets: {}\n');
      assert.deepEqual((await opened.diagnostics).filter((d) => d.code === 'path-leading-slash').map((d) => d.range.start), [{ line: 5, character: 2 }]);
      assert.match(server.stderr, /The input worker cannot start \(.*reader-worker\.js is missing\): its work is done on the server's thread\./);
    } finally {
      await server.stop();
    }
  });
});
