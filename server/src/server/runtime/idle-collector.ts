// After a burst of edits the heap holds the garbage of many checks, and V8 returns memory to the
// system only after full collections it schedules late: typing in a 10 MB document left the
// server at 1.1 GB resident where a fresh one needs 230 MB. So once the server has been idle for a
// moment after work that grew the heap, it runs one full collection itself. Editors wait on us
// only while we work, and a pause is when nothing is asked of us.
//
// A forced collection cannot be cut short: it holds the loop for as long as it marks the heap,
// about 0.5-0.6 ms per MiB here (55 ms for the 113 MiB of a 10 MB document, 488 ms for the 827 MiB
// of a 30 MB one, 1-2 s under load). A hover that arrives then waits for all of it. So a collection
// is only forced when it is expected to fit a short pause; when it does not, it is tried again
// once the pause has lasted longer, with a larger bound (a user away for seconds is not waiting on
// a hover); a heap too large for that too is left to V8's own collections, whose marking runs
// beside the program.
import * as v8 from 'v8';
import * as vm from 'vm';
import { mark } from './marks';
import { IDLE_FIRST_MS_PER_MIB, IDLE_GROWTH, IDLE_LONG_MS, IDLE_LONG_PAUSE_BUDGET_MS, IDLE_MIN_HEAP_BYTES, IDLE_MS, IDLE_PAUSE_BUDGET_MS } from './tuning';

const MIB = 1024 * 1024;

/** The engine's full collection, when the flag that exposes it can be set at run time. */
function exposedCollection(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

export interface IdleCollectorOptions {
  /** A heap smaller than this is never collected (a worker's heap is small). */
  minHeapBytes?: number;
  /** Stand-ins for the engine, for tests. */
  collect?: () => void;
  heapUsed?: () => number;
  now?: () => number;
}

export class IdleCollector {
  private readonly collect: (() => void) | undefined;
  private readonly heapUsed: () => number;
  private readonly now: () => number;
  private readonly minHeapBytes: number;
  private timer: NodeJS.Timeout | undefined;
  private heapAfterLast = 0;
  /** What the last forced collection took per MiB of heap: the machine's speed and load. */
  private msPerMiB = IDLE_FIRST_MS_PER_MIB;

  constructor(options: IdleCollectorOptions = {}) {
    this.minHeapBytes = options.minHeapBytes ?? IDLE_MIN_HEAP_BYTES;
    this.collect = options.collect ?? exposedCollection();
    this.heapUsed = options.heapUsed ?? (() => process.memoryUsage().heapUsed);
    this.now = options.now ?? (() => performance.now());
  }

  /** Work finished (a check, a publish): collect if nothing else happens for a while. */
  worked(): void {
    if (!this.collect) return;
    this.busy();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.collectIfGrown() || !this.skipped) return;
      // Too large for a short pause: again if the pause lasts, with the longer pause's bound.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.collectIfGrown(IDLE_LONG_PAUSE_BUDGET_MS);
      }, IDLE_LONG_MS - IDLE_MS);
      this.timer.unref?.();
    }, IDLE_MS);
    this.timer.unref?.();
  }

  /** An edit arrived: not idle any more (the check it starts says when it has worked). */
  busy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.holding = 0;
  }

  /** Requests under way that put off a collection that was due. */
  private holding = 0;

  /**
   * A request arrived: a collection that was due waits until the requests under way are answered
   * and a pause has lasted again. A burst of requests (symbol queries as a name is typed, hovers)
   * is no pause: a collection forced between two of them held the second for 140 ms.
   */
  hold(): void {
    if (this.timer === undefined && this.holding === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.holding++;
  }

  /** A request held by hold() was answered. */
  release(): void {
    if (this.holding > 0 && --this.holding === 0) this.worked();
  }

  /** Whether the last collectIfGrown left a grown heap because it would not fit the bound. */
  private skipped = false;

  /**
   * Runs the collection the idle timer would run, if it is due and expected to hold the loop at
   * most `budgetMs`; whether it ran.
   */
  collectIfGrown(budgetMs = IDLE_PAUSE_BUDGET_MS): boolean {
    this.skipped = false;
    const used = this.heapUsed();
    if (used < this.minHeapBytes || used < this.heapAfterLast * IDLE_GROWTH) return false;
    const expectedMs = (used / MIB) * this.msPerMiB;
    if (expectedMs > budgetMs) {
      this.skipped = true;
      // One collection slowed by a busy machine must not rule out every later one.
      this.msPerMiB = Math.max(IDLE_FIRST_MS_PER_MIB, this.msPerMiB * 0.75);
      trace(`idle collection skipped: ${used >> 20} MiB would hold the loop about ${Math.round(expectedMs)} ms`);
      return false;
    }
    const started = this.now();
    this.collect!();
    const tookMs = this.now() - started;
    this.heapAfterLast = this.heapUsed();
    this.msPerMiB = tookMs / (used / MIB);
    trace(`idle collection ${Math.round(tookMs)} ms: heap ${used >> 20} -> ${this.heapAfterLast >> 20} MiB`);
    return true;
  }

  dispose(): void {
    this.busy();
  }
}

function trace(line: string): void {
  mark('idle collection', { what: line });
}
