// The server's side of the parsing worker (parse-worker.ts). A worker rather than parsing in
// slices: the `yaml` package composes a document in one call we cannot pause (jsonc-parser's
// recovery likewise), and a worker also keeps that parse's memory apart, so a text that exhausts
// it ends the worker, not the server.
import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import { OffThreadParser } from '../syntax/off-thread';
import { SourceFormat } from '../syntax/tree';
import { EncodedParse } from '../syntax/tree-transfer';

type Outcome = EncodedParse | { failed: string };
type Reply = { id: number; encoded: EncodedParse } | { id: number; failed: string };

/** Heap the worker may use: a parse needing more ends with an error on the document, not an abort. */
const WORKER_HEAP_MB = 2048;
/** The worker is stopped after this long without work, giving its memory back. */
const WORKER_IDLE_MS = 30_000;

export class ParseThread implements OffThreadParser {
  private worker: Worker | undefined;
  private lastId = 0;
  /** The text being parsed: asked again for the same text (a check that restarted), it is not parsed twice. */
  private current: { id: number; text: string; format: SourceFormat; outcome: Promise<Outcome>; settle: (o: Outcome) => void } | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  /** `script`: the worker's bundle (parse-worker.js beside server.js); `heapMb`: its heap limit. */
  constructor(
    private readonly log?: (message: string) => void,
    private readonly script = ParseThread.SCRIPT,
    private readonly heapMb = WORKER_HEAP_MB,
  ) {}

  static readonly SCRIPT = path.join(__dirname, 'parse-worker.js');

  /** Whether a worker can run here (the bundle ships its script beside server.js). */
  static available(script = ParseThread.SCRIPT): boolean {
    return fs.existsSync(script);
  }

  parse(text: string, format: SourceFormat): Promise<Outcome> {
    if (this.current?.format === format && this.current.text === text) return this.current.outcome;
    // A newer text: the worker's work on the older one is moot, and a synchronous parse cannot be
    // interrupted, so that worker goes.
    if (this.current) this.stopWorker('a newer text of the document is being read');
    if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
    const id = ++this.lastId;
    let settle!: (o: Outcome) => void;
    const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
    this.current = { id, text, format, outcome, settle };
    try {
      const worker = this.ensureWorker();
      // Held while it works (a parse awaited is work to finish), let go when idle.
      worker.ref();
      worker.postMessage({ id, text, format });
    } catch (e) {
      this.finish(id, { failed: `the reader could not start (${(e as Error).message}).` });
    }
    return outcome;
  }

  stop(): void {
    this.stopWorker('the server is stopping');
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    worker.on('message', (reply: Reply) => this.finish(reply.id, 'failed' in reply ? { failed: reply.failed } : reply.encoded));
    worker.on('error', (e: Error & { code?: string }) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.log?.(`the parsing worker failed: ${e.stack}`);
      const failed = e.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `reading it needs more than ${this.heapMb} MB of memory (${this.current?.format === 'json' ? 'a JSON text with errors is read by a slower, forgiving reader' : 'anchors and aliases, flow collections and tags are read by a slower YAML reader'}).`
        : `the reader failed (${e.message}).`;
      if (this.current) this.finish(this.current.id, { failed });
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      if (this.current) this.finish(this.current.id, { failed: 'the reader stopped.' });
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private finish(id: number, outcome: Outcome): void {
    if (this.current?.id !== id) return;
    const { settle } = this.current;
    this.current = undefined;
    settle(outcome);
    this.worker?.unref();
    this.idleTimer = setTimeout(() => this.stopWorker('idle'), WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  private stopWorker(why: string): void {
    const worker = this.worker;
    this.worker = undefined;
    if (this.current) this.finish(this.current.id, { failed: `not read: ${why}.` });
    if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
    void worker?.terminate();
  }
}
