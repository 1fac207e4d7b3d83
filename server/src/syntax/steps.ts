// Step-wise computations: parsing, the analysis walk and the rule run are generators that pause
// between slices of work, so the language server can answer messages in between (and the CLI
// simply runs them to the end). A pause may also hand the driver work done elsewhere (a parse in a
// worker thread) to wait for.

/**
 * Work under way outside this thread. A driver that can wait marks it `awaited` and resumes the
 * computation once `settled` resolves; a driver that cannot (the CLI, a request answered at once)
 * resumes it at once, and the computation then does the work itself.
 */
export class Awaiting {
  awaited = false;
  /**
   * `prefer`: called by a driver that waits for the work with its urgency (checks, the default,
   * say nothing).
   */
  constructor(readonly settled: Promise<void>, readonly prefer?: (urgency: Urgency) => void) {}
}

/**
 * Who waits for work done elsewhere, besides checks: a request's user (it goes ahead of checks'
 * work), or fix-all working out its fixes (checks' work goes ahead of it).
 */
export type Urgency = 'request' | 'background';

/** What a step yields: nothing (a pause between two slices), or work to wait for. */
export type Pause = void | Awaiting;

export type Steps<T> = Generator<Pause, T, void>;

/** How many `drain`s are running: their computations' clocks never call for a pause. */
let draining = 0;

/** Whether a `drain` is running: work it would wait for elsewhere is done in place instead. */
export function isDraining(): boolean {
  return draining > 0;
}

/** Runs a step-wise computation to its end, in this thread, without waiting for anything. */
export function drain<T>(steps: Steps<T>): T {
  draining++;
  try {
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  } finally {
    draining--;
  }
}

/** How long a step may run before it pauses; the driver groups steps into slices of its own length. */
const STEP_MS = 4;

/**
 * A clock for a loop of units of work: true once the step has run STEP_MS, looked at every
 * `every` units (a power of two; a look costs tens of nanoseconds). Counting units alone made
 * steps of 1 to 100 ms, as units differ in cost from document to document.
 */
export function stepClock(every = 32): () => boolean {
  const mask = every - 1;
  let since = performance.now();
  let units = 0;
  return () => {
    // Run to the end (the CLI): a pause would be ignored, so the time is not even read (the rule
    // run asks every fourth rule call, 200,000 times on GitHub's description).
    if (draining > 0 || (++units & mask) !== 0) return false;
    const now = performance.now();
    if (now - since < STEP_MS) return false;
    since = now;
    return true;
  };
}

/** Items sorted at once by `sortSteps` (a few milliseconds); longer lists are merged from runs of this many. */
const SORT_RUN = 4096;

/**
 * Sorts in steps, stable like Array.prototype.sort: runs sorted at once, then merged pairwise with
 * pauses. One sort of 100,000 findings held the thread for tens of milliseconds. Returns the
 * sorted items (the input array itself when it is short).
 */
export function* sortSteps<T>(items: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const count = items.length;
  if (count <= SORT_RUN) return items.sort(compare);
  const due = stepClock(256);
  let from = new Array<T>(count);
  for (let start = 0; start < count; start += SORT_RUN) {
    const run = items.slice(start, start + SORT_RUN).sort(compare);
    for (let i = 0; i < run.length; i++) from[start + i] = run[i];
    yield;
  }
  let to = new Array<T>(count);
  for (let width = SORT_RUN; width < count; width *= 2) {
    for (let left = 0; left < count; left += 2 * width) {
      const middle = Math.min(left + width, count);
      const end = Math.min(left + 2 * width, count);
      let i = left;
      let j = middle;
      for (let k = left; k < end; k++) {
        // Ties take the left run's item: equal items keep their order.
        to[k] = j >= end || (i < middle && compare(from[i], from[j]) <= 0) ? from[i++] : from[j++];
        if (due()) yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
