// A worker process of `openapi-check` (dist/cli-worker.js, started by cli/parallel.ts): runs the
// worker's bundle (dist/cli-worker-main.js) from a V8 code cache as the CLI itself does
// (cli/code-cache.ts). Each worker of a multi-file run compiled the 1 MB bundle and the check's
// functions again.
import * as path from 'path';
import { runFromCodeCache } from './code-cache';
import { tuneForOneRun } from './v8-tuning';

// Before compiling: V8 accepts a code cache only under the flags it was made with.
tuneForOneRun();
runFromCodeCache<{ checkedAFile(): boolean }>(path.join(__dirname, 'cli-worker-main.js'), 'cli-worker-main', (exports) => exports.checkedAFile());
