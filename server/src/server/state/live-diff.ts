// Breaking changes while typing: each open root inside a git repository is compared with its
// version at a base revision (the `openapi30.breakingChanges.base` setting), after each check of
// the root, and the changes are published with the root's findings, on the lines that break.
// The base is read with git in child processes (io/git-async.ts) and parsed in the background
// lane: the message loop never waits for git. It is read once per (root, base commit) and kept in
// a DiffSession (diff/session.ts).
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { parse as parseYamlValue } from 'yaml';
import { findConfigFile } from '../../check/config';
import { isRemoteLocation } from '../../model/location';
import { DiffConfig, EMPTY_DIFF_CONFIG, readDiffConfig } from '../../diff/config';
import { KIND_IDS } from '../../diff/kinds/index';
import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver/node';
import { deprecateInsteadOfRemoving, RESTORABLE_KINDS } from '../../diff/deprecate-fix';
import { placeOf } from '../../diff/engine';
import { DiffSession, EditedNode } from '../../diff/session';
import { createSide } from '../../diff/side';
import { Change, Place } from '../../diff/types';
import { baseRevision, gitDirectory, readCommittedFile, watchGitDirectory } from '../../io/git-async';
import { Revision } from '../../io/git';
import { readTextFile } from '../../io/read-file';
import { DocumentStore, FileRead, isLoadFailure, SourceDocument } from '../../model/documents';
import { parseRef } from '../../model/ref';
import { refFilePath } from '../../model/resolve';
import { Steps } from '../../syntax/steps';
import { SyntaxNode } from '../../syntax/tree';
import { rangeOf, toLspEdits } from '../lsp-types';
import { mark } from '../runtime/marks';
import { MAX_PUBLISHED_PER_FILE } from '../runtime/tuning';
import { isUnsaved, Session } from './session';

/** Files of one base version read at most: a bound on git processes per root and base commit. */
const MAX_BASE_FILES = 200;
/**
 * How often the base revision is asked for again (a commit, a checkout moves it): each time is up
 * to six git processes, and starting one holds the loop 4-9 ms in a server of 250-500 MB, so while
 * a watch of the repository's git folder reports those changes, only rarely (it misses a branch
 * moved without touching that folder's own files, as `git branch -f` does).
 */
const BASE_RECHECK_MS = 10_000;
const BASE_RECHECK_WATCHED_MS = 120_000;
/** How long a burst of changes under `.git` is gathered before the bases are asked for again. */
const REPOSITORY_SETTLE_MS = 300;
/** Edits kept between two diffs of a root; past it the next diff compares everything (as cheap by then). */
const MAX_EDITS_BETWEEN_DIFFS = 1000;

interface RootDiff {
  /** The base as last read, with the session that diffs against it and the configuration's levels it uses. */
  base?: { revision: Revision; session: DiffSession; levels: string };
  /** Set while the base is being read. */
  reading?: Promise<void>;
  /** When the base revision was last asked for (performance.now()). */
  askedAt: number;
  /** The repository changed while the base was being read: ask again when that read ends. */
  askAgain?: boolean;
  /**
   * The last diff's changes by the file they are placed in (edits move a place, never to another
   * file), at most MAX_PUBLISHED_PER_FILE each, breaking ones first; places are taken from their
   * nodes when published.
   */
  changes: Map<string, Change[]>;
  /** The documents the last diff read, as edited since (each reparse in place moves its entry on). */
  read: Map<string, SourceDocument>;
  /** The nodes edits replaced in them since the last diff; undefined when unknown (compare everything). */
  edits: EditedNode[] | undefined;
}

export class LiveDiffs {
  /** `openapi30.breakingChanges.base`: "" the default branch's merge-base, "off", or a revision. */
  private setting = '';
  private readonly roots = new Map<string, RootDiff>();

  /** `baseRead(root)`: a base was read (or found gone) outside a check: the root's changes to publish. */
  constructor(
    private readonly session: Session,
    private readonly baseRead: (root: string) => void,
    private readonly log: (message: string) => void,
  ) {
    // Told of each edit reparsed in place, after whoever listened before (the workspace index).
    const previous = session.onReparsed;
    session.onReparsed = (before, after, edit, reparsed) => {
      previous?.(before, after, edit, reparsed);
      this.edited(before, after, reparsed.replaced);
    };
  }

  /** An edit reparsed in place: the roots whose last diff read the document remember what it replaced. */
  private edited(before: SourceDocument, after: SourceDocument, replaced: SyntaxNode): void {
    for (const state of this.roots.values()) {
      if (state.read.get(before.path) !== before) continue;
      state.read.set(before.path, after);
      if (state.edits && state.edits.length < MAX_EDITS_BETWEEN_DIFFS) state.edits.push({ replaced });
      else state.edits = undefined;
    }
  }

  /** A new setting: every base is read again. */
  setBase(setting: unknown): void {
    const value = typeof setting === 'string' ? setting.trim() : '';
    if (value === this.setting) return;
    this.setting = value;
    this.roots.clear();
    this.unwatchRepositories();
  }

  /**
   * A repository's git folder changed (a commit, a checkout, a reset): every root's base is asked
   * for again now, not at its next check, so that a commit clears the changes it committed without
   * another edit. Events come in bursts (a commit writes the index, a ref, the logs): they are
   * gathered for a moment first. (VS Code's file watcher does not report changes under `.git` to
   * extensions' glob watchers, so the server watches the folder itself.)
   */
  private repositoryChanged(): void {
    if (this.off || this.repositoryTimer) return;
    this.repositoryTimer = setTimeout(() => {
      this.repositoryTimer = undefined;
      if (this.off || !this.session.trust.isTrusted) return;
      for (const [root, state] of this.roots) {
        if (state.reading) state.askAgain = true;
        else this.readBase(root, state);
      }
    }, REPOSITORY_SETTLE_MS);
    this.repositoryTimer.unref?.();
  }

  private repositoryTimer: ReturnType<typeof setTimeout> | undefined;

  /** A root closed: its base and changes go. */
  forget(root: string): void {
    this.roots.delete(root);
    for (const [gitDir, watched] of this.repositories) {
      if (!watched.roots.delete(root) || watched.roots.size > 0) continue;
      watched.stop?.();
      this.repositories.delete(gitDir);
    }
  }

  /** The git folders watched, each with the roots whose bases it holds. */
  private readonly repositories = new Map<string, { stop?: () => void; roots: Set<string> }>();

  private async watchRepository(root: string, top: string): Promise<void> {
    const gitDir = await gitDirectory(top);
    if (!gitDir || !this.roots.has(root)) return;
    let watched = this.repositories.get(gitDir);
    if (!watched) {
      const entry: { stop?: () => void; roots: Set<string> } = { roots: new Set() };
      // A watch that ended by itself reports nothing more: its roots go back to asking every 10 s.
      entry.stop = watchGitDirectory(gitDir, () => this.repositoryChanged(), () => (entry.stop = undefined));
      this.repositories.set(gitDir, (watched = entry));
    }
    watched.roots.add(root);
  }

  /** Whether a watch of its repository's git folder reports commits and checkouts for the root. */
  private watched(root: string): boolean {
    for (const watched of this.repositories.values()) if (watched.stop && watched.roots.has(root)) return true;
    return false;
  }

  private unwatchRepositories(): void {
    for (const watched of this.repositories.values()) watched.stop?.();
    this.repositories.clear();
  }

  private get off(): boolean {
    return this.setting === 'off';
  }

  /**
   * After a check of `root`: the base's reading started, or its revision asked for again now and
   * then (a commit or a checkout moves it). The diff itself runs in `diffSteps`.
   */
  afterCheck(root: string): void {
    // git reads a repository's configuration, which can name programs to run: not in a workspace
    // the user has not trusted (VS Code's own git support waits for trust too).
    // A fetched remote document (its read-only view opened as a root) has no git history here.
    if (this.off || isUnsaved(root) || isRemoteLocation(root) || !this.session.trust.isTrusted) return;
    let state = this.roots.get(root);
    if (!state) this.roots.set(root, (state = { askedAt: -Infinity, changes: new Map(), read: new Map(), edits: undefined }));
    const every = this.watched(root) ? BASE_RECHECK_WATCHED_MS : BASE_RECHECK_MS;
    if (!state.reading && performance.now() - state.askedAt > every) this.readBase(root, state);
  }

  /**
   * The diffs of checked roots against their bases, in steps: a check run runs them after its
   * checks and before it publishes, under its signal (every change stops it).
   */
  *diffSteps(roots: readonly string[]): Steps<void> {
    for (const root of roots) {
      const state = this.roots.get(root);
      if (state) yield* this.diffRootSteps(root, state);
    }
  }

  /** A diff outside a check run (a base was read): in the background lane, stopped by any edit; then published. */
  private async diffAndPublish(root: string, state: RootDiff): Promise<void> {
    const { scheduler } = this.session;
    const done = await scheduler.run('background', this.diffRootSteps(root, state), { signal: scheduler.untilEdit() });
    // Stopped by an edit: the check that edit schedules diffs the root and publishes.
    if (done) this.baseRead(root);
  }

  /** Whether it ran to the end with the root's current base. */
  private *diffRootSteps(root: string, state: RootDiff): Steps<boolean> {
    const doc = this.session.modelOf(root);
    if (!state.base || !doc || !doc.root) {
      state.changes = new Map();
      return true;
    }
    const started = performance.now();
    // Only the operations the edits touched are compared again, when every document the last diff
    // read is the one it read, edited in place; a document parsed anew (or read from disk again)
    // has new nodes the edits do not name: everything is compared.
    const unchanged = [...state.read].every(([file, read]) => this.session.store.cached(file) === read);
    const edits = unchanged && state.read.size > 0 ? state.edits : undefined;
    const next = createSide(this.session.store, doc);
    const { session } = state.base;
    const result = yield* session.rediffSteps(next, edits);
    // A newer base arrived meanwhile: its own diff follows.
    if (state.base?.session !== session) return false;
    state.changes = byFile(result.changes, doc);
    state.read = new Map([...next.documents()].map((d) => [d.path, d]));
    state.edits = [];
    for (const crash of result.crashes) this.log(`change kind ${crash.kind} failed: ${crash.error}`);
    const ms = Math.round(performance.now() - started);
    mark('diffed', { root, changes: result.changes.length, incremental: edits !== undefined, compared: session.compared, ms });
    return true;
  }

  private readBase(root: string, state: RootDiff): void {
    state.askedAt = performance.now();
    mark('base asked', { root });
    const setting = this.setting;
    state.reading = this.readBaseAsync(root, state, setting)
      .catch((e) => this.log(`cannot read the base of ${root} for breaking changes: ${(e as Error).message}`))
      .finally(() => {
        state.reading = undefined;
        if (state.askAgain && this.roots.get(root) === state) {
          state.askAgain = false;
          this.readBase(root, state);
        }
      });
  }

  private async readBaseAsync(root: string, state: RootDiff, setting: string): Promise<void> {
    const revision = await baseRevision(path.dirname(root), setting);
    const current = () => this.roots.get(root) === state && this.setting === setting;
    if (!current()) return;
    if (revision && ![...this.repositories.values()].some((w) => w.roots.has(root))) await this.watchRepository(root, revision.root);
    if (!current()) return;
    if (!revision) {
      mark('no base', { root });
      const had = state.base !== undefined;
      state.base = undefined;
      state.changes = new Map();
      if (had) this.baseRead(root);
      return;
    }
    const config = diffConfigOf(root);
    const levels = JSON.stringify([...config.levels]);
    if (state.base?.revision.commit === revision.commit) {
      if (state.base.levels === levels) return;
      // The configuration file changed the kinds' levels: the same base, compared again.
      state.base = { revision, session: new DiffSession(state.base.session.base, { config }), levels };
      state.edits = undefined;
      await this.diffAndPublish(root, state);
      return;
    }
    const base = await this.loadBase(root, revision);
    if (!current()) return;
    state.base = base && { revision, session: new DiffSession(createSide(base.store, base.root), { config }), levels };
    state.edits = undefined;
    mark('base read', { root, ref: revision.ref, files: base?.files ?? 0 });
    await this.diffAndPublish(root, state);
  }

  /**
   * The root as committed and the files its `$ref`s reach, read with git and parsed in the
   * background lane; undefined when the root is not in the revision.
   */
  private async loadBase(root: string, revision: Revision) {
    const reads = new Map<string, FileRead>();
    const store = new DocumentStore({
      read: (file) => reads.get(path.resolve(file)) ?? { reason: 'missing', message: `${revision.ref}:${file} was not read.` },
    });
    const queue = [path.resolve(root)];
    let rootDoc: SourceDocument | undefined;
    while (queue.length > 0 && reads.size < MAX_BASE_FILES) {
      const file = queue.shift()!;
      if (reads.has(file)) continue;
      reads.set(file, await readCommittedFile(revision, file, this.session.maxFileBytes));
      const loaded = await this.session.scheduler.run('background', store.loadSteps(file));
      if (!loaded || isLoadFailure(loaded)) continue;
      if (file === path.resolve(root)) rootDoc = loaded;
      for (const target of referencedFiles(loaded)) if (!reads.has(target)) queue.push(target);
    }
    return rootDoc && { store, root: rootDoc, files: reads.size };
  }

  /** The changes placed in a file, as the editor shows them. */
  diagnosticsIn(filePath: string): LspDiagnostic[] {
    return [...this.changesIn(filePath)].map(({ diagnostic }) => diagnostic);
  }

  private *changesIn(filePath: string) {
    for (const state of this.roots.values()) {
      if (!state.base) continue;
      for (const change of state.changes.get(filePath) ?? []) {
        const place = this.placeInEditor(change);
        if (!place) continue;
        yield { change, place, base: state.base, diagnostic: this.toDiagnostic(change, place, state.base.revision) };
      }
    }
  }

  /** Where a change is now: from its node (an edit since the diff moved it), in the file's current model. */
  private placeInEditor(change: Change): Place | undefined {
    const spot = change.spots?.new;
    const place = spot ? placeOf(spot) : change.new;
    if (!place) return undefined;
    const doc = this.session.modelOf(place.doc.path) ?? place.doc;
    return { ...place, doc };
  }

  private toDiagnostic(change: Change, place: Place, revision: Revision): LspDiagnostic {
    return {
      range: rangeOf(place.doc, place.offset, place.length),
      // Warning, not Error: a breaking change may be the one the user means to make, and the
      // Problems view should not turn red for it.
      severity: change.level === 'breaking' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
      code: change.kind,
      codeDescription: { href: kindDocUri(change.kind) },
      source: 'openapi-diff',
      message: `${change.message} (compared with ${revision.ref})`,
    };
  }

  /** "Deprecate instead of removing" on the removals whose diagnostics touch `range`. */
  restoreActions(uri: string, filePath: string, range: Range): CodeAction[] {
    const actions: CodeAction[] = [];
    for (const { change, place, base, diagnostic } of this.changesIn(filePath)) {
      if (!RESTORABLE_KINDS.has(change.kind) || !overlaps(diagnostic.range, range)) continue;
      const edit = deprecateInsteadOfRemoving(change, base.session.base, place.doc);
      if (!edit) continue;
      actions.push({
        title: 'Deprecate instead of removing',
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [uri]: toLspEdits(place.doc, [edit]) } },
      });
    }
    return actions;
  }
}

/**
 * The changes the editor shows (not info), by the file each is placed in, at most
 * MAX_PUBLISHED_PER_FILE a file. One with no place in the new version (the whole `servers` list
 * went) is shown on the root's first key: the editor shows only what is in the new text.
 */
function byFile(changes: readonly Change[], root: SourceDocument): Map<string, Change[]> {
  const files = new Map<string, Change[]>();
  const first = root.root?.children?.[0];
  const top: Place = { doc: root, offset: first && first.keyOffset >= 0 ? first.keyOffset : 0, length: first?.keyLength ?? 0 };
  for (let change of changes) {
    if (change.level === 'info') continue;
    if (!change.spots?.new && !change.new) change = { ...change, new: top };
    const file = (change.spots?.new ? placeOf(change.spots.new) : change.new)!.doc.path;
    let list = files.get(file);
    if (!list) files.set(file, (list = []));
    if (list.length < MAX_PUBLISHED_PER_FILE) list.push(change);
  }
  return files;
}

/** Where each change kind's page is, next to the bundled server (docs/diff/<id>.md), as for rules. */
function kindDocUri(kind: string): string {
  return pathToFileURL(path.join(__dirname, '..', 'docs', 'diff', `${kind}.md`)).href;
}

/** A configuration file is a few settings: anything larger is not one. */
const CONFIG_MAX_BYTES = 1024 * 1024;

/**
 * The `diff` section of the configuration file the root's checks read (the nearest
 * `.openapi-check.json/.yaml` above it); a broken one counts as none (the CLI reports it).
 */
function diffConfigOf(root: string): DiffConfig {
  const file = findConfigFile(path.dirname(root), (f) => fs.existsSync(f), path.join, path.dirname);
  const read = file ? readTextFile(file, CONFIG_MAX_BYTES) : undefined;
  if (!file || !read || !('text' in read)) return EMPTY_DIFF_CONFIG;
  try {
    return readDiffConfig(file.endsWith('.json') ? JSON.parse(read.text) : parseYamlValue(read.text), KIND_IDS).config;
  } catch {
    return EMPTY_DIFF_CONFIG;
  }
}

const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character < b.character);
const overlaps = (a: Range, b: Range) => !before(a.end, b.start) && !before(b.end, a.start);

/** The files a document's `$ref`s name (each once), in one walk of its tree. */
function referencedFiles(doc: SourceDocument): Set<string> {
  const files = new Set<string>();
  const stack: SyntaxNode[] = doc.root ? [doc.root] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!node.children) continue;
    for (const child of node.children) {
      if (child.key === '$ref' && child.kind === 'string' && node.kind === 'object') {
        const parsed = parseRef(child.value as string);
        if (parsed.form === 'file') files.add(refFilePath(doc, parsed));
      } else if (child.children) stack.push(child);
    }
  }
  return files;
}
