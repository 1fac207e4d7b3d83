// `openapi-check`'s executable (dist/cli.js): runs the CLI's bundle (dist/cli-main.js) from a V8 code
// cache in the user's cache folder (cli/code-cache.ts), written after the first check.
import * as path from 'path';
import { runFromCodeCache } from './code-cache';
import { tuneForOneRun } from './v8-tuning';

// Before compiling: V8 accepts a code cache only under the flags it was made with.
tuneForOneRun();
// A run that printed its usage would cache little more than the top level: written after a check only.
const cli = runFromCodeCache<{ main(): void; ranACheck(): boolean }>(path.join(__dirname, 'cli-main.js'), 'cli-main', (exports) => exports.ranACheck());
cli.main();
