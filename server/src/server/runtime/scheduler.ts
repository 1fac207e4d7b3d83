// The one driver of step-wise work in the language server. Parsing, checking, indexing and a
// request's own loads are generators (syntax/steps.ts) that pause between slices; the scheduler runs
// each in the slices of its lane, looks at the message queue between slices, has the work a step
// hands off (a parse that cannot pause) done in a worker thread, and stops a run whose signal says
// it is stale. One revision counter counts the editor's changes; `untilEdit` is the signal a run
// over the trees takes, since an edit changes them in place.
//
// Lanes: `requests` (a request's user waits), `checks` (diagnostics), `indexing` (the workspace
// index, which waits while checks run), `background` (fix-all's rounds, cutting trees). They differ
// in slice length, in how many turns of the event loop a pause gives, and in who a parse in the
// worker is for (a request's goes ahead of checks', fix-all's after them).
import { Offload, Steps, Urgency } from '../../syntax/steps';
import { mark, marking } from './marks';
import { pauseForMessages } from './slices';
import { PAUSE_TURNS, SLICE_MS } from './tuning';

export type Lane = 'requests' | 'checks' | 'indexing' | 'background';

/** Who a parse in the worker is for, by lane (checks, the default, say nothing). */
const URGENCY: Record<Lane, Urgency | undefined> = { requests: 'request', checks: undefined, indexing: undefined, background: 'background' };

/** Where handed-off work is done: the parsing workers (runtime/parse-thread.ts). */
export interface Offloader {
  parse(text: string, format: 'json' | 'yaml', source?: string): Promise<unknown>;
  /** Who waits for the parse `parse` answered with. */
  prefer?(asked: Promise<unknown>, urgency: Urgency): void;
}

export interface RunOptions {
  /** The run stops between two slices once this is aborted (a newer edit, a cancelled request). */
  signal?: AbortSignal;
  /** Between slices, the run waits while this holds (indexing waits while checks run). */
  waitWhile?: () => boolean;
}

/** A step that ran longer than this is marked (`slow step`): it held the message loop. */
const SLOW_STEP_MS = 30;
/** How often a run waiting (`waitWhile`) looks again. */
const WAIT_POLL_MS = 50;

export class Scheduler {
  /** Changes of the documents, counted. */
  revision = 0;
  /** Where handed-off work goes; none: it is done in place (tests, a worker that cannot start). */
  offloader: Offloader | undefined;
  private readonly running: Record<Lane, number> = { requests: 0, checks: 0, indexing: 0, background: 0 };
  /** Signals of the runs over one document's tree ('' for any document), aborted at its next edit. */
  private readonly editSignals = new Map<string, AbortController>();

  /** A document changed: every run over its tree (or over any tree) is stale from here on. */
  edited(filePath: string): void {
    this.revision++;
    for (const key of [filePath, '']) {
      this.editSignals.get(key)?.abort();
      this.editSignals.delete(key);
    }
  }

  /** A signal aborted at the next edit of `filePath`, or of any document. */
  untilEdit(filePath = ''): AbortSignal {
    let controller = this.editSignals.get(filePath);
    if (!controller) this.editSignals.set(filePath, (controller = new AbortController()));
    return controller.signal;
  }

  /** Whether a run of the lane is under way. */
  busy(lane: Lane): boolean {
    return this.running[lane] > 0;
  }

  /**
   * Runs a computation to its end in slices of its lane, answering messages between them; its
   * value, or undefined when the signal stopped it.
   */
  async run<T>(lane: Lane, steps: Steps<T>, options: RunOptions = {}): Promise<T | undefined> {
    const { signal, waitWhile } = options;
    this.running[lane]++;
    try {
      let sliceStart = performance.now();
      for (;;) {
        if (signal?.aborted) return undefined;
        const stepStart = marking() ? performance.now() : 0;
        const step = steps.next();
        if (stepStart && performance.now() - stepStart > SLOW_STEP_MS) mark('slow step', { lane, ms: Math.round(performance.now() - stepStart) });
        if (step.done) return step.value;
        if (step.value instanceof Offload) {
          mark('waits for the parsing worker', { lane });
          await untilAborted(this.perform(step.value, lane), signal);
          mark('wait for the parsing worker ended', { lane, aborted: Boolean(signal?.aborted) });
        }
        else if (performance.now() - sliceStart < SLICE_MS[lane]) continue;
        else {
          await pauseForMessages(PAUSE_TURNS[lane]);
          while (waitWhile?.() && !signal?.aborted) await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
        }
        if (signal?.aborted) return undefined;
        sliceStart = performance.now();
      }
    } finally {
      this.running[lane]--;
    }
  }

  /**
   * Has handed-off work done (started by the first run that meets it; the others wait for the same
   * and say who they are). Without an offloader it resolves at once: the computation does the work.
   */
  private perform(offload: Offload, lane: Lane): Promise<void> {
    const offloader = this.offloader;
    if (!offloader) return Promise.resolve();
    if (!offload.asked) {
      const { text, format, source } = offload.work;
      offload.asked = offloader.parse(text, format, source);
      offload.underway = offload.asked.then((outcome) => void (offload.outcome = outcome), () => undefined);
    }
    const urgency = URGENCY[lane];
    if (urgency) offloader.prefer?.(offload.asked, urgency);
    return offload.underway!;
  }
}

/** Resolves when the promise does, or at once when the signal is aborted. */
function untilAborted(promise: Promise<unknown>, signal: AbortSignal | undefined): Promise<unknown> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = () => resolve(undefined);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, resolve).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** A request's cancellation as an abort signal. */
export function signalOf(token: { isCancellationRequested: boolean; onCancellationRequested(listener: () => void): unknown } | undefined): AbortSignal | undefined {
  if (!token) return undefined;
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
