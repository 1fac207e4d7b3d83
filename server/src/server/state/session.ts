// The server's state: open documents over the disk, the roots being checked, their latest results.
import * as fs from 'fs';
import { RULE_IDS, RULES } from '../../rules/index';
import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';
import { parse as parseYamlValue } from 'yaml';
import { readTextFile } from '../../io/read-file';
import { documentStatus } from '../../model/analysis';
import { drain, Steps } from '../../syntax/steps';
import { DocumentStore, FileRead, FileSource, isLoadFailure, SourceDocument } from '../../model/documents';
import { Reparsed, reparseEdit, SEGMENTED_AT_ONCE_CHARS } from '../../syntax/incremental';
import { UniqueFindings } from '../../check/unique-findings';
import { shiftDiagnostics } from '../../check/shift';
import { changeOf, editOnlyMovesFindings, EditsSinceCheck } from '../../check/edit-planner';
import { carrySuppressions } from '../../check/suppressions';
import { layoutChanged, TextEdit } from '../../syntax/edit';
import { checkDocumentSteps, CheckResult } from '../../check/checker';
import { fixAllSteps } from '../../check/fix-all';
import { Config, findConfigFile, readConfig, RuleConfig } from '../../check/config';
import { Diagnostic } from '../../check/types';
import { LineIndex, lineIndexSteps, Position } from '../../syntax/line-index';
import { isSegmented, ParsedText, segmentTreeSteps } from '../../syntax/tree';
import { sourceOf } from '../../syntax/piece-text';
import type { WorkspaceUses } from '../../workspace/workspace-index';
import { WorkspaceTrust } from '../../io/trust';
import { Scheduler } from '../runtime/scheduler';
import { readRemotePolicy, RemotePolicy } from '../../io/remote-policy';
import { isRemoteLocation } from '../../model/location';
import { remoteUri, urlOfRemoteUri } from './remote-refs';
import { EditorFileSource, editorFileSource, isUnsaved, UNSAVED_FOLDER } from './editor-files';
import { mark } from '../runtime/marks';
import { FIX_ALL_MS, SYNC_PARSE_CHARS } from '../runtime/tuning';

export interface OpenDocument {
  uri: string;
  path: string;
  version: number;
  text: string;
}

/**
 * An open document as the server holds it. After an incremental edit its text is the parsed
 * version's (see syntax/piece-text.ts): joined into one string only when something reads it whole.
 */
class EditorDocument implements OpenDocument {
  private whole: string | undefined;
  private edited: ParsedText | undefined;

  constructor(readonly uri: string, readonly path: string, public version: number, text: string) {
    this.whole = text;
  }

  get text(): string {
    return (this.whole ??= this.edited!.text);
  }
  set text(text: string) {
    this.whole = text;
    this.edited = undefined;
  }

  /** The text is now this edited version's. */
  follow(parsed: ParsedText): void {
    this.edited = parsed;
    this.whole = parsed.source?.isJoined ? parsed.text : undefined;
  }

  get length(): number {
    return this.whole?.length ?? sourceOf(this.edited!).length;
  }

  /**
   * Whether a parsed version is of this text, without joining an edited one. A version parsed
   * again from this text (the store read `text`) holds the same string.
   */
  isTextOf(parsed: ParsedText): boolean {
    return this.edited === parsed || (this.whole !== undefined && this.whole === parsed.text);
  }
}

/** An open document's text length, without joining an edited version's text. */
function textLength(doc: OpenDocument): number {
  return doc instanceof EditorDocument ? doc.length : doc.text.length;
}

export interface ContentChange {
  range?: { start: Position; end: Position };
  text: string;
}

export { isUnsaved, UNSAVED_FOLDER } from './editor-files';

/**
 * The path a document is known by: its file, or for an unsaved buffer (`untitled:Untitled-1`) a
 * name in UNSAVED_FOLDER without an extension (its first character then tells JSON from YAML).
 */
export function uriToPath(uri: string): string | undefined {
  try {
    if (uri.startsWith('file:')) return fileURLToPath(uri);
    if (uri.startsWith('untitled:')) return path.join(UNSAVED_FOLDER, encodeURIComponent(uri.slice('untitled:'.length)));
    // A remote document the editor shows read only is known by its URL, as checks know it.
    return urlOfRemoteUri(uri);
  } catch {
    return undefined;
  }
}

/**
 * Applies LSP content changes (incremental or full) to a text; `lines`: the text's line index, if
 * one is at hand. Returns the new text and its line index (none after a whole-text change).
 */
export function applyContentChanges(text: string, changes: readonly ContentChange[], lines?: LineIndex): { text: string; lines: LineIndex | undefined } {
  let result = text;
  // One index, moved through the changes: many changes to a large text cost no more than one scan.
  for (const change of changes) {
    if (!change.range) {
      result = change.text;
      lines = undefined;
      continue;
    }
    lines ??= new LineIndex(result);
    const start = lines.offsetAt(change.range.start);
    const end = lines.offsetAt(change.range.end);
    result = result.slice(0, start) + change.text + result.slice(end);
    lines = lines.afterEdit(result, start, end - start, change.text);
  }
  return { text: result, lines };
}


/**
 * The line index of an open document's text after changes its model could not take in place,
 * kept for the next ones: while a large text is parsed again, every keystroke takes that path,
 * and indexing 2 MB anew for each took 40-130 ms of the didChange handler.
 */
const changedTextLines = new WeakMap<OpenDocument, LineIndex>();

/** Open documents by URI, and by path. */
class OpenDocuments extends Map<string, OpenDocument> {
  readonly byPath = new Map<string, OpenDocument>();
  override set(uri: string, doc: OpenDocument): this {
    const before = this.get(uri);
    if (before) this.byPath.delete(before.path);
    this.byPath.set(doc.path, doc);
    return super.set(uri, doc);
  }
  override delete(uri: string): boolean {
    const before = this.get(uri);
    if (before) this.byPath.delete(before.path);
    return super.delete(uri);
  }
  override clear(): void {
    this.byPath.clear();
    super.clear();
  }
}

/** Per check result, its findings by file, in order (findings move in place through edits, never between files). */
const findingsByFile = new WeakMap<CheckResult, Map<string, Diagnostic[]>>();

/**
 * A result's findings in one file. Publishing asks for each file a root reads: scanning every
 * finding for each of them cost files x findings (70 files of a $ref chain, 100,000 findings).
 */
function findingsIn(result: CheckResult, filePath: string): readonly Diagnostic[] {
  let byFile = findingsByFile.get(result);
  if (!byFile) {
    byFile = new Map();
    for (const d of result.diagnostics) {
      const list = byFile.get(d.doc.path);
      if (list) list.push(d);
      else byFile.set(d.doc.path, [d]);
    }
    findingsByFile.set(result, byFile);
  }
  return byFile.get(filePath) ?? [];
}

/** A file's text before and after fix-all, and the edits that make one the other (none overlapping). */
export interface FixAllText {
  before: string;
  after: string;
  edits: TextEdit[];
}

export class Session {
  /** Open documents by URI (`open.byPath` by path). */
  readonly open = new OpenDocuments();
  /** Results per checked root path. */
  readonly results = new Map<string, CheckResult>();
  store: DocumentStore;
  settingsRules = new Map<string, RuleConfig>();
  maxFileBytes = 20 * 1024 * 1024;
  /** The workspace's other descriptions, which checks consult (set by main.ts). */
  workspace: WorkspaceUses | undefined;
  /** Which files may be read: in an untrusted workspace, only those in its folders (set by main.ts). */
  readonly trust = new WorkspaceTrust();
  /** Remote documents: what checks read for a URL, and the URLs read so far (set by main.ts). */
  remote: { read(url: string): FileRead; remoteUrls(): string[] } | undefined;
  /** Told of every edit reparsed in place (the workspace index follows it; set by WorkspaceFiles). */
  onReparsed: ((before: SourceDocument, after: SourceDocument, edit: TextEdit, reparsed: Reparsed) => void) | undefined;
  private readonly configs = new Map<string, Config>();
  /** Per checked root: what changed in the trees it read since its last check. */
  private readonly sinceCheck = new Map<string, EditsSinceCheck>();

  /** `scheduler`: the driver of the session's work in the language server (a default one in tests). */
  constructor(readonly scheduler = new Scheduler()) {
    this.store = new DocumentStore(this.files());
  }

  /** The files as the session reads them: open documents' current text, others from disk (trust and size allowing). */
  fileSource(): FileSource {
    return this.files();
  }

  private files(): EditorFileSource {
    return editorFileSource({
      openText: (filePath) => this.open.byPath.get(filePath)?.text,
      refusal: (filePath) => this.trust.refusal(filePath),
      maxFileBytes: () => this.maxFileBytes,
      readRemote: (url) => this.remote?.read(url),
    });
  }

  uriOf(filePath: string): string {
    const open = this.open.byPath.get(filePath)?.uri;
    if (open) return open;
    return isRemoteLocation(filePath) ? remoteUri(filePath) : pathToFileURL(filePath).href;
  }

  /** `remoteRefs` of every configuration file read so far. */
  remotePolicies(): RemotePolicy[] {
    return [...this.configs.values()].flatMap((config) => (config.remoteRefs ? [config.remoteRefs] : []));
  }

  /** The open document of a path, if it is open. */
  openDocument(filePath: string): OpenDocument | undefined {
    return this.open.byPath.get(filePath);
  }

  opened(opened: OpenDocument): void {
    const doc = new EditorDocument(opened.uri, opened.path, opened.version, opened.text);
    this.open.set(doc.uri, doc);
    this.invalidate(doc.path);
    this.parseIfSmall(doc);
  }

  /**
   * A small text is parsed at once (a few milliseconds), so requests right after an open or an
   * edit see it; a larger one waits for the scheduler, which parses it in slices.
   */
  private parseIfSmall(doc: OpenDocument): void {
    if (textLength(doc) > SYNC_PARSE_CHARS) return;
    drain(this.store.loadSteps(doc.path));
  }

  closed(uri: string): OpenDocument | undefined {
    const doc = this.open.get(uri);
    if (!doc) return undefined;
    this.open.delete(uri);
    // Saved (or never changed) before it was closed: the model of its text is the file's. Parsed
    // again from the disk, a 2 MB root kept a request on it (references, a definition) waiting 2 s.
    if (!this.holdsTextOnDisk(doc.path)) this.invalidate(doc.path);
    return doc;
  }

  /** Whether a file's current model is of the text its file has on disk (one bounded read). */
  private holdsTextOnDisk(filePath: string): boolean {
    const model = this.store.cached(filePath);
    if (!model || isLoadFailure(model) || !this.store.isCurrent(filePath)) return false;
    // A remote document shown read only: what was fetched, not a file.
    const read = isRemoteLocation(filePath) ? this.files().readRemote(filePath) : this.files().read(filePath);
    return 'text' in read && read.text.length === model.textLength && read.text === model.text;
  }

  /** An open document too large to check (the openapi30.maxFileSize setting): parsed, not checked. */
  tooLarge(filePath: string): boolean {
    const open = this.open.byPath.get(filePath);
    return open !== undefined && textLength(open) > this.maxFileBytes;
  }

  /**
   * The last complete model of a file, for requests: never parses an open document (its newest
   * text is parsed in slices by the scheduler); a closed file is read and parsed if need be.
   */
  modelOf(filePath: string): SourceDocument | undefined {
    const entry = this.open.byPath.has(filePath) ? this.store.cached(filePath) : this.store.get(filePath);
    return entry && !isLoadFailure(entry) ? entry : undefined;
  }

  /** Whether a file's model is its current text (edits built from an older model would be wrong). */
  isCurrent(filePath: string): boolean {
    return this.store.isCurrent(filePath);
  }

  /**
   * Whether the findings in a file are of its current text. After an edit the roots reading it
   * must be checked again (unless the edit only moved them, in free text): until then its findings
   * are of the text before, and on the lines of that text. A file without findings has none to
   * misplace (a file no root reads any more is cleared, whatever its model).
   */
  findingsCurrent(filePath: string): boolean {
    const model = this.store.cached(filePath);
    if (model === undefined) return true;
    const current = this.store.isCurrent(filePath);
    for (const result of this.results.values()) {
      for (const finding of findingsIn(result, filePath)) if (!current || finding.doc !== model) return false;
    }
    return true;
  }

  /** A file changed (in the editor or on disk): its model is out of date until parsed again. */
  invalidate(filePath: string): void {
    this.store.invalidate(filePath);
    // A file a root's check named but did not read as a document (an empty one, with no tree): its
    // next text may be one, and nothing in the last check's trees tells (those of its documents
    // are compared when the check plans: edit-planner.ts sameTrees). That root is checked in full.
    for (const root of this.rootsReading(filePath)) {
      if (!this.results.get(root)?.analysis?.documents.some((doc) => doc.path === filePath)) this.sinceCheck.delete(root);
    }
    if (CONFIG_NAMES.has(path.basename(filePath))) {
      this.configs.clear();
      // Its `remoteRefs` may allow hosts, or no longer: every remote document is read again.
      for (const url of this.remote?.remoteUrls() ?? []) this.store.invalidate(url);
    }
  }

  /**
   * Applies an editor's changes to an open document. A single edit inside a one-line YAML scalar
   * or one block reuses the parsed tree (syntax/incremental.ts); anything else is parsed again on
   * demand.
   */
  applyChanges(doc: OpenDocument, changes: readonly ContentChange[]): 'findings-unchanged' | 'recheck' | 'full-parse' {
    const cached = this.store.cached(doc.path);
    const change = changes.length === 1 ? changes[0] : undefined;
    const current = cached && !isLoadFailure(cached) && (doc instanceof EditorDocument ? doc.isTextOf(cached.parsed) : cached.text === doc.text);
    if (change?.range && cached && !isLoadFailure(cached) && current) {
      const offset = cached.lineIndex.offsetAt(change.range.start);
      const end = cached.lineIndex.offsetAt(change.range.end);
      const edit = { offset, length: end - offset, newText: change.text };
      const reparsed = reparseEdit(cached.parsed, edit);
      if (reparsed) {
        if (doc instanceof EditorDocument) doc.follow(reparsed.parsed);
        else doc.text = reparsed.parsed.text;
        carrySuppressions(cached.parsed, reparsed.parsed, edit);
        const updated = new SourceDocument(doc.path, reparsed.parsed);
        this.store.replace(updated);
        this.onReparsed?.(cached, updated, edit, reparsed);
        // Free text that no rule reads (see readByRule): every root's findings stay and only move
        // (unless a re-check is due anyway: then its findings are moved through every edit at once).
        const roots = this.rootsReading(doc.path);
        // A new indent unit or line break: every finding's fix is written again (a full check).
        if (layoutChanged(cached.parsed, reparsed.parsed, edit)) {
          for (const root of roots) this.sinceCheck.delete(root);
          return 'recheck';
        }
        const lastChecks = roots.map((root) => ({ result: this.results.get(root)!, since: this.sinceCheck.get(root) }));
        if (roots.length > 0 && !reparsed.reshaped && editOnlyMovesFindings(lastChecks, RULES, doc.path, cached, reparsed, edit)) {
          shiftDiagnostics(lastChecks.map(({ result }) => result.perUnit?.values() ?? [result.diagnostics]), doc.path, updated, edit);
          for (const { result } of lastChecks) if (result.document?.path === doc.path) result.document = updated;
          return 'findings-unchanged';
        }
        for (const root of roots) {
          const analysis = this.results.get(root)?.analysis;
          this.sinceCheck.get(root)?.record(doc.path, edit, reparsed.replaced, reparsed.nodes, analysis && !reparsed.reshaped ? changeOf(analysis, reparsed.replaced, reparsed.nodes) : 'structure');
        }
        return 'recheck';
      }
    }
    const kept = changedTextLines.get(doc);
    const lines = current ? cached.lineIndex : kept?.text === doc.text ? kept : undefined;
    const applied = applyContentChanges(doc.text, changes, lines);
    doc.text = applied.text;
    if (applied.lines) changedTextLines.set(doc, applied.lines);
    else changedTextLines.delete(doc);
    this.invalidate(doc.path);
    this.parseIfSmall(doc);
    return 'full-parse';
  }

  /** The line index of a file's last model, built in steps (nothing to do for a file without one). */
  *lineIndexSteps(filePath: string): Steps<void> {
    const cached = this.store.cached(filePath);
    if (cached && !isLoadFailure(cached)) yield* lineIndexSteps(cached.parsed);
  }

  /**
   * Cuts the trees of open documents too large to be cut at their first edit (see reparseEdit)
   * into segments, before they are checked: the first check of a 30 MB document takes 10-15 s, and
   * each keystroke meanwhile moved every node of the tree (100-300 ms); under continuous typing the
   * walk after each publish never ran to its end. The walk is a few percent of the parse's work;
   * one stopped by an edit keeps what it cut, and the next check's goes on from there.
   */
  private *segmentLargeSteps(): Steps<void> {
    for (const doc of [...this.open.values()]) {
      const cached = this.store.cached(doc.path);
      if (!cached || isLoadFailure(cached) || !cached.root || cached.textLength <= SEGMENTED_AT_ONCE_CHARS) continue;
      if (!isSegmented(cached.root)) yield* segmentTreeSteps(cached.root);
    }
  }

  /** Cuts the open documents' trees into segments before their first edit (see segmentTreeSteps). */
  *segmentTreesSteps(): Steps<void> {
    for (const doc of [...this.open.values()]) {
      const cached = this.store.cached(doc.path);
      if (cached && !isLoadFailure(cached) && cached.root) yield* segmentTreeSteps(cached.root);
    }
  }

  /** Settings changed: every cached parse stays valid, but every root is checked again in full. */
  resetConfig(): void {
    this.configs.clear();
    this.sinceCheck.clear();
  }

  /** Roots to check: open documents that declare an OpenAPI version (as last parsed). */
  roots(): string[] {
    const roots: string[] = [];
    for (const doc of this.open.values()) {
      const loaded = this.store.cached(doc.path);
      if (loaded && !isLoadFailure(loaded) && documentStatus(loaded.root).kind !== 'not-openapi') roots.push(doc.path);
    }
    return roots;
  }

  /** Roots whose last check read this file, or tried to (it was missing or unreadable then). */
  rootsReading(filePath: string): string[] {
    const roots: string[] = [];
    for (const [root, result] of this.results) if (root === filePath || result.analysis?.files.has(filePath)) roots.push(root);
    return roots;
  }

  /**
   * The work after changes, in steps: open documents whose text changed are parsed, every root
   * that reads a changed file is checked again. The files whose diagnostics may differ are added
   * to `toPublish` as they are known (and returned): a caller that stops the work (a newer edit
   * arrived) still has those of the roots checked so far, whose files before the check the next
   * run cannot know. A stopped caller must not run it on.
   */
  *updateSteps(
    changed: readonly string[], onCheck?: (root: string, result: CheckResult) => void, toPublish = new Set<string>(),
  ): Steps<Set<string>> {
    for (const doc of [...this.open.values()]) {
      if (!this.store.isCurrent(doc.path)) yield* this.store.loadSteps(doc.path);
    }
    const cutting = performance.now();
    yield* this.segmentLargeSteps();
    mark('trees cut into segments', { ms: Math.round(performance.now() - cutting) });
    const roots = new Set<string>();
    for (const file of changed) for (const root of this.rootsReading(file)) roots.add(root);
    const openRoots = new Set(this.roots());
    for (const file of changed) if (openRoots.has(file)) roots.add(file);
    for (const file of changed) toPublish.add(file);
    for (const root of roots) {
      for (const file of this.filesOf(root)) toPublish.add(file);
      if (!openRoots.has(root) || this.tooLarge(root)) {
        this.results.delete(root);
        continue;
      }
      const result = yield* this.checkSteps(root);
      onCheck?.(root, result);
      for (const file of this.filesOf(root)) toPublish.add(file);
    }
    return toPublish;
  }

  /**
   * Checks a root. After edits that reused the parsed trees, objects the edits did not touch keep
   * their findings of the last check (moved), and only the rest is checked again.
   */
  check(root: string): CheckResult {
    return drain(this.checkSteps(root));
  }

  /**
   * The check in steps; its result is kept only when it runs to the end. A caller that stops it
   * (a newer edit arrived) must not run it on: edits change the trees in place.
   */
  *checkSteps(root: string): Steps<CheckResult> {
    const previous = this.results.get(root);
    const since = this.sinceCheck.get(root);
    const earlier = previous && since ? yield* since.earlierFindings(previous, this.store) : undefined;
    const reusable = earlier?.sameAnalysis ? previous!.analysis : undefined;
    const result = yield* checkDocumentSteps(this.store, root, { rules: RULES, config: this.configFor(root), skipNonOpenApi: true, earlier, workspace: this.workspace, reusable });
    this.results.set(root, result);
    this.sinceCheck.set(root, new EditsSinceCheck());
    return result;
  }

  /** All diagnostics that fall in a file, from every root that reads it. */
  diagnosticsIn(filePath: string): Diagnostic[] {
    const lists: (readonly Diagnostic[])[] = [];
    for (const result of this.results.values()) {
      const list = findingsIn(result, filePath);
      if (list.length > 0) lists.push(list);
    }
    // One root reads the file (the usual case): nothing to merge.
    if (lists.length <= 1) return [...(lists[0] ?? [])];
    const unique = new UniqueFindings();
    for (const list of lists) for (const d of list) unique.add(d);
    return unique.kept;
  }

  /**
   * The text of a file after fix-all: first fixes applied, the file's root re-checked with the new
   * text, repeated until nothing fixable is left.
   */
  fixAllText(filePath: string): FixAllText | undefined {
    const steps = this.fixAllTextSteps(filePath);
    return steps && drain(steps);
  }

  /**
   * The same in steps (several checks of the root: seconds for a large one); undefined when there
   * is nothing to fix-all (no current model, no root reads the file).
   */
  fixAllTextSteps(filePath: string): Steps<FixAllText> | undefined {
    const doc = this.modelOf(filePath);
    if (!doc || !this.isCurrent(filePath)) return undefined;
    const root = this.rootsReading(filePath)[0];
    if (!root) return undefined;
    const base = this.files();
    const options = { rules: RULES, config: this.configFor(root), skipNonOpenApi: true, workspace: this.workspace };
    const before = doc.text;
    /** The models of the server's the re-checks read: an edit meanwhile changes trees in place. */
    const read = new Set<SourceDocument>();
    const session = this;
    const recheck = function* (text: string): Steps<Diagnostic[]> {
      // The text as it is: the findings of the last check, when it read what the server holds now.
      const last = text === before ? session.upToDateResult(root) : undefined;
      if (last) {
        for (const d of last.analysis!.documents) read.add(d);
        return [...findingsIn(last, filePath)];
      }
      // Every other file (and this one, unchanged) as the server holds it: parsed again, a 4 MB
      // root made fix-all on a small file it reads take seconds.
      const store = session.store.branch({ read: (p) => (p === filePath ? { text } : base.read(p)), readRemote: base.readRemote }, filePath);
      if (text === before) store.replace(doc);
      if (!store.isCurrent(root)) yield* store.loadSteps(root); // parsed in slices, not by the check's first look
      const result = yield* checkDocumentSteps(store, root, options);
      mark('fix-all checked a text', { root });
      for (const d of result.analysis?.documents ?? []) if (session.store.cached(d.path) === d) read.add(d);
      return result.diagnostics.filter((d) => d.doc.path === filePath);
    };
    return (function* () {
      // Each round re-checks the root, and a text with anchors is parsed again by the `yaml`
      // package (about 1 MB/s): ten rounds on a 4 MB root took 12 s. After this long, the rounds
      // done so far are the answer; fix-all again does the rest.
      const started = performance.now();
      const after = yield* fixAllSteps(before, recheck, undefined, () => performance.now() - started > FIX_ALL_MS);
      // A model it read changed meanwhile: the fixes were worked out on trees an edit rewrote.
      for (const model of read) if (session.store.cached(model.path) !== model) return { before, after: before, edits: [] };
      return { before, after: after.text, edits: after.edits };
    })();
  }

  /**
   * A root's last check result when it is of the models the server holds now: every file it read
   * is the model it read, unchanged since, and no edit or setting changed since the check.
   */
  private upToDateResult(root: string): CheckResult | undefined {
    const result = this.results.get(root);
    const analysis = result?.analysis;
    if (!result || !analysis || this.sinceCheck.get(root)?.edits.size !== 0) return undefined;
    for (const doc of analysis.documents) if (!this.store.isCurrent(doc.path) || this.store.cached(doc.path) !== doc) return undefined;
    for (const file of analysis.files) if (!this.store.isCurrent(file)) return undefined;
    return result;
  }

  /** The latest analysis that covers a file (its own if it is a root, else a root's that reads it). */
  analysisFor(filePath: string) {
    const root = this.rootsReading(filePath)[0];
    return root ? this.results.get(root)?.analysis : undefined;
  }

  /** The files a root's last check read, and those it tried to. */
  filesOf(root: string): string[] {
    const result = this.results.get(root);
    return result?.analysis ? [...new Set([...result.analysis.documents.map((d) => d.path), ...result.analysis.files])] : [root];
  }

  /** The rules' configuration for a root: its project's file, then the editor's settings. */
  configFor(root: string): Config {
    // A remote root (a fetched document opened as one) has no folder of its own to look in.
    const file = isUnsaved(root) || isRemoteLocation(root) ? undefined : findConfigFile(path.dirname(root), (f) => fs.existsSync(f), path.join, path.dirname);
    const key = file ?? '';
    let fromFile = this.configs.get(key);
    if (!fromFile) {
      fromFile = { rules: new Map() };
      const read = file ? readTextFile(file, CONFIG_MAX_BYTES) : undefined;
      if (file && read && 'text' in read) {
        try {
          const text = read.text;
          const value: unknown = file.endsWith('.json') ? JSON.parse(text) : parseYamlValue(text);
          fromFile = readConfig(value, RULE_IDS, file).config;
          const remoteRefs = (value as { remoteRefs?: unknown } | null)?.remoteRefs;
          if (remoteRefs !== undefined) fromFile.remoteRefs = readRemotePolicy(remoteRefs).policy;
        } catch {
          // A broken configuration file falls back to the defaults; the CLI reports it.
        }
      }
      this.configs.set(key, fromFile);
    }
    // User and workspace settings override the project's file.
    return { rules: new Map([...fromFile.rules, ...this.settingsRules]), source: fromFile.source, remoteRefs: fromFile.remoteRefs };
  }
}

/** What a check's findings are kept by: an object, a reference or a document. */

/** A configuration file is a few rules: anything larger is not one. */
const CONFIG_MAX_BYTES = 1024 * 1024;

const CONFIG_NAMES = new Set(['.openapi-check.json', '.openapi-check.yaml', '.openapi-check.yml']);
