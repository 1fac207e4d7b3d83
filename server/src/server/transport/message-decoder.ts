// The server's side of the worker that parses its large input messages (message-worker.ts). Each
// message's bytes move to the worker without a copy; its parsed message comes back, in order. The
// worker starts at a large message and stops soon after the last, giving its memory back. If it
// cannot start, messages are parsed on this thread; if it stops with messages in it (out of memory
// on a body too large to parse), those are reported as unreadable and the next starts a new one.
import * as fs from 'fs';
import * as path from 'path';
import type { Worker } from 'worker_threads';
import { FrameEvent, parseLargeBody } from './message-framing';
import { WORKER_HEAP_MB, WORKER_IDLE_MS } from '../runtime/tuning';


export class MessageDecoder {
  private worker: Worker | undefined;
  /** Messages in the worker, by number, with their size, in the order sent. */
  private readonly inWorker = new Map<number, number>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set once the worker could not start: messages are parsed here from then on. */
  private unavailable = false;

  /** `parsed`: called with each message's number and what it parsed to, in the order given. */
  constructor(
    private readonly parsed: (id: number, event: FrameEvent) => void,
    private readonly log: (message: string) => void,
    private readonly script = path.join(__dirname, 'message-worker.js'),
  ) {}

  /** Parses the message numbered `id`; `bytes` moves to the worker (its memory is not usable after). */
  decode(id: number, bytes: Uint8Array): void {
    const worker = this.unavailable ? undefined : this.started();
    if (!worker) {
      this.parsed(id, parseLargeBody(bytes));
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    // Memory of its own moves; a view into shared memory (a pooled Buffer) is copied first.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : new Uint8Array(bytes).buffer;
    this.inWorker.set(id, bytes.byteLength);
    worker.postMessage({ id, bytes: whole }, [whole as ArrayBuffer]);
  }

  dispose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private started(): Worker | undefined {
    if (this.worker) return this.worker;
    try {
      if (!fs.existsSync(this.script)) throw new Error(`${this.script} is missing`);
      const { Worker: WorkerThread } = require('worker_threads') as typeof import('worker_threads');
      const worker = new WorkerThread(this.script, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
      worker.on('message', ({ id, event }: { id: number; event: FrameEvent }) => this.done(id, event));
      worker.on('error', (error) => this.stopped(worker, `failed: ${error.message}`));
      worker.on('exit', (code) => this.stopped(worker, `stopped (exit code ${code})`));
      this.worker = worker;
      return worker;
    } catch (e) {
      this.unavailable = true;
      this.log(`Parsing large messages on the server's thread: their worker cannot start (${(e as Error).message}).`);
      return undefined;
    }
  }

  private done(id: number, event: FrameEvent): void {
    this.inWorker.delete(id);
    if (this.inWorker.size === 0 && this.worker) {
      const worker = this.worker;
      this.idleTimer = setTimeout(() => {
        if (this.worker === worker && this.inWorker.size === 0) this.dispose();
      }, WORKER_IDLE_MS.message);
      this.idleTimer.unref();
    }
    this.parsed(id, event);
  }

  private stopped(worker: Worker, how: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const lost = [...this.inWorker];
    this.inWorker.clear();
    if (lost.length > 0) this.log(`The worker parsing large messages ${how}.`);
    for (const [id, size] of lost) this.parsed(id, { error: `A message of ${size} bytes could not be read: the worker parsing it ${how}.` });
  }
}
