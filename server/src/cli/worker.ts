// A worker process of `openapi-check`: checks the files the main process sends, one at a time, with
// its own document store. The first message is the setup every check shares.
import { FileChecker, FileJob } from './check-files';
import { CheckSetup, filesWithOverlay } from './parallel';
import { tuneForOneRun } from './v8-tuning';

tuneForOneRun();
type Message = { setup: CheckSetup } | { index: number; job: FileJob };

let checker: FileChecker | undefined;
process.on('message', (message: Message) => {
  if ('setup' in message) {
    const { setup } = message;
    checker = new FileChecker(filesWithOverlay(new Map(setup.overlay)), setup.cwd);
    return;
  }
  process.send!({ index: message.index, outcome: checker!.check(message.job) });
});
