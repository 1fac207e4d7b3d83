// The input worker: reads the server's standard input, frames, decodes and parses its LSP messages
// (message-framing.ts) and hands each parsed message to the server's thread (stdin-reader.ts), in
// order. The server's thread then only pays for receiving the parsed message. A large message goes
// as its bytes, moved without a copy, to be parsed by a worker of its own while this one reads on.
import * as fs from 'fs';
import * as net from 'net';
import { Readable } from 'stream';
import * as tty from 'tty';
import { parentPort } from 'worker_threads';
import { IdleCollector } from '../runtime/idle-collector';
import { MessageFramer } from './message-framing';
import { openedUri } from './opened-uri';
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
let largeMessages = 0;
const framer = new MessageFramer((event) => {
  if ('large' in event) {
    const bytes = event.large.bytes.buffer as ArrayBuffer;
    const opens = openedUri(event.large.bytes);
    parentPort!.postMessage({ kind: 'large', id: largeMessages++, opens, bytes } satisfies ReaderEvent, [bytes]);
  } else if ('message' in event) post({ kind: 'message', message: event.message });
  else post({ kind: 'error', message: event.error });
});
// Messages leave their decoded parts, parsed objects and clones in this thread's heap, which V8
// keeps until it needs room (about 40 MiB more resident after a 13 MB didOpen, when this thread
// parsed those). A pause in the input is when to give it back.
const collector = new IdleCollector({ minHeapBytes: WORKER_MIN_HEAP_BYTES });
input.on('data', (chunk: Buffer) => {
  framer.push(chunk);
  collector.worked();
});
input.on('error', (error) => post({ kind: 'error', message: error.message }));
input.on('close', () => post({ kind: 'close' }));
