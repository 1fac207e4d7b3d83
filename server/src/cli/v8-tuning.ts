// V8 settings for a process that checks its inputs once and ends (the CLI and its workers), set
// before any of the check's code runs. The language server keeps V8's defaults: it runs for hours.
import { getHeapSpaceStatistics, setFlagsFromString } from 'v8';

/** Whether this process runs one check and ends (tuneForOneRun was called): then the young generation is kept small. */
let youngGenerationWatched = false;

/**
 * No inlining in optimized code: a cold check runs each function's optimized code briefly, and
 * compiling large inlined bodies (the rule loop, schema validation) cost more than it saved.
 */
export function tuneForOneRun(): void {
  setFlagsFromString('--no-turbo-inlining');
  youngGenerationWatched = true;
}

/** The young generation's size (both semi-spaces) at which it stops growing. */
const YOUNG_GENERATION_CAP_BYTES = 16 * 1024 * 1024;

/**
 * Stops the young generation's growth once it reaches 8 MiB, in a process tuned by tuneForOneRun;
 * called at each pause of a check. Every node of a parse survives, so V8 doubles the young
 * generation at each scavenge up to 32 MiB, all of it resident until the process ends. Kept at
 * 8 MiB, GitHub's 13 MB description peaks at about 170 MB instead of 190 MB: 69 scavenges instead
 * of 24, with the same summed pauses, as each copies fewer survivors. The semi-space sizes are read
 * only when the heap is made, so the growth factor is what can change once the process runs; set
 * to 1 from the start it kept the young generation at 1 MiB, with 261 scavenges that about doubled
 * their summed pauses.
 */
export function keepYoungGenerationSmall(): void {
  if (!youngGenerationWatched) return;
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  if (!newSpace || newSpace.space_size < YOUNG_GENERATION_CAP_BYTES) return;
  setFlagsFromString('--semi-space-growth-factor=1');
  youngGenerationWatched = false;
}

/** V8's default growth factor of the young generation. */
const DEFAULT_GROWTH_FACTOR = 2;

/**
 * Puts back the flags as tuneForOneRun set them, before a code cache is made: V8 accepts a cache
 * only under the flags it was made with, and the next run starts with the default growth (a cache
 * made after keepYoungGenerationSmall was rejected by every run, and written again by each).
 */
export function flagsAsTuned(): void {
  setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
