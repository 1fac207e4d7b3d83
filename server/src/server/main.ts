// The OpenAPI 3.0 language server: `node dist/server.js --stdio`, as every client starts it (VS Code too).
// Wiring only: capabilities, settings, and the modules that keep diagnostics current (runtime/checks.ts)
// and answer requests (handlers/).
import {
  CodeActionKind, createConnection, DidChangeConfigurationNotification, InitializeResult, ProposedFeatures, TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { readConfig } from '../check/config';
import { RULE_IDS } from '../rules/index';
import { CheckScheduler } from './runtime/checks';
import { refuseAfterShutdown } from './handlers/lifecycle';
import { REFACTOR_KINDS } from './handlers/refactors';
import { EditorOptions, registerFeatures } from './handlers/features';
import { Session, uriToPath } from './state/session';
import { registerNavigation, setUpWorkspace, WILL_RENAME_FILTERS, WorkspaceSettings } from './handlers/navigation';
import { WorkspaceFiles } from './state/workspace';
import { ParseThread } from './runtime/parse-thread';
import { StdinMessageReader } from './transport/stdin-reader';
import { createStdioConnection } from './transport/stdio';
import { parseOffThread } from '../syntax/off-thread';
import { setFlagsFromString } from 'v8';

declare const PRODUCT_VERSION: string;

const HEAP_GROWING_PERCENT = 40;

// V8 lets the heap grow to up to four times what survived the last full collection before the
// next one. When every keystroke left a copy of the text (before syntax/piece-text.ts) the server
// peaked at 0.9-1.8 GB while holding 300 MB. Keystrokes leave far less now, and the cap still
// counts: over 200 mixed edits of GitHub's 10 MB YAML, peak 256-265 MiB and end/fresh 1.09-1.13
// with it, 333-342 MiB and 1.23-1.29 without, at the same latencies.
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
// Over stdio, messages are read, decoded and parsed in a worker thread (transport/stdin-reader.ts); other
// transports (`--node-ipc`, `--socket`, `--pipe`) are read by vscode-languageserver as before.
const stdin = process.argv.includes('--stdio') ? new StdinMessageReader((m) => process.stderr.write(`${m}\n`)) : undefined;
const connection = refuseAfterShutdown(stdin ? createStdioConnection(stdin) : createConnection(ProposedFeatures.all));
// Parses that cannot be paused (YAML the fast reader refuses, broken JSON) run in a worker thread.
const parseThread = ParseThread.available() ? new ParseThread((m) => connection.console.error(m)) : undefined;
parseOffThread(parseThread);
let shutdownReceived = false;
connection.onShutdown(() => {
  shutdownReceived = true;
  parseThread?.stop();
});
// The client closed our input (it ended or died): the server ends, with 1 unless asked to shut down
// first, as vscode-languageserver does when it reads stdin itself.
stdin?.onClose(() => process.exit(shutdownReceived ? 0 : 1));
const session = new Session();
const workspaceFiles = new WorkspaceFiles(session);
const checks = new CheckScheduler(connection, session, workspaceFiles);
const editorOptions: EditorOptions = {};
registerFeatures(connection, session, workspaceFiles, editorOptions);
const navigation = registerNavigation(connection, session, workspaceFiles, () => checks.recheckAll('workspace'));
let configurationSupport = false;
let workspaceFolders: string[] = [];

connection.onInitialize((params): InitializeResult => {
  configurationSupport = Boolean(params.capabilities.workspace?.configuration);
  const init = params.initializationOptions as (EditorOptions & { workspaceTrusted?: boolean }) | undefined;
  editorOptions.editorPreviewsDefinitions = init?.editorPreviewsDefinitions === true;
  checks.editorValidatesJson = init?.editorValidatesJson === true;
  workspaceFiles.clientCapabilities = params.capabilities;
  const folders = params.workspaceFolders?.map((f) => uriToPath(f.uri)) ?? [params.rootUri ? uriToPath(params.rootUri) : undefined];
  workspaceFolders = folders.filter((f): f is string => Boolean(f));
  workspaceFiles.setFolders(workspaceFolders);
  session.trust.configure(init?.workspaceTrusted !== false, workspaceFolders);
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
      workspace: { fileOperations: { willRename: { filters: WILL_RENAME_FILTERS } } },
    },
    serverInfo: { name: 'openapi-language-server' },
  };
});

connection.onInitialized(async () => {
  if (configurationSupport) {
    await connection.client.register(DidChangeConfigurationNotification.type, { section: 'openapi30' }).catch(() => undefined);
    await loadSettings();
  }
  setUpWorkspace(connection, workspaceFiles);
  // What a bug report needs: which server, which folders.
  connection.console.info(`openapi-language-server ${PRODUCT_VERSION} (Node ${process.version}); workspace folders: ${workspaceFolders.join(', ') || 'none'}`);
});

async function loadSettings(): Promise<void> {
  if (!configurationSupport) return;
  try {
    const settings = (await connection.workspace.getConfiguration('openapi30')) as ({ rules?: unknown; maxFileSize?: number } & WorkspaceSettings) | null;
    session.settingsRules = readConfig({ rules: settings?.rules ?? {} }, RULE_IDS).config.rules;
    if (typeof settings?.maxFileSize === 'number' && settings.maxFileSize > 0) session.maxFileBytes = settings.maxFileSize * 1024 * 1024;
    navigation.applySettings(settings ?? {}, session.maxFileBytes);
  } catch (e) {
    connection.console.error(`Cannot read the openapi30 settings: ${(e as Error).message}`);
  }
}

// The client says the workspace became trusted (VS Code: workspace.onDidGrantWorkspaceTrust);
// `initializationOptions.workspaceTrusted: false` started it untrusted. Files outside the
// folders are read from here on.
connection.onNotification('openapi30/workspaceTrusted', () => {
  const refused = session.trust.grant();
  for (const file of refused) session.invalidate(file);
  workspaceFiles.filesChanged(refused.map((file) => ({ path: file, type: 'changed' })));
  checks.recheckAll();
});

// The editor's own JSON validation was turned on or off (VS Code: `json.validate.enable`).
connection.onNotification('openapi30/editorValidatesJson', (params: { enabled?: unknown }) => {
  checks.editorValidatesJson = params?.enabled === true;
  checks.recheckAll();
});

connection.onDidChangeConfiguration(async () => {
  await loadSettings();
  session.resetConfig();
  checks.recheckAll();
});

connection.listen();
