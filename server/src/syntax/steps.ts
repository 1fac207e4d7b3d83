// Step-wise computations: parsing, the analysis walk and the rule run are generators that pause
// between slices of work, so the language server can answer messages in between (and the CLI
// simply runs them to the end). A pause may also hand the driver work to have done elsewhere (a
// parse in a worker thread). The driver decides: nothing here knows who runs it.

/**
 * Work a computation hands to its driver to be done elsewhere: a parse that cannot pause, for a
 * worker thread. The computation yields it and, resumed, finds `outcome` set when the driver had
 * the work done; undefined (the CLI's drain, a driver without workers) means it does the work in
 * place. The first driver that has it done sets `asked` and `underway`; another driver that meets
 * the same offload (a load several callers follow) waits for the same.
 */
export class Offload {
  outcome: unknown = undefined;
  asked: Promise<unknown> | undefined;
  underway: Promise<void> | undefined;
  constructor(readonly work: { kind: 'parse'; text: string; format: 'json' | 'yaml'; source?: string }) {}
}

/**
 * Who waits for work done elsewhere, besides checks: a request's user (it goes ahead of checks'
 * work), or fix-all working out its fixes (checks' work goes ahead of it).
 */
export type Urgency = 'request' | 'background';

/** What a step yields: nothing (a pause between two slices), or work to have done elsewhere. */
export type Pause = void | Offload;

export type Steps<T> = Generator<Pause, T, void>;

/**
 * Runs a step-wise computation to its end, in this thread: work it hands off is done in place.
 * `atPause`, when given, runs at each pause (every few milliseconds of work).
 */
export function drain<T>(steps: Steps<T>, atPause?: () => void): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (atPause) atPause();
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
    if ((++units & mask) !== 0) return false;
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
