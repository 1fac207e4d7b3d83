// Keeping diagnostics current: document sync, watched files, and the checks they schedule. A check
// runs in slices and looks at the message queue between them; a newer change stops it.
import { Connection, FileChangeType } from 'vscode-languageserver/node';
import { Session, uriToPath } from './session';
import { toLspDiagnostic } from './convert';
import { watchedFileChanges, WorkspaceFiles } from './workspace';

// Short: a check that has started stops when the next edit arrives, so starting early costs little.
const DEBOUNCE_MS = 50;
/** Work between two looks at the message queue while checking. */
const SLICE_MS = 20;
/** OPENAPI_TRACE_TIMING=1: phase timings on stderr (for npm run bench and profiling). */
const traceTiming = process.env.OPENAPI_TRACE_TIMING === '1';
const timing = (label: string, start: number) => {
  if (traceTiming) process.stderr.write(`[timing] ${label} ${Math.round(performance.now() - start)} ms\n`);
};

/** Lets queued messages (a newer edit) in between slices of a check. */
const yieldToMessages = () => new Promise<void>((resolve) => setImmediate(resolve));

export class CheckScheduler {
  private pending: NodeJS.Timeout | undefined;
  private readonly dirty = new Set<string>();
  constructor(private readonly connection: Connection, private readonly session: Session, private readonly workspaceFiles: WorkspaceFiles) {
    this.register();
  }

  /** The check under way, if any; a newer change stops it between two slices of work. */
  private running: { stopped: boolean; changed: string[] } | undefined;

  /** Stops the check under way; its files are checked again with the next run. */
  private stopRunning(): boolean {
    if (!this.running || this.running.stopped) return false;
    this.running.stopped = true;
    for (const file of this.running.changed) this.dirty.add(file);
    return true;
  }

  private schedule(): void {
    this.stopRunning();
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.runChecks(), DEBOUNCE_MS);
  }

  /** Runs a root's check in slices of SLICE_MS; false when a newer change stopped it. */
  private async checkInSlices(root: string, run: { stopped: boolean }): Promise<boolean> {
    const started = performance.now();
    if (traceTiming) process.stderr.write(`[timing] check started\n`);
    const steps = this.session.checkSteps(root);
    let sliceStart = started;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        for (const crash of step.value.crashes) this.connection.console.error(`rule ${crash.rule} failed at ${crash.where}: ${crash.error}`);
        timing(`check (findings of ${step.value.keptObjects ?? 0} of ${step.value.analysis?.objects.length ?? 0} objects kept)`, started);
        return true;
      }
      if (performance.now() - sliceStart < SLICE_MS) continue;
      await yieldToMessages();
      if (run.stopped) {
        timing('check stopped by a newer change', started);
        return false;
      }
      sliceStart = performance.now();
    }
  }

  /** Re-checks every root that reads a changed file, then publishes the files those roots touch. */
  private async runChecks(): Promise<void> {
    this.pending = undefined;
    const changed = [...this.dirty];
    this.dirty.clear();
    const run = { stopped: false, changed };
    this.running = run;
    const roots = new Set<string>();
    for (const file of changed) for (const root of this.session.rootsReading(file)) roots.add(root);
    const openRoots = new Set(this.session.roots());
    for (const file of changed) if (openRoots.has(file)) roots.add(file);
    const toPublish = new Set<string>(changed);
    for (const root of roots) {
      for (const file of this.session.filesOf(root)) toPublish.add(file);
      if (!openRoots.has(root)) {
        this.session.results.delete(root);
        continue;
      }
      try {
        if (!(await this.checkInSlices(root, run))) return;
      } catch (e) {
        this.session.results.delete(root);
        this.connection.console.error(`checking ${root} failed: ${(e as Error).stack}`);
      }
      for (const file of this.session.filesOf(root)) toPublish.add(file);
    }
    if (this.running === run) this.running = undefined;
    const publishing = performance.now();
    for (const file of toPublish) this.publish(file);
    timing('publish', publishing);
    if (traceTiming) process.stderr.write(`[timing] published at ${Math.round(performance.timeOrigin + performance.now())}\n`);
  }

  private publish(filePath: string): void {
    const uri = this.session.uriOf(filePath);
    const diagnostics = this.session.diagnosticsIn(filePath).map((d) => toLspDiagnostic(d, (p) => this.session.uriOf(p)));
    const open = [...this.session.open.values()].find((d) => d.path === filePath);
    this.connection.sendDiagnostics({ uri, version: open?.version, diagnostics });
  }

  private changedFile(filePath: string): void {
    this.session.invalidate(filePath);
    this.dirty.add(filePath);
    this.schedule();
  }

  /** Every open root is checked again (settings changed). */
  recheckAll(): void {
    for (const root of this.session.roots()) this.dirty.add(root);
    this.schedule();
  }

  private register(): void {
    const { connection, session, workspaceFiles } = this;
    connection.onDidOpenTextDocument(({ textDocument }) => {
      const filePath = uriToPath(textDocument.uri);
      if (!filePath) return;
      session.open.set(textDocument.uri, { uri: textDocument.uri, path: filePath, version: textDocument.version, text: textDocument.text });
      this.changedFile(filePath);
    });

    connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
      const doc = session.open.get(textDocument.uri);
      if (!doc) return;
      const applying = performance.now();
      if (traceTiming) process.stderr.write(`[timing] didChange v${textDocument.version} arrived at ${Math.round(performance.timeOrigin + applying)}\n`);
      // The trees change in place: a check under way must not go on with them.
      const interrupted = this.stopRunning();
      const outcome = session.applyChanges(doc, contentChanges);
      timing('apply changes', applying);
      doc.version = textDocument.version;
      if (outcome === 'findings-unchanged' && !interrupted && !this.dirty.has(doc.path) && !this.pending) {
        // Nothing to re-check: publish the moved findings now, for this version.
        this.publish(doc.path);
        timing('published moved findings', applying);
        return;
      }
      this.dirty.add(doc.path);
      this.schedule();
    });

    connection.onDidCloseTextDocument(({ textDocument }) => {
      const doc = session.open.get(textDocument.uri);
      if (!doc) return;
      session.open.delete(textDocument.uri);
      session.results.delete(doc.path);
      // Back to the file on disk; a closed root's own diagnostics go away.
      this.changedFile(doc.path);
    });

    connection.onDidChangeWatchedFiles(({ changes }) => {
      workspaceFiles.filesChanged(watchedFileChanges(changes));
      for (const change of changes) {
        const filePath = uriToPath(change.uri);
        if (!filePath || [...session.open.values()].some((d) => d.path === filePath)) continue;
        if (change.type === FileChangeType.Deleted || change.type === FileChangeType.Changed || change.type === FileChangeType.Created) this.changedFile(filePath);
      }
    });
  }
}
