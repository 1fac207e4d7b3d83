// A worker process of `openapi-check`: checks the files the main process sends, one at a time, with
// its own document store. The first message is the setup every check shares.
import { FileChecker, FileJob } from './check-files';
import { DocumentStore } from '../model/documents';
import { CheckSetup, setupFiles } from './parallel';
import { tuneForOneRun } from './v8-tuning';

type Message = { setup: CheckSetup } | { index: number; job: FileJob };

// Its launcher (cli/worker-entry.ts) tuned V8 for one run; this bundle's copy of the tuning learns it here.
tuneForOneRun();

let checker: FileChecker | undefined;
let checked = false;
/** Whether this worker checked a file: its launcher (cli/worker-entry.ts) then writes the code cache. */
export const checkedAFile = (): boolean => checked;
process.on('message', (message: Message) => {
  if ('setup' in message) {
    const { setup } = message;
    checker = new FileChecker(new DocumentStore(setupFiles(setup)), setup.cwd, setup.pointers ?? true);
    return;
  }
  checked = true;
  process.send!({ index: message.index, outcome: checker!.check(message.job) });
});
