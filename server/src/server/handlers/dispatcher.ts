// Every request and notification handler is registered here, and each goes through the same two
// gates: after `shutdown` the protocol allows only `exit` (requests are answered with
// InvalidRequest, notifications ignored), and an error a handler throws is logged and answered
// with the handler's fallback (a ResponseError is an answer: it passes). Handlers need not know.
import { CancellationToken, Connection, ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { mark } from '../runtime/marks';

const shutDownError = () => new ResponseError(ErrorCodes.InvalidRequest, 'The server is shut down: only exit is accepted.');

export class Dispatcher {
  private shutDown = false;
  private readonly atShutdown: (() => unknown)[] = [];
  /** Told of each request as it arrives and once it is answered (see IdleCollector.hold). */
  requestWatcher: { hold(): void; release(): void } | undefined;

  constructor(readonly connection: Connection) {
    connection.onShutdown(async () => {
      // A second `shutdown` is a request after shutdown like any other.
      if (this.shutDown) throw shutDownError();
      this.shutDown = true;
      for (const handler of this.atShutdown) await handler();
    });
  }

  get isShutDown(): boolean {
    return this.shutDown;
  }

  /** Runs when the client asks the server to shut down (workers stop, indexing ends). */
  onShutdown(handler: () => unknown): void {
    this.atShutdown.push(handler);
  }

  /** A request handler; `fallback` answers when it throws. */
  request<P, R>(method: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>): void {
    this.connection.onRequest(method, async (params: P, token: CancellationToken) => {
      if (this.shutDown) throw shutDownError();
      const started = performance.now();
      const watcher = this.requestWatcher;
      watcher?.hold();
      try {
        return await handler(params, token);
      } catch (e) {
        if (e instanceof ResponseError) throw e;
        this.connection.console.error(`${method} failed: ${(e as Error).stack ?? e}`);
        return fallback;
      } finally {
        watcher?.release();
        mark('request answered', { method, ms: performance.now() - started });
      }
    });
  }

  /** A notification handler; what it throws is logged. */
  notification<P>(method: string, handler: (params: P) => unknown): void {
    this.connection.onNotification(method, (params: P) => {
      if (this.shutDown) return;
      try {
        const done = handler(params);
        if (done instanceof Promise) done.catch((e) => this.connection.console.error(`${method} failed: ${(e as Error).stack ?? e}`));
      } catch (e) {
        this.connection.console.error(`${method} failed: ${(e as Error).stack ?? e}`);
      }
    });
  }
}
