// V8 settings for a process that checks its inputs once and ends (the CLI and its workers), set
// before any of the check's code runs. The language server keeps V8's defaults: it runs for hours.
import { setFlagsFromString } from 'v8';

/**
 * No inlining in optimized code: a cold check runs each function's optimized code briefly, and
 * compiling large inlined bodies (the rule loop, schema validation) cost more than it saved.
 */
export function tuneForOneRun(): void {
  setFlagsFromString('--no-turbo-inlining');
}
