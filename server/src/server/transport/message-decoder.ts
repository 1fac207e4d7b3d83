// The server's side of the worker that parses its large input messages (message-worker.ts). Each
// message's bytes move to the worker without a copy; its parsed message comes back, in order. The
// worker starts at a large message and stops soon after the last, giving its memory back. If it
// cannot start, messages are parsed on this thread; if it stops with messages in it (out of memory
// on a body too large to parse), those are reported as unreadable and the next starts a new one.
import * as path from 'path';
import { FrameEvent, parseLargeBody } from './message-framing';
import { WORKER_HEAP_MB, WORKER_IDLE_MS } from '../runtime/tuning';
import { movable, WorkerHost } from '../runtime/worker-host';

export class MessageDecoder {
  /** Messages in the worker, by number, with their size, in the order sent. */
  private readonly inWorker = new Map<number, number>();
  private readonly host: WorkerHost<{ id: number; bytes: ArrayBuffer }, { id: number; event: FrameEvent }>;

  /** `parsed`: called with each message's number and what it parsed to, in the order given. */
  constructor(
    private readonly parsed: (id: number, event: FrameEvent) => void,
    log: (message: string) => void,
    script = path.join(__dirname, 'message-worker.js'),
  ) {
    this.host = new WorkerHost({
      name: 'worker parsing large messages', script, log, heapMb: WORKER_HEAP_MB, idleMs: WORKER_IDLE_MS.message, answersEachMessage: true,
      onReply: ({ id, event }) => {
        this.inWorker.delete(id);
        this.parsed(id, event);
      },
      onLost: ({ how }) => {
        const lost = [...this.inWorker];
        this.inWorker.clear();
        const said = how.split('\n')[0];
        if (lost.length > 0) log(`The worker parsing large messages ${said}.`);
        for (const [id, size] of lost) this.parsed(id, { error: `A message of ${size} bytes could not be read: the worker parsing it ${said}.` });
      },
    });
  }

  /** Parses the message numbered `id`; `bytes` moves to the worker (its memory is not usable after). */
  decode(id: number, bytes: Uint8Array): void {
    if (this.host.unavailable === undefined) {
      const whole = movable(bytes);
      this.inWorker.set(id, bytes.byteLength);
      if (this.host.post({ id, bytes: whole }, [whole])) return;
      this.inWorker.delete(id);
    }
    this.parsed(id, parseLargeBody(bytes));
  }

  dispose(): void {
    this.host.dispose();
  }
}
