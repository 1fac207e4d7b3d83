// Remote `$ref`s, the editor's side: the quick fix's command that allows a host in the workspace
// settings, "OpenAPI: Set Credentials for a Host" (kept in SecretStorage, handed to the server,
// never written to settings or files), and the read-only view of a fetched document: a
// TextDocumentContentProvider for `openapi-remote:` URIs that asks the server for the text the
// checks read (vscode-languageclient 9 has no LSP 3.18 `workspace/textDocumentContent`).
import * as path from 'path';
import { commands, ConfigurationTarget, EventEmitter, ExtensionContext, languages, TextDocument, Uri, window, workspace } from 'vscode';
import { LanguageClient, Trace } from 'vscode-languageclient/node';

/** The scheme of a fetched document's read-only view (the server names remote documents so). */
export const REMOTE_SCHEME = 'openapi-remote';
const ALLOW_HOST_COMMAND = 'openapi30.allowRemoteHost';
const SET_CREDENTIALS_COMMAND = 'openapi30.setRemoteCredentials';
/** The secret holding every host's headers, as JSON `{ host: { header: value } }`. */
const CREDENTIALS_SECRET = 'openapi30.remoteRefs.credentials';
const HOST_FORM = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** What the server needs at start: where to keep fetched documents, and that the allow command exists. */
export function remoteInitializationOptions(context: ExtensionContext): Record<string, unknown> {
  return { remoteCacheFolder: path.join(context.globalStorageUri.fsPath, 'remote-refs'), editorAllowsRemoteHosts: true };
}

/** Registers the commands and the read-only view; `client`: the running language client, once it is. */
const changed = new EventEmitter<Uri>();

export function registerRemoteRefs(context: ExtensionContext, client: () => LanguageClient | undefined): void {
  context.subscriptions.push(
    changed,
    commands.registerCommand(ALLOW_HOST_COMMAND, (host: unknown) => typeof host === 'string' && allowHost(host)),
    commands.registerCommand(SET_CREDENTIALS_COMMAND, () => setCredentials(context, client)),
    workspace.registerTextDocumentContentProvider(REMOTE_SCHEME, {
      onDidChange: changed.event,
      provideTextDocumentContent: async (uri) => {
        const answer = await client()?.sendRequest<{ text: string } | null>('openapi30/remoteDocument', { uri: uri.toString() });
        return answer?.text ?? `# This remote document has not been fetched (yet): ${uri.toString()}\n`;
      },
    }),
    // A URL without .yaml or .json opens as plain text: the server reads YAML and JSON alike.
    workspace.onDidOpenTextDocument((doc) => void languageOfRemote(doc)),
  );
}

/**
 * After the client started: the stored credentials go to the server, now and whenever they change;
 * a view of a remote document shows its text once the server has fetched it.
 */
export async function sendCredentials(context: ExtensionContext, client: LanguageClient): Promise<void> {
  context.subscriptions.push(client.onNotification('openapi30/remoteDocumentFetched', (params: { uri?: unknown }) => {
    if (typeof params?.uri === 'string') changed.fire(Uri.parse(params.uri));
  }));
  const send = async () => sendUntraced(client, await storedCredentials(context));
  await send();
  context.subscriptions.push(context.secrets.onDidChange((e) => e.key === CREDENTIALS_SECRET && void send()));
}

/**
 * The credentials to the server, with the protocol trace (`openapi30.trace.server`) off while they
 * are sent: a verbose trace writes every message's parameters to the output channel.
 */
async function sendUntraced(client: LanguageClient, hosts: Record<string, Record<string, string>>): Promise<void> {
  const traced = workspace.getConfiguration('openapi30').get<string>('trace.server', 'off');
  if (traced !== 'off') await client.setTrace(Trace.Off);
  try {
    await client.sendNotification('openapi30/remoteCredentials', { hosts });
  } finally {
    if (traced !== 'off') await client.setTrace(Trace.fromString(traced));
  }
}

async function languageOfRemote(doc: TextDocument): Promise<void> {
  if (doc.uri.scheme !== REMOTE_SCHEME || doc.languageId !== 'plaintext') return;
  await languages.setTextDocumentLanguage(doc, doc.getText().trimStart().startsWith('{') ? 'json' : 'yaml');
}

/** Adds the host to `openapi30.remoteRefs.allow` of the workspace (the user's settings without a folder open). */
async function allowHost(host: string): Promise<void> {
  const settings = workspace.getConfiguration('openapi30');
  const inWorkspace = (workspace.workspaceFolders?.length ?? 0) > 0;
  const target = inWorkspace ? ConfigurationTarget.Workspace : ConfigurationTarget.Global;
  const inspected = settings.inspect<string[]>('remoteRefs.allow');
  const current = (inWorkspace ? inspected?.workspaceValue : inspected?.globalValue) ?? [];
  if (current.includes(host)) return;
  await settings.update('remoteRefs.allow', [...current, host], target);
}

async function storedCredentials(context: ExtensionContext): Promise<Record<string, Record<string, string>>> {
  try {
    const stored = JSON.parse((await context.secrets.get(CREDENTIALS_SECRET)) ?? '{}') as unknown;
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, Record<string, string>>) : {};
  } catch {
    return {};
  }
}

/** Asks for a host, a header name and its value; an empty value removes the header. */
async function setCredentials(context: ExtensionContext, client: () => LanguageClient | undefined): Promise<void> {
  const host = await window.showInputBox({
    title: 'Set Credentials for a Host',
    prompt: 'The host remote $refs are fetched from (host or host:port)',
    placeHolder: 'schemas.example.com',
    validateInput: (value) => (HOST_FORM.test(value.trim()) ? undefined : 'A host name or host:port, such as schemas.example.com:8443'),
    ignoreFocusOut: true,
  });
  if (!host) return;
  const header = await window.showInputBox({
    title: `Set Credentials for ${host.trim()}`,
    prompt: 'The header to send',
    value: 'Authorization',
    validateInput: (value) => (HEADER_NAME.test(value.trim()) ? undefined : 'A header name, such as Authorization or X-Api-Key'),
    ignoreFocusOut: true,
  });
  if (!header) return;
  const value = await window.showInputBox({
    title: `${header.trim()} for ${host.trim()}`,
    prompt: 'Its value, kept in VS Code\'s secret storage (empty: remove it)',
    password: true,
    ignoreFocusOut: true,
  });
  if (value === undefined) return;
  const key = host.trim().toLowerCase();
  const stored = await storedCredentials(context);
  const headers = { ...stored[key] };
  if (value) headers[header.trim()] = value;
  else delete headers[header.trim()];
  if (Object.keys(headers).length > 0) stored[key] = headers;
  else delete stored[key];
  await context.secrets.store(CREDENTIALS_SECRET, JSON.stringify(stored));
  // onDidChange sends them too; sent here at once so the next check uses them.
  const running = client();
  if (running) await sendUntraced(running, stored);
  void window.showInformationMessage(value ? `${header.trim()} is set for ${host.trim()}.` : `${header.trim()} is removed for ${host.trim()}.`);
}
