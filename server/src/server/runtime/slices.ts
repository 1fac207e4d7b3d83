// Work done in slices between messages (checks, the workspace index, parses a request waits for,
// decoding an index from the indexing worker) takes turns of the event loop one slice per turn.
// Each used to pause with setImmediate on its own, and all the pauses ended in the same turn: while
// a 30 MB document opened, a check's slice, two indexing walks and a decode ran back to back, and
// a request waited for all of them (90-160 ms). Now each turn of the event loop wakes one waiter,
// so a turn runs at most one slice before messages are read. Pauses are not weighed: a computation
// that pauses one turn gets its slices more often than one that pauses five.

const waiting: (() => void)[] = [];
let scheduled = false;

function wakeNext(): void {
  scheduled = false;
  const next = waiting.shift();
  // Scheduled from inside an immediate, the next wake is in the next turn of the loop.
  if (waiting.length > 0) schedule();
  next?.();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(wakeNext);
}

/** Resolves in a later turn of the event loop, once the waiters before it had theirs. */
export function nextSliceTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

/**
 * A pause between two slices: `turns` turns of the event loop. A request passes several (read,
 * handled, its answer written a turn later): one turn per pause made it wait for three or four
 * slices, so a pause gives it a few (microseconds when nothing is waiting).
 */
export async function pauseForMessages(turns = 5): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await nextSliceTurn();
}
