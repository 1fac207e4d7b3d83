// Indexing one file from disk: read (through the project's bounded file reading), parse, index.
// Runs in the indexing worker (server/index-worker.ts), or in the server's own thread when no
// worker can start.
import { decodesAsUtf8, readFileBytes } from '../../io/read-file';
import { decodeText } from '../../model/documents';
import { detectFormat, parseText } from '../../syntax/parse';
import { FileIndex, indexFile } from '../../workspace/file-index';
import { EncodedIndex, encodeIndex } from '../../workspace/index-transfer';
import { scanJsonBytes, scanJsonIndex } from '../../workspace/json-index-scan';

export interface IndexJob {
  path: string;
  maxBytes: number;
  /** Index it even when it is not an OpenAPI document (a file one references). */
  referenced: boolean;
}

/** A file not indexed; for one that is no OpenAPI document, its top-level keys (see topLevelKeys). */
export type Skipped = { path: string; skipped: string; keys?: string[] };

export type IndexOutcome = { path: string; index: FileIndex } | Skipped;

/** An outcome as the worker posts it: the index encoded (see workspace/index-transfer.ts). */
export type IndexReply = { path: string; encoded: EncodedIndex } | Skipped;

export function indexReply(outcome: IndexOutcome): IndexReply {
  return 'index' in outcome ? { path: outcome.path, encoded: encodeIndex(outcome.index) } : outcome;
}

// A cheap look before parsing: a description names its version in an `openapi` key (a Swagger 2.0
// one in `swagger`: a root of the index too, which the workspace check and the status bar count).
const MENTIONS_OPENAPI = /["']?(?:openapi|swagger)["']?\s*:/;

export function runIndexJob(job: IndexJob): IndexOutcome {
  const read = readFileBytes(job.path, job.maxBytes);
  if (!('bytes' in read)) return { path: job.path, skipped: read.reason };
  const bytes = read.bytes;
  // A JSON description is read in one pass over its bytes, without a tree and never decoded, where
  // the text's way below would index it so; what the pass declines goes through the tree.
  const readAsBytes = job.path.toLowerCase().endsWith('.json') && (job.referenced || mentionsVersionKey(bytes) === true) && decodesAsUtf8(bytes);
  if (readAsBytes) {
    const index = scanJsonBytes(job.path, bytes);
    if (index) return { path: job.path, index };
  }
  const decoded = decodeText(bytes);
  if (!('text' in decoded)) return { path: job.path, skipped: decoded.reason };
  const text = decoded.text;
  const format = detectFormat(job.path, text);
  if (!job.referenced && !MENTIONS_OPENAPI.test(text)) return { path: job.path, skipped: 'not-openapi', keys: topLevelKeys(text, format) };
  const index = (format === 'json' && !readAsBytes ? scanJsonIndex(job.path, text) : undefined) ?? indexFile(job.path, parseText(text, format));
  if (!job.referenced && !index.root) return { path: job.path, skipped: 'not-openapi', keys: index.definitions.filter((d) => d.pointer.length === 1).map((d) => d.name).slice(0, MAX_KEYS) };
  return { path: job.path, index };
}

const OPENAPI_BYTES = Buffer.from('openapi');
const SWAGGER_BYTES = Buffer.from('swagger');

/**
 * MENTIONS_OPENAPI read on UTF-8 bytes: true where it matches the text; false where it does not;
 * undefined where a character past ASCII stands where it reads blanks (`\s` holds some).
 */
function mentionsVersionKey(bytes: Buffer): boolean | undefined {
  let unsure = false;
  for (const word of [OPENAPI_BYTES, SWAGGER_BYTES]) {
    // Each occurrence's blanks end before the next occurrence: one pass over the bytes per word.
    for (let at = bytes.indexOf(word); at >= 0; at = bytes.indexOf(word, at + word.length)) {
      let i = at + word.length;
      if (bytes[i] === 34 || bytes[i] === 39) i++; // " or '
      while (bytes[i] === 32 || (bytes[i] >= 9 && bytes[i] <= 13)) i++;
      if (bytes[i] === 58) return true; // :
      if (bytes[i] >= 0x80) unsure = true;
    }
  }
  return unsure ? undefined : false;
}

/** Keys kept of a file that is not indexed: enough to tell a Schema file from a CI workflow. */
const MAX_KEYS = 50;
/** JSON texts read for their keys at most: a large JSON file that is no description is data. */
const MAX_JSON_KEYS_CHARS = 256 * 1024;
/** How much of a line a top-level YAML key is looked for in: a key is short, a line may be 1 MB. */
const MAX_KEY_LINE_CHARS = 256;
/** A YAML key at the start of a line (plain or quoted) followed by `:` and a blank or the line's end. */
const YAML_TOP_KEY = /^(?:"([^"]*)"|'([^']*)'|([^\s#'"{[\]\-?:|>%@`!&*][^:]*?))[ \t]*:(?:[ \t]|$)/;

/**
 * The top-level keys of a file that names no `openapi` (a schema file nothing references yet, a CI
 * workflow), for `$ref` completion to tell what the file is without indexing it. YAML by its lines
 * at column 0, JSON by parsing it when small; undefined when that cannot be told.
 */
function topLevelKeys(text: string, format: 'yaml' | 'json'): string[] | undefined {
  if (format === 'json') {
    if (text.length > MAX_JSON_KEYS_CHARS) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).slice(0, MAX_KEYS) : undefined;
    } catch {
      return undefined;
    }
  }
  // Line by line, each cut short before the pattern runs: on a whole 1 MB line a pattern with a
  // lazy key before blanks backtracks quadratically.
  const keys: string[] = [];
  for (let start = 0; start < text.length && keys.length < MAX_KEYS; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const match = YAML_TOP_KEY.exec(text.slice(start, Math.min(end, start + MAX_KEY_LINE_CHARS)).replace(/\r$/, ''));
    if (match) keys.push(match[1] ?? match[2] ?? match[3]);
    start = end + 1;
  }
  return keys;
}
