// A field name just completed (`description: |`) has an empty value for a moment; reporting it at
// once paints an error where the user is about to type. Our diagnostics on a YAML line whose key has
// no value yet are held back while the cursor is on that line (or on the blank lines below it,
// where a nested block is being started), until the cursor leaves or the user pauses typing.
// The server publishes them as usual; only what the editor shows waits. Only the editor knows
// where the cursor is, so this lives in the client.
import { Diagnostic, DiagnosticCollection, Disposable, TextDocument, Uri, window, workspace } from 'vscode';

/** Typing stopped this long ago: a pause, the held diagnostics are shown. */
export const PAUSE_MS = 1500;

/** `key:` (or `- key:`) with nothing after it but spaces or a comment. */
const EMPTY_VALUE = /^\s*(?:-\s+)*(?:"[^"]*"|'[^']*'|[^\s#'"][^#]*?)\s*:\s*(?:#.*)?$/;

export class TypingHold implements Disposable {
  /** The latest diagnostics the server published, by document URI. */
  private readonly latest = new Map<string, { uri: Uri; diagnostics: Diagnostic[] }>();
  /** Per document URI: when it last changed, and the held diagnostics' lines. */
  private readonly lastEdit = new Map<string, number>();
  private readonly held = new Map<string, Set<number>>();
  private pauseTimer: NodeJS.Timeout | undefined;
  private readonly subscriptions: Disposable[] = [];

  constructor(private readonly collection: () => DiagnosticCollection | undefined) {
    this.subscriptions.push(
      workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        this.lastEdit.set(e.document.uri.toString(), Date.now());
        this.armPauseTimer();
      }),
      window.onDidChangeTextEditorSelection((e) => this.refresh(e.textEditor.document.uri.toString())),
      window.onDidChangeActiveTextEditor(() => {
        for (const key of [...this.held.keys()]) this.refresh(key);
      }),
    );
  }

  /** The diagnostics to show now for what the server published. */
  filter(uri: Uri, diagnostics: Diagnostic[]): Diagnostic[] {
    const key = uri.toString();
    this.latest.set(key, { uri, diagnostics });
    const lines = this.heldLines(key);
    if (lines.size === 0) {
      this.held.delete(key);
      return diagnostics;
    }
    const shown = diagnostics.filter((d) => !lines.has(d.range.start.line));
    if (shown.length === diagnostics.length) this.held.delete(key);
    else this.held.set(key, lines);
    return shown;
  }

  /** Shows what is no longer held (the cursor left the line, or the user paused). */
  private refresh(key: string): void {
    const before = this.held.get(key);
    const latest = this.latest.get(key);
    if (!before || !latest) return;
    const now = this.heldLines(key);
    if ([...before].every((line) => now.has(line))) return;
    this.collection()?.set(latest.uri, this.filter(latest.uri, latest.diagnostics));
  }

  private armPauseTimer(): void {
    if (this.pauseTimer) clearTimeout(this.pauseTimer);
    this.pauseTimer = setTimeout(() => {
      this.pauseTimer = undefined;
      for (const key of [...this.held.keys()]) this.refresh(key);
    }, PAUSE_MS);
  }

  /** Lines whose empty value the user is typing: the cursor's line, or the key line above blank lines. */
  private heldLines(key: string): Set<number> {
    const lines = new Set<number>();
    const editor = window.activeTextEditor;
    if (!editor || editor.document.uri.toString() !== key || editor.document.languageId !== 'yaml') return lines;
    // The pause timer may fire a few milliseconds early.
    if (Date.now() - (this.lastEdit.get(key) ?? 0) >= PAUSE_MS - 20) return lines;
    const document: TextDocument = editor.document;
    let line = editor.selection.active.line;
    // Blank lines under a `key:` (the cursor starting its nested block) belong to that key.
    while (line > 0 && document.lineAt(line).isEmptyOrWhitespace) line--;
    if (line !== editor.selection.active.line && editor.selection.active.line - line > 2) return lines;
    const text = document.lineAt(line).text;
    if (!EMPTY_VALUE.test(text)) return lines;
    // A key followed by a more indented line has a block value: it is not empty.
    const keyColumn = /^\s*(?:-\s+)*/.exec(text)![0].length;
    for (let next = line + 1; next < document.lineCount; next++) {
      const after = document.lineAt(next);
      if (after.isEmptyOrWhitespace) continue;
      if (after.firstNonWhitespaceCharacterIndex > keyColumn) return lines;
      break;
    }
    lines.add(line);
    return lines;
  }

  dispose(): void {
    if (this.pauseTimer) clearTimeout(this.pauseTimer);
    for (const s of this.subscriptions) s.dispose();
  }
}
