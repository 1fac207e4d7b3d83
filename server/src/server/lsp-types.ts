// Our plain data -> LSP types. Offsets become line/character only here.
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  CodeAction, CodeActionKind, Diagnostic as LspDiagnostic, DiagnosticSeverity, DiagnosticTag, Position, Range, TextEdit as LspTextEdit,
} from 'vscode-languageserver';
import { SourceDocument } from '../model/documents';
import { Diagnostic, Fix, Severity } from '../check/types';
import { TextEdit } from '../syntax/edit';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function rangeOf(doc: SourceDocument, offset: number, length: number): Range {
  return { start: doc.lineIndex.positionAt(offset), end: doc.lineIndex.positionAt(offset + length) };
}

/** Where each rule's documentation is, next to the bundled server (docs/rules/<id>.md). */
export function ruleDocUri(rule: string): string {
  let uri = docUris.get(rule);
  if (!uri) docUris.set(rule, (uri = pathToFileURL(path.join(__dirname, '..', 'docs', 'rules', `${rule}.md`)).href));
  return uri;
}
// Per rule: a file URL costs microseconds to build, and a publish converts thousands.
const docUris = new Map<string, string>();

export function toLspDiagnostic(d: Diagnostic, uriOf: (filePath: string) => string, range = rangeOf(d.doc, d.offset, d.length)): LspDiagnostic {
  const tags = d.tags.map((t) => (t === 'unnecessary' ? DiagnosticTag.Unnecessary : DiagnosticTag.Deprecated));
  return {
    range,
    severity: SEVERITY[d.severity],
    code: d.rule,
    codeDescription: { href: ruleDocUri(d.rule) },
    source: 'openapi',
    message: d.message,
    ...(tags.length ? { tags } : {}),
    ...(d.related.length
      ? { relatedInformation: d.related.map((r) => ({ location: { uri: uriOf(r.doc.path), range: rangeOf(r.doc, r.offset, r.length) }, message: r.message })) }
      : {}),
  };
}

const samePosition = (a: Position, b: Position) => a.line === b.line && a.character === b.character;

/**
 * Findings as LSP values, each reused while the client would see it unchanged: a keystroke in
 * GitHub's description publishes 1,250 findings, nearly all as they were, and converting and
 * serializing them all again was a fifth of the keystroke. A finding and its copies moved through
 * edits share the `tags` array its rule's report made (check/engine.ts, toDiagnostic), which keys
 * the kept value; it is reused only when its rule, severity, message and range are the finding's.
 * Reused values are never changed: the text they were serialized to is kept beside them
 * (transport/raw-json.ts, jsonArray).
 */
export class LspDiagnostics {
  private readonly kept = new WeakMap<readonly unknown[], LspDiagnostic>();

  convert(d: Diagnostic, uriOf: (filePath: string) => string): LspDiagnostic {
    // Related places can be in other files, edited or not: converted each time (few findings have them).
    if (d.related.length > 0) return toLspDiagnostic(d, uriOf);
    const range = rangeOf(d.doc, d.offset, d.length);
    const kept = this.kept.get(d.tags);
    if (kept && kept.code === d.rule && kept.message === d.message && kept.severity === SEVERITY[d.severity]
      && samePosition(kept.range.start, range.start) && samePosition(kept.range.end, range.end)) return kept;
    const made = toLspDiagnostic(d, uriOf, range);
    this.kept.set(d.tags, made);
    return made;
  }
}

export function toLspEdits(doc: SourceDocument, edits: readonly TextEdit[]): LspTextEdit[] {
  return edits.map((e) => ({ range: rangeOf(doc, e.offset, e.length), newText: e.newText }));
}

export function quickFix(uri: string, d: Diagnostic, fix: Fix, lsp: LspDiagnostic, preferred: boolean): CodeAction {
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [lsp],
    isPreferred: preferred,
    edit: { changes: { [uri]: toLspEdits(d.doc, fix.edits) } },
  };
}

