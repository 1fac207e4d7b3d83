// The VS Code extension: starts the bundled language server for YAML and JSON files, and adapts
// what VS Code shows of its answers: rule links open a rendered page, an empty value the user is
// typing is not reported until they leave the line or pause, and the references command of its
// code lenses gets VS Code's own types. It also hosts the preview's webview (preview.ts).
import * as path from 'path';
import { commands, ExtensionContext, Selection, window, workspace } from 'vscode';
import { LanguageClient, LanguageClientOptions, Range as ProtocolRange, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { registerCommands } from './commands';
import { registerPreview } from './preview';
import { linkRuleDocs, registerRuleDocs } from './rule-docs';
import { registerRemoteRefs, REMOTE_SCHEME, remoteInitializationOptions, sendCredentials } from './remote-refs';
import { TypingHold } from './typing-hold';

let client: LanguageClient | undefined;

/**
 * glibc raises its mmap threshold as large blocks are freed, after which they come from arenas it
 * rarely returns: after a burst of edits in a 10 MB document the server stayed 60-70 MiB above a
 * fresh one (end/fresh RSS 1.35 in `npm run bench`, 1.14 with these). Ignored elsewhere.
 * scripts/bench-lsp.mjs starts the server with the same.
 */
const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

export async function activate(context: ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  // stdio, not Node's IPC channel: the server reads stdio in a worker thread, off its message loop,
  // where an IPC channel is read and parsed on the server's main thread (a 14 MB didOpen: 90 ms).
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio, options: { env: SERVER_ENV } },
    debug: { module: serverModule, transport: TransportKind.stdio, options: { env: SERVER_ENV, execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const outputChannel = window.createOutputChannel('OpenAPI 3.0');
  const hold = new TypingHold(() => client?.diagnostics);
  registerRuleDocs(context);
  registerPreview(context, () => client);
  registerRemoteRefs(context, () => client);
  registerCommands(context, () => client);
  const clientOptions: LanguageClientOptions = {
    // The server decides which of these are OpenAPI 3.0 documents (or referenced by one).
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
      // Unsaved documents (New OpenAPI Document opens one): checked as they are typed; the server reads no file for them.
      { scheme: 'untitled', language: 'yaml' },
      { scheme: 'untitled', language: 'json' },
      // Fetched remote documents, read only (remote-refs.ts).
      { scheme: REMOTE_SCHEME },
    ],
    synchronize: {
      configurationSection: 'openapi30',
      fileEvents: workspace.createFileSystemWatcher('**/*.{yaml,yml,json}'),
    },
    // VS Code previews a `$ref`'s target on Ctrl+hover: the server's hover need not repeat it.
    // In Restricted Mode the server reads files only inside the workspace folders.
    // VS Code's JSON support reports JSON syntax errors itself (unless turned off): once is enough.
    // Quick fixes that leave a placeholder (Suppress's `<reason>`) select it with openapi30.selectRange.
    // Remote documents are kept in the extension's storage; the quick fix "Allow fetching from HOST" runs openapi30.allowRemoteHost.
    // Extract to components starts a rename of the new name with openapi30.renameAt.
    initializationOptions: {
      editorPreviewsDefinitions: true, workspaceTrusted: workspace.isTrusted, editorValidatesJson: jsonValidated(), editorSelectsRanges: true, editorRenamesAt: true,
      ...remoteInitializationOptions(context),
    },
    middleware: {
      handleDiagnostics: (uri, diagnostics, next) => {
        linkRuleDocs(diagnostics);
        next(uri, hold.filter(uri, diagnostics));
      },
    },
    outputChannel,
  };
  client = new LanguageClient('openapi30', 'OpenAPI 3.0', serverOptions, clientOptions);
  const languageClient = client;
  context.subscriptions.push(outputChannel, hold, commands.registerCommand('openapi30.showReferences', (uri: string, position: unknown, locations: unknown[]) => {
    const converter = languageClient.protocol2CodeConverter;
    return commands.executeCommand(
      'editor.action.showReferences', converter.asUri(uri), converter.asPosition(position as never), locations.map((l) => converter.asLocation(l as never)),
    );
  }), commands.registerCommand('openapi30.selectRange', (uri: string, range: unknown) => {
    const editor = window.visibleTextEditors.find((e) => e.document.uri.toString() === languageClient.protocol2CodeConverter.asUri(uri).toString());
    const selected = languageClient.protocol2CodeConverter.asRange(range as ProtocolRange);
    if (!editor || !selected) return;
    editor.selection = new Selection(selected.start, selected.end);
    editor.revealRange(selected);
  }), commands.registerCommand('openapi30.renameAt', async (uri: string, position: unknown) => {
    // The cursor on the name, then VS Code's own rename box (as its extract refactors do).
    const editor = window.visibleTextEditors.find((e) => e.document.uri.toString() === languageClient.protocol2CodeConverter.asUri(uri).toString());
    const at = languageClient.protocol2CodeConverter.asPosition(position as never);
    if (!editor || !at) return;
    await window.showTextDocument(editor.document, editor.viewColumn);
    editor.selection = new Selection(at, at);
    editor.revealRange(editor.selection);
    await commands.executeCommand('editor.action.rename');
  }));
  await client.start();
  await sendCredentials(context, languageClient);
  // Trust is granted once per window (never revoked without a reload): then every file may be read.
  context.subscriptions.push(workspace.onDidGrantWorkspaceTrust(() => void languageClient.sendNotification('openapi30/workspaceTrusted')));
  context.subscriptions.push(workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('json.validate.enable')) void languageClient.sendNotification('openapi30/editorValidatesJson', { enabled: jsonValidated() });
  }));
}

/** Whether VS Code's JSON support validates JSON files (it reports their syntax errors then). */
function jsonValidated(): boolean {
  return workspace.getConfiguration('json').get<boolean>('validate.enable', true);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
