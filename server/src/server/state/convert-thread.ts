// The Swagger 2.0 conversion, off the message loop: a worker thread (convert-worker.ts) converts
// while the server answers other requests; where no worker can run it converts in place, as before.
import * as fs from 'fs';
import * as path from 'path';
import { ConversionPlacement, convertForEditor, ConvertedForEditor } from '../../services/convert/convert-in-editor';
import { mark } from '../runtime/marks';
import { WORKER_HEAP_MB, WORKER_IDLE_MS } from '../runtime/tuning';
import { WorkerHost } from '../runtime/worker-host';
import { Session } from './session';

export interface ConvertJob {
  id: number;
  root: string;
  placement: ConversionPlacement;
  /** The open documents' texts, by path (the editor's unsaved text is what is converted). */
  open: [string, string][];
  trust: { trusted: boolean; folders: string[] };
  maxFileBytes: number;
}

export type ConvertReply = { id: number; converted: ConvertedForEditor | { error: string } } | { id: number; failed: string };

export type Conversion = ConvertedForEditor | { error: string };

export class ConvertThread {
  static readonly SCRIPT = path.join(__dirname, 'convert-worker.js');
  private lastId = 0;
  private readonly waiting = new Map<number, (outcome: Conversion) => void>();
  private readonly host: WorkerHost<ConvertJob, ConvertReply>;

  constructor(private readonly session: Session, log?: (message: string) => void, script = ConvertThread.SCRIPT) {
    this.host = new WorkerHost<ConvertJob, ConvertReply>({
      name: 'conversion worker', script, heapMb: WORKER_HEAP_MB, log, idleMs: WORKER_IDLE_MS.convert, answersEachMessage: true,
      onReply: (reply) => this.settle(reply.id, 'failed' in reply ? { error: `the conversion failed: ${reply.failed}` } : reply.converted),
      // The job it worked on is lost (out of memory, a crash): every conversion waiting says so.
      onLost: ({ how, outOfMemory }) => {
        const error = outOfMemory ? `converting it needs more than ${WORKER_HEAP_MB} MB of memory.` : `the conversion ${how.split('\n')[0]}.`;
        for (const id of [...this.waiting.keys()]) this.settle(id, { error });
      },
    });
  }

  /** The conversion of a Swagger 2.0 root, from the editor's unsaved text, in the worker (in place when none can run). */
  convert(root: string, placement: ConversionPlacement): Promise<Conversion> {
    const { session } = this;
    const id = ++this.lastId;
    const open = [...session.open.values()].map((doc): [string, string] => [doc.path, doc.text]);
    const job: ConvertJob = { id, root, placement, open, trust: session.trust.configuration, maxFileBytes: session.maxFileBytes };
    const outcome = new Promise<Conversion>((resolve) => this.waiting.set(id, resolve));
    if (this.host.post(job)) {
      mark('conversion starts in the worker', { root });
      return outcome;
    }
    this.waiting.delete(id);
    mark('conversion in place', { root, why: this.host.unavailable });
    const exists = (p: string) => session.openDocument(p) !== undefined || fs.existsSync(p);
    return Promise.resolve(convertForEditor(root, session.fileSource(), placement, exists));
  }

  dispose(): void {
    this.host.dispose();
  }

  private settle(id: number, outcome: Conversion): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    mark('conversion answered', { ok: !('error' in outcome) });
    resolve?.(outcome);
  }
}
