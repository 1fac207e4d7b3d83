// V8 settings for a process that checks its inputs once and ends (the CLI and its workers), set
// before any of the check's code runs. The language server keeps V8's defaults: it runs for hours.
import { getHeapSpaceStatistics, setFlagsFromString } from 'v8';

/**
 * Set on the process once keepYoungGenerationSmall changed V8's flags: the CLI's bundles each have
 * their own copy of this module (entry.ts's writes the code cache, cli-main.js's checks).
 */
const CAPPED = Symbol.for('openapi-check: young generation capped');
type Marked = { [CAPPED]?: boolean };

/** Whether keepYoungGenerationSmall still has to look (a process tuned for one run, not capped yet). */
let youngGenerationWatched = false;

/** Whether the user sized the young generation (NODE_OPTIONS or node's own arguments): theirs stands. */
function youngGenerationSetByUser(): boolean {
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => /semi[-_]space/.test(arg));
}

/**
 * No inlining in optimized code: a cold check runs each function's optimized code briefly, and
 * compiling large inlined bodies (the rule loop, schema validation) cost more than it saved.
 */
export function tuneForOneRun(): void {
  setFlagsFromString('--no-turbo-inlining');
  youngGenerationWatched = !youngGenerationSetByUser();
}

/** The young generation's size (both semi-spaces) at which it stops growing. */
const YOUNG_GENERATION_CAP_BYTES = 16 * 1024 * 1024;

/**
 * Stops the young generation's growth once it reaches 16 MiB, in a process tuned by tuneForOneRun;
 * called at each pause of a check (every few milliseconds, about 2 µs each). Every node of a parse
 * survives, so V8 doubles the young generation at each scavenge up to 32 MiB, all of it resident
 * until the process ends. Kept at 16 MiB, GitHub's 13 MB description peaks at 173 MiB instead of
 * 188, with 38 scavenges instead of 24 and the same summed pauses (8 MiB: 171 MiB, about 40 ms
 * more). The semi-space sizes are read only when the heap is made, so the growth factor is what
 * can change once the process runs; set to 1 from the start it kept the young generation at 1 MiB,
 * with 261 scavenges that about doubled their summed pauses.
 */
export function keepYoungGenerationSmall(): void {
  if (!youngGenerationWatched) return;
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  if (!newSpace || newSpace.space_size < YOUNG_GENERATION_CAP_BYTES) return;
  setFlagsFromString('--semi-space-growth-factor=1');
  (process as Marked)[CAPPED] = true;
  youngGenerationWatched = false;
}

/** V8's default growth factor of the young generation. */
const DEFAULT_GROWTH_FACTOR = 2;

/**
 * Before a code cache is made: the growth factor back to V8's default, when keepYoungGenerationSmall
 * changed it. V8 accepts a cache only under the flags it was made with, and the next run starts
 * with the default (a cache made after the change was rejected by every run, and written again).
 */
export function flagsAsAtStart(): void {
  if (!(process as Marked)[CAPPED]) return;
  setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
  (process as Marked)[CAPPED] = false;
}
