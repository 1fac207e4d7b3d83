// Source documents by absolute path (or a remote document's URL), parsed once and cached. File reading sits behind
// `FileSource` so the CLI reads the disk, the server overlays open editors, tests use fixtures.
import { LineIndex, lineIndexOf } from '../syntax/line-index';
import { detectFormat, parseTextSteps } from '../syntax/parse';
import { PieceText, sourceOf } from '../syntax/piece-text';
import { drain, Offload, Pause, Steps } from '../syntax/steps';
import { ParsedText, SourceFormat, SyntaxNode } from '../syntax/tree';
import { hostOf, isRemoteLocation, locationKey } from './location';

export type LoadFailure =
  | { reason: 'missing' | 'folder' | 'unreadable' | 'binary' | 'too-large' | 'symlink-loop' | 'utf16' | 'name-too-long'; message: string }
  /**
   * A named pipe, a device, a socket, a system file, a process's standard input: `what` says what it
   * is and is not ("a named pipe, not a file"), to follow "is".
   */
  | { reason: 'special'; what: string; message: string }
  | { reason: 'encoding'; message: string; offset: number }
  /** A remote document whose host the user has not allowed: nothing was requested. */
  | { reason: 'remote-not-allowed'; host: string; message: string; how?: string }
  /**
   * A remote document not fetched here, for now or at all: `message` says why (a front end that
   * fetches nothing, a fetch under way, a workspace the editor does not trust).
   */
  | { reason: 'remote-off'; host: string; message: string }
  /** An allowed remote document that could not be fetched: `message` says why (status, timeout, size...). */
  | { reason: 'remote-failed'; message: string };

/**
 * A document's text; `format` when its origin says it (a remote document's content type), else by
 * name and text; `location` when the text was found elsewhere than asked (a redirect): the document
 * is named by it and its relative `$ref`s resolve against it.
 */
export type FileRead = { text: string; format?: SourceFormat; location?: string; notice?: string } | LoadFailure;

/**
 * What a document's reader said about the text it gave (`FileRead.notice`): a remote document
 * read from the cache because its host did not answer, and since when.
 */
const notices = new WeakMap<SourceDocument, string>();

/** The notice its reader gave with a document's text, if any (see FileRead.notice). */
export function noticeOf(doc: SourceDocument): string | undefined {
  return notices.get(doc);
}

export interface FileSource {
  read(absolutePath: string): FileRead;
  /**
   * A remote document by its URL, already fetched (checks are synchronous: fetching happens before,
   * see io/remote-documents.ts). Without it no URL is read.
   */
  readRemote?(url: string): FileRead;
}

export class SourceDocument {
  constructor(readonly path: string, readonly parsed: ParsedText) {}

  get text(): string {
    return this.parsed.text;
  }
  /** The text as pieces: reads of a few characters that do not join an edited version's text. */
  get source(): PieceText {
    return sourceOf(this.parsed);
  }
  /** The text's length, without joining an edited version's pieces. */
  get textLength(): number {
    return this.parsed.source?.length ?? this.parsed.text.length;
  }
  get root(): SyntaxNode | undefined {
    return this.parsed.root;
  }
  get format(): ParsedText['format'] {
    return this.parsed.format;
  }
  get lineIndex(): LineIndex {
    return lineIndexOf(this.parsed);
  }
}

export function isLoadFailure(value: unknown): value is LoadFailure {
  return typeof value === 'object' && value !== null && 'reason' in value;
}

/** Stores made so far (see parseNamespace). */
let storesMade = 0;

/**
 * Every file a check read, parsed once. When a file changes, its entry stays as the last complete
 * model (requests are answered from it) until the new text is parsed: `get` parses at once,
 * `loadSteps` and `getSteps` in slices (the language server, which must not hold its message loop,
 * and a check, whose pauses the CLI uses too).
 */
export class DocumentStore {
  private readonly cache = new Map<string, SourceDocument | LoadFailure>();
  /** Files whose cached entry is older than their text. */
  private readonly stale = new Set<string>();
  /** Per file, how many times it was invalidated: a load that read an older text leaves it stale. */
  private readonly invalidations = new Map<string, number>();
  /** While a request computes (see deferringLoads): the files `get` would have read, instead of reading them. */
  private deferred: Set<string> | undefined;
  /** Loads under way of the files' current texts, which every other load of the same file joins. */
  private readonly loads = new Map<string, SharedLoad<SourceDocument | LoadFailure>>();
  /**
   * Names this store's files to the parsing worker, where a newer text of a file ends the parse of
   * its older one. A branch's text of a file (fix-all's fixed text) is no newer text of the
   * server's: named alike, it stopped the server's parse of the file, kept then as "not read".
   */
  private readonly parseNamespace = `${++storesMade}:`;
  constructor(readonly files: FileSource) {}

  /** The file's current model, read and parsed now if it is not cached or out of date. */
  get(absolutePath: string): SourceDocument | LoadFailure {
    const key = locationKey(absolutePath);
    return this.withoutLoad(key) ?? drain(this.loadSteps(key));
  }

  /** `get` in steps: a read and parse pauses between slices, as `loadSteps`. */
  *getSteps(absolutePath: string): Steps<SourceDocument | LoadFailure> {
    const key = locationKey(absolutePath);
    return this.withoutLoad(key) ?? (yield* this.loadSteps(key));
  }

  /** The answer that needs no load: the file's current model, or while loads are deferred its last one. */
  private withoutLoad(key: string): SourceDocument | LoadFailure | undefined {
    const entry = this.cache.get(key);
    if (entry && !this.stale.has(key)) return entry;
    if (!this.deferred) return undefined;
    // Its last complete model serves meanwhile; with none, the caller's answer is not used.
    this.deferred.add(key);
    return entry ?? NOT_LOADED_YET;
  }

  /**
   * Runs a computation (a request's) without reading or parsing anything at once: `needed` lists
   * the files it asked for that were not current, to load in slices before computing again;
   * `complete` says whether every file it asked for had a model (the answer can stand).
   */
  deferringLoads<T>(compute: () => T): { result: T; needed: Set<string>; complete: boolean } {
    const outer = this.deferred;
    const needed = new Set<string>();
    this.deferred = needed;
    try {
      const result = compute();
      return { result, needed, complete: [...needed].every((file) => this.cache.has(file)) };
    } finally {
      this.deferred = outer;
      for (const file of needed) outer?.add(file);
    }
  }

  /**
   * Reads and parses a file in steps (parsing pauses between slices) and caches it. A load of the
   * same text under way (a check's, when a request asks for the file too) is joined, not repeated:
   * two parses of a 2 MB file, taking turns, made each take twice as long.
   */
  *loadSteps(absolutePath: string): Steps<SourceDocument | LoadFailure> {
    const key = locationKey(absolutePath);
    let load = this.loads.get(key);
    if (!load) this.loads.set(key, (load = new SharedLoad(this.readAndParseSteps(key))));
    try {
      return yield* load.follow();
    } finally {
      if (this.loads.get(key) === load && load.finished) this.loads.delete(key);
    }
  }

  private *readAndParseSteps(key: string): Steps<SourceDocument | LoadFailure> {
    const invalidations = this.invalidations.get(key);
    const read = isRemoteLocation(key) ? readRemote(this.files, key) : this.files.read(key);
    const parse = (text: string, format: SourceFormat | undefined) =>
      parseTextSteps(text, format ?? detectFormat(key, text), this.parseNamespace + key);
    const entry = 'text' in read ? new SourceDocument(read.location ?? key, yield* parse(read.text, read.format)) : read;
    if ('text' in read && read.notice && entry instanceof SourceDocument) notices.set(entry, read.notice);
    this.cache.set(key, entry);
    // Changed while it was parsed: the entry serves as the last complete model until loaded again.
    if (this.invalidations.get(key) === invalidations) this.stale.delete(key);
    else this.stale.add(key);
    return entry;
  }

  /** Whether the cached entry is the file's current content (no load needed). */
  isCurrent(absolutePath: string): boolean {
    const key = locationKey(absolutePath);
    return this.cache.has(key) && !this.stale.has(key);
  }

  /** The last complete model of a file, current or not, without loading anything. */
  cached(absolutePath: string): SourceDocument | LoadFailure | undefined {
    return this.cache.get(locationKey(absolutePath));
  }

  /**
   * A store over other files (`files`) that starts with this one's current models, but for
   * `except`'s: fix-all checks a file's fixed texts with every other file as the server holds it,
   * without parsing those again.
   */
  branch(files: FileSource, except: string): DocumentStore {
    const branch = new DocumentStore(files);
    const skipped = locationKey(except);
    for (const [key, entry] of this.cache) if (key !== skipped && !this.stale.has(key)) branch.cache.set(key, entry);
    return branch;
  }

  /** Put a document the caller parsed (an incremental reparse) in place of the file's. */
  replace(doc: SourceDocument): void {
    const key = locationKey(doc.path);
    this.cache.set(key, doc);
    this.stale.delete(key);
  }

  /** The file changed (in the editor or on disk): its entry is out of date until loaded again. */
  invalidate(absolutePath: string): void {
    const key = locationKey(absolutePath);
    this.invalidations.set(key, (this.invalidations.get(key) ?? 0) + 1);
    if (this.cache.has(key)) this.stale.add(key);
    // A load under way read the older text: later loads read the new one.
    this.loads.delete(key);
  }

  /**
   * Forget a file's model (it is closed and nothing reads it). Its count of invalidations stays: a
   * load under way (a request's, on the file just closed) read its current text and must leave it
   * current, not stale (which had the request parse the file a second time).
   */
  forget(absolutePath: string): void {
    const key = locationKey(absolutePath);
    this.cache.delete(key);
    this.stale.delete(key);
    // A load left by the caller that started it is not resumed for nothing (one still followed goes on).
    this.loads.delete(key);
  }
}

/**
 * One computation in steps followed by several callers, each driving it when its turn comes: the
 * work is done once, by whoever is running, and a caller that stops following (a check stopped by
 * an edit) leaves it to the others. Work it hands off (an Offload, a parse for the worker
 * thread) is handed to every caller, and the first one back resumes the computation.
 */
class SharedLoad<T> {
  private outcome: { value: T } | { error: unknown } | undefined;
  /** Work the computation waits for, until a caller resumes it. */
  private waitingFor: Offload | undefined;

  constructor(private readonly steps: Steps<T>) {}

  get finished(): boolean {
    return this.outcome !== undefined;
  }

  *follow(): Steps<T> {
    for (;;) {
      const waitingFor = this.waitingFor;
      if (waitingFor) {
        yield waitingFor;
        // Another caller may have resumed it meanwhile.
        if (this.waitingFor === waitingFor) this.waitingFor = undefined;
        else continue;
      }
      if (!this.outcome) {
        const pause = this.advance();
        if (!this.outcome) {
          if (pause instanceof Offload) this.waitingFor = pause;
          else yield pause;
          continue;
        }
      }
      if ('error' in this.outcome) throw this.outcome.error;
      return this.outcome.value;
    }
  }

  private advance(): Pause {
    try {
      const step = this.steps.next();
      if (step.done) this.outcome = { value: step.value };
      else return step.value;
    } catch (error) {
      this.outcome = { error };
    }
  }
}

function readRemote(files: FileSource, url: string): FileRead {
  if (files.readRemote) return files.readRemote(url);
  const host = hostOf(url);
  return { reason: 'remote-off', host, message: 'remote documents are not fetched here' };
}

/** What `get` answers, while loads are deferred, for a file it has no model of. */
const NOT_LOADED_YET: LoadFailure = { reason: 'unreadable', message: 'The file is being read.' };

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes -> text: refuses binary files and invalid UTF-8 with a message that says where. */
export function decodeText(bytes: Uint8Array): FileRead {
  const failure = undecodable(bytes);
  if (failure) return failure;
  try {
    const text = UTF8.decode(bytes);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return { reason: 'encoding', offset, message: `The file is not valid UTF-8 (byte 0x${bytes[offset]?.toString(16).padStart(2, '0')} at byte offset ${offset}).` };
  }
}

/** Why bytes are no UTF-8 text, told before any is decoded: UTF-16, or binary. */
export function undecodable(bytes: Uint8Array): LoadFailure | undefined {
  if (looksLikeUtf16(bytes)) {
    return { reason: 'utf16', message: 'The file is UTF-16 text; YAML and JSON tools expect UTF-8: save it as UTF-8.' };
  }
  const probe = Math.min(bytes.length, 8000);
  for (let i = 0; i < probe; i++) {
    if (bytes[i] === 0) return { reason: 'binary', message: 'The file is binary (it contains NUL bytes), not a YAML or JSON document.' };
  }
  return undefined;
}

/** A UTF-16 byte order mark, or ASCII text with every other byte NUL (UTF-16 without one). */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return true;
  const probe = Math.min(bytes.length, 512) & ~1;
  if (probe < 4) return false;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < probe; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = probe / 2;
  return (evenNul > pairs * 0.9 && oddNul === 0) || (oddNul > pairs * 0.9 && evenNul === 0);
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const n = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return bytes.length;
}
