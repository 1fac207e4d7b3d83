// The parsing worker: reads the texts whose parse is one synchronous step of seconds on a large
// document, off the server's thread: YAML the fast reader refuses (anchors and aliases, tags...),
// read by the `yaml` package, and broken JSON, read by jsonc-parser's recovery. One text at a time;
// the tree goes back as flat arrays.
import { parentPort } from 'worker_threads';
import { parseJson } from '../../syntax/json';
import { SourceFormat } from '../../syntax/tree';
import { encodeParse, transferables } from '../../syntax/tree-transfer';
import { parseYamlWithPackage } from '../../syntax/yaml';

parentPort?.on('message', ({ id, text, format }: { id: number; text: string; format: SourceFormat }) => {
  let encoded;
  try {
    // What the server's thread would do in place (the fast YAML reader already refused this text).
    encoded = encodeParse(format === 'yaml' ? parseYamlWithPackage(text) : parseJson(text));
  } catch (e) {
    parentPort!.postMessage({ id, failed: (e as Error).message });
    return;
  }
  parentPort!.postMessage({ id, encoded }, transferables(encoded));
});
