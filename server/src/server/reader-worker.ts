// The input worker: reads the server's standard input, frames, decodes and parses its LSP messages
// (message-framing.ts) and hands each parsed message to the server's thread (stdin-reader.ts), in
// order. The server's thread then only pays for receiving the parsed message.
import * as fs from 'fs';
import * as net from 'net';
import { Readable } from 'stream';
import * as tty from 'tty';
import { parentPort } from 'worker_threads';
import { IdleCollector } from './idle-collector';
import { InputOrder, QuietWindow } from './input-order';
import { FrameEvent, MessageFramer } from './message-framing';
import type { ReaderEvent } from './stdin-reader';

const STDIN_FD = 0;
/** A heap below this after a pause is not worth a collection. */
const WORKER_MIN_HEAP_BYTES = 16 * 1024 * 1024;

/**
 * Standard input as the stream Node's own `process.stdin` would be: a pipe or socket (what
 * editors give a server) is polled by this thread's event loop, so no threadpool thread waits on
 * it; a regular file is read through the threadpool, each read completing; a terminal is a tty.
 */
function openStdin(): Readable {
  const stat = fs.fstatSync(STDIN_FD);
  if (stat.isFIFO() || stat.isSocket()) return new net.Socket({ fd: STDIN_FD, readable: true, writable: false });
  if (tty.isatty(STDIN_FD)) return new tty.ReadStream(STDIN_FD);
  return fs.createReadStream('', { fd: STDIN_FD });
}

function post(event: ReaderEvent): void {
  parentPort!.postMessage(event);
}

const input = openStdin();
// From here on bytes may be consumed: the server cannot fall back to reading stdin itself.
post({ kind: 'open' });
const toServer = (event: FrameEvent) => post('message' in event ? { kind: 'message', message: event.message } : { kind: 'error', message: event.error });
// A large body waits for what the client wrote right behind it: until the input is quiet for 3 ms,
// 20 ms at most (a 30 MB didOpen then takes 50-100 ms more to parse and hand on).
const behindLarge = new QuietWindow(3, 20);
const order = new InputOrder(toServer, behindLarge.wait);
const framer = new MessageFramer((event) => order.push(event));
// A large message leaves this thread's heap holding its text several times over (decoded parts,
// the parsed object, its clone), which V8 keeps until it needs room: about 40 MiB more resident
// after a 13 MB didOpen. A pause in the input is when to give it back.
const collector = new IdleCollector({ minHeapBytes: WORKER_MIN_HEAP_BYTES });
input.on('data', (chunk: Buffer) => {
  framer.push(chunk);
  behindLarge.arrived();
  collector.worked();
});
input.on('error', (error) => order.push({ error: error.message }));
input.on('close', () => order.end(() => post({ kind: 'close' })));
