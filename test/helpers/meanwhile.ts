// A long request and, until it is answered, a quick one asked again and again: whether the server
// answers others while it works (in one block on the message loop, none is answered before it).

export interface Meanwhile<T> {
  answer: T;
  /** From asking to the answer. */
  took: number;
  /** How long each quick request asked before the answer waited (ms). */
  waits: number[];
}

/** `probe` checks its own answer (it throws on a wrong one). */
export async function answeredMeanwhile<T>(ask: () => Promise<T>, probe: () => Promise<unknown>): Promise<Meanwhile<T>> {
  const started = performance.now();
  let answeredAt = 0;
  const asked = ask().then((a) => ((answeredAt = performance.now()), a));
  const waits: number[] = [];
  while (!answeredAt) {
    const at = performance.now();
    await probe();
    if (!answeredAt) waits.push(performance.now() - at);
  }
  const answer = await asked;
  return { answer, took: answeredAt - started, waits };
}

/** What a test says when it fails, and as its diagnostic. */
export const meanwhileFigures = (what: string, m: Meanwhile<unknown>) =>
  `${what} ${Math.round(m.took)} ms; document symbols answered meanwhile (ms each): ${m.waits.map(Math.round).join(', ')}`;
