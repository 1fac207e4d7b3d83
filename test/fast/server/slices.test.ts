// Work in slices (server/runtime/slices.ts): however many computations pause for messages at once, each
// turn of the event loop runs at most one of their slices before messages are read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pauseForMessages } from '../../../server/src/server/runtime/slices';

/** Counts turns of the event loop: an immediate scheduled from an immediate runs in the next turn. */
function turnCounter(): { readonly turn: number; stop(): void } {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return { get turn() { return turn; }, stop: () => void (running = false) };
}

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('slices of work between messages', () => {
  it('runs one slice per turn of the event loop, whatever number of computations pause at once', async () => {
    const counter = turnCounter();
    const turnsOfSlices: number[] = [];
    const computation = async (slices: number, turns: number) => {
      for (let i = 0; i < slices; i++) {
        await pauseForMessages(turns);
        turnsOfSlices.push(counter.turn);
        busy(2);
      }
    };
    await Promise.all([computation(20, 5), computation(20, 5), computation(30, 1), computation(10, 3)]);
    counter.stop();
    assert.equal(turnsOfSlices.length, 80);
    assert.equal(new Set(turnsOfSlices).size, turnsOfSlices.length, 'two slices ran in one turn');
  });

  it('lets a computation alone go on at the next turn', async () => {
    const counter = turnCounter();
    const start = counter.turn;
    await pauseForMessages(1);
    await pauseForMessages(1);
    const turns = counter.turn - start;
    counter.stop();
    assert.ok(turns >= 1 && turns <= 3, `${turns} turns for two pauses`);
  });
});
