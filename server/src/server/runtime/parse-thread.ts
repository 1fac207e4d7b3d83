// The server's side of the parsing worker (parse-worker.ts). A worker rather than parsing in
// slices: the `yaml` package composes a document in one call we cannot pause (jsonc-parser's
// recovery likewise), and a worker also keeps that parse's memory apart, so a text that exhausts
// it ends the worker, not the server.
//
// Up to two workers, each parsing one text at a time, and the texts waiting ranked by who waits:
// a request's user, a check, or fix-all working out its fixes in the background. One queue made a
// definition into a closed file wait for a check's parse of a 4 MB broken JSON root (1.5 s a
// parse), and every check wait for fix-all's parses of its fixed texts (5-7 s in all). A parse
// under way cannot be paused, so a priority in one queue would still wait for it. So a text starts
// on a free worker when the other is free too, or busy with a text it outranks; a request's text
// that finds both busy takes the place of fix-all's, which is parsed again later (stopping a
// check's would throw its work away, and a third worker would make three parses at once). The
// second worker starts only when needed and stops when idle, like the first; it takes a second
// text only when one of the two is small enough that both fit in memory.
import * as fs from 'fs';
import * as path from 'path';
import { OffThreadOutcome } from '../../syntax/off-thread';
import { Offloader } from './scheduler';
import { mark } from './marks';
import { WorkerHost } from './worker-host';
import { Urgency } from '../../syntax/steps';
import { SourceFormat } from '../../syntax/tree';
import { EncodedParse } from '../../syntax/tree-transfer';
import { BESIDE_MAX_CHARS, WORKER_HEAP_MB, WORKER_IDLE_MS } from './tuning';

type Outcome = OffThreadOutcome;
type Reply = { id: number; encoded: EncodedParse } | { id: number; failed: string };

/** Who waits for a text, lowest first: fix-all's re-checks, checks, a request's user. */
const RANK = { background: 0, check: 1, request: 2 } as const;

/** A text asked of the worker; `source`: the document it is a version of, if known. */
interface Parse {
  id: number;
  source: string | undefined;
  text: string;
  format: SourceFormat;
  outcome: Promise<Outcome>;
  settle: (o: Outcome) => void;
  /** RANK of who waits for it. */
  rank: number;
  /** How many times it was asked (a check that restarted asks again). */
  asks: number;
}

/** A worker and the one text it parses. */
class ParseSlot {
  working: Parse | undefined;
  /** When it started `working`. */
  private started = 0;
  private readonly host: WorkerHost<{ id: number; text: string; format: SourceFormat }, Reply>;

  constructor(
    private readonly name: string,
    setup: { script: string; heapMb: number; log?: (message: string) => void },
    /** The worker answered, failed or stopped (the text it parsed is settled): the next may start. */
    private readonly freed: () => void,
  ) {
    const { script, heapMb, log } = setup;
    this.host = new WorkerHost({
      name: `parse worker ${name}`, script, heapMb, log, idleMs: WORKER_IDLE_MS.parse, answersEachMessage: true,
      onReply: (reply) => {
        if (reply.id === this.working?.id) this.settle('failed' in reply ? { failed: reply.failed } : reply.encoded);
      },
      // The text it worked on fails; the others are asked of a new worker.
      onLost: ({ how, outOfMemory }) => {
        log?.(`the parse worker ${name} ${how}`);
        const format = this.working?.format;
        this.settle({
          failed: outOfMemory
            ? `reading it needs more than ${heapMb} MB of memory (${format === 'json' ? 'a JSON text with errors is read by a slower, forgiving reader' : 'anchors and aliases, flow collections and tags are read by a slower YAML reader'}).`
            : `the reader ${how.split('\n')[0]}.`,
        });
      },
    });
  }

  /** Whether its worker runs (a free slot with one starts the next text sooner). */
  get warm(): boolean {
    return this.host.running;
  }

  start(parse: Parse): void {
    this.trace(parse, 'starts');
    this.started = performance.now();
    this.working = parse;
    if (this.host.post({ id: parse.id, text: parse.text, format: parse.format })) return;
    this.working = undefined;
    parse.settle({ failed: `the reader could not start (${this.host.unavailable}).` });
  }

  /** A synchronous parse cannot be interrupted: the worker goes (a new one parses the next text). */
  abandon(): Parse | undefined {
    const parse = this.working;
    if (parse) this.trace(parse, 'abandons', performance.now() - this.started);
    this.working = undefined;
    this.host.terminate();
    return parse;
  }

  dispose(): void {
    this.abandon();
    this.host.dispose();
  }

  private settle(outcome: Outcome): void {
    const parse = this.working;
    if (parse) this.trace(parse, 'answers', performance.now() - this.started);
    this.working = undefined;
    parse?.settle(outcome);
    this.freed();
  }

  private trace(parse: Parse, event: 'starts' | 'abandons' | 'answers', ms?: number): void {
    mark(`parse worker ${event}`, { worker: this.name, kb: parse.text.length >> 10, for: Object.keys(RANK)[parse.rank], ...(ms === undefined ? {} : { ms: Math.round(ms) }) });
  }
}

export class ParseThread implements Offloader {
  private lastId = 0;
  /** Texts asked and not started yet, in the order asked. */
  private waiting: Parse[] = [];
  private readonly slots: ParseSlot[];
  private scheduled = false;

  /**
   * `script`: the worker's bundle (parse-worker.js beside server.js); `heapMb`: each worker's heap
   * limit; `besideMaxChars`: see BESIDE_MAX_CHARS.
   */
  constructor(log?: (message: string) => void, script = ParseThread.SCRIPT, heapMb = WORKER_HEAP_MB,
    private readonly besideMaxChars = BESIDE_MAX_CHARS) {
    const setup = { script, heapMb, log };
    this.slots = [new ParseSlot('1', setup, () => this.schedule()), new ParseSlot('2', setup, () => this.schedule())];
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
   * again for the same text (a check that restarted), it is not parsed twice. The text starts once
   * its driver said who waits for it (`prefer`, in the same turn).
   */
  parse(text: string, format: SourceFormat, source?: string): Promise<Outcome> {
    const same = this.parses().find((p) => p.format === format && p.text === text);
    if (same) {
      same.asks++;
      same.rank = Math.max(same.rank, RANK.check);
      return same.outcome;
    }
    const moot = this.waiting.filter((p) => p.source === source);
    this.waiting = this.waiting.filter((p) => p.source !== source);
    for (const slot of this.slots) if (slot.working && slot.working.source === source) moot.push(slot.abandon()!);
    for (const p of moot) p.settle({ failed: 'not read: a newer text of the document is being read.' });
    const id = ++this.lastId;
    let settle!: (o: Outcome) => void;
    const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
    this.waiting.push({ id, source, text, format, outcome, settle, rank: RANK.check, asks: 1 });
    this.scheduleSoon();
    return outcome;
  }

  /**
   * Who waits for the text `outcome` answers: a request's user (it goes ahead of the others, beside
   * the parse under way), or fix-all alone (the others go ahead of it). A text a check asked for
   * too stays a check's.
   */
  prefer(outcome: Promise<Outcome>, urgency: Urgency): void {
    const parse = this.parses().find((p) => p.outcome === outcome);
    if (!parse) return;
    if (urgency === 'request') parse.rank = RANK.request;
    else if (parse.asks === 1 && parse.rank === RANK.check) parse.rank = RANK.background;
    this.scheduleSoon();
  }

  stop(): void {
    const parses = this.parses();
    this.waiting = [];
    for (const slot of this.slots) slot.dispose();
    for (const parse of parses) parse.settle({ failed: 'not read: the server is stopping.' });
  }

  /** The texts asked and not answered yet. */
  private parses(): Parse[] {
    const working = this.slots.flatMap((s) => (s.working ? [s.working] : []));
    return [...working, ...this.waiting];
  }

  /** Whether two texts may be parsed at once (see BESIDE_MAX_CHARS). */
  private fitBeside(a: Parse, b: Parse): boolean {
    return Math.min(a.text.length, b.text.length) <= this.besideMaxChars;
  }

  private scheduleSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.schedule();
    });
  }

  /**
   * Starts the highest-ranked waiting text (the first asked among equals) on a free worker, when
   * every busy worker parses a text it outranks; again while one starts. A request's text that
   * finds both busy, one with fix-all's text, takes that one's place: fix-all's text waits again
   * (a third worker would make three parses at once).
   */
  private schedule(): void {
    for (;;) {
      let next: Parse | undefined;
      for (const p of this.waiting) if (!next || p.rank > next.rank) next = p;
      if (!next) break;
      const free = this.slots.filter((s) => !s.working);
      let slot: ParseSlot | undefined;
      if (free.length === 0) {
        slot = next.rank === RANK.request ? this.slots.find((s) => s.working!.rank === RANK.background) : undefined;
        if (slot) this.waiting.unshift(slot.abandon()!);
      } else if (this.slots.every((s) => !s.working || (s.working.rank < next.rank && this.fitBeside(s.working, next)))) {
        // A worker already started, if one is free.
        slot = free.find((s) => s.warm) ?? free[0];
      }
      if (!slot) break;
      this.waiting = this.waiting.filter((p) => p !== next);
      slot.start(next);
    }
  }
}
