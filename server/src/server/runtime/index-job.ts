// Indexing one file from disk: read (through the project's bounded file reading), parse, index.
// Runs in the indexing worker (server/index-worker.ts), or in the server's own thread when no
// worker can start.
import { readTextFile } from '../../io/read-file';
import { detectFormat, parseText } from '../../syntax/parse';
import { FileIndex, indexFile } from '../../workspace/file-index';
import { EncodedIndex, encodeIndex } from '../../workspace/index-transfer';

export interface IndexJob {
  path: string;
  maxBytes: number;
  /** Index it even when it is not an OpenAPI document (a file one references). */
  referenced: boolean;
}

export type IndexOutcome = { path: string; index: FileIndex } | { path: string; skipped: string };

/** An outcome as the worker posts it: the index encoded (see workspace/index-transfer.ts). */
export type IndexReply = { path: string; encoded: EncodedIndex } | { path: string; skipped: string };

export function indexReply(outcome: IndexOutcome): IndexReply {
  return 'index' in outcome ? { path: outcome.path, encoded: encodeIndex(outcome.index) } : outcome;
}

// A cheap look before parsing: an OpenAPI document names its version in an `openapi` key.
const MENTIONS_OPENAPI = /["']?openapi["']?\s*:/;

export function runIndexJob(job: IndexJob): IndexOutcome {
  const read = readTextFile(job.path, job.maxBytes);
  if (!('text' in read)) return { path: job.path, skipped: read.reason };
  const text = read.text;
  if (!job.referenced && !MENTIONS_OPENAPI.test(text)) return { path: job.path, skipped: 'not-openapi' };
  const index = indexFile(job.path, parseText(text, detectFormat(job.path, text)));
  if (!job.referenced && !index.root) return { path: job.path, skipped: 'not-openapi' };
  return { path: job.path, index };
}
