// A key being typed is half a key: `descr` under an operation is "not a field" and, until its colon,
// a YAML syntax error whose squiggle runs into the next line; in JSON `"descr"` without its colon
// breaks the rest of the object. Reporting that at each keystroke paints red where the user is still
// typing. While the line of the last edit holds a key in progress (a word or a quoted word; in JSON up
// to its colon), the findings on that line and the syntax errors the edit created are held back
// until the user pauses; everything else is published at once. The server does this for every
// client (the VS Code client also holds an empty value while the cursor stays on its line).
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { SourceDocument } from '../../model/documents';
import { TYPING_HOLD_MS } from '../runtime/tuning';
import type { ContentChange } from './session';

/**
 * A YAML key in progress: `descr`, `- descr`, `'200`, with nothing after. Once its colon is typed
 * the key is whole: its empty value is the VS Code client's to hold (it knows where the cursor is).
 */
const YAML_KEY_IN_PROGRESS = /^\s*(?:-\s+)*(?:[A-Za-z_$/][\w$.\-/{}]*|'[^']*'?|"[^"]*"?)\s*$/;
/** A JSON key in progress: `"descr`, `"descr"`, `"descr":`, with nothing after (the object is broken until its value). */
const JSON_KEY_IN_PROGRESS = /^\s*"[^"]*"?\s*(?::\s*)?$/;
/** A line longer than this is not a key being typed (and is not read to find out). */
const MAX_KEY_LINE = 200;

interface Typing {
  /** The line the last edit ended on (0-based). */
  line: number;
  /** performance.now() of the last edit. */
  at: number;
}

export class TypingHold {
  /** How long after the last keystroke a held finding waits; 0 turns holding off (an LSP client's initializationOptions.typingHoldMs). */
  holdMs = TYPING_HOLD_MS;
  private readonly typing = new Map<string, Typing>();
  /** The syntax errors last published per file, by message: the ones an edit adds are new. */
  private readonly publishedSyntax = new Map<string, Set<string>>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** `republish(path)`: publish the file's findings again (the pause came). */
  constructor(private readonly republish: (filePath: string) => void) {}

  /** An edit: one change typed at a place (not a whole-text replacement, not several cursors). */
  edited(filePath: string, changes: readonly ContentChange[]): void {
    const [change] = changes;
    if (changes.length !== 1 || !change.range || this.holdMs <= 0) {
      this.typing.delete(filePath);
      return;
    }
    let newlines = 0;
    for (let i = change.text.indexOf('\n'); i >= 0 && newlines <= 1; i = change.text.indexOf('\n', i + 1)) newlines++;
    // A paste of several lines is not a key being typed.
    if (newlines > 1) this.typing.delete(filePath);
    else this.typing.set(filePath, { line: change.range.start.line + newlines, at: performance.now() });
  }

  /** The diagnostics to publish now for `doc`: the held ones left out, and a republish armed for the pause. */
  filter(filePath: string, doc: SourceDocument | undefined, diagnostics: LspDiagnostic[]): LspDiagnostic[] {
    const typing = this.typing.get(filePath);
    const waited = typing ? performance.now() - typing.at : Infinity;
    // A timer may fire a few milliseconds early.
    const holding = typing && doc && waited < this.holdMs - 20 && keyInProgressOn(doc, typing.line);
    const before = this.publishedSyntax.get(filePath);
    const shown = holding
      ? diagnostics.filter((d) => d.range.start.line !== typing.line && !(d.code === 'syntax' && !before?.has(d.message)))
      : diagnostics;
    if (shown.length < diagnostics.length) this.armPause(filePath, this.holdMs - waited);
    const syntax = new Set<string>();
    for (const d of shown) if (d.code === 'syntax') syntax.add(d.message);
    if (syntax.size > 0) this.publishedSyntax.set(filePath, syntax);
    else this.publishedSyntax.delete(filePath);
    return shown;
  }

  forget(filePath: string): void {
    this.typing.delete(filePath);
    this.publishedSyntax.delete(filePath);
    const timer = this.timers.get(filePath);
    if (timer) clearTimeout(timer);
    this.timers.delete(filePath);
  }

  private armPause(filePath: string, ms: number): void {
    const previous = this.timers.get(filePath);
    if (previous) clearTimeout(previous);
    const timer = setTimeout(() => {
      this.timers.delete(filePath);
      this.republish(filePath);
    }, Math.max(0, ms));
    timer.unref?.();
    this.timers.set(filePath, timer);
  }
}

/** Whether `line` of the document holds only a key being typed. */
function keyInProgressOn(doc: SourceDocument, line: number): boolean {
  const lines = doc.lineIndex;
  if (line < 0 || line >= lines.lineCount) return false;
  const start = lines.lineStart(line);
  const end = line + 1 < lines.lineCount ? lines.lineStart(line + 1) : doc.source.length;
  if (end - start > MAX_KEY_LINE) return false;
  const text = doc.source.slice(start, end).replace(/\r?\n$/, '');
  return text.trim() !== '' && (doc.format === 'json' ? JSON_KEY_IN_PROGRESS : YAML_KEY_IN_PROGRESS).test(text);
}
