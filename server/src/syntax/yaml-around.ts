// A large YAML text the fast reader gives up on (a syntax error, a tag): read by the fast reader
// with the line it gave up on left out, then that line put back by the incremental reparse
// (incremental.ts), which parses only the member around it with the `yaml` package and returns a
// tree only when it is the whole text's parse. The `yaml` package's parse of GitHub's 10 MB
// description with one key left without its colon took 3-4 s, against 0.2 s for the fast reader.
import { reparseEdit } from './incremental';
import { OFF_THREAD_MIN_CHARS } from './off-thread';
import { Steps } from './steps';
import { ParsedText, relinkStringsSteps, segmentTreeSteps, SyntaxError } from './tree';
import { readYamlFastSteps } from './yaml-fast';

/** Lines left out before the text goes to the `yaml` package whole: each costs one more fast read. */
const MAX_LINES_LEFT_OUT = 2;

/**
 * The fast reader's tree of `text`, or the tree the `yaml` package would give it, read around the
 * lines the fast reader gives up on; undefined when neither is had this way. Texts smaller than
 * `minChars` (what goes to a worker) are not read around: the `yaml` package takes milliseconds there.
 */
export function* parseYamlAroundSteps(text: string, minChars = OFF_THREAD_MIN_CHARS): Steps<ParsedText | undefined> {
  let clean = text;
  const leftOut: { offset: number; line: string }[] = [];
  let parsed: ParsedText;
  for (;;) {
    const read = yield* readYamlFastSteps(clean);
    if (!('gaveUpAt' in read)) {
      if (leftOut.length === 0) return read;
      parsed = read;
      break;
    }
    if (text.length < minChars || leftOut.length === MAX_LINES_LEFT_OUT) return undefined;
    const start = read.gaveUpAt;
    let end = start;
    while (end < clean.length && clean.charCodeAt(end) !== 10 && clean.charCodeAt(end) !== 13) end++;
    if (end === start) return undefined;
    leftOut.push({ offset: start, line: clean.slice(start, end) });
    clean = clean.slice(0, start) + clean.slice(end);
  }
  // Cut into segments first, in steps: an edit then moves the segments after it, not every node.
  if (parsed.root) yield* segmentTreeSteps(parsed.root);
  // The last line left out goes back first: each edit turns one text into the one before it.
  for (let i = leftOut.length - 1; i >= 0; i--) {
    yield;
    const back = reparseEdit(parsed, { offset: leftOut[i].offset, length: 0, newText: leftOut[i].line });
    if (!back) return undefined;
    parsed = back.parsed;
  }
  yield* relinkStringsSteps(parsed.root, text);
  return { format: 'yaml', text, root: parsed.root, errors: inPackageOrder(parsed.errors), selfContainedBlocks: parsed.selfContainedBlocks, aliasesEnd: parsed.aliasesEnd };
}

/** Errors syntax/yaml.ts finds in the tree it builds from the `yaml` package's: listed after the package's. */
const FOUND_IN_TREE = new Set(['DUPLICATE_KEY', 'ALIAS_CYCLE', 'BAD_MERGE', 'ALIAS_BUDGET', 'TooDeep']);
const UNKNOWN_ALIAS = /^Unknown alias/;

/**
 * The reparse keeps errors in text order; the `yaml` package path lists the package's errors, then
 * its warnings, then what it found in the tree (a message naming a document's first error takes
 * errors[0]). Stable: text order within each group.
 */
function inPackageOrder(errors: readonly SyntaxError[]): SyntaxError[] {
  const group = (e: SyntaxError) => (FOUND_IN_TREE.has(e.code) || UNKNOWN_ALIAS.test(e.message) ? 2 : e.severity === 'error' ? 0 : 1);
  return [0, 1, 2].flatMap((g) => errors.filter((e) => group(e) === g));
}
