// The OpenAPI 3.0 language server: `node dist/server.js --stdio` (or IPC from the VS Code client).
import {
  CodeAction, CodeActionKind, CodeActionParams, CompletionItem, CompletionItemKind, createConnection, DidChangeConfigurationNotification,
  DocumentSymbol, FileChangeType, Hover, InitializeResult, LocationLink, MarkupKind, ProposedFeatures, SymbolKind, SymbolTag, TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { isLoadFailure, SourceDocument } from '../model/documents';
import { RULE_IDS } from '../rules/index';
import { readConfig } from '../check/config';
import { completionsAt } from '../services/completion';
import { definitionAt } from '../services/definition';
import { hoverAt } from '../services/hover';
import { documentSymbols, DocumentSymbol as OurSymbol } from '../services/symbols';
import { minimalEdit, quickFix, rangeOf, toLspDiagnostic, toLspEdits } from './convert';
import { Session, uriToPath } from './session';
import { WorkspaceFiles } from './workspace';

// Short: a check that has started stops when the next edit arrives, so starting early costs little.
const DEBOUNCE_MS = 50;
/** Work between two looks at the message queue while checking. */
const SLICE_MS = 20;
/** OPENAPI_TRACE_TIMING=1: phase timings on stderr (for npm run bench and profiling). */
const traceTiming = process.env.OPENAPI_TRACE_TIMING === '1';
const timing = (label: string, start: number) => {
  if (traceTiming) process.stderr.write(`[timing] ${label} ${Math.round(performance.now() - start)} ms\n`);
};

const connection = createConnection(ProposedFeatures.all);
const session = new Session();
const workspaceFiles = new WorkspaceFiles();
let pending: NodeJS.Timeout | undefined;
const dirty = new Set<string>();
let configurationSupport = false;

connection.onInitialize((params): InitializeResult => {
  configurationSupport = Boolean(params.capabilities.workspace?.configuration);
  const folders = params.workspaceFolders?.map((f) => uriToPath(f.uri)) ?? [params.rootUri ? uriToPath(params.rootUri) : undefined];
  workspaceFiles.setFolders(folders.filter((f): f is string => Boolean(f)));
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll] },
      definitionProvider: true,
      completionProvider: { triggerCharacters: [':', ' ', '"', "'", '/', '#'], resolveProvider: false },
      hoverProvider: true,
      documentSymbolProvider: true,
    },
    serverInfo: { name: 'openapi-language-server' },
  };
});

connection.onInitialized(async () => {
  if (configurationSupport) {
    await connection.client.register(DidChangeConfigurationNotification.type, { section: 'openapi30' }).catch(() => undefined);
    await loadSettings();
  }
});

async function loadSettings(): Promise<void> {
  if (!configurationSupport) return;
  try {
    const settings = (await connection.workspace.getConfiguration('openapi30')) as { rules?: unknown; maxFileSize?: number } | null;
    session.settingsRules = readConfig({ rules: settings?.rules ?? {} }, RULE_IDS).config.rules;
    if (typeof settings?.maxFileSize === 'number' && settings.maxFileSize > 0) session.maxFileBytes = settings.maxFileSize * 1024 * 1024;
  } catch (e) {
    connection.console.error(`Cannot read the openapi30 settings: ${(e as Error).message}`);
  }
}

connection.onDidChangeConfiguration(async () => {
  await loadSettings();
  session.resetConfig();
  for (const root of session.roots()) dirty.add(root);
  schedule();
});

/** The check under way, if any; a newer change stops it between two slices of work. */
let running: { stopped: boolean; changed: string[] } | undefined;

/** Stops the check under way; its files are checked again with the next run. */
function stopRunning(): boolean {
  if (!running || running.stopped) return false;
  running.stopped = true;
  for (const file of running.changed) dirty.add(file);
  return true;
}

function schedule(): void {
  stopRunning();
  if (pending) clearTimeout(pending);
  pending = setTimeout(() => void runChecks(), DEBOUNCE_MS);
}

/** Lets queued messages (a newer edit) in between slices of a check. */
const yieldToMessages = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs a root's check in slices of SLICE_MS; false when a newer change stopped it. */
async function checkInSlices(root: string, run: { stopped: boolean }): Promise<boolean> {
  const started = performance.now();
  if (traceTiming) process.stderr.write(`[timing] check started\n`);
  const steps = session.checkSteps(root);
  let sliceStart = started;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      for (const crash of step.value.crashes) connection.console.error(`rule ${crash.rule} failed at ${crash.where}: ${crash.error}`);
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
async function runChecks(): Promise<void> {
  pending = undefined;
  const changed = [...dirty];
  dirty.clear();
  const run = { stopped: false, changed };
  running = run;
  const roots = new Set<string>();
  for (const file of changed) for (const root of session.rootsReading(file)) roots.add(root);
  const openRoots = new Set(session.roots());
  for (const file of changed) if (openRoots.has(file)) roots.add(file);
  const toPublish = new Set<string>(changed);
  for (const root of roots) {
    for (const file of session.filesOf(root)) toPublish.add(file);
    if (!openRoots.has(root)) {
      session.results.delete(root);
      continue;
    }
    try {
      if (!(await checkInSlices(root, run))) return;
    } catch (e) {
      session.results.delete(root);
      connection.console.error(`checking ${root} failed: ${(e as Error).stack}`);
    }
    for (const file of session.filesOf(root)) toPublish.add(file);
  }
  if (running === run) running = undefined;
  const publishing = performance.now();
  for (const file of toPublish) publish(file);
  timing('publish', publishing);
  if (traceTiming) process.stderr.write(`[timing] published at ${Math.round(performance.timeOrigin + performance.now())}\n`);
}

function publish(filePath: string): void {
  const uri = session.uriOf(filePath);
  const diagnostics = session.diagnosticsIn(filePath).map((d) => toLspDiagnostic(d, (p) => session.uriOf(p)));
  const open = [...session.open.values()].find((d) => d.path === filePath);
  connection.sendDiagnostics({ uri, version: open?.version, diagnostics });
}

function changedFile(filePath: string): void {
  session.invalidate(filePath);
  dirty.add(filePath);
  schedule();
}

connection.onDidOpenTextDocument(({ textDocument }) => {
  const filePath = uriToPath(textDocument.uri);
  if (!filePath) return;
  session.open.set(textDocument.uri, { uri: textDocument.uri, path: filePath, version: textDocument.version, text: textDocument.text });
  changedFile(filePath);
});

connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
  const doc = session.open.get(textDocument.uri);
  if (!doc) return;
  const applying = performance.now();
  if (traceTiming) process.stderr.write(`[timing] didChange v${textDocument.version} arrived at ${Math.round(performance.timeOrigin + applying)}\n`);
  // The trees change in place: a check under way must not go on with them.
  const interrupted = stopRunning();
  const outcome = session.applyChanges(doc, contentChanges);
  timing('apply changes', applying);
  doc.version = textDocument.version;
  if (outcome === 'findings-unchanged' && !interrupted && !dirty.has(doc.path) && !pending) {
    // Nothing to re-check: publish the moved findings now, for this version.
    publish(doc.path);
    timing('published moved findings', applying);
    return;
  }
  dirty.add(doc.path);
  schedule();
});

connection.onDidCloseTextDocument(({ textDocument }) => {
  const doc = session.open.get(textDocument.uri);
  if (!doc) return;
  session.open.delete(textDocument.uri);
  session.results.delete(doc.path);
  // Back to the file on disk; a closed root's own diagnostics go away.
  changedFile(doc.path);
});

connection.onDidChangeWatchedFiles(({ changes }) => {
  for (const change of changes) {
    const filePath = uriToPath(change.uri);
    if (!filePath || [...session.open.values()].some((d) => d.path === filePath)) continue;
    if (change.type !== FileChangeType.Changed) workspaceFiles.forget();
    if (change.type === FileChangeType.Deleted || change.type === FileChangeType.Changed || change.type === FileChangeType.Created) changedFile(filePath);
  }
});

connection.onCodeAction((params: CodeActionParams): CodeAction[] => {
  try {
    const filePath = uriToPath(params.textDocument.uri);
    if (!filePath) return [];
    const diagnostics = session.diagnosticsIn(filePath);
    const only = params.context.only;
    const actions: CodeAction[] = [];
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(k + '.'));
    if (wants(CodeActionKind.QuickFix)) {
      const start = params.range.start;
      const end = params.range.end;
      for (const d of diagnostics) {
        if (d.fixes.length === 0) continue;
        const range = rangeOf(d.doc, d.offset, d.length);
        const before = (a: typeof start, b: typeof start) => a.line < b.line || (a.line === b.line && a.character < b.character);
        if (before(range.end, start) || before(end, range.start)) continue;
        const lsp = toLspDiagnostic(d, (p) => session.uriOf(p));
        d.fixes.forEach((fix, i) => actions.push(quickFix(params.textDocument.uri, d, fix, lsp, i === 0)));
      }
    }
    if (only?.some((k) => CodeActionKind.SourceFixAll.startsWith(k) || k === CodeActionKind.SourceFixAll) && diagnostics.some((d) => d.fixes.length > 0)) {
      const result = session.fixAllText(filePath);
      const doc = session.store.get(filePath);
      if (result && result.after !== result.before && !isLoadFailure(doc)) {
        actions.push({
          title: 'Fix all OpenAPI problems that have a fix',
          kind: CodeActionKind.SourceFixAll,
          edit: { changes: { [params.textDocument.uri]: toLspEdits(doc, [minimalEdit(result.before, result.after)]) } },
        });
      }
    }
    return actions;
  } catch (e) {
    connection.console.error(`codeAction failed: ${(e as Error).stack}`);
    return [];
  }
});

connection.onDefinition((params): LocationLink[] | null => {
  try {
    const filePath = uriToPath(params.textDocument.uri);
    if (!filePath) return null;
    const doc = session.store.get(filePath);
    if (isLoadFailure(doc)) return null;
    const result = definitionAt(session.store, doc, doc.lineIndex.offsetAt(params.position), session.analysisFor(filePath));
    if (!result) return null;
    const { target } = result;
    const node = target.node;
    const full = rangeOf(target.doc, node.memberStart, node.end - node.memberStart);
    const selection = node.keyOffset >= 0 ? rangeOf(target.doc, node.keyOffset, node.keyLength) : rangeOf(target.doc, node.offset, 0);
    return [{
      originSelectionRange: rangeOf(doc, result.origin.offset, result.origin.length),
      targetUri: session.uriOf(target.doc.path),
      targetRange: full,
      targetSelectionRange: selection,
    }];
  } catch (e) {
    connection.console.error(`definition failed: ${(e as Error).stack}`);
    return null;
  }
});

/** The open document's current text, parsed (the store reparses it after each change). */
function currentDocument(uri: string): SourceDocument | undefined {
  const filePath = uriToPath(uri);
  if (!filePath) return undefined;
  const doc = session.store.get(filePath);
  return isLoadFailure(doc) ? undefined : doc;
}

const COMPLETION_KIND: Record<string, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  reference: CompletionItemKind.Reference,
  keyword: CompletionItemKind.Keyword,
};

connection.onCompletion((params): CompletionItem[] => {
  try {
    const doc = currentDocument(params.textDocument.uri);
    if (!doc) return [];
    const items = completionsAt(doc, doc.lineIndex.offsetAt(params.position), session.analysisFor(doc.path), workspaceFiles.list());
    return items.map((item) => ({
      label: item.label,
      kind: COMPLETION_KIND[item.kind],
      detail: item.detail,
      preselect: item.preselect,
      sortText: item.sortText,
      filterText: item.label,
      textEdit: { range: rangeOf(doc, item.replace.offset, item.replace.length), newText: item.insertText },
    }));
  } catch (e) {
    connection.console.error(`completion failed: ${(e as Error).stack}`);
    return [];
  }
});

connection.onHover((params): Hover | null => {
  try {
    const doc = currentDocument(params.textDocument.uri);
    if (!doc) return null;
    const hover = hoverAt(session.store, doc, doc.lineIndex.offsetAt(params.position));
    return hover ? { contents: { kind: MarkupKind.Markdown, value: hover.contents }, range: rangeOf(doc, hover.range.offset, hover.range.length) } : null;
  } catch (e) {
    connection.console.error(`hover failed: ${(e as Error).stack}`);
    return null;
  }
});

const SYMBOL_KIND: Record<OurSymbol['kind'], SymbolKind> = { group: SymbolKind.Namespace, path: SymbolKind.Module, operation: SymbolKind.Method, component: SymbolKind.Class };

connection.onDocumentSymbol((params): DocumentSymbol[] => {
  try {
    const doc = currentDocument(params.textDocument.uri);
    if (!doc) return [];
    const convert = (s: OurSymbol): DocumentSymbol => ({
      name: s.name,
      detail: s.detail,
      kind: SYMBOL_KIND[s.kind],
      ...(s.deprecated ? { tags: [SymbolTag.Deprecated] } : {}),
      range: rangeOf(doc, s.range.offset, s.range.length),
      selectionRange: rangeOf(doc, s.selection.offset, s.selection.length),
      children: s.children.map(convert),
    });
    return documentSymbols(doc).map(convert);
  } catch (e) {
    connection.console.error(`documentSymbol failed: ${(e as Error).stack}`);
    return [];
  }
});

connection.listen();
