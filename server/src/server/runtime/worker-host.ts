// One worker thread as every part of the server uses one: started on demand, let go and stopped
// after an idle while, started again after a crash (a bounded number of times in a row), messages
// moved to it without a copy. The parsing workers, the message decoder, the input reader and the
// indexing worker each hold one; what differs between them is what they do when work is lost.
import * as fs from 'fs';
import type { Transferable, Worker } from 'worker_threads';
import { mark } from './marks';
import { WORKER_FAILURES_IN_A_ROW } from './tuning';

/** Why a worker's work was lost: it failed (an exception, out of memory) or exited. */
export interface WorkerLoss {
  /** "failed: <message>" or "stopped (exit code N)", to go after the worker's name in a log line. */
  how: string;
  outOfMemory: boolean;
}

export interface WorkerSetup<Reply> {
  /** For logs and marks: "parse worker 1", "index worker". */
  name: string;
  /** The worker's bundle, beside server.js. */
  script: string;
  /** Heap limit: work needing more ends the worker, not the server. */
  heapMb?: number;
  /** Stops this long after its work is done; without it, it runs until disposed. */
  idleMs?: number;
  /**
   * `true`: each message posted is answered by one reply, so the worker is idle when every one
   * is answered. `false` (the input reader): it works on its own until disposed.
   */
  answersEachMessage: boolean;
  onReply(reply: Reply): void;
  /** The worker failed or exited by itself with work in it or running on its own; that work is lost. */
  onLost(loss: WorkerLoss): void;
  log?(message: string): void;
}

export class WorkerHost<Message, Reply> {
  private worker: Worker | undefined;
  /** Messages posted and not answered (see answersEachMessage). */
  private unanswered = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private failuresInARow = 0;
  private unavailableBecause: string | undefined;

  constructor(private readonly setup: WorkerSetup<Reply>) {}

  /** Why no worker can run (its script is missing, it could not start, it failed too often). */
  get unavailable(): string | undefined {
    return this.unavailableBecause;
  }

  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Starts the worker if it is not running (one that works on its own); false when none can run. */
  start(): boolean {
    return this.started() !== undefined;
  }

  /**
   * Posts a message, starting the worker if it is not running; `transfer`: buffers that move to
   * it (unusable here after). False when no worker can run: the caller does the work itself.
   */
  post(message: Message, transfer: readonly Transferable[] = []): boolean {
    const worker = this.started();
    if (!worker) return false;
    if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
    // Held while it works (work awaited is work to finish), let go when idle.
    if (this.setup.answersEachMessage) worker.ref(), this.unanswered++;
    worker.postMessage(message, transfer as Transferable[]);
    return true;
  }

  /** Stops the worker now (a parse that cannot be interrupted); the next post starts another. */
  terminate(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.unanswered = 0;
    if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
    if (worker) mark('worker stops', { worker: this.setup.name });
    void worker?.terminate();
  }

  dispose(): void {
    this.terminate();
    this.unavailableBecause ??= 'disposed';
  }

  private started(): Worker | undefined {
    if (this.worker || this.unavailableBecause) return this.worker;
    const { script, heapMb, name, log } = this.setup;
    try {
      if (!fs.existsSync(script)) throw new Error(`${script} is missing`);
      // Loaded here, so that a runtime without worker threads still gets a server.
      const { Worker: WorkerThread } = require('worker_threads') as typeof import('worker_threads');
      const worker = new WorkerThread(script, heapMb ? { resourceLimits: { maxOldGenerationSizeMb: heapMb } } : {});
      worker.on('message', (reply: Reply) => this.replied(worker, reply));
      worker.on('error', (e: Error & { code?: string }) => this.lost(worker, { how: `failed: ${e.stack ?? e.message}`, outOfMemory: e.code === 'ERR_WORKER_OUT_OF_MEMORY' }));
      worker.on('exit', (code) => this.lost(worker, { how: `stopped (exit code ${code})`, outOfMemory: false }));
      // A worker answering messages is held only while it has some; one working on its own, always.
      if (this.setup.answersEachMessage) worker.unref();
      this.worker = worker;
      mark('worker starts', { worker: name });
      return worker;
    } catch (e) {
      this.unavailableBecause = (e as Error).message;
      log?.(`The ${name} cannot start (${this.unavailableBecause}): its work is done on the server's thread.`);
      return undefined;
    }
  }

  private replied(worker: Worker, reply: Reply): void {
    if (worker !== this.worker) return; // a reply of a worker terminated meanwhile
    this.failuresInARow = 0;
    if (this.setup.answersEachMessage && --this.unanswered <= 0) this.idle(worker);
    this.setup.onReply(reply);
  }

  /** Nothing to do: let go (the process may exit), and stop after the idle time. */
  private idle(worker: Worker): void {
    this.unanswered = 0;
    worker.unref();
    const idleMs = this.setup.idleMs;
    if (idleMs === undefined || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.worker === worker && this.unanswered === 0) this.terminate();
    }, idleMs);
    this.idleTimer.unref();
  }

  private lost(worker: Worker, loss: WorkerLoss): void {
    // 'exit' follows 'error'; a worker terminated on purpose is no loss.
    if (worker !== this.worker) return;
    this.worker = undefined;
    this.unanswered = 0;
    if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
    mark('worker lost', { worker: this.setup.name, how: loss.how.split('\n')[0], outOfMemory: loss.outOfMemory });
    // Work that ends a worker by itself (out of memory) is the work's fault, not the worker's: a
    // new one starts for the next message. A worker that fails at everything stops being started.
    if (!loss.outOfMemory && ++this.failuresInARow >= WORKER_FAILURES_IN_A_ROW) {
      this.unavailableBecause = `it ${loss.how.split('\n')[0]} ${this.failuresInARow} times in a row`;
      this.setup.log?.(`The ${this.setup.name} is not started again: ${this.unavailableBecause}.`);
    }
    this.setup.onLost(loss);
  }
}

/** The buffer of `bytes` to move to a worker: its own memory moves; a view into shared memory (a pooled Buffer) is copied first. */
export function movable(bytes: Uint8Array): ArrayBuffer {
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return (own ? bytes.buffer : new Uint8Array(bytes).buffer) as ArrayBuffer;
}
