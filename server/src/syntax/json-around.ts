// A large JSON text the strict reader stops on (a comma missing, one too many): read strictly with
// the contents of the object or array around the error left out, then those contents put back by
// the incremental reparse (incremental.ts), which parses only that value with jsonc-parser's
// recovery and returns a tree only when it is the whole text's parse. jsonc-parser's recovery of
// GitHub's 13 MB description with one comma missing took 1.1-1.3 s, against 0.2-0.4 s strictly.
import { reparseEdit } from './incremental';
import { readJsonStrictSteps, StrictFailure } from './json';
import { OFF_THREAD_MIN_CHARS } from './off-thread';
import { Steps } from './steps';
import { ParsedText, relinkStringsSteps, segmentTreeSteps, SyntaxError } from './tree';

/** Values around the error tried, innermost first: each costs one more strict read of the text. */
const MAX_VALUES_TRIED = 2;

/**
 * The tree jsonc-parser's recovery would give `text`, read around the value the strict reader
 * stopped in; undefined when it is not had this way. Texts smaller than `minChars` (what goes to
 * a worker) are not read around: the recovery takes milliseconds there.
 */
export function* parseJsonAroundSteps(text: string, failure: StrictFailure, minChars = OFF_THREAD_MIN_CHARS): Steps<ParsedText | undefined> {
  if (text.length < minChars) return undefined;
  // The root is not one: the incremental reparse puts back values inside it.
  for (let k = failure.openAt.length - 1; k >= Math.max(1, failure.openAt.length - MAX_VALUES_TRIED); k--) {
    const open = failure.openAt[k];
    // The reparse parses a broken value up to what goes to a worker (parseJsonFragment): a larger
    // one, and every value around it, would be read strictly for nothing.
    const close = closingBracket(text, open, open + OFF_THREAD_MIN_CHARS);
    if (close < 0) return undefined;
    const clean = yield* readJsonStrictSteps(text.slice(0, open + 1) + text.slice(close));
    if ('failedAt' in clean) continue;
    // Nesting past the strict reader's limit: jsonc-parser's recovery reports it otherwise, or not.
    if (clean.errors.some((e) => e.code === 'TooDeep')) return undefined;
    if (clean.root) yield* segmentTreeSteps(clean.root);
    const back = reparseEdit(clean, { offset: open + 1, length: 0, newText: text.slice(open + 1, close) });
    if (!back) continue;
    yield* relinkStringsSteps(back.parsed.root, text);
    // As jsonc-parser's path lists them: its errors, then the duplicate keys found in the tree.
    const errors = back.parsed.errors;
    const duplicate = (e: SyntaxError) => e.code === 'DUPLICATE_KEY';
    return { format: 'json', text, root: back.parsed.root, errors: [...errors.filter((e) => !duplicate(e)), ...errors.filter(duplicate)] };
  }
  return undefined;
}

/**
 * The `}` or `]` that closes the object or array opening at `open`, counting brackets outside
 * strings (a string runs to its closing quote or the line's end); -1 when none does before `limit`.
 */
function closingBracket(text: string, open: number, limit: number): number {
  const end = Math.min(text.length, limit);
  let depth = 0;
  for (let i = open; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < end; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34 || d === 10 || d === 13) break;
      }
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
