// Checking files in worker processes. Each worker owns a document store and takes the next file
// when it is done with one (large and small files even out); the outcomes are put back in the
// order of the inputs, so the report is the same as with one thread.
import * as fs from 'fs';
import * as path from 'path';
import * as v8 from 'v8';
import type * as ChildProcess from 'child_process';
import { FileChecker, FileJob, FileOutcome } from './check-files';
import { diskFiles } from '../io/read-file';
import { DocumentStore, FileRead, FileSource } from '../model/documents';
import { RemoteDocuments } from '../io/remote-documents';
import { NO_REMOTE, RemotePolicy } from '../io/remote-policy';

/** Loaded when a worker process starts: a check of one file in this process never needs it. */
const childProcess = () => require('child_process') as typeof ChildProcess;

export interface CheckSetup {
  cwd: string;
  /** Texts to check instead of the files' (a dry run of --fix). */
  overlay: [string, string][];
  /** The run's remote documents, fetched before the check: workers read them, never fetch. None: no host is allowed. */
  remote?: { policy: RemotePolicy; outcomes: [string, FileRead][] };
  /** False when no baseline is read or written: nothing reads the findings' JSON Pointers then. */
  pointers?: boolean;
}

/** The disk, with some files' texts replaced, and the run's remote documents. */
export function filesWithOverlay(overlay: ReadonlyMap<string, string>, remote = new RemoteDocuments({ policy: NO_REMOTE })): FileSource {
  const read = overlay.size === 0 ? diskFiles.read : (p: string) => (overlay.has(p) ? { text: overlay.get(p)! } : diskFiles.read(p));
  return { read, readRemote: (url) => remote.read(url) };
}

/** The files a check of this setup reads, in a worker process. */
export function setupFiles(setup: CheckSetup): FileSource {
  const remote = setup.remote && RemoteDocuments.settledFrom(setup.remote.policy, setup.remote.outcomes);
  return filesWithOverlay(new Map(setup.overlay), remote);
}

/** `store`: the one the remote documents were loaded into, when the run fetched any (they are not parsed again). */
export function checkInThisThread(jobs: readonly FileJob[], setup: CheckSetup, store?: DocumentStore): FileOutcome[] {
  const checker = new FileChecker(store ?? new DocumentStore(setupFiles(setup)), setup.cwd, setup.pointers ?? true);
  return jobs.map((job) => checker.check(job));
}

/** The worker's script, bundled next to the CLI's (dist/cli-worker.js); undefined when absent. */
export function workerScript(): string | undefined {
  const file = path.join(__dirname, 'cli-worker.js');
  return fs.existsSync(file) ? file : undefined;
}

/** Why a file was not checked when its worker ran out of memory, and what the user can do. */
function outOfMemory(): string {
  const limit = Math.round(v8.getHeapStatistics().heap_size_limit / 1024 / 1024);
  return `checking it needs more memory than Node.js allows here (a heap of ${limit} MB). ` +
    `Give Node.js more (NODE_OPTIONS=--max-old-space-size=${Math.ceil((limit * 2) / 1024) * 1024}), or split the document into files.`;
}

const notChecked = (why: string): FileOutcome => ({ skipped: false, notChecked: why, findings: [], crashes: [], documents: [] });

/** What V8 writes to stderr when a heap is full, just before it aborts the process. */
const OUT_OF_MEMORY = /JavaScript heap out of memory|Reached heap limit/;
/** The end of a worker's stderr kept to say why it stopped (V8's report on a crash is long). */
const STDERR_TAIL_CHARS = 2000;

/**
 * Worker processes, not threads: V8 aborts the whole process when a heap cannot grow by an
 * allocation it must make (a thread's out-of-memory stop gives it only 16 MB more, and a 75 MB
 * array of numbers asks for hundreds at once), so only a process of its own keeps the CLI alive to
 * say which file could not be checked and why.
 */
export function checkInProcesses(jobs: readonly FileJob[], setup: CheckSetup, count: number, script: string): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array(jobs.length);
  let next = 0;
  let running = 0;
  return new Promise((resolve) => {
    const start = () => {
      const worker = childProcess().fork(script, [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      running++;
      let current = -1;
      let stderrTail = '';
      let outOfHeap = false;
      worker.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        outOfHeap ||= OUT_OF_MEMORY.test(chunk);
        stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
      });
      const feed = () => {
        if (next >= jobs.length) {
          worker.disconnect(); // it ends when its channel closes
          return;
        }
        current = next++;
        worker.send({ index: current, job: jobs[current] });
      };
      // Failing to start, or to send to a worker that died: 'close' follows and says so.
      worker.on('error', (e) => {
        stderrTail = `${stderrTail}\n${e.message}`.slice(-STDERR_TAIL_CHARS);
      });
      worker.on('message', (message: { index: number; outcome: FileOutcome }) => {
        outcomes[message.index] = message.outcome;
        current = -1;
        feed();
      });
      // A worker that dies fails its file, not the run. Its end is judged once it exited and its
      // stderr is read to the end ('close' would say both, but never comes after disconnect():
      // https://github.com/nodejs/node/issues/19433).
      let exit: [number | null, NodeJS.Signals | null] | undefined;
      let stderrRead = false;
      const ended = () => {
        if (!exit || !stderrRead) return;
        running--;
        if (current >= 0 && !outcomes[current]) {
          const [code, signal] = exit;
          const how = signal === 'SIGKILL' ? 'was killed (SIGKILL: the system may be out of memory)'
            : signal ? `was stopped by ${signal}` : `stopped with exit code ${code}`;
          const said = stderrTail.trim();
          outcomes[current] = notChecked(outOfHeap ? outOfMemory() : `its worker process ${how} before the check ended${said ? `:\n${said}` : '.'}`);
        }
        if (next < jobs.length) start();
        else if (running === 0) resolve(outcomes);
      };
      worker.on('exit', (code, signal) => ((exit = [code, signal]), ended()));
      worker.stderr!.on('close', () => ((stderrRead = true), ended()));
      worker.send({ setup });
      feed();
    };
    for (let i = 0; i < Math.min(count, jobs.length); i++) start();
  });
}
