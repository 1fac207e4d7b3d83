// The server's side of the parsing worker (parse-worker.ts). A worker rather than parsing in
// slices: the `yaml` package composes a document in one call we cannot pause (jsonc-parser's
// recovery likewise), and a worker also keeps that parse's memory apart, so a text that exhausts
// it ends the worker, not the server.
//
// Two lanes, each one worker parsing one text at a time: checks' texts (and fix-all's) in one, and
// in the other the texts a request waits for that would otherwise wait behind another file's
// parse. One queue made a definition into a closed file wait for a check's parse of a 4 MB broken
// JSON root (1.5 s a parse; fix-all parses several in a row): the parse under way cannot be
// paused, so a priority in the queue alone would still wait for it, and stopping it would throw
// seconds of a check's work away. A second worker, started only when a request would wait and
// ended when idle, bounds the memory to two parses at once.
import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import { OffThreadParser } from '../syntax/off-thread';
import { SourceFormat } from '../syntax/tree';
import { EncodedParse } from '../syntax/tree-transfer';

type Outcome = EncodedParse | { failed: string };
type Reply = { id: number; encoded: EncodedParse } | { id: number; failed: string };

/** Heap each worker may use: a parse needing more ends with an error on the document, not an abort. */
const WORKER_HEAP_MB = 2048;
/** A worker is stopped after this long without work, giving its memory back. */
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

/** What a worker is started with. */
interface WorkerSetup {
  script: string;
  heapMb: number;
  log?: (message: string) => void;
}

/**
 * One worker and the texts asked of it, posted one at a time in order: a text still waiting can
 * leave the lane (to the other lane, or moot) without the worker parsing it anyway.
 */
class ParseLane {
  private worker: Worker | undefined;
  /** The text the worker parses. */
  private working: Parse | undefined;
  /** The texts after it, in order. */
  private waiting: Parse[] = [];
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly name: string, private readonly setup: WorkerSetup) {}

  /** The texts asked and not answered, the one being parsed first. */
  parses(): Parse[] {
    return this.working ? [this.working, ...this.waiting] : [...this.waiting];
  }

  add(parse: Parse): void {
    this.waiting.push(parse);
    this.next();
  }

  /** Takes a text out of the lane if it is still waiting (not the one being parsed). */
  take(parse: Parse): boolean {
    const at = this.waiting.indexOf(parse);
    if (at < 0) return false;
    this.waiting.splice(at, 1);
    return true;
  }

  /**
   * Takes out the texts `moot` selects and returns them. A synchronous parse cannot be
   * interrupted: when the worker is parsing one of them, it goes, and the next text is asked of a
   * new one.
   */
  drop(moot: (p: Parse) => boolean): Parse[] {
    const dropped = this.waiting.filter(moot);
    this.waiting = this.waiting.filter((p) => !moot(p));
    if (this.working && moot(this.working)) {
      dropped.unshift(this.working);
      this.working = undefined;
      this.endWorker();
      this.next();
    }
    return dropped;
  }

  /** Fails every text and ends the worker. */
  stop(why: string): void {
    const parses = this.parses();
    this.working = undefined;
    this.waiting = [];
    this.endWorker();
    for (const parse of parses) parse.settle({ failed: `not read: ${why}.` });
  }

  /** Posts the next waiting text when the worker is free; lets the worker go when nothing waits. */
  private next(): void {
    while (!this.working) {
      const parse = this.waiting.shift();
      if (!parse) return this.idle();
      if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
      try {
        const worker = this.ensureWorker();
        // Held while it works (a parse awaited is work to finish), let go when idle.
        worker.ref();
        worker.postMessage({ id: parse.id, text: parse.text, format: parse.format });
        this.working = parse;
      } catch (e) {
        parse.settle({ failed: `the reader could not start (${(e as Error).message}).` });
      }
    }
  }

  /** The worker answered the text it was parsing. */
  private answered(id: number, outcome: Outcome): void {
    const parse = this.working;
    if (parse?.id !== id) return;
    this.working = undefined;
    parse.settle(outcome);
    this.next();
  }

  private idle(): void {
    this.worker?.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop('idle'), WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  private endWorker(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (this.idleTimer) clearTimeout(this.idleTimer), (this.idleTimer = undefined);
    void worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const { script, heapMb, log } = this.setup;
    const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    worker.on('message', (reply: Reply) => {
      if (this.worker === worker) this.answered(reply.id, 'failed' in reply ? { failed: reply.failed } : reply.encoded);
    });
    worker.on('error', (e: Error & { code?: string }) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      log?.(`the parsing worker (${this.name}) failed: ${e.stack}`);
      // The text it worked on fails; the others are asked of a new worker.
      const failing = this.working;
      this.working = undefined;
      const failed = e.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `reading it needs more than ${heapMb} MB of memory (${failing?.format === 'json' ? 'a JSON text with errors is read by a slower, forgiving reader' : 'anchors and aliases, flow collections and tags are read by a slower YAML reader'}).`
        : `the reader failed (${e.message}).`;
      failing?.settle({ failed });
      this.next();
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const parses = this.parses();
      this.working = undefined;
      this.waiting = [];
      for (const parse of parses) parse.settle({ failed: 'the reader stopped.' });
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

export class ParseThread implements OffThreadParser {
  private lastId = 0;
  /** Texts checks (and fix-all) wait for, and those that requests wait for. */
  private readonly checks: ParseLane;
  /** Texts a request waits for that would wait behind another text in `checks`. */
  private readonly requests: ParseLane;

  /** `script`: the worker's bundle (parse-worker.js beside server.js); `heapMb`: each worker's heap limit. */
  constructor(log?: (message: string) => void, script = ParseThread.SCRIPT, heapMb = WORKER_HEAP_MB) {
    this.checks = new ParseLane('checks', { script, heapMb, log });
    this.requests = new ParseLane('requests', { script, heapMb, log });
  }

  static readonly SCRIPT = path.join(__dirname, 'parse-worker.js');

  /** Whether a worker can run here (the bundle ships its script beside server.js). */
  static available(script = ParseThread.SCRIPT): boolean {
    return fs.existsSync(script);
  }

  /**
   * `source`: the document the text is a version of. A newer text of a document makes its older
   * one moot; texts of other documents wait their turn (stopping them made a check's file and a
   * request's file, both large, stop each other, and the first was kept as unreadable). Asked
   * again for the same text (a check that restarted), it is not parsed twice.
   */
  parse(text: string, format: SourceFormat, source?: string): Promise<Outcome> {
    const same = this.parses().find((p) => p.format === format && p.text === text);
    if (same) return same.outcome;
    for (const lane of [this.checks, this.requests]) {
      const moot = lane.drop((p) => p.source === source);
      for (const p of moot) p.settle({ failed: 'not read: a newer text of the document is being read.' });
    }
    const id = ++this.lastId;
    let settle!: (o: Outcome) => void;
    const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
    this.checks.add({ id, source, text, format, outcome, settle });
    return outcome;
  }

  /**
   * A request waits for the text `outcome` answers: if it waits behind another text, it is parsed
   * by the requests' worker instead (one already being parsed is left to finish).
   */
  hurry(outcome: Promise<Outcome>): void {
    const parse = this.checks.parses().find((p) => p.outcome === outcome);
    if (parse && this.checks.take(parse)) this.requests.add(parse);
  }

  /** The texts asked and not answered yet. */
  private parses(): Parse[] {
    return [...this.checks.parses(), ...this.requests.parses()];
  }

  stop(): void {
    this.checks.stop('the server is stopping');
    this.requests.stop('the server is stopping');
  }
}
