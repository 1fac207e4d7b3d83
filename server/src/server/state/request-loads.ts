// Requests never parse a file in one block. A request on a closed file, or one that follows a
// `$ref` into a file no check has read, used to read and parse it at once: a 3 MB file held the
// server for seconds, answering nothing else. Now the request's service runs with loads deferred
// (it sees the last complete models); the files it asked for are parsed in slices, other messages
// answered in between, and the service runs again. A request waits for small files, and a short
// while for large ones, then answers from what it has (nothing, for a file never parsed) while the
// parse goes on. What the user asked for by name (a definition, references, a rename) waits for
// every file: nothing at all would be a wrong answer, and only that request waits.
import * as fs from 'fs';
import { CancellationToken } from 'vscode-languageserver/node';
import { Steps } from '../../syntax/steps';
import { signalOf } from '../runtime/scheduler';
import { mark } from '../runtime/marks';
import { Session } from './session';
import { ALWAYS_WAITED_BYTES, CANCEL_POLL_MS, LOAD_WAIT_MS, MAX_REQUEST_ROUNDS } from '../runtime/tuning';


/** Parses under way for requests, per session: a file asked for twice is parsed once. */
const loadsUnderWay = new WeakMap<Session, Map<string, Promise<void>>>();


/**
 * Computes a request's answer without parsing at once (see above). `prepare` runs before each
 * computation (the workspace index brought up to date); `fallback` is the answer when a file the
 * service needs has no model yet in time, or the request was cancelled. `waitForEveryFile`: large
 * files are waited for too, until they are parsed or the request is cancelled.
 */
export async function answerWithoutBlocking<T>(session: Session, compute: () => T, fallback: T,
  token?: CancellationToken, prepare?: () => Promise<void>, waitForEveryFile = false): Promise<T> {
  let deadline: number | undefined;
  for (let round = 0; ; round++) {
    await prepare?.();
    if (token?.isCancellationRequested) return fallback;
    // An error (a rename refused) counts only once the service had every file it asked for.
    const attempt = () => {
      try {
        return { value: compute() };
      } catch (error) {
        return { error };
      }
    };
    const { result, needed, complete } = session.store.deferringLoads(attempt);
    const answer = () => {
      if (!complete) return fallback;
      if ('error' in result) throw result.error;
      return result.value;
    };
    // An open document's newer text is parsed by the check scheduler: its last model serves.
    const toLoad = [...needed].filter((file) => !session.openDocument(file));
    if (toLoad.length === 0) return answer();
    if (round + 1 >= MAX_REQUEST_ROUNDS) return answer();
    const loads = toLoad.map((file) => load(session, file));
    if (waitForEveryFile) {
      const all = Promise.all(loads);
      while (!(await within(all, CANCEL_POLL_MS))) if (token?.isCancellationRequested) return fallback;
      continue;
    }
    await Promise.all(loads.filter((_, i) => isSmall(toLoad[i])));
    // The wait starts with the first load (not with the index a request may have waited for).
    deadline ??= performance.now() + LOAD_WAIT_MS;
    if (!(await within(Promise.all(loads), deadline - performance.now()))) return answer();
  }
}

/** Whether a file is small enough to wait for (one that cannot be looked at fails fast). */
function isSmall(file: string): boolean {
  try {
    return fs.statSync(file).size <= ALWAYS_WAITED_BYTES;
  } catch {
    return true;
  }
}

/** Whether a promise settles within a time. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function load(session: Session, file: string): Promise<void> {
  let loads = loadsUnderWay.get(session);
  if (!loads) loadsUnderWay.set(session, (loads = new Map()));
  let loading = loads.get(file);
  if (!loading) {
    const under = loads;
    loading = loadInSlices(session, file).catch(() => undefined).finally(() => under.delete(file));
    loads.set(file, loading);
  }
  return loading;
}


/** Reads and parses a file into the session's store, in slices. */
async function loadInSlices(session: Session, file: string): Promise<void> {
  mark('a request reads a file', { file });
  // The user waits for it: a parse in the worker goes ahead of other files' parses for checks.
  await runInSlices(session, session.store.loadSteps(file), undefined, 'requests');
}

/**
 * Runs a step-wise computation for a request in slices, answering other messages between them;
 * undefined when the request is cancelled meanwhile. `lane`: a file the user asked for goes ahead
 * of checks' work in the parsing worker; fix-all's seconds of re-checks go after them.
 */
export function runInSlices<T>(session: Session, steps: Steps<T>, token: CancellationToken | undefined, lane: 'requests' | 'background'): Promise<T | undefined> {
  return session.scheduler.run(lane, steps, { signal: signalOf(token) });
}
