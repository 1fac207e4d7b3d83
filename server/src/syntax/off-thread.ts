// Parses that are one long synchronous call (the `yaml` package's, jsonc-parser's recovery from a
// broken JSON text: seconds on 10 MB), handed to the driver to be done in a worker thread; the tree
// comes back as flat arrays and is built again in steps (tree-transfer.ts). A driver that has no
// worker (the CLI's drain) leaves the parse to be done here.
import { Offload, Steps } from './steps';
import { decodeParseSteps, EncodedParse } from './tree-transfer';
import { ParsedText, SourceFormat } from './tree';

/** Below this, a parse in place is quicker than a message to a worker and back. */
export const OFF_THREAD_MIN_CHARS = 64 * 1024;

/** What a worker answers for a parse: the tree, or why it could not be read. */
export type OffThreadOutcome = EncodedParse | { failed: string };

/**
 * `inPlace` done elsewhere when the driver has it done (a large text, a driver with a worker),
 * else here. `source`: the document the text is a version of; its older texts are moot.
 */
export function* parsedElsewhere(text: string, format: SourceFormat, inPlace: () => ParsedText, source?: string): Steps<ParsedText> {
  if (text.length < OFF_THREAD_MIN_CHARS) return inPlace();
  const offload = new Offload({ kind: 'parse', text, format, source });
  yield offload;
  const outcome = offload.outcome as OffThreadOutcome | undefined;
  if (!outcome) return inPlace();
  if ('failed' in outcome) {
    return { format, text, root: undefined, errors: [{ message: `The document cannot be read: ${outcome.failed}`, offset: 0, length: 1, code: 'Crash', severity: 'error' }] };
  }
  return yield* decodeParseSteps(outcome, text, format);
}
