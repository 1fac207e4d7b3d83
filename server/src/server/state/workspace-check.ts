// "Check the Whole Workspace": every OpenAPI root of the workspace folders that is not open is
// checked (open roots are the session's), and its findings are published for its files, open or
// not, beside what open roots report. Once asked for, it is kept sensible as files come and go:
// a root opened is the session's again (its closed-check findings go); a file opened loses the
// closed roots' findings in it (their places would drift as it is edited) and those roots are
// checked again once it is closed; a file changed on disk has the closed roots that read it
// checked again. Each root is checked with a store of its own, dropped after it: the models of
// closed files are not kept, only their findings as LSP diagnostics (positions already computed).
import { Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { checkDocumentSteps } from '../../check/checker';
import { Diagnostic } from '../../check/types';
import { DocumentStore } from '../../model/documents';
import { RULES } from '../../rules/index';
import { Steps } from '../../syntax/steps';
import { toLspDiagnostic } from '../lsp-types';
import { MAX_PUBLISHED_PER_FILE } from '../runtime/tuning';
import { Session } from './session';
import { WorkspaceFiles } from './workspace';

const SEVERITY_ORDER = { error: 0, warning: 1, information: 2, hint: 3 };

/** One closed root's last check: its findings per file it read (files without findings included). */
interface ClosedRootFindings {
  byFile: Map<string, LspDiagnostic[]>;
}

export interface WorkspaceCheckSummary {
  /** Every root of the workspace, open or not. */
  roots: number;
  /** The closed roots checked by this run. */
  checked: number;
  /** Files with findings from the closed roots checked. */
  filesWithFindings: number;
  findings: number;
  cancelled: boolean;
}

export class WorkspaceCheck {
  /** Whether the user asked for it: from then on closed roots are kept checked as files change. */
  private active = false;
  private readonly byRoot = new Map<string, ClosedRootFindings>();
  /** Per file, the closed roots whose findings in it are kept: a publish looks at those only. */
  private readonly rootsByFile = new Map<string, Set<string>>();
  /** Closed roots whose findings in an open file were dropped: checked again when it closes. */
  private readonly suspended = new Map<string, Set<string>>();
  private readonly queue = new Set<string>();
  private draining = false;

  constructor(
    private readonly session: Session,
    private readonly workspaceFiles: WorkspaceFiles,
    /** Publishes files again (their diagnostics: the session's plus `diagnosticsIn`). */
    private readonly republish: (files: Iterable<string>) => void,
  ) {}

  /** The closed roots' findings in a file, without those `shown` already holds. */
  diagnosticsIn(filePath: string, shown: readonly LspDiagnostic[]): LspDiagnostic[] {
    const roots = this.rootsByFile.get(filePath);
    if (!roots) return [];
    const seen = new Set(shown.map(diagnosticKey));
    const found: LspDiagnostic[] = [];
    for (const root of roots) {
      for (const d of this.byRoot.get(root)?.byFile.get(filePath) ?? []) {
        const key = diagnosticKey(d);
        if (!seen.has(key)) seen.add(key), found.push(d);
      }
    }
    return found;
  }

  /** The roots of the workspace index, the open ones first (no need to check those). */
  private workspaceRoots(): { open: string[]; closed: string[] } {
    const open: string[] = [];
    const closed: string[] = [];
    for (const file of this.workspaceFiles.index.all()) {
      if (!file.root) continue;
      (this.session.openDocument(file.path) ? open : closed).push(file.path);
    }
    return { open, closed: closed.sort() };
  }

  /**
   * Checks every closed root, in steps (one root's parse and check per few slices); `progress` is
   * told after each root. Stopped by the caller's signal between roots: what was checked stays.
   */
  *runSteps(progress: (done: number, total: number, root: string) => void, cancelled: () => boolean): Steps<WorkspaceCheckSummary> {
    this.active = true;
    const { open, closed } = this.workspaceRoots();
    const summary: WorkspaceCheckSummary = { roots: open.length + closed.length, checked: 0, filesWithFindings: 0, findings: 0, cancelled: false };
    const withFindings = new Set<string>();
    for (const root of closed) {
      if (cancelled()) {
        summary.cancelled = true;
        break;
      }
      progress(summary.checked, closed.length, root);
      const record = yield* this.checkClosedRootSteps(root);
      summary.checked++;
      if (!record) continue;
      for (const [file, list] of record.byFile) {
        if (list.length > 0) withFindings.add(file);
        summary.findings += list.length;
      }
    }
    summary.filesWithFindings = withFindings.size;
    return summary;
  }

  /** Checks one closed root with a store of its own; its files are published again. */
  private *checkClosedRootSteps(root: string): Steps<ClosedRootFindings | undefined> {
    const before = this.byRoot.get(root);
    if (this.session.openDocument(root)) return undefined;
    const store = new DocumentStore(this.session.fileSource());
    yield* store.loadSteps(root);
    const result = yield* checkDocumentSteps(store, root, {
      rules: RULES, config: this.session.configFor(root), skipNonOpenApi: true, workspace: this.session.workspace,
    });
    // Opened while it was checked: the session checks it now.
    if (this.session.openDocument(root)) return undefined;
    const grouped = new Map<string, Diagnostic[]>();
    const files = result.analysis ? [...result.analysis.documents.map((d) => d.path), ...result.analysis.files] : [root];
    for (const file of files) grouped.set(file, []);
    for (const d of result.diagnostics) {
      let list = grouped.get(d.doc.path);
      if (!list) grouped.set(d.doc.path, (list = []));
      list.push(d);
    }
    const byFile = new Map<string, LspDiagnostic[]>();
    for (const [file, list] of grouped) {
      // An open file's own check speaks for it (see `opened`): it is checked again once closed.
      if (this.session.openDocument(file)) {
        this.suspend(file, root);
        continue;
      }
      byFile.set(file, mostSevere(list).map((d) => toLspDiagnostic(d, (p) => this.session.uriOf(p))));
    }
    const record = { byFile };
    this.setRecord(root, record);
    this.republish(new Set([...(before?.byFile.keys() ?? []), ...byFile.keys()]));
    return record;
  }

  private setRecord(root: string, record: ClosedRootFindings): void {
    this.deleteRecord(root);
    this.byRoot.set(root, record);
    for (const file of record.byFile.keys()) {
      let roots = this.rootsByFile.get(file);
      if (!roots) this.rootsByFile.set(file, (roots = new Set()));
      roots.add(root);
    }
  }

  private deleteRecord(root: string): ClosedRootFindings | undefined {
    const record = this.byRoot.get(root);
    if (!record) return undefined;
    this.byRoot.delete(root);
    for (const file of record.byFile.keys()) {
      const roots = this.rootsByFile.get(file);
      roots?.delete(root);
      if (roots?.size === 0) this.rootsByFile.delete(file);
    }
    return record;
  }

  private suspend(file: string, root: string): void {
    let roots = this.suspended.get(file);
    if (!roots) this.suspended.set(file, (roots = new Set()));
    roots.add(root);
  }

  /** A file opened in the editor: a closed root's findings in it go (and all of a root that is now open). */
  opened(filePath: string): void {
    const touched = new Set<string>();
    const own = this.deleteRecord(filePath);
    if (own) for (const file of own.byFile.keys()) touched.add(file);
    for (const root of [...(this.rootsByFile.get(filePath) ?? [])]) {
      this.byRoot.get(root)?.byFile.delete(filePath);
      this.suspend(filePath, root);
      touched.add(filePath);
    }
    this.rootsByFile.delete(filePath);
    if (touched.size > 0) this.republish(touched);
  }

  /** A file closed: the closed roots that read it (and itself, a root of the workspace) are checked again. */
  closed(filePath: string): void {
    if (!this.active) return;
    const roots = this.suspended.get(filePath) ?? new Set<string>();
    this.suspended.delete(filePath);
    if (this.workspaceFiles.index.get(filePath)?.root) roots.add(filePath);
    for (const root of roots) this.queue.add(root);
    this.drain();
  }

  /** Files changed on disk: closed roots that read them are checked again; a deleted root's findings go. */
  filesChanged(filePaths: readonly string[]): void {
    if (!this.active) return;
    for (const file of filePaths) {
      if (this.byRoot.has(file)) this.queue.add(file);
      for (const root of this.rootsByFile.get(file) ?? []) this.queue.add(root);
    }
    this.drain();
  }

  /** Re-checks the queued roots one after the other in the background lane, after the checks of open roots. */
  private drain(): void {
    if (this.draining || this.queue.size === 0) return;
    this.draining = true;
    const next = (): void => {
      const root = this.queue.values().next().value as string | undefined;
      if (root === undefined) {
        this.draining = false;
        return;
      }
      this.queue.delete(root);
      const steps = this.recheckSteps(root);
      void this.session.scheduler.run('background', steps, { waitWhile: () => this.workspaceFiles.checksBusy() })
        .catch(() => undefined).finally(next);
    };
    next();
  }

  private *recheckSteps(root: string): Steps<void> {
    const stillRoot = this.workspaceFiles.index.get(root)?.root ?? false;
    if (!stillRoot) {
      const gone = this.deleteRecord(root);
      if (gone) this.republish(gone.byFile.keys());
      return;
    }
    yield* this.checkClosedRootSteps(root);
  }
}

/** The most severe findings of a file, at most as many as a file is shown. */
function mostSevere(found: Diagnostic[]): Diagnostic[] {
  if (found.length <= MAX_PUBLISHED_PER_FILE) return found;
  return [...found].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]).slice(0, MAX_PUBLISHED_PER_FILE);
}

function diagnosticKey(d: LspDiagnostic): string {
  const { start, end } = d.range;
  return `${start.line}:${start.character}-${end.line}:${end.character} ${String(d.code)} ${d.message}`;
}
