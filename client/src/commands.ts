// The "OpenAPI" commands of the palette and the status-bar item that says what the active file is.
// The server knows the answers (handlers/commands.ts: openapi30/newDocument, bundle, convert,
// fileRole, checkWorkspace); this module only shows VS Code's UI around them: a pick, a save
// dialog, a progress notification, a status-bar item.
import * as path from 'path';
import {
  commands, Disposable, ExtensionContext, languages, ProgressLocation, SnippetString, StatusBarAlignment, StatusBarItem,
  TextEditor, Uri, window, workspace,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { WorkDoneProgress, WorkDoneProgressBegin, WorkDoneProgressReport, WorkspaceEdit as ProtocolWorkspaceEdit } from 'vscode-languageclient/node';

type BundleAnswer = { root: string; text: string; notes: string[] } | { error: string };
type ConvertAnswer = { edit: ProtocolWorkspaceEdit; created: string[] } | { error: string };
type FileRoleAnswer =
  | { role: 'root'; label: string; version: string; related: string[] }
  | { role: 'referenced'; label: string; related: string[] }
  | { role: 'none' };
interface CheckWorkspaceAnswer { cancelled: boolean; message: string }

/** After typing or a check, how long the status bar waits before it asks about the active file again. */
const ROLE_REFRESH_MS = 300;

export function registerCommands(context: ExtensionContext, client: () => LanguageClient | undefined): void {
  const status = new FileRoleStatus(client);
  context.subscriptions.push(
    status,
    commands.registerCommand('openapi30.newDocument', () => newDocument(client())),
    commands.registerCommand('openapi30.bundleToFile', (uri?: Uri) => bundleToFile(client(), uri ?? window.activeTextEditor?.document.uri)),
    commands.registerCommand('openapi30.convertToOpenApi30', (uri?: Uri) => convert(client(), uri ?? window.activeTextEditor?.document.uri)),
    commands.registerCommand('openapi30.checkWorkspace', () => checkWorkspace(client())),
    commands.registerCommand('openapi30.showFileRole', () => status.showRelated()),
  );
}

async function newDocument(client: LanguageClient | undefined): Promise<void> {
  if (!client) return;
  const picked = await window.showQuickPick([
    { label: 'YAML', format: 'yaml' as const },
    { label: 'JSON', format: 'json' as const },
  ], { title: 'New OpenAPI Document', placeHolder: 'The format of the new document' });
  if (!picked) return;
  const answer = await client.sendRequest<{ language: string; snippet: string }>('openapi30/newDocument', { format: picked.format });
  const document = await workspace.openTextDocument({ language: answer.language, content: '' });
  const editor = await window.showTextDocument(document);
  await editor.insertSnippet(new SnippetString(answer.snippet));
}

async function bundleToFile(client: LanguageClient | undefined, source: Uri | undefined): Promise<void> {
  if (!client || !source) return void window.showInformationMessage('Open an OpenAPI document to bundle it.');
  const parsed = path.parse(source.path);
  const defaultUri = source.with({ path: path.posix.join(path.posix.dirname(source.path), `${parsed.name}.bundled${parsed.ext || '.yaml'}`) });
  const target = await window.showSaveDialog({
    defaultUri, title: 'Bundle to a File', saveLabel: 'Bundle', filters: { YAML: ['yaml', 'yml'], JSON: ['json'] },
  });
  if (!target) return;
  const answer = await client.sendRequest<BundleAnswer>('openapi30/bundleToFile', { uri: source.toString(), target: target.toString() });
  if ('error' in answer) return void window.showErrorMessage(answer.error);
  await workspace.fs.writeFile(target, Buffer.from(answer.text, 'utf8'));
  for (const note of answer.notes) void window.showWarningMessage(note);
  const open = 'Open';
  const chosen = await window.showInformationMessage(`Bundled ${path.basename(Uri.parse(answer.root).path)} into ${path.basename(target.path)}.`, open);
  if (chosen === open) await window.showTextDocument(target);
}

async function convert(client: LanguageClient | undefined, source: Uri | undefined): Promise<void> {
  if (!client || !source) return void window.showInformationMessage('Open a Swagger 2.0 document to convert it.');
  const answer = await client.sendRequest<ConvertAnswer>('openapi30/convert', { uri: source.toString() });
  if ('error' in answer) return void window.showErrorMessage(answer.error);
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(answer.edit);
  if (!(await workspace.applyEdit(edit))) return void window.showErrorMessage('The conversion could not be applied.');
  const created = answer.created[0];
  if (created) await window.showTextDocument(Uri.parse(created));
}

let checkRuns = 0;

async function checkWorkspace(client: LanguageClient | undefined): Promise<void> {
  if (!client) return;
  const token = `openapi30-check-workspace-${++checkRuns}`;
  const answer = await window.withProgress({ location: ProgressLocation.Notification, title: 'OpenAPI: Checking the workspace', cancellable: true },
    async (progress, cancel) => {
      let last = 0;
      const listening = client.onProgress(WorkDoneProgress.type, token, (value) => {
        if (value.kind === 'end') return;
        const { message, percentage } = value as WorkDoneProgressBegin | WorkDoneProgressReport;
        const increment = percentage !== undefined ? percentage - last : undefined;
        if (percentage !== undefined) last = percentage;
        progress.report({ message, increment });
      });
      try {
        return await client.sendRequest<CheckWorkspaceAnswer>('openapi30/checkWorkspace', { workDoneToken: token }, cancel);
      } finally {
        listening.dispose();
      }
    });
  // Not awaited: the command ends when the check does, not when the message is dismissed.
  const problems = 'Show Problems';
  void window.showInformationMessage(answer.message, problems).then((chosen) => {
    if (chosen === problems) void commands.executeCommand('workbench.actions.view.problems');
  });
}

/** The status-bar item: "OpenAPI 3.0 root", "referenced by api.yaml", or hidden. */
class FileRoleStatus implements Disposable {
  private readonly item: StatusBarItem;
  private readonly disposables: Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private answer: { uri: Uri; role: FileRoleAnswer } | undefined;
  private asked = 0;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.item = window.createStatusBarItem('openapi30.fileRole', StatusBarAlignment.Right, 100);
    this.item.name = 'OpenAPI File';
    this.item.command = 'openapi30.showFileRole';
    this.disposables.push(
      window.onDidChangeActiveTextEditor(() => this.later(0)),
      // A check (diagnostics published) may change which roots read a file; so may saving it.
      languages.onDidChangeDiagnostics((e) => {
        const active = window.activeTextEditor?.document.uri.toString();
        if (active && e.uris.some((u) => u.toString() === active)) this.later(ROLE_REFRESH_MS);
      }),
      workspace.onDidSaveTextDocument(() => this.later(ROLE_REFRESH_MS)),
    );
    this.later(0);
  }

  private later(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(window.activeTextEditor), ms);
  }

  private async refresh(editor: TextEditor | undefined): Promise<void> {
    const client = this.client();
    const asked = ++this.asked;
    const document = editor?.document;
    // An untitled document (New OpenAPI Document) is checked before it is saved: its role is shown too.
    if (!client || !document || !['file', 'untitled'].includes(document.uri.scheme) || !['yaml', 'json'].includes(document.languageId)) {
      this.answer = undefined;
      this.item.hide();
      return;
    }
    let role: FileRoleAnswer;
    try {
      role = await client.sendRequest<FileRoleAnswer>('openapi30/fileRole', { uri: document.uri.toString() });
    } catch {
      return; // the server is restarting: the next change asks again
    }
    if (asked !== this.asked) return;
    this.answer = { uri: document.uri, role };
    if (role.role === 'none') return void this.item.hide();
    this.item.text = role.label;
    // Read out as shown (VS Code reads the tooltip after the text otherwise).
    this.item.accessibilityInformation = { label: role.label };
    this.item.tooltip = role.role === 'root'
      ? `This file is an ${role.version} document. Click to list the files it references.`
      : 'This file is part of an OpenAPI description. Click to list the documents that reference it.';
    this.item.show();
  }

  /** Lists the files the active root references, or the roots the active file is referenced by. */
  async showRelated(): Promise<void> {
    const answer = this.answer;
    if (!answer || answer.role.role === 'none') return void window.showInformationMessage('This file is not part of an OpenAPI description.');
    const { role } = answer;
    const folder = workspace.getWorkspaceFolder(answer.uri);
    const items = role.related.map((related) => {
      const uri = Uri.parse(related);
      return { label: path.basename(uri.path), description: folder ? path.relative(folder.uri.fsPath, path.dirname(uri.fsPath)) || undefined : uri.fsPath, uri };
    });
    const title = role.role === 'root' ? `${role.label}: the files it references` : `Documents that reference ${path.basename(answer.uri.path)}`;
    if (items.length === 0) return void window.showInformationMessage(`${role.label}: it references no other file.`);
    const picked = await window.showQuickPick(items, { title, placeHolder: 'Open a file' });
    if (picked) await window.showTextDocument(picked.uri);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.disposables.forEach((d) => d.dispose());
    this.item.dispose();
  }
}
