// The OpenAPI 3.0 language server: `node dist/server.js --stdio`, as every client starts it (VS Code too).
// Wiring only: capabilities, settings, and the modules that keep diagnostics current (state/check-runs.ts)
// and answer requests (handlers/).
import { CodeActionKind, CodeLensRefreshRequest, Connection, createConnection, InitializeResult, ProposedFeatures, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { CheckScheduler } from './state/check-runs';
import { addMarkSink, traceToStderr } from './runtime/marks';
import { Scheduler } from './runtime/scheduler';
import { REFACTOR_KINDS } from './handlers/refactors';
import { EditorOptions, ServerContext } from './handlers/context';
import { Dispatcher } from './handlers/dispatcher';
import { registerHandlers } from './handlers/index';
import { WILL_RENAME_FILTERS } from './handlers/rename';
import { watchSettings } from './handlers/settings';
import { RemoteRefsInit, startRemoteRefs } from './handlers/remote-refs';
import { Session, uriToPath } from './state/session';
import { WorkspaceFiles } from './state/workspace';
import { ParseThread } from './runtime/parse-thread';
import { StdinMessageReader } from './transport/stdin-reader';
import { createStdioConnection } from './transport/stdio';
import { setFlagsFromString } from 'v8';
import { HEAP_GROWING_PERCENT } from './runtime/tuning';

declare const PRODUCT_VERSION: string;


// V8 lets the heap grow to up to four times what survived the last full collection before the
// next one. When every keystroke left a copy of the text (before syntax/piece-text.ts) the server
// peaked at 0.9-1.8 GB while holding 300 MB. Keystrokes leave far less now, and the cap still
// counts: over 200 mixed edits of GitHub's 10 MB YAML, peak 256-265 MiB and end/fresh 1.09-1.13
// with it, 333-342 MiB and 1.23-1.29 without, at the same latencies.
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
// Over stdio, messages are read, decoded and parsed in a worker thread (transport/stdin-reader.ts); other
// transports (`--node-ipc`, `--socket`, `--pipe`) are read by vscode-languageserver as before.
const stdin = process.argv.includes('--stdio') ? new StdinMessageReader((m) => process.stderr.write(`${m}\n`)) : undefined;
const connection = stdin ? createStdioConnection(stdin) : createConnection(ProposedFeatures.all);
const dispatch = new Dispatcher(connection);
// OPENAPI_MARKS=1: the runtime's named marks go to the client as notifications (tests observe them);
// OPENAPI_TRACE_TIMING=1: to stderr, with probes of the message loop (profiling, the bench).
if (process.env.OPENAPI_MARKS === '1') addMarkSink((m) => void connection.sendNotification('openapi30/mark', m));
if (process.env.OPENAPI_TRACE_TIMING === '1') traceToStderr();
// Parses that cannot be paused (YAML the fast reader refuses, broken JSON) run in a worker thread.
const parseThread = ParseThread.available() ? new ParseThread((m) => connection.console.error(m)) : undefined;
dispatch.onShutdown(() => parseThread?.stop());
// The client closed our input (it ended or died): the server ends, with 1 unless asked to shut down
// first, as vscode-languageserver does when it reads stdin itself.
stdin?.onClose(() => process.exit(dispatch.isShutDown ? 0 : 1));
const scheduler = new Scheduler();
scheduler.offloader = parseThread;
const session = new Session(scheduler);
const workspace = new WorkspaceFiles(session);
const checks = new CheckScheduler(connection, session, workspace);
dispatch.requestWatcher = checks.idle;
const ctx: ServerContext = { connection, dispatch, session, workspace, checks, editor: {}, settings: { codeLens: true, formatOrderKeys: false } };
// The workspace's other descriptions are what checks consult for unused components; a change in
// what they use of an open root's components checks it again.
session.workspace = workspace;
workspace.onUsesChanged = () => checks.recheckAll('workspace');
let configurationSupport = false;
registerHandlers(ctx, () => configurationSupport);
let workspaceFolders: string[] = [];

connection.onInitialize((params): InitializeResult => {
  configurationSupport = Boolean(params.capabilities.workspace?.configuration);
  const init = params.initializationOptions as (EditorOptions & RemoteRefsInit & { workspaceTrusted?: boolean; typingHoldMs?: number }) | undefined;
  ctx.editor.editorPreviewsDefinitions = init?.editorPreviewsDefinitions === true;
  ctx.editor.editorSelectsRanges = init?.editorSelectsRanges === true;
  ctx.editor.editorRenamesAt = init?.editorRenamesAt === true;
  checks.editorValidatesJson = init?.editorValidatesJson === true;
  if (typeof init?.typingHoldMs === 'number' && init.typingHoldMs >= 0) checks.typingHold.holdMs = init.typingHoldMs;
  workspace.clientCapabilities = params.capabilities;
  const folders = params.workspaceFolders?.map((f) => uriToPath(f.uri)) ?? [params.rootUri ? uriToPath(params.rootUri) : undefined];
  workspaceFolders = folders.filter((f): f is string => Boolean(f));
  workspace.setFolders(workspaceFolders);
  session.trust.configure(init?.workspaceTrusted !== false, workspaceFolders);
  startRemoteRefs(ctx, init);
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll, ...REFACTOR_KINDS], resolveProvider: true },
      definitionProvider: true,
      completionProvider: { triggerCharacters: [':', ' ', '"', "'", '/', '#'], resolveProvider: false },
      hoverProvider: true,
      documentSymbolProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      workspaceSymbolProvider: true,
      codeLensProvider: { resolveProvider: true },
      documentLinkProvider: { resolveProvider: false },
      documentFormattingProvider: true,
      documentRangeFormattingProvider: true,
      workspace: { fileOperations: { willRename: { filters: WILL_RENAME_FILTERS } } },
    },
    serverInfo: { name: 'openapi-language-server' },
  };
});

connection.onInitialized(async () => {
  await watchSettings(ctx, configurationSupport);
  startIndexing(connection, workspace);
  // What a bug report needs: which server, which folders.
  connection.console.info(`openapi-language-server ${PRODUCT_VERSION} (Node ${process.version}); workspace folders: ${workspaceFolders.join(', ') || 'none'}`);
});

/** Indexes the workspace in the background, with work-done progress; code lenses refresh after. */
function startIndexing(connection: Connection, workspace: WorkspaceFiles): void {
  workspace.createProgress = () => connection.window.createWorkDoneProgress();
  workspace.log = (message) => connection.console.error(message);
  workspace.onIndexed = () => void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  void workspace.start().catch((e) => connection.console.error(`indexing the workspace failed: ${(e as Error).stack}`));
  dispatch.onShutdown(() => workspace.stop());
}

connection.listen();
