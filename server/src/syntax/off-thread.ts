// Parses that are one long synchronous call (the `yaml` package's, jsonc-parser's recovery from a
// broken JSON text: seconds on 10 MB) done in a worker thread for a driver that can wait; the tree
// comes back as flat arrays and is built again in steps (tree-transfer.ts).
import { Awaiting, isDraining, Steps, Urgency } from './steps';
import { decodeParseSteps, EncodedParse } from './tree-transfer';
import { ParsedText, SourceFormat } from './tree';

export interface OffThreadParser {
  /**
   * The parse the thread would do in place (parseText), done elsewhere. `source`: the document the
   * text is a version of; its older texts are moot.
   */
  parse(text: string, format: SourceFormat, source?: string): Promise<EncodedParse | { failed: string }>;
  /** Who waits for the parse `parse` answered with (see Urgency); checks, the default, say nothing. */
  prefer?(outcome: Promise<EncodedParse | { failed: string }>, urgency: Urgency): void;
}

let offThread: OffThreadParser | undefined;

/** The language server installs its worker (server/runtime/parse-thread.ts); the CLI parses in place. */
export function parseOffThread(parser: OffThreadParser | undefined): void {
  offThread = parser;
}

/** Below this, a parse in place is quicker than a message to a worker and back. */
export const OFF_THREAD_MIN_CHARS = 64 * 1024;

/**
 * `inPlace` done by the worker while the driver waits, when one is installed and the text is large;
 * a driver that does not wait (the CLI, a request answered at once) gets `inPlace` itself.
 */
export function* parsedElsewhere(text: string, format: SourceFormat, inPlace: () => ParsedText, source?: string): Steps<ParsedText> {
  // A drain parses in place anyway: asking the worker too would parse the text twice, and hold up
  // the other files' texts queued behind it.
  if (!offThread || text.length < OFF_THREAD_MIN_CHARS || isDraining()) return inPlace();
  let outcome: EncodedParse | { failed: string } | undefined;
  const parser = offThread;
  const asked = parser.parse(text, format, source);
  const wait = new Awaiting(asked.then((o) => void (outcome = o)), (urgency) => parser.prefer?.(asked, urgency));
  yield wait;
  if (!wait.awaited || !outcome) return inPlace();
  if ('failed' in outcome) {
    return { format, text, root: undefined, errors: [{ message: `The document cannot be read: ${outcome.failed}`, offset: 0, length: 1, code: 'Crash', severity: 'error' }] };
  }
  return yield* decodeParseSteps(outcome, text, format);
}
