// The server's collection when the user pauses holds the message loop for as long as it takes
// (0.5 s for a 30 MB document's heap here), so it is forced only when it fits a short pause.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { IdleCollector } from '../../../server/src/server/runtime/idle-collector';
import { IDLE_LONG_MS, IDLE_MS } from '../../../server/src/server/runtime/tuning';

const MIB = 1024 * 1024;

/** A collector over a fake engine: a heap of `heapMiB`, a collection taking `msPerMiB` per MiB. */
function fakeEngine(heapMiB: number, msPerMiB: number) {
  const engine = { heapMiB, msPerMiB, clock: 0, collections: 0, afterCollection: heapMiB / 2 };
  const collector = new IdleCollector({
    // Collections are estimated at 0.6 ms a MiB until one is measured.
    minHeapBytes: 64 * MIB,
    heapUsed: () => engine.heapMiB * MIB,
    now: () => engine.clock,
    collect: () => {
      engine.collections++;
      engine.clock += engine.heapMiB * engine.msPerMiB;
      engine.heapMiB = engine.afterCollection;
    },
  });
  return { engine, collector };
}

/** Node's mock clock runs a timer set inside another only on a later tick: small steps. */
const advance = (ms: number) => {
  for (let t = 0; t < ms; t += 50) mock.timers.tick(50);
};

describe('idle collection', () => {
  it('collects a heap that a collection goes through quickly', () => {
    const { engine, collector } = fakeEngine(100, 0.5);
    assert.equal(collector.collectIfGrown(), true);
    assert.equal(engine.collections, 1);
    assert.equal(engine.heapMiB, 50);
  });

  it('leaves a heap that would hold the loop over the bound to V8', () => {
    const { engine, collector } = fakeEngine(800, 0.5);
    assert.equal(collector.collectIfGrown(), false);
    assert.equal(engine.collections, 0);
  });

  it('never collects a small heap', () => {
    const { engine, collector } = fakeEngine(40, 0.5);
    assert.equal(collector.collectIfGrown(), false);
    assert.equal(engine.collections, 0);
  });

  it('learns from a slow collection, and tries again once the heap has grown after skips', () => {
    const { engine, collector } = fakeEngine(100, 3);
    assert.equal(collector.collectIfGrown(), true, 'the first is expected at the measured speed');
    assert.equal(engine.collections, 1);
    // 300 ms for 100 MiB: a heap of 100 MiB again would take as long, so it is left.
    engine.heapMiB = 100;
    assert.equal(collector.collectIfGrown(), false);
    assert.equal(engine.collections, 1);
    // The machine is not always that busy: the estimate relaxes back with each skip.
    engine.msPerMiB = 0.5;
    let ran = false;
    for (let tries = 0; tries < 20 && !ran; tries++) ran = collector.collectIfGrown();
    assert.equal(ran, true);
    assert.equal(engine.collections, 2);
  });

  it('collects a heap too large for a short pause once the pause has lasted, unless the user types first', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      // 131 MiB, as 300 edits of GitHub's 10 MB YAML leave: about 79 ms, over the short bound.
      const { engine, collector } = fakeEngine(131, 0.5);
      collector.worked();
      advance(IDLE_MS + 100);
      assert.equal(engine.collections, 0, 'not in a short pause');
      advance(IDLE_LONG_MS - IDLE_MS - 200);
      collector.busy();
      collector.worked();
      advance(IDLE_LONG_MS - 100);
      assert.equal(engine.collections, 0, 'typing started the pause again');
      advance(200);
      assert.equal(engine.collections, 1, 'collected once the longer pause was reached');
      assert.equal(engine.heapMiB, 65.5);
      assert.equal(collector.collectIfGrown(), false, 'not grown since');
    } finally {
      mock.timers.reset();
    }
  });

  it('leaves a heap too large for the longer pause too', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const { engine, collector } = fakeEngine(800, 0.5);
      collector.worked();
      mock.timers.tick(IDLE_LONG_MS * 10);
      assert.equal(engine.collections, 0);
    } finally {
      mock.timers.reset();
    }
  });

  it('puts off a collection due while requests keep arriving, and arms none for a request alone', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      // 100 MiB at 0.5 ms a MiB: 50 ms, within the short pause's bound.
      const { engine, collector } = fakeEngine(100, 0.5);
      collector.worked();
      advance(IDLE_MS - 100);
      // Symbol queries as a name is typed, one every 100 ms for 3 s: past the time it was due.
      for (let query = 0; query < 30; query++) {
        collector.hold();
        advance(50);
        collector.release();
        advance(50);
      }
      assert.equal(engine.collections, 0, 'not between two requests');
      advance(IDLE_MS + 100);
      assert.equal(engine.collections, 1, 'once a pause lasted after the last answer');

      // Nothing was due: a request answered does not make a collection due (the heap has grown again).
      const quiet = fakeEngine(100, 0.5);
      quiet.collector.hold();
      quiet.collector.release();
      advance(IDLE_LONG_MS * 2);
      assert.equal(quiet.engine.collections, 0);

      // An edit while a request is under way: its check says when it has worked, not the request.
      const edited = fakeEngine(100, 0.5);
      edited.collector.worked();
      edited.collector.hold();
      edited.collector.busy();
      edited.collector.release();
      advance(IDLE_LONG_MS * 2);
      assert.equal(edited.engine.collections, 0);
    } finally {
      mock.timers.reset();
    }
  });
});
