// The YAML parsing worker: reads texts the fast reader refuses (anchors and aliases, flow styles,
// tags...) through the `yaml` package, whose parse is one synchronous step of seconds on a large
// document, off the server's thread. One text at a time; the tree goes back as flat arrays.
import { parentPort } from 'worker_threads';
import { parseYamlWithPackage } from '../syntax/yaml';
import { encodeParse, transferables } from '../syntax/tree-transfer';

parentPort?.on('message', ({ id, text }: { id: number; text: string }) => {
  let encoded;
  try {
    encoded = encodeParse(parseYamlWithPackage(text));
  } catch (e) {
    parentPort!.postMessage({ id, failed: (e as Error).message });
    return;
  }
  parentPort!.postMessage({ id, encoded }, transferables(encoded));
});
