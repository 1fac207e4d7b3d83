// A worker thread of `openapi-check --jobs N`: checks the files the main thread sends, one at a
// time, with its own document store.
import { parentPort, workerData } from 'worker_threads';
import { FileChecker, FileJob } from './check-files';
import { CheckSetup, filesWithOverlay } from './parallel';

const setup = workerData as CheckSetup;
const checker = new FileChecker(filesWithOverlay(new Map(setup.overlay)), new Map(setup.given), setup.cwd);
parentPort!.on('message', ({ index, job }: { index: number; job: FileJob }) => {
  parentPort!.postMessage({ index, outcome: checker.check(job) });
});
