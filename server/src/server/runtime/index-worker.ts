// The indexing worker: reads and parses workspace files off the server's thread, so indexing
// hundreds of files never holds up an open document's diagnostics. One job at a time; an index goes
// back encoded, its buffers transferred, for the server's thread to decode in steps.
import { parentPort } from 'worker_threads';
import { indexTransferables } from '../../workspace/index-transfer';
import { IndexJob, IndexReply, indexReply, runIndexJob } from './index-job';

parentPort?.on('message', (job: IndexJob) => {
  let reply: IndexReply;
  try {
    reply = indexReply(runIndexJob(job));
  } catch (e) {
    reply = { path: job.path, skipped: `failed: ${(e as Error).message}` };
  }
  parentPort!.postMessage(reply, 'encoded' in reply ? indexTransferables(reply.encoded) : []);
});
