// The indexing worker: reads and parses workspace files off the server's thread, so indexing
// hundreds of files never holds up an open document's diagnostics. One job at a time.
import { parentPort } from 'worker_threads';
import { IndexJob, runIndexJob } from './index-job';

parentPort?.on('message', (job: IndexJob) => {
  let outcome;
  try {
    outcome = runIndexJob(job);
  } catch (e) {
    outcome = { path: job.path, skipped: `failed: ${(e as Error).message}` };
  }
  parentPort!.postMessage(outcome);
});
