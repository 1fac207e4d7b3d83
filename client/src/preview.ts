// "OpenAPI: Open Preview to the Side": a webview beside the editor rendering the bundled document
// the language server answers (openapi30/previewDocument). The extension knows no OpenAPI: it asks,
// posts the answer to the webview, asks again about 400 ms after typing stops in any file the bundle
// read, and reveals the place of an error when the banner's link is clicked. Try it out's requests
// are made here, by the extension host (try-it/).
import { randomBytes } from 'crypto';
import * as path from 'path';
import {
  commands, Disposable, ExtensionContext, Range as VsCodeRange, SecretStorage, Selection, TextDocumentChangeEvent, TextEditorRevealType,
  TextEditorSelectionChangeEvent, Uri, ViewColumn, WebviewPanel, window, workspace,
} from 'vscode';
import type { LanguageClient, Location, Range } from 'vscode-languageclient/node';
import { TryItOutHost } from './try-it/try-it-host';

/** After the last keystroke, how long the preview waits before it asks for the bundle again. */
const REFRESH_AFTER_TYPING_MS = 400;
/**
 * A referenced file's root is known to the server once that root is checked: a preview asked before
 * (just after start, or before the root is opened) asks again a few times, this long apart.
 */
const ROOTLESS_RETRY_MS = 1500;
const ROOTLESS_RETRIES = 3;

/** The server's answer (server/src/server/handlers/preview.ts). */
type PreviewAnswer =
  | { root: string; document: unknown; pointer: string; notes: string[]; files: string[]; parts: PartPlace[] }
  | { root?: string; error: { message: string; location?: Location } };

/** An operation, path item or component: where it is written, and its pointer in the bundle. */
interface PartPlace {
  uri: string;
  range: Range;
  pointer: string;
}

export function registerPreview(context: ExtensionContext, client: () => LanguageClient | undefined): void {
  const previews = new Map<string, Preview>();
  const rendererRoot = Uri.joinPath(context.extensionUri, 'dist', 'preview');
  context.subscriptions.push(
    commands.registerCommand('openapi30.preview', (uri?: Uri) => {
      const source = uri ?? window.activeTextEditor?.document.uri;
      const languageClient = client();
      if (!source || !languageClient) return;
      const key = source.toString();
      const open = previews.get(key);
      if (open) return open.panel.reveal(ViewColumn.Beside);
      const preview = new Preview(source, languageClient, rendererRoot, context.secrets, () => previews.delete(key));
      previews.set(key, preview);
    }),
    workspace.onDidChangeTextDocument((event) => previews.forEach((preview) => preview.changed(event))),
    workspace.onDidOpenTextDocument(() => previews.forEach((preview) => preview.documentOpened())),
    window.onDidChangeTextEditorSelection((event) => previews.forEach((preview) => preview.cursorMoved(event))),
    { dispose: () => previews.forEach((preview) => preview.panel.dispose()) },
  );
}

class Preview {
  readonly panel: WebviewPanel;
  private readonly disposables: Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The files the last bundle read (URIs): an edit in any of them refreshes the preview. */
  private files = new Set<string>();
  private lastRender: { type: 'render'; document: unknown; pointer: string; revealable: string[]; notes: string[] } | undefined;
  /** The last bundle's operations and components, by file: the cursor's part scrolls the preview, a part's button reveals it. */
  private parts = new Map<string, PartPlace[]>();
  /** The pointer the preview was last scrolled to by the cursor (moving within it scrolls no more). */
  private cursorPointer: string | undefined;
  private lastError: { message: string; location?: Location } | undefined;
  /** Requests asked so far: an older answer arriving after a newer one is dropped. */
  private asked = 0;
  private shown = 0;
  private rootlessRetries = 0;
  /** The root the last bundle was of: Try it out's credentials are kept per root. */
  private root: string;
  private readonly tryItOut: TryItOutHost;

  constructor(private readonly source: Uri, private readonly client: LanguageClient, rendererRoot: Uri, secrets: SecretStorage, onClosed: () => void) {
    this.root = source.toString();
    this.files.add(source.toString());
    this.panel = window.createWebviewPanel('openapi30.preview', `Preview ${path.basename(source.path)}`,
      { viewColumn: ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, localResourceRoots: [rendererRoot] });
    this.tryItOut = new TryItOutHost(this.panel.webview, secrets, () => this.root, () => this.lastRender?.document);
    this.panel.webview.html = previewHtml(this.panel.webview.asWebviewUri(rendererRoot).toString(), this.panel.webview.cspSource);
    this.panel.webview.onDidReceiveMessage((message: { type: string }) => this.received(message), undefined, this.disposables);
    this.panel.onDidDispose(() => {
      clearTimeout(this.timer);
      this.tryItOut.dispose();
      this.disposables.forEach((d) => d.dispose());
      // The server frees the bundle it kept for this preview (megabytes for a large document).
      if (this.client.isRunning()) void this.client.sendNotification('openapi30/previewClosed', { uri: this.source.toString() }).catch(() => undefined);
      onClosed();
    }, undefined, this.disposables);
  }

  changed(event: TextDocumentChangeEvent): void {
    if (event.contentChanges.length === 0 || !this.files.has(event.document.uri.toString())) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), REFRESH_AFTER_TYPING_MS);
  }

  /** A document opened: it may be the root a rootless preview waits for. */
  documentOpened(): void {
    if (this.lastRender || this.rootlessRetries < ROOTLESS_RETRIES) return;
    this.rootlessRetries = 0;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), ROOTLESS_RETRY_MS);
  }

  private received(message: { type: string }): void {
    // The webview (re)loaded (first shown, or shown again after being hidden): it renders what we have, then the newest.
    if (message.type === 'ready') {
      if (this.lastRender) void this.panel.webview.postMessage(this.lastRender);
      void this.refresh();
    } else if (message.type === 'revealError') void this.revealError();
    else if (message.type === 'revealPart') void this.revealPart((message as unknown as { pointer: string }).pointer);
    else this.tryItOut.received(message);
  }

  private async refresh(): Promise<void> {
    const asked = ++this.asked;
    let answer: PreviewAnswer;
    try {
      answer = await this.client.sendRequest<PreviewAnswer>('openapi30/previewDocument', { uri: this.source.toString() });
    } catch (error) {
      answer = { error: { message: `The language server did not answer: ${String(error)}` } };
    }
    if (asked < this.shown) return;
    this.shown = asked;
    if ('error' in answer) {
      this.lastError = answer.error;
      if (!answer.root && !this.lastRender && this.rootlessRetries++ < ROOTLESS_RETRIES) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.refresh(), ROOTLESS_RETRY_MS);
      }
      void this.panel.webview.postMessage({ type: 'error', message: answer.error.message, hasLocation: answer.error.location !== undefined });
      return;
    }
    this.files = new Set([this.source.toString(), answer.root, ...answer.files]);
    this.root = answer.root;
    this.lastError = undefined;
    this.parts = new Map();
    for (const part of answer.parts) {
      const inFile = this.parts.get(part.uri);
      if (inFile) inFile.push(part);
      else this.parts.set(part.uri, [part]);
    }
    const revealable = [...new Set(answer.parts.map((p) => p.pointer))];
    this.lastRender = { type: 'render', document: answer.document, pointer: answer.pointer, revealable, notes: answer.notes };
    void this.panel.webview.postMessage(this.lastRender);
  }

  /** The cursor moved in a file of the bundle: the preview scrolls to the innermost operation or component around it. */
  cursorMoved(event: TextEditorSelectionChangeEvent): void {
    if (!this.panel.visible || !workspace.getConfiguration('openapi30.preview').get<boolean>('scrollSync', true)) return;
    const parts = this.parts.get(event.textEditor.document.uri.toString());
    const cursor = event.selections[0]?.active;
    if (!parts || !cursor) return;
    let innermost: PartPlace | undefined;
    for (const part of parts) {
      if (!rangeOf(part).contains(cursor)) continue;
      if (!innermost || innermost.pointer.length < part.pointer.length) innermost = part;
    }
    if (!innermost || innermost.pointer === this.cursorPointer) return;
    this.cursorPointer = innermost.pointer;
    void this.panel.webview.postMessage({ type: 'scrollTo', pointer: innermost.pointer });
  }

  /** A part's button in the preview: its place in the editor (in the root when the root names it, else where it is written). */
  private async revealPart(pointer: string): Promise<void> {
    const candidates = [...this.parts.values()].flat().filter((p) => p.pointer === pointer);
    const part = candidates.find((p) => p.uri !== this.root) ?? candidates[0];
    if (!part) return;
    const range = rangeOf(part);
    const shown = window.visibleTextEditors.find((e) => e.document.uri.toString() === part.uri);
    const editor = await window.showTextDocument(Uri.parse(part.uri), { viewColumn: shown?.viewColumn ?? ViewColumn.One });
    this.cursorPointer = pointer;
    editor.selection = new Selection(range.start, range.start);
    editor.revealRange(range, TextEditorRevealType.AtTop);
  }

  private async revealError(): Promise<void> {
    const location = this.lastError?.location;
    if (!location) return;
    const { start, end } = location.range;
    const editor = await window.showTextDocument(Uri.parse(location.uri), { viewColumn: ViewColumn.One });
    const selection = new Selection(start.line, start.character, end.line, end.character);
    editor.selection = selection;
    editor.revealRange(selection);
  }
}

function rangeOf(part: PartPlace): VsCodeRange {
  const { start, end } = part.range;
  return new VsCodeRange(start.line, start.character, end.line, end.character);
}

/** The webview's page: Swagger UI and our script from the extension's files only, by nonce, and no connection anywhere. */
function previewHtml(rendererUri: string, cspSource: string): string {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    // Swagger UI's icons are data: SVGs in its stylesheet; an image Try it out received is shown from a blob: URL.
    `img-src ${cspSource} data: blob:`,
    `font-src ${cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" nonce="${nonce}" href="${rendererUri}/swagger-ui.css">
<link rel="stylesheet" nonce="${nonce}" href="${rendererUri}/preview.css">
</head>
<body>
<div id="banner" role="alert" hidden></div>
<details id="notes" hidden><summary></summary><ul></ul></details>
<div id="preview"></div>
<script nonce="${nonce}" src="${rendererUri}/swagger-ui-bundle.js"></script>
<script nonce="${nonce}" src="${rendererUri}/preview.js"></script>
</body>
</html>`;
}
