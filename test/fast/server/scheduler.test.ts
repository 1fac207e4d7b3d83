// The one driver of the server's step-wise work (server/runtime/scheduler.ts): slices per lane, the
// revision and the signal an edit aborts, handed-off work done once for every run that meets it,
// and what a run may hold: after an edit it never takes another step of a computation over the old
// trees (the invariant docs/dev/architecture.md states for readers of trees edited in place).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Scheduler } from '../../../server/src/server/runtime/scheduler';
import { Offload, Steps } from '../../../server/src/syntax/steps';

/** A computation of `steps` pauses, each busy for `busyMs`; it records each step it takes. */
function* counted(taken: number[], steps: number, busyMs = 0): Steps<string> {
  for (let i = 0; i < steps; i++) {
    taken.push(i);
    const until = performance.now() + busyMs;
    while (performance.now() < until);
    yield;
  }
  return 'done';
}

describe('scheduler', () => {
  it('runs a computation to its end and answers its value', async () => {
    const taken: number[] = [];
    assert.equal(await new Scheduler().run('checks', counted(taken, 50)), 'done');
    assert.equal(taken.length, 50);
  });

  it('takes no step after an edit of a document the run reads: it ends between two slices', async () => {
    const scheduler = new Scheduler();
    const taken: number[] = [];
    // Slices of 8 ms: a step of 3 ms each, so the run pauses every few steps.
    const run = scheduler.run('checks', counted(taken, 1000, 3), { signal: scheduler.untilEdit('/w/a.yaml') });
    await new Promise((resolve) => setImmediate(resolve));
    const before = scheduler.revision;
    scheduler.edited('/w/a.yaml');
    const stepsAtEdit = taken.length;
    assert.equal(await run, undefined, 'the run was stopped');
    assert.equal(taken.length, stepsAtEdit, 'no step after the edit');
    assert.equal(scheduler.revision, before + 1);
  });

  it('lets an edit of another document leave a run over one document alone', async () => {
    const scheduler = new Scheduler();
    const taken: number[] = [];
    const run = scheduler.run('indexing', counted(taken, 30, 1), { signal: scheduler.untilEdit('/w/a.yaml') });
    scheduler.edited('/w/b.yaml');
    assert.equal(await run, 'done');
    // A signal for any document is aborted by every edit.
    const any = scheduler.untilEdit();
    scheduler.edited('/w/b.yaml');
    assert.equal(any.aborted, true);
  });

  it('has handed-off work done once, for every run that meets it, and the work\'s outcome seen by each', async () => {
    const scheduler = new Scheduler();
    let asked = 0;
    const preferred: string[] = [];
    scheduler.offloader = {
      parse: async (text) => (asked++, `parsed ${text.length}`),
      prefer: (_asked, urgency) => void preferred.push(urgency),
    };
    const offload = new Offload({ kind: 'parse', text: 'abc', format: 'yaml' });
    const meets = function* (): Steps<unknown> {
      yield offload;
      return offload.outcome;
    };
    const [a, b] = await Promise.all([scheduler.run('checks', meets()), scheduler.run('requests', meets())]);
    assert.deepEqual([a, b, asked], ['parsed 3', 'parsed 3', 1]);
    assert.deepEqual(preferred, ['request'], 'the request said who waits');
  });

  it('leaves handed-off work to the computation when there is no worker', async () => {
    const offload = new Offload({ kind: 'parse', text: 'abc', format: 'json' });
    const steps = (function* (): Steps<string> {
      yield offload;
      return offload.outcome === undefined ? 'in place' : 'elsewhere';
    })();
    assert.equal(await new Scheduler().run('checks', steps), 'in place');
  });

  it('makes an indexing run wait while `waitWhile` holds (checks run), then go on', async () => {
    const scheduler = new Scheduler();
    let checksRunning = true;
    const taken: number[] = [];
    const run = scheduler.run('indexing', counted(taken, 40, 2), { waitWhile: () => checksRunning });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const whileWaiting = taken.length;
    assert.ok(whileWaiting < 40, `${whileWaiting} steps taken while checks ran`);
    checksRunning = false;
    assert.equal(await run, 'done');
    assert.ok(scheduler.busy('indexing') === false);
  });
});
