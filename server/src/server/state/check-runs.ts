// Keeping diagnostics current: document sync, watched files, and the work they schedule. Parsing
// and checking run in slices (tuning.ts) and look at the message queue between them, so requests
// are answered while the work goes on; a newer change stops it ("a newer edit wins").
import { Connection, Diagnostic as LspDiagnostic, DiagnosticSeverity, FileChangeType, FileEvent } from 'vscode-languageserver/node';
import { Diagnostic } from '../../check/types';
import { Steps } from '../../syntax/steps';
import { formatBytes } from '../../io/read-file';
import { LspDiagnostics } from '../lsp-types';
import { withJsonText } from '../transport/raw-json';
import { ContentChange, isUnsaved, Session, uriToPath } from './session';
import { mark } from '../runtime/marks';
import { IdleCollector } from '../runtime/idle-collector';
import { watchedFileChanges, WorkspaceFiles } from './workspace';
import { CLOSED_MODEL_KEPT_MS, DEBOUNCE_MS, MAX_PUBLISHED_PER_FILE } from '../runtime/tuning';
import { Scheduler } from '../runtime/scheduler';
import { LiveDiffs } from './live-diff';
import { TypingHold } from './typing-hold';
import { WorkspaceCheck } from './workspace-check';

const SEVERITY_ORDER = { error: 0, warning: 1, information: 2, hint: 3 };

/** JSON errors an editor's JSON validation does not report: our depth limit, an empty document. */
const OUR_JSON_ERRORS = new Set(['TooDeep', 'Empty']);

/**
 * The findings to publish: all of them, or the most severe first and one line saying how many
 * more. Of the least severe level shown, those nearest the top of the file: the list's order
 * depends on which root was checked first (Session.diagnosticsIn merges the roots' findings), and
 * what is shown must not. Chosen by their offsets (a file can have 100,000 findings); only those
 * shown are sorted whole.
 */
export function shownFindings(found: Diagnostic[]): Diagnostic[] {
  if (found.length <= MAX_PUBLISHED_PER_FILE) return found;
  const perSeverity = [0, 0, 0, 0];
  for (const d of found) perSeverity[SEVERITY_ORDER[d.severity]]++;
  // The least severe level shown, and how many of that level fit.
  let last = 0;
  let room = MAX_PUBLISHED_PER_FILE;
  while (perSeverity[last] < room) room -= perSeverity[last++];
  const offsets = new Float64Array(perSeverity[last]);
  let n = 0;
  for (const d of found) if (SEVERITY_ORDER[d.severity] === last) offsets[n++] = d.offset;
  // The offset of the last one of that level that fits: those before it are shown, and of those
  // at it, the first by place.
  const bound = offsets.sort()[room - 1];
  const shown: Diagnostic[] = [];
  const atBound: Diagnostic[] = [];
  for (const d of found) {
    const order = SEVERITY_ORDER[d.severity];
    if (order < last || (order === last && d.offset < bound)) shown.push(d);
    else if (order === last && d.offset === bound) atBound.push(d);
  }
  atBound.sort(byPlace);
  for (let i = 0; i < atBound.length && shown.length < MAX_PUBLISHED_PER_FILE; i++) shown.push(atBound[i]);
  shown.sort(byPlace);
  const more: Diagnostic = {
    ...shown[0], rule: shown[0].rule, severity: 'information', offset: 0, length: 0, fixes: [], related: [], tags: [],
    message: `${found.length - MAX_PUBLISHED_PER_FILE} more findings in this file are not shown; run openapi-check on it to list them all.`,
  };
  return [more, ...shown];
}

/** By place, then rule and message: an order that does not depend on the list's. */
function byPlace(a: Diagnostic, b: Diagnostic): number {
  return a.offset - b.offset || a.length - b.length || textOrder(a.rule, b.rule) || textOrder(a.message, b.message);
}

function textOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A run of checks: what it was asked to look at, and how it is stopped (a newer change). */
interface Run {
  changed: string[];
  controller: AbortController;
}

export class CheckScheduler {
  private pending: NodeJS.Timeout | undefined;
  private readonly dirty = new Set<string>();
  /**
   * Files whose diagnostics must be published again: those a closed root read, and those a run
   * found (a root's files before and after its check) and had not published when a newer change
   * stopped it. The next run could not find them again: a file a root no longer reads is in no
   * root's files any more.
   */
  private readonly republish = new Set<string>();
  /**
   * Closed files, with when they were closed: their models are dropped once no open root reads
   * them and they have been closed for CLOSED_MODEL_KEPT_MS.
   */
  private readonly closedFiles = new Map<string, number>();
  private forgetTimer: NodeJS.Timeout | undefined;
  /** The work under way, if any; a newer change stops it between two slices. */
  private running: Run | undefined;
  /** Gives memory back once the user pauses after work that grew the heap. */
  readonly idle = new IdleCollector();

  private readonly scheduler: Scheduler;
  /** Breaking changes against a git revision, diffed after each check of a root. */
  readonly liveDiffs: LiveDiffs;
  /** Findings of a key being typed wait for a pause. */
  readonly typingHold = new TypingHold((filePath) => {
    if (this.session.openDocument(filePath) && this.session.findingsCurrent(filePath)) this.publish(filePath);
  });
  /** The closed roots' findings, once the user asked to check the whole workspace. */
  readonly workspaceCheck: WorkspaceCheck;

  constructor(private readonly connection: Connection, private readonly session: Session, private readonly workspaceFiles: WorkspaceFiles) {
    this.scheduler = session.scheduler;
    this.liveDiffs = new LiveDiffs(session, (root) => this.baseRead(root), (message) => connection.console.error(message));
    workspaceFiles.checksBusy = () => this.pending !== undefined || this.isRunning();
    this.workspaceCheck = new WorkspaceCheck(session, workspaceFiles, (files) => this.publishFiles(files));
  }

  /** Publishes files again: with the run under way or due (it publishes them), else now, in slices. */
  private publishFiles(files: Iterable<string>): void {
    for (const file of files) this.republish.add(file);
    if (this.pending || this.isRunning()) return;
    const remaining = [...this.republish];
    this.republish.clear();
    void this.scheduler.run('checks', this.publishSteps(remaining)).finally(() => {
      for (const file of remaining) this.republish.add(file);
    });
  }

  /**
   * Every open root is checked again: at once when settings changed (the work under way is out of
   * date); after the work under way when only what checks consult grew (the workspace index).
   */
  recheckAll(reason: 'settings' | 'workspace' = 'settings'): void {
    for (const root of this.session.roots()) this.dirty.add(root);
    for (const doc of this.session.open.values()) this.dirty.add(doc.path);
    if (reason === 'workspace' && this.isRunning()) this.runAgain = true;
    else this.schedule();
  }

  /** Set when more work was asked for while a run went on: another run follows it. */
  private runAgain = false;

  private isRunning(): boolean {
    return this.running !== undefined && !this.running.controller.signal.aborted;
  }

  /** Stops the work under way; its files are taken up again by the next run. */
  private stopRunning(): boolean {
    if (!this.running || !this.isRunning()) return false;
    this.running.controller.abort();
    for (const file of this.running.changed) this.dirty.add(file);
    return true;
  }

  /** `since`: when the change arrived; the time spent applying it counts towards the wait. */
  private schedule(since = performance.now()): void {
    this.idle.busy();
    this.stopRunning();
    this.segmenting?.abort();
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.run(), Math.max(0, DEBOUNCE_MS - (performance.now() - since)));
  }

  /** Parses what changed and re-checks every root that reads it, in slices; then publishes. */
  private async run(): Promise<void> {
    this.pending = undefined;
    const changed = [...this.dirty];
    this.dirty.clear();
    const run: Run = { changed, controller: new AbortController() };
    this.running = run;
    const { signal } = run.controller;
    const started = performance.now();
    mark('check started', { revision: this.scheduler.revision });
    let toPublish: Set<string> | undefined;
    const checked: string[] = [];
    try {
      const steps = this.session.updateSteps(changed, (root, result) => {
        for (const crash of result.crashes) this.connection.console.error(`rule ${crash.rule} failed at ${crash.where}: ${crash.error}`);
        const objects = result.analysis?.objects.length ?? 0;
        mark('root checked', { ms: Math.round(performance.now() - started), objects, kept: result.keptObjects ?? 0, findings: result.diagnostics.length });
        this.connection.tracer.log(`checked ${root}: ${objects} objects, ${result.diagnostics.length} findings, ${Math.round(performance.now() - started)} ms`);
        this.liveDiffs.afterCheck(root);
        checked.push(root);
      }, this.republish);
      toPublish = await this.scheduler.run('checks', steps, { signal });
      // Breaking changes against each checked root's base, published with its findings.
      if (!signal.aborted) await this.scheduler.run('checks', this.liveDiffs.diffSteps(checked), { signal });
    } catch (e) {
      this.connection.console.error(`checking failed: ${(e as Error).stack}`);
      for (const file of changed) this.republish.add(file);
    } finally {
      if (this.running === run) this.running = undefined;
    }
    if (signal.aborted) {
      mark('check stopped by a newer change', { ms: Math.round(performance.now() - started) });
      return;
    }
    for (const file of toPublish ?? []) this.republish.add(file);
    const publishing = performance.now();
    const remaining = [...this.republish];
    this.republish.clear();
    this.forgetClosedFiles();
    await this.scheduler.run('checks', this.publishSteps(remaining), { signal });
    // Stopped while publishing: the next run publishes what is left.
    for (const file of remaining) this.republish.add(file);
    mark('published', { ms: Math.round(performance.now() - publishing) });
    if (signal.aborted) return;
    if (this.runAgain) {
      this.runAgain = false;
      this.schedule();
    } else {
      this.idle.worked();
      void this.segmentInSlices();
    }
  }

  /**
   * A root's base was read (or is gone) between checks: its files are published with the new
   * changes, after the work pending or under way.
   */
  private baseRead(root: string): void {
    if (!this.session.openDocument(root)) return;
    if (this.pending || this.isRunning()) {
      // The run may not check this root (another file changed): published once the work is done.
      setTimeout(() => this.baseRead(root), DEBOUNCE_MS).unref();
      return;
    }
    for (const file of this.session.filesOf(root)) if (this.session.findingsCurrent(file)) this.publish(file);
    mark('published breaking changes', { root });
  }

  /** Publishes the files, taking each off `files` as it goes; a pause between them. */
  private *publishSteps(files: string[]): Steps<void> {
    while (files.length > 0) {
      // A document's first findings need its line index: built in steps (30 MB: 75-100 ms at once).
      yield* this.session.lineIndexSteps(files[0]);
      const file = files.shift()!;
      // Edited since its check (a pause let the edit in; this run is past being stopped), or
      // changed on disk: its findings are of the text before, and would land on the wrong lines of
      // the new one. The run that change scheduled publishes it.
      if (!this.session.findingsCurrent(file)) {
        this.republish.add(file);
        continue;
      }
      this.publish(file);
      yield;
    }
  }

  /**
   * Drops the models of closed files no open root reads, once closed for a while: a request right
   * after a close (a definition into the file, references on it) is answered from the model the
   * server holds instead of parsing the file again (seconds for a 2 MB root). The model of a
   * file closed with changes it did not save is out of date anyway, and is read again when asked.
   */
  private forgetClosedFiles(): void {
    const now = performance.now();
    let next = Infinity;
    for (const [file, closedAt] of [...this.closedFiles]) {
      if (this.session.openDocument(file) || this.session.rootsReading(file).length > 0) continue;
      if (now - closedAt < CLOSED_MODEL_KEPT_MS) {
        next = Math.min(next, closedAt + CLOSED_MODEL_KEPT_MS);
        continue;
      }
      this.session.store.forget(file);
      this.closedFiles.delete(file);
    }
    if (next === Infinity || this.forgetTimer) return;
    this.forgetTimer = setTimeout(() => {
      this.forgetTimer = undefined;
      // A check under way may read them: its end looks again.
      if (!this.isRunning()) this.forgetClosedFiles();
    }, next - now);
    this.forgetTimer.unref();
  }

  /** The walk segmentInSlices has under way: a newer one, a change or a check stops it. */
  private segmenting: AbortController | undefined;

  /**
   * Readies the open trees for their next keystrokes (segments: 100-250 ms for 300,000 nodes) in
   * slices, leaving off when an edit comes. An edit stops the walk in its tree but keeps what it
   * cut; the next walk goes on from there.
   */
  private async segmentInSlices(): Promise<void> {
    this.segmenting?.abort();
    const controller = (this.segmenting = new AbortController());
    const signal = AbortSignal.any([controller.signal, this.scheduler.untilEdit()]);
    await this.scheduler.run('background', this.session.segmentTreesSteps(), { signal });
  }

  /**
   * The editor reports JSON syntax errors and duplicate keys itself (VS Code's JSON support, while
   * `json.validate.enable` is on): ours would list each twice. Set from the client.
   */
  editorValidatesJson = false;

  /** Findings as LSP values, kept while unchanged (a keystroke publishes thousands again). */
  private readonly lspDiagnostics = new LspDiagnostics();

  private publish(filePath: string): void {
    const uri = this.session.uriOf(filePath);
    const open = this.session.openDocument(filePath);
    let diagnostics: LspDiagnostic[];
    if (open && this.session.tooLarge(filePath)) diagnostics = [this.notCheckedDiagnostic(open.text.length)];
    else {
      let found = this.session.diagnosticsIn(filePath);
      if (isUnsaved(filePath)) found = this.unsavedFindings(found);
      if (this.editorValidatesJson) found = this.withoutEditorsJsonErrors(filePath, found);
      diagnostics = shownFindings(found).map((d) => this.lspDiagnostics.convert(d, (p) => this.session.uriOf(p)));
      diagnostics.push(...this.liveDiffs.diagnosticsIn(filePath));
    }
    diagnostics.push(...this.workspaceCheck.diagnosticsIn(filePath, diagnostics));
    if (open) diagnostics = this.typingHold.filter(filePath, this.session.modelOf(filePath), diagnostics);
    // Written as JSON text kept per diagnostic (most are the same objects as last time).
    this.connection.sendDiagnostics({ uri, version: open?.version, diagnostics: withJsonText(diagnostics) });
  }

  /** Findings of a JSON file without the syntax errors the editor's own JSON validation reports. */
  private withoutEditorsJsonErrors(filePath: string, found: Diagnostic[]): Diagnostic[] {
    const model = this.session.modelOf(filePath);
    if (model?.format !== 'json' || !found.some((d) => d.rule === 'syntax')) return found;
    const editors = new Set<string>();
    for (const e of model.parsed.errors) if (!OUR_JSON_ERRORS.has(e.code)) editors.add(`${e.offset}+${e.length}`);
    return found.filter((d) => d.rule !== 'syntax' || !editors.has(`${d.offset}+${d.length}`));
  }

  private notCheckedDiagnostic(length: number): LspDiagnostic {
    const limit = formatBytes(this.session.maxFileBytes);
    return {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Information,
      source: 'openapi',
      message: `This document (${formatBytes(length)}) is larger than the openapi30.maxFileSize setting (${limit}), so it is not checked. Completion and navigation still work; raise the setting to check it.`,
    };
  }

  /**
   * An unsaved buffer has no folder, so its references to other files cannot resolve: one note
   * says so instead of a finding per reference.
   */
  private unsavedFindings(found: Diagnostic[]): Diagnostic[] {
    const isFileRef = (d: Diagnostic) => d.rule === 'ref-unresolved' && !/^['"]?#/.test(d.doc.source.slice(d.offset, d.offset + 2));
    const fileRefs = found.filter(isFileRef);
    if (fileRefs.length === 0) return found;
    const note: Diagnostic = {
      ...fileRefs[0], rule: 'ref-unresolved', severity: 'information', fixes: [], related: [], tags: [],
      message: 'This document is not saved yet: references to other files are followed once it is saved in a folder.',
    };
    return [...found.filter((d) => !isFileRef(d)), note];
  }

  /** A remote document's fetch ended: it is read again, and every root that reads it checked again. */
  remoteSettled(url: string): void {
    this.changedFile(url);
  }

  private changedFile(filePath: string): void {
    this.session.invalidate(filePath);
    this.dirty.add(filePath);
    this.schedule();
  }

  /** A document opened in the editor: parsed at once when small, checked after the debounce. */
  documentOpened(uri: string, version: number, text: string): void {
    const filePath = uriToPath(uri);
    if (!filePath) return;
    this.closedFiles.delete(filePath);
    this.scheduler.edited(filePath);
    this.session.opened({ uri, path: filePath, version, text });
    this.workspaceCheck.opened(filePath);
    this.dirty.add(filePath);
    this.schedule();
  }

  /**
   * An edit: applied at once (reparsing what it touched), the work under way stopped (the trees
   * change in place), and the check scheduled; an edit that only moved the findings publishes them.
   */
  documentChanged(uri: string, version: number | null | undefined, contentChanges: unknown): void {
    const { session, connection } = this;
    const doc = session.open.get(uri);
    if (!doc) return;
    if (typeof version === 'number' && version <= doc.version) {
      connection.console.warn(`ignored a change to ${uri} for version ${version}: the document is at version ${doc.version}`);
      return;
    }
    if (!Array.isArray(contentChanges) || contentChanges.some((c) => typeof c?.text !== 'string')) {
      connection.console.error(`ignored a malformed change to ${uri} (version ${version}): a change without text`);
      return;
    }
    const applying = performance.now();
    // The trees change in place: work under way must not go on with them.
    this.scheduler.edited(doc.path);
    const interrupted = this.stopRunning();
    this.typingHold.edited(doc.path, contentChanges as ContentChange[]);
    const outcome = session.applyChanges(doc, contentChanges as ContentChange[]);
    mark('change applied', { uri, version, outcome, ms: Math.round(performance.now() - applying) });
    doc.version = version ?? doc.version + 1;
    if (outcome === 'findings-unchanged' && !interrupted && !this.dirty.has(doc.path) && !this.pending) {
      // Nothing to re-check: publish the moved findings now, for this version.
      this.publish(doc.path);
      this.idle.worked();
      mark('published moved findings', { ms: Math.round(performance.now() - applying) });
      void this.segmentInSlices();
      return;
    }
    this.dirty.add(doc.path);
    this.schedule(applying);
  }

  /** A document closed: the files it read lose its findings; a file nothing open reads is cleared. */
  documentClosed(uri: string): void {
    const { session } = this;
    const open = session.open.get(uri);
    if (!open) return;
    for (const file of session.filesOf(open.path)) this.republish.add(file);
    this.scheduler.edited(open.path);
    session.results.delete(open.path);
    this.liveDiffs.forget(open.path);
    this.typingHold.forget(open.path);
    session.closed(uri);
    this.closedFiles.set(open.path, performance.now());
    if (isUnsaved(open.path)) {
      this.connection.sendDiagnostics({ uri, diagnostics: [] });
      this.republish.delete(open.path);
      session.store.forget(open.path);
      return;
    }
    this.dirty.add(open.path);
    this.schedule();
    this.workspaceCheck.closed(open.path);
  }

  /** Files changed on disk (`workspace/didChangeWatchedFiles`): indexed again, and checked again unless open. */
  watchedFilesChanged(changes: readonly FileEvent[]): void {
    const fileChanges = watchedFileChanges(changes);
    this.workspaceFiles.filesChanged(fileChanges);
    this.workspaceCheck.filesChanged(fileChanges.map((c) => c.path));
    for (const change of changes) {
      const filePath = uriToPath(change.uri);
      if (!filePath || this.session.openDocument(filePath)) continue;
      if (change.type === FileChangeType.Deleted || change.type === FileChangeType.Changed || change.type === FileChangeType.Created) this.changedFile(filePath);
    }
  }
}
