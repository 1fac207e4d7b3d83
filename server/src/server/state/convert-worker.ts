// The conversion worker: converts a Swagger 2.0 root and the files it references to OpenAPI 3.0
// text off the server's thread (in one block on it, a generated 5.3 MB document held every other
// request 2.5-5 s: bench-preview, BENCH_PARTS=convert).
// It reads files as the session does: the open documents' texts come with the job, the rest from
// disk, as the workspace's trust and the size limit allow.
import * as fs from 'fs';
import { parentPort } from 'worker_threads';
import { WorkspaceTrust } from '../../io/trust';
import { convertForEditor } from '../../services/convert/convert-in-editor';
import type { ConvertJob, ConvertReply } from './convert-thread';
import { editorFileSource } from './editor-files';

parentPort?.on('message', (job: ConvertJob) => {
  let reply: ConvertReply;
  try {
    const open = new Map(job.open);
    const trust = new WorkspaceTrust();
    trust.configure(job.trust.trusted, job.trust.folders);
    const files = editorFileSource({ openText: (p) => open.get(p), refusal: (p) => trust.refusal(p), maxFileBytes: () => job.maxFileBytes });
    const exists = (p: string) => open.has(p) || fs.existsSync(p);
    reply = { id: job.id, converted: convertForEditor(job.root, files, job.placement, exists) };
  } catch (e) {
    reply = { id: job.id, failed: (e as Error).message };
  }
  parentPort!.postMessage(reply);
});
