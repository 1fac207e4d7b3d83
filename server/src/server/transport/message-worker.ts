// The worker that parses the server's large input messages (message-decoder.ts): a 30 MB didOpen's
// text decoded and parsed here, not on the input worker, which reads on meanwhile, nor on the
// server's thread, which answers requests meanwhile.
import { parentPort } from 'worker_threads';
import { parseLargeBody } from './message-framing';

parentPort?.on('message', ({ id, bytes }: { id: number; bytes: ArrayBuffer }) => {
  parentPort!.postMessage({ id, event: parseLargeBody(new Uint8Array(bytes)) });
});
