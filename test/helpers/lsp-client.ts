// Spawns the built language server over stdio and talks JSON-RPC to it, as an editor would.
import { ChildProcess, spawn } from 'child_process';
import { pathToFileURL } from 'url';
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import type { Mark } from '../../server/src/server/runtime/marks';
import * as path from 'path';
import { REPO_ROOT } from './paths';

/**
 * A reader of the server's messages that arms no timer for a partial one. vscode-jsonrpc's reader
 * arms a 10 s timer while a message is incomplete and arms it again each time it fires, and
 * disposing the connection does not stop it: a server killed in the middle of a message kept the
 * test file's process alive for good (a CI run waited on it for 20 minutes after its last test).
 */
export function serverReader(stdout: NodeJS.ReadableStream): StreamMessageReader {
  const reader = new StreamMessageReader(stdout);
  reader.partialMessageTimeout = 0;
  return reader;
}

export class LspClient {
  private readonly process: ChildProcess;
  readonly connection: MessageConnection;
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: { uri: string; check: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  private versions = new Map<string, number>();
  /** Every publishDiagnostics received: uri and version. */
  readonly published: { uri: string; version: number | undefined }[] = [];
  stderr = '';
  /** How the server process ended, once it has. */
  exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** `window/logMessage` notifications received (type 1 error, 2 warning, 3 info, 4 log). */
  readonly logs: { type: number; message: string }[] = [];
  /** The server's named marks (runtime/marks.ts), in order. */
  readonly marks: Mark[] = [];

  /** How many marks of a name arrived, from the `since`-th mark on. */
  marked(name: string, since = 0): number {
    let count = 0;
    for (let i = since; i < this.marks.length; i++) if (this.marks[i].name === name) count++;
    return count;
  }

  /** Resolves when a mark of a name arrives after the `since`-th (or has); fails after `timeoutMs`. */
  async waitForMark(name: string, since = 0, timeoutMs = 60_000): Promise<Mark> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.marks.slice(since).find((m) => m.name === name);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no "${name}" mark within ${timeoutMs} ms; marks: ${this.marks.slice(since).map((m) => m.name).join(', ')}\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** When the last publishDiagnostics arrived (performance.now()). */
  lastPublishAt = 0;

  constructor(env: Record<string, string> = {}) {
    // OPENAPI_SERVER_NODE_ARGS: options for the server's node (`--cpu-prof`, not allowed in NODE_OPTIONS).
    const nodeArgs = process.env.OPENAPI_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const args = [...nodeArgs, path.join(REPO_ROOT, 'dist', 'server.js'), '--stdio'];
    // Named marks (runtime/marks.ts) come as notifications: tests observe the runtime by them.
    this.process = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, OPENAPI_MARKS: '1', ...env } });
    this.process.stderr!.on('data', (d) => (this.stderr += d));
    this.process.on('exit', (code, signal) => (this.exited = { code, signal }));
    this.connection = createMessageConnection(serverReader(this.process.stdout!), new StreamMessageWriter(this.process.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.diagnostics.set(params.uri, params);
      this.lastPublishAt = performance.now();
      this.published.push({ uri: params.uri, version: params.version });
      for (const waiter of [...this.waiters]) {
        if (waiter.uri === params.uri && waiter.check(params)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(params);
        }
      }
    });
    this.connection.onNotification('openapi30/mark', (mark: Mark) => this.marks.push(mark));
    this.connection.onRequest('workspace/configuration', () => [{}]);
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onNotification('window/logMessage', (params: { type: number; message: string }) => {
      this.logs.push(params);
    });
    this.connection.listen();
  }

  /** `$/progress` notifications received, in order. */
  readonly progress: { token: unknown; value: { kind: string; title?: string; message?: string; percentage?: number } }[] = [];

  async initialize(rootPath: string, initializationOptions?: unknown, capabilities: Record<string, unknown> = {}): Promise<unknown> {
    this.connection.onRequest('window/workDoneProgress/create', () => null);
    this.connection.onRequest('workspace/codeLens/refresh', () => null);
    this.connection.onNotification('$/progress', (p) => this.progress.push(p));
    const result = await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(rootPath).href,
      // The hold of a key being typed (state/typing-hold.ts) would make a test's "publish for this
      // version" wait for a pause: off unless a test asks for it.
      initializationOptions: { typingHoldMs: 0, ...(initializationOptions as object | undefined) },
      capabilities: {
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { publishDiagnostics: { relatedInformation: true } },
        ...capabilities,
      },
    });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  open(filePath: string, text: string, languageId = filePath.endsWith('.json') ? 'json' : 'yaml'): string {
    return this.openUri(pathToFileURL(filePath).href, text, languageId);
  }

  /** Opens a document by its URI: an unsaved one (`untitled:Untitled-1`) has no file. */
  openUri(uri: string, text: string, languageId: string): string {
    this.versions.set(uri, 1);
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return uri;
  }

  change(uri: string, changes: { range?: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[]): number {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    return version;
  }

  close(uri: string): void {
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** The next diagnostics published for a URI that satisfy `check` (or the current ones if they do). */
  waitForDiagnostics(uri: string, check: (p: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 20_000): Promise<Diagnostic[]> {
    const current = this.diagnostics.get(uri);
    if (current && check(current)) return Promise.resolve(current.diagnostics);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri}; last: ${JSON.stringify(this.diagnostics.get(uri))}\n${this.stderr}`)), timeoutMs);
      this.waiters.push({ uri, check, resolve: (p) => { clearTimeout(timer); resolve(p.diagnostics); } });
    });
  }

  /** Resolves when a work-done progress has ended (the workspace is indexed). */
  async waitForProgressEnd(timeoutMs = 30_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!this.progress.some((p) => p.value.kind === 'end')) {
      if (Date.now() > end) throw new Error(`no progress end; got ${JSON.stringify(this.progress)}\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The last diagnostics published for every URI. */
  allDiagnostics(): Map<string, PublishDiagnosticsParams> {
    return new Map(this.diagnostics);
  }

  forget(uri: string): void {
    this.diagnostics.delete(uri);
  }

  /** A request; a server that does not answer within `timeoutMs` fails the test instead of hanging it. */
  request<T>(method: string, params: unknown, timeoutMs = 60_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${timeoutMs} ms\n${this.stderr}`)), timeoutMs);
      let sent: Promise<T>;
      try {
        sent = this.connection.sendRequest(method, params) as Promise<T>;
      } catch (error) {
        // A closed connection throws at once: no answer to wait for.
        clearTimeout(timer);
        reject(error);
        return;
      }
      sent.then(
        (value) => { clearTimeout(timer); resolve(value); },
        (error) => { clearTimeout(timer); reject(error); },
      );
    });
  }

  async stop(): Promise<void> {
    try {
      await this.request('shutdown', null, 10_000);
    } catch {
      // already gone, or already shut down
    }
    // Bounded: a write waits its turn behind any unfinished one, and a server that stopped reading
    // (stuck, or a full pipe) would hold it, and the test file's `after`, for good.
    let timer: NodeJS.Timeout | undefined;
    const exit = async () => {
      try {
        await this.connection.sendNotification('exit');
      } catch {
        // already gone (a connection stopped before throws at once)
      }
    };
    await Promise.race([exit(), new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
    clearTimeout(timer);
    this.connection.dispose();
    // A profiled server writes its profile as it exits: give it the time.
    if (process.env.OPENAPI_SERVER_NODE_ARGS && !this.exited) {
      await new Promise((resolve) => {
        this.process.once('exit', resolve);
        setTimeout(resolve, 10_000);
      });
    }
    this.process.kill();
  }
}
