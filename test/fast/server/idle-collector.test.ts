// The server's collection when the user pauses holds the message loop for as long as it takes
// (0.5 s for a 30 MB document's heap here), so it is forced only when it fits a short pause.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdleCollector } from '../../../server/src/server/runtime/idle-collector';

const MIB = 1024 * 1024;

/** A collector over a fake engine: a heap of `heapMiB`, a collection taking `msPerMiB` per MiB. */
function fakeEngine(heapMiB: number, msPerMiB: number) {
  const engine = { heapMiB, msPerMiB, clock: 0, collections: 0, afterCollection: heapMiB / 2 };
  const collector = new IdleCollector({
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
});
