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

/** A text asked of the worker; `source`: the document it is a version of, if known. */
interface Parse {
  id: number;
  source: string | undefined;
  text: string;
  format: SourceFormat;
  outcome: Promise<Outcome>;
  settle: (o: Outcome) => void;
}

export class ParseThread implements OffThreadParser {
  private worker: Worker | undefined;
  private lastId = 0;
  /**
   * The texts asked and not answered yet, in the order the worker takes them (the first is the one
   * it works on). Asked again for the same text (a check that restarted), it is not parsed twice.
   */
  private parses: Parse[] = [];
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

  /**
   * `source`: the document the text is a version of. A newer text of a document makes its older
   * one moot; texts of other documents wait their turn (stopping them made a check's file and a
   * request's file, both large, stop each other, and the first was kept as unreadable).
   */
  parse(text: string, format: SourceFormat, source?: string): Promise<Outcome> {
    const same = this.parses.find((p) => p.format === format && p.text === text);
    if (same) return same.outcome;
    if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
    const moot = this.parses.filter((p) => p.source === source);
    if (moot.length > 0) {
      // A synchronous parse cannot be interrupted: the worker goes, and the other texts are asked
      // of a new one.
      this.parses = this.parses.filter((p) => p.source !== source);
      this.restartWorker();
      for (const p of moot) p.settle({ failed: 'not read: a newer text of the document is being read.' });
    }
    const id = ++this.lastId;
    let settle!: (o: Outcome) => void;
    const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
    const parse = { id, source, text, format, outcome, settle };
    this.parses.push(parse);
    this.post(parse);
    return outcome;
  }

  private post(parse: Parse): void {
    try {
      const worker = this.ensureWorker();
      // Held while it works (a parse awaited is work to finish), let go when idle.
      worker.ref();
      worker.postMessage({ id: parse.id, text: parse.text, format: parse.format });
    } catch (e) {
      this.finish(parse.id, { failed: `the reader could not start (${(e as Error).message}).` });
    }
  }

  /** Ends the worker and asks a new one for the texts not answered yet. */
  private restartWorker(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    for (const parse of [...this.parses]) this.post(parse);
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
      // The text it worked on fails; the others are asked of a new worker.
      const [failing] = this.parses;
      const failed = e.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `reading it needs more than ${this.heapMb} MB of memory (${failing?.format === 'json' ? 'a JSON text with errors is read by a slower, forgiving reader' : 'anchors and aliases, flow collections and tags are read by a slower YAML reader'}).`
        : `the reader failed (${e.message}).`;
      if (failing) this.finish(failing.id, { failed });
      for (const parse of [...this.parses]) this.post(parse);
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const parse of [...this.parses]) this.finish(parse.id, { failed: 'the reader stopped.' });
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private finish(id: number, outcome: Outcome): void {
    const parse = this.parses.find((p) => p.id === id);
    if (!parse) return;
    this.parses = this.parses.filter((p) => p !== parse);
    parse.settle(outcome);
    if (this.parses.length > 0) return;
    this.worker?.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stopWorker('idle'), WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  private stopWorker(why: string): void {
    const worker = this.worker;
    this.worker = undefined;
    for (const parse of [...this.parses]) this.finish(parse.id, { failed: `not read: ${why}.` });
    if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
    void worker?.terminate();
  }
}
