// After a burst of edits the heap holds the garbage of many checks, and V8 returns memory to the
// system only after full collections it schedules late: typing in a 10 MB document left the
// server at 1.1 GB resident where a fresh one needs 230 MB. So once the server has been idle for a
// moment after work that grew the heap, it runs one full collection itself. Editors wait on us
// only while we work, and a pause is when nothing is asked of us.
import * as v8 from 'v8';
import * as vm from 'vm';

/** No edit and no check for this long: the user paused (not between two keystrokes). */
const IDLE_MS = 2500;
/** Collect only when the heap grew this much since the last collection (small heaps: never). */
const GROWTH = 1.5;
const MIN_HEAP_BYTES = 64 * 1024 * 1024;

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

export class IdleCollector {
  private readonly collect = exposedCollection();
  private timer: NodeJS.Timeout | undefined;
  private heapAfterLast = 0;

  /** `minHeapBytes`: a heap smaller than this is never collected (a worker's heap is small). */
  constructor(private readonly minHeapBytes = MIN_HEAP_BYTES) {}

  /** Work finished (a check, a publish): collect if nothing else happens for a while. */
  worked(): void {
    if (!this.collect) return;
    this.busy();
    this.timer = setTimeout(() => this.collectIfGrown(), IDLE_MS);
    this.timer.unref();
  }

  /** Something arrived (an edit, a request): not idle any more. */
  busy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private collectIfGrown(): void {
    this.timer = undefined;
    const used = process.memoryUsage().heapUsed;
    if (used < this.minHeapBytes || used < this.heapAfterLast * GROWTH) return;
    const started = performance.now();
    this.collect!();
    this.heapAfterLast = process.memoryUsage().heapUsed;
    if (process.env.OPENAPI_TRACE_TIMING === '1') {
      process.stderr.write(`[timing] idle collection ${Math.round(performance.now() - started)} ms: heap ${used >> 20} -> ${this.heapAfterLast >> 20} MiB\n`);
    }
  }

  dispose(): void {
    this.busy();
  }
}
