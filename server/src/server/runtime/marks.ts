// Named marks: what the runtime did and when (a check started, a full parse was needed, a request
// read a file, a request was answered), for tests and traces to observe by name instead of
// parsing log lines. Off unless a sink is set: main.ts sends them to the client as `openapi30/mark`
// notifications when the server runs with OPENAPI_MARKS=1, and writes them to stderr as
// `[timing] name` lines with OPENAPI_TRACE_TIMING=1.

export interface Mark {
  name: string;
  /** performance.timeOrigin + performance.now() when marked, in milliseconds. */
  at: number;
  [detail: string]: unknown;
}

let sink: ((mark: Mark) => void) | undefined;

/** Where marks go from now on (undefined: nowhere, and marking costs a comparison). */
export function setMarkSink(to: ((mark: Mark) => void) | undefined): void {
  sink = to;
}

/** Whether marks are observed: a caller with work to describe them can skip it otherwise. */
export function marking(): boolean {
  return sink !== undefined;
}

export function mark(name: string, detail: Record<string, unknown> = {}): void {
  if (!sink) return;
  sink({ ...detail, name, at: Math.round(performance.timeOrigin + performance.now()) });
}
