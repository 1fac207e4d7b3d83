// Named marks: what the runtime did and when (a check started or was stopped, a change applied and
// how, a request read a file, a parse worker took a text, a request was answered), for tests and
// traces to observe by name instead of parsing log lines. Off unless a sink is added: main.ts sends
// them to the client as `openapi30/mark` notifications with OPENAPI_MARKS=1, and writes them to
// stderr as `[timing] name key=value` lines with OPENAPI_TRACE_TIMING=1 (profiling, the bench),
// with probes of the message loop and of garbage collection.
import { LOOP_HELD_MS, LOOP_PROBE_MS } from './tuning';

export interface Mark {
  name: string;
  /** performance.timeOrigin + performance.now() when marked, in milliseconds. */
  at: number;
  [detail: string]: unknown;
}

const sinks: ((mark: Mark) => void)[] = [];

/** Where marks go, besides the sinks already added. */
export function addMarkSink(sink: (mark: Mark) => void): void {
  sinks.push(sink);
}

/** Whether marks are observed: a caller with work to describe them can skip it otherwise. */
export function marking(): boolean {
  return sinks.length > 0;
}

export function mark(name: string, detail: Record<string, unknown> = {}): void {
  if (sinks.length === 0) return;
  const entry = { ...detail, name, at: Math.round(performance.timeOrigin + performance.now()) };
  for (const sink of sinks) sink(entry);
}

/** Marks as stderr lines, and the probes that mark turns holding the message loop and long collections. */
export function traceToStderr(): void {
  addMarkSink(({ name, at, ...detail }) => {
    const details = Object.entries(detail).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ');
    process.stderr.write(`[timing] ${name}${details ? ' ' + details : ''} (at ${at})\n`);
  });
  // Garbage collection pauses: the other thing that can hold the message loop.
  const { PerformanceObserver } = require('perf_hooks') as typeof import('perf_hooks');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.duration > 50) mark('gc', { ms: Math.round(entry.duration), kind: (entry as { detail?: { kind?: number } }).detail?.kind });
  }).observe({ entryTypes: ['gc'] });
  // Turns that held the message loop, whatever ran them; the monotonic time (microseconds, the
  // clock of --cpu-prof profiles) finds them in a profile. The process's CPU time beside it (all
  // its threads) hints whether the turn worked or waited for a core on a shared machine.
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    if (now - last > LOOP_HELD_MS) {
      const used = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
      mark('loop held', { ms: Math.round(now - last), cpuMs: Math.round(used), untilUs: String(process.hrtime.bigint() / 1000n) });
    }
    last = now;
    lastCpu = cpu;
  }, LOOP_PROBE_MS).unref();
}
