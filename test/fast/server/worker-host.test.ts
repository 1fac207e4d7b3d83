// The worker helper every server worker uses (server/src/server/runtime/worker-host.ts): started on
// demand, stopped when idle, started again after a crash (and not after failing every time),
// buffers moved, and a missing script said once, its work left to the caller.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { movable, WorkerHost, WorkerLoss, WorkerSetup } from '../../../server/src/server/runtime/worker-host';
import { WORKER_FAILURES_IN_A_ROW } from '../../../server/src/server/runtime/tuning';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-worker-host-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A worker script: answers { echo } with its thread's id, { bytes } with their length, exits on { exit }, and fills its heap on { grow }. */
const SCRIPT = path.join(dir, 'echo-worker.js');
fs.writeFileSync(SCRIPT, `const { parentPort, threadId } = require('worker_threads');
const held = [];
parentPort.on('message', (m) => {
  if (m.exit !== undefined) process.exit(m.exit);
  if (m.grow) for (;;) held.push(new Array(1e6).fill(held.length));
  if (m.bytes) return parentPort.postMessage({ length: m.bytes.byteLength, threadId });
  parentPort.postMessage({ echo: m.echo, threadId });
});
`);

type Reply = { echo?: string; length?: number; threadId: number };

function hostOf(setup: Partial<WorkerSetup<Reply>> = {}) {
  const replies: Reply[] = [];
  const losses: WorkerLoss[] = [];
  const logs: string[] = [];
  let next: ((r: Reply | WorkerLoss) => void) | undefined;
  const host = new WorkerHost<unknown, Reply>({
    name: 'test worker', script: SCRIPT, answersEachMessage: true, log: (m) => logs.push(m),
    onReply: (r) => (replies.push(r), next?.(r)),
    onLost: (l) => (losses.push(l), next?.(l)),
    ...setup,
  });
  /** Posts and waits for the reply or the loss it causes. */
  const ask = (message: unknown, transfer?: ArrayBuffer[]) => new Promise<Reply | WorkerLoss>((resolve) => {
    next = resolve;
    assert.equal(host.post(message, transfer), true);
  });
  return { host, replies, losses, logs, ask };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a worker host', () => {
  it('starts the worker at the first message, not before, and keeps it for the next', async () => {
    const { host, ask } = hostOf();
    try {
      assert.equal(host.running, false);
      const first = (await ask({ echo: 'a' })) as Reply;
      assert.equal(first.echo, 'a');
      assert.equal(host.running, true);
      const second = (await ask({ echo: 'b' })) as Reply;
      assert.equal(second.threadId, first.threadId);
    } finally {
      host.dispose();
    }
  });

  it('stops the worker after its idle time with every message answered', async () => {
    const { host, ask } = hostOf({ idleMs: 50 });
    try {
      const first = (await ask({ echo: 'a' })) as Reply;
      await sleep(300);
      assert.equal(host.running, false);
      const again = (await ask({ echo: 'b' })) as Reply;
      assert.equal(again.echo, 'b');
      assert.notEqual(again.threadId, first.threadId);
    } finally {
      host.dispose();
    }
  });

  it('reports a worker that exits as lost, and starts a new one for the next message', async () => {
    const { host, ask, losses } = hostOf();
    try {
      const loss = await ask({ exit: 3 });
      assert.deepEqual(loss, { how: 'stopped (exit code 3)', outOfMemory: false });
      assert.equal(host.running, false);
      const after = (await ask({ echo: 'c' })) as Reply;
      assert.equal(after.echo, 'c');
      assert.equal(losses.length, 1);
    } finally {
      host.dispose();
    }
  });

  it('says a worker ran out of its heap, and starts again after it however often', async () => {
    const { host, ask, logs } = hostOf({ heapMb: 16 });
    try {
      for (let i = 0; i < WORKER_FAILURES_IN_A_ROW + 1; i++) {
        const loss = (await ask({ grow: true })) as WorkerLoss;
        assert.equal(loss.outOfMemory, true);
      }
      assert.equal(((await ask({ echo: 'd' })) as Reply).echo, 'd');
      assert.deepEqual(logs, []);
    } finally {
      host.dispose();
    }
  });

  it('gives up on a worker that fails every time, and says why', async () => {
    const { host, ask, logs } = hostOf();
    try {
      for (let i = 0; i < WORKER_FAILURES_IN_A_ROW; i++) await ask({ exit: 1 });
      assert.equal(host.post({ echo: 'e' }), false);
      assert.equal(host.unavailable, `it stopped (exit code 1) ${WORKER_FAILURES_IN_A_ROW} times in a row`);
      assert.deepEqual(logs, [`The test worker is not started again: it stopped (exit code 1) ${WORKER_FAILURES_IN_A_ROW} times in a row.`]);
    } finally {
      host.dispose();
    }
  });

  it('does not report a worker it terminated as lost, nor its late reply', async () => {
    const { host, ask, replies, losses } = hostOf();
    try {
      await ask({ echo: 'f' });
      host.post({ echo: 'late' });
      host.terminate();
      await sleep(100);
      assert.deepEqual(replies.map((r) => r.echo), ['f']);
      assert.deepEqual(losses, []);
    } finally {
      host.dispose();
    }
  });

  it('moves buffers to the worker without a copy', async () => {
    const { host, ask } = hostOf();
    try {
      const bytes = new Uint8Array(4096).fill(7);
      const buffer = movable(bytes);
      assert.equal(buffer, bytes.buffer);
      const reply = (await ask({ bytes: buffer }, [buffer])) as Reply;
      assert.equal(reply.length, 4096);
      assert.equal(bytes.buffer.byteLength, 0);
    } finally {
      host.dispose();
    }
  });

  it('copies a view into shared memory before moving it', () => {
    const pooled = Buffer.from('abc');
    const buffer = movable(pooled);
    assert.notEqual(buffer, pooled.buffer);
    assert.deepEqual([...new Uint8Array(buffer)], [97, 98, 99]);
  });

  it('says once that its script is missing, and leaves the work to the caller', () => {
    const { host, logs } = hostOf({ script: path.join(dir, 'missing.js') });
    assert.equal(host.post({ echo: 'g' }), false);
    assert.equal(host.post({ echo: 'h' }), false);
    assert.equal(logs.length, 1);
    assert.match(logs[0], /^The test worker cannot start \(.*missing\.js is missing\): its work is done on the server's thread\.$/);
  });
});
