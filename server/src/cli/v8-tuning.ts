// V8 settings for a process that checks its inputs once and ends (the CLI and its workers), set
// before any of the check's code runs. The language server keeps V8's defaults: it runs for hours.
import { setFlagsFromString } from 'v8';

/**
 * No inlining in optimized code: a cold check runs each function's optimized code briefly, and
 * compiling large inlined bodies (the rule loop, schema validation) cost more than it saved.
 *
 * Measured and left out (GitHub's description, 2026-11, a loaded machine): a young generation kept
 * at its first size (`--semi-space-growth-factor=1`, which unlike the semi-space sizes takes effect
 * after start) lowers peak RSS from 194 to 166-172 MB, but makes 261 scavenges instead of 21 and
 * about doubles their summed pauses; the semi-space sizes and `--single-generation` are read only
 * when the heap is made, so setting them here does nothing.
 */
export function tuneForOneRun(): void {
  setFlagsFromString('--no-turbo-inlining');
}
