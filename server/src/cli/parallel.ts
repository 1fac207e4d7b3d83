// Checking many files in worker threads. Each worker owns a document store and takes the next
// file when it is done with one (large and small files even out); the outcomes are put back in
// the order of the inputs, so the report is the same as with one thread.
import * as fs from 'fs';
import * as path from 'path';
import * as v8 from 'v8';
import { Worker } from 'worker_threads';
import { FileChecker, FileJob, FileOutcome } from './check-files';
import { diskFiles } from '../io/read-file';
import { FileSource } from '../model/documents';

export interface CheckSetup {
  /** Absolute path -> the path as given, for every input. */
  given: [string, string][];
  cwd: string;
  /** Texts to check instead of the files' (a dry run of --fix). */
  overlay: [string, string][];
}

/** The disk, with some files' texts replaced. */
export function filesWithOverlay(overlay: ReadonlyMap<string, string>): FileSource {
  if (overlay.size === 0) return diskFiles;
  return { read: (p) => (overlay.has(p) ? { text: overlay.get(p)! } : diskFiles.read(p)) };
}

export function checkInThisThread(jobs: readonly FileJob[], setup: CheckSetup): FileOutcome[] {
  const checker = new FileChecker(filesWithOverlay(new Map(setup.overlay)), new Map(setup.given), setup.cwd);
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

export function checkInWorkers(jobs: readonly FileJob[], setup: CheckSetup, threads: number, script: string): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array(jobs.length);
  let next = 0;
  let running = 0;
  return new Promise((resolve) => {
    const start = () => {
      const worker = new Worker(script, { workerData: setup });
      running++;
      let current = -1;
      const feed = () => {
        if (next >= jobs.length) {
          void worker.terminate();
          return;
        }
        current = next++;
        worker.postMessage({ index: current, job: jobs[current] });
      };
      worker.on('message', (message: { index: number; outcome: FileOutcome }) => {
        outcomes[message.index] = message.outcome;
        feed();
      });
      // A worker that dies (out of memory...) fails its file, not the run: another takes over.
      worker.on('error', (e: NodeJS.ErrnoException) => {
        if (current >= 0 && !outcomes[current]) {
          outcomes[current] = notChecked(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory() : `its worker thread failed: ${e.stack ?? e}`);
        }
        current = -1;
      });
      worker.on('exit', (code) => {
        running--;
        if (current >= 0 && !outcomes[current]) outcomes[current] = notChecked(`its worker thread stopped (exit code ${code}) before the check ended.`);
        if (next < jobs.length) start();
        else if (running === 0) resolve(outcomes);
      });
      feed();
    };
    for (let i = 0; i < Math.min(threads, jobs.length); i++) start();
  });
}
