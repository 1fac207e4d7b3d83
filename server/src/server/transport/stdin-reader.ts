// The server's input over stdio, read in a worker thread (reader-worker.ts). On the server's own
// thread, vscode-jsonrpc decodes and parses each message in one turn: a 14 MB didOpen or full-text
// didChange held every other request for about 90 ms. Here the thread only receives the parsed
// message, a structured clone: about 20 ms for the same message. A message of a megabyte or more
// comes as its bytes, parsed by a worker of its own (message-decoder.ts) while the input worker
// reads on; meanwhile read-only requests on other documents may pass it (input-order.ts).
import * as path from 'path';
import {
  AbstractMessageReader, DataCallback, Disposable, Message, MessageReader, StreamMessageReader,
} from 'vscode-languageserver/node';
import { WorkerHost } from '../runtime/worker-host';
import { InputOrder } from './input-order';
import { MessageDecoder } from './message-decoder';
import type { FrameEvent } from './message-framing';

/** What the worker sends, in the order it happens. */
export type ReaderEvent =
  | { kind: 'open' }
  // Whatever the JSON was: the connection reports one that is not a JSON-RPC message, as before.
  | { kind: 'message'; message: unknown }
  // A large message's number (counting from 0), the URI it opens when it is a didOpen, and its bytes, moved here.
  | { kind: 'large'; id: number; opens: string | undefined; bytes: ArrayBuffer }
  | { kind: 'error'; message: string }
  | { kind: 'close' };

/** Reads LSP messages from stdin in a worker thread; reads them on this thread if no worker can start. */
export class StdinMessageReader extends AbstractMessageReader implements MessageReader {
  private host: WorkerHost<never, ReaderEvent> | undefined;
  /** Whether the worker has opened stdin: after that, bytes may be gone and stdin cannot be read here. */
  private opened = false;
  private closed = false;
  private fallback: MessageReader | undefined;
  private decoder: MessageDecoder | undefined;

  /** `script`: the worker's bundle (reader-worker.js beside server.js). */
  constructor(
    private readonly log: (message: string) => void,
    private readonly script = path.join(__dirname, 'reader-worker.js'),
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const order = new InputOrder((event) => this.deliver(event, callback));
    const decoder = new MessageDecoder((id, event) => order.parsed(id, event), this.log);
    // It reads until the input ends; stopped, it is not started again (what it read is gone).
    const host = new WorkerHost<never, ReaderEvent>({
      name: 'input worker', script: this.script, log: this.log, answersEachMessage: false,
      onReply: (event) => this.receive(event, order, decoder),
      onLost: ({ how }) => {
        host.dispose();
        this.workerEnded(callback, how);
      },
    });
    if (!host.start()) {
      decoder.dispose();
      return this.readHere(callback);
    }
    this.host = host;
    this.decoder = decoder;
    return Disposable.create(() => host.dispose());
  }

  dispose(): void {
    super.dispose();
    this.host?.dispose();
    this.decoder?.dispose();
    this.fallback?.dispose();
  }

  private receive(event: ReaderEvent, order: InputOrder, decoder: MessageDecoder): void {
    switch (event.kind) {
      case 'open': this.opened = true; break;
      case 'message': order.push({ message: event.message }); break;
      case 'large':
        order.push({ large: { id: event.id, opens: event.opens } });
        decoder.decode(event.id, new Uint8Array(event.bytes));
        break;
      case 'error': order.push({ error: event.message }); break;
      case 'close': order.end(() => this.close()); break;
    }
  }

  private deliver(event: FrameEvent, callback: DataCallback): void {
    if ('message' in event) callback(event.message as Message);
    else this.readError(event.error);
  }

  /** A malformed message: skipped, as vscode-jsonrpc's reader does, and said on stderr. */
  private readError(message: string): void {
    this.log(`A message could not be read: ${message}`);
    this.fireError(new Error(message));
  }

  /** The worker stopped: before it opened stdin, read it here; after, the input is lost, as if the client left. */
  private workerEnded(callback: DataCallback, how: string): void {
    if (this.closed || this.fallback) return;
    if (!this.opened) {
      this.log(`Reading messages on the server's thread: the input worker ${how}.`);
      this.readHere(callback);
      return;
    }
    this.log(`The input worker ${how}; the server stops, as when the client closes its input.`);
    this.fireError(new Error(`The input worker ${how}.`));
    this.close();
  }

  /** Today's reader: stdin on this thread. */
  private readHere(callback: DataCallback): Disposable {
    const reader = new StreamMessageReader(process.stdin);
    this.fallback = reader;
    reader.onError((error) => this.fireError(error));
    reader.onPartialMessage((info) => this.firePartialMessage(info));
    reader.onClose(() => this.close());
    return reader.listen(callback);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.fireClose();
  }
}
