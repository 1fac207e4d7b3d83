// Requests on documents: quick fixes and fix-all, definition, completion, hover, symbols. Each
// answers from the newest complete model of the document and never waits for a check.
import {
  CodeAction, CodeActionKind, CodeActionParams, CompletionItem, CompletionItemKind, Connection, DocumentSymbol, Hover, InsertTextFormat, LocationLink,
  MarkupKind, Position, SymbolKind, SymbolTag,
} from 'vscode-languageserver/node';
import { SourceDocument } from '../../model/documents';
import { completionsAt } from '../../services/completion';
import { definitionAt } from '../../services/definition';
import { hoverAt } from '../../services/hover';
import { suppressionFix } from '../../services/suppress';
import { documentSymbols, DocumentSymbol as OurSymbol } from '../../services/symbols';
import { quickFix, rangeOf, toLspDiagnostic, toLspEdits } from './lsp-types';
import { Session, uriToPath } from '../state/session';
import { refactorCodeActions } from './refactors';
import { WorkspaceFiles } from '../state/workspace';
import { answerWithoutBlocking, runInSlices } from '../runtime/request-loads';

/** What the editor told the server at start (`initializationOptions`). */
export interface EditorOptions {
  /** VS Code shows a `$ref`'s target on Ctrl+hover itself: the hover leaves the source out. */
  editorPreviewsDefinitions?: boolean;
  /**
   * The editor reports JSON syntax errors and duplicate keys itself (VS Code's JSON support):
   * the server leaves them out of JSON files' diagnostics. `openapi30/editorValidatesJson`
   * (`{ enabled }`) says when that changes.
   */
  editorValidatesJson?: boolean;
}

export function registerFeatures(connection: Connection, session: Session, workspaceFiles: WorkspaceFiles, editor: EditorOptions = {}): void {
  /** The document's last complete model (its newest text may still be being parsed). */
  function currentDocument(uri: string): SourceDocument | undefined {
    const filePath = uriToPath(uri);
    return filePath ? session.modelOf(filePath) : undefined;
  }

  /** Quick fixes and refactors at a range, and the fix-all to work out (several checks: in slices). */
  function listedActions(params: CodeActionParams) {
    const filePath = uriToPath(params.textDocument.uri);
    // Fixes are edits at the offsets of the last complete model: none while a newer text is parsed.
    if (!filePath || !session.isCurrent(filePath)) return undefined;
    const diagnostics = session.diagnosticsIn(filePath);
    const only = params.context.only;
    const quickFixes: CodeAction[] = [];
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(k + '.'));
    if (wants(CodeActionKind.QuickFix)) {
      const start = params.range.start;
      const end = params.range.end;
      for (const d of diagnostics) {
        const range = rangeOf(d.doc, d.offset, d.length);
        const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);
        if (before(range.end, start) || before(end, range.start)) continue;
        const lsp = toLspDiagnostic(d, (p) => session.uriOf(p));
        d.fixes.forEach((fix, i) => quickFixes.push(quickFix(params.textDocument.uri, d, fix, lsp, i === 0)));
        const suppress = suppressionFix(d.doc, d.rule, d.offset);
        if (suppress) quickFixes.push(quickFix(params.textDocument.uri, d, suppress, lsp, false));
      }
    }
    const fixAllKind = CodeActionKind.SourceFixAll;
    const asksFixAll = only?.some((k) => fixAllKind.startsWith(k) || k === fixAllKind);
    const steps = asksFixAll && diagnostics.some((d) => d.fixes.length > 0) ? session.fixAllTextSteps(filePath) : undefined;
    const doc = session.modelOf(filePath);
    const fixAll = steps && doc && { steps, doc };
    return { quickFixes, fixAll, refactors: refactorCodeActions(session, workspaceFiles, params) };
  }

  connection.onCodeAction(async (params: CodeActionParams, token): Promise<CodeAction[]> => {
    try {
      const listed = await answerWithoutBlocking(session, () => listedActions(params), undefined, token);
      if (!listed) return [];
      const actions = [...listed.quickFixes];
      const fixAll = listed.fixAll;
      // Its re-checks of the fixed texts parse them (seconds for a large broken JSON): checks go first.
      const result = fixAll && (await runInSlices(fixAll.steps, token, 'background'));
      // Not when the document changed meanwhile: the edit is made at the offsets of the text it read.
      if (fixAll && result && result.after !== result.before && session.modelOf(fixAll.doc.path) === fixAll.doc) {
        // Each fix where it is (runs of adjacent ones as one), not one edit from the first to the last.
        const edits = toLspEdits(fixAll.doc, result.edits);
        actions.push({
          title: 'Fix all OpenAPI problems that have a fix',
          kind: CodeActionKind.SourceFixAll,
          edit: { changes: { [params.textDocument.uri]: edits } },
        });
      }
      actions.push(...listed.refactors);
      return actions;
    } catch (e) {
      connection.console.error(`codeAction failed: ${(e as Error).stack}`);
      return [];
    }
  });

  connection.onDefinition((params, token) => answerWithoutBlocking(session, (): LocationLink[] | null => {
    try {
      const filePath = uriToPath(params.textDocument.uri);
      if (!filePath) return null;
      const doc = session.modelOf(filePath);
      if (!doc) return null;
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
    // Asked for by the user: waits for a large file it leads into (parsed in slices meanwhile).
  }, null, token, undefined, true));

  const COMPLETION_KIND: Record<string, CompletionItemKind> = {
    property: CompletionItemKind.Property,
    value: CompletionItemKind.Value,
    reference: CompletionItemKind.Reference,
    keyword: CompletionItemKind.Keyword,
    snippet: CompletionItemKind.Snippet,
  };
  const loadDocument = (filePath: string) => session.modelOf(filePath);

  connection.onCompletion((params, token) => answerWithoutBlocking(session, (): CompletionItem[] => {
    try {
      const doc = currentDocument(params.textDocument.uri);
      if (!doc) return [];
      const offset = doc.lineIndex.offsetAt(params.position);
      const analysis = session.analysisFor(doc.path);
      // No open root reads the file: the places that reference it in the workspace tell its role.
      const referencedAs = analysis ? [] : workspaceFiles.index.refsInto(doc.path)
        .filter(({ entry }) => entry.expected !== undefined && !entry.inExtension)
        .map(({ entry }) => ({ pointer: entry.pointer, kind: entry.expected! }));
      const items = completionsAt(doc, offset, analysis, workspaceFiles.list(), loadDocument, referencedAs);
      return items.map((item) => ({
        label: item.label,
        kind: COMPLETION_KIND[item.kind],
        detail: item.detail,
        documentation: item.documentation ? { kind: MarkupKind.Markdown, value: item.documentation } : undefined,
        preselect: item.preselect,
        sortText: item.sortText,
        filterText: item.filterText,
        insertTextFormat: item.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
        textEdit: { range: rangeOf(doc, item.replace.offset, item.replace.length), newText: item.insertText },
      }));
    } catch (e) {
      connection.console.error(`completion failed: ${(e as Error).stack}`);
      return [];
    }
  }, [], token));

  connection.onHover((params, token) => answerWithoutBlocking(session, (): Hover | null => {
    try {
      const doc = currentDocument(params.textDocument.uri);
      if (!doc) return null;
      const hover = hoverAt(session.store, doc, doc.lineIndex.offsetAt(params.position), session.analysisFor(doc.path), editor);
      return hover ? { contents: { kind: MarkupKind.Markdown, value: hover.contents }, range: rangeOf(doc, hover.range.offset, hover.range.length) } : null;
    } catch (e) {
      connection.console.error(`hover failed: ${(e as Error).stack}`);
      return null;
    }
  }, null, token));

  const SYMBOL_KIND: Record<OurSymbol['kind'], SymbolKind> = { group: SymbolKind.Namespace, path: SymbolKind.Module, operation: SymbolKind.Method, component: SymbolKind.Class };

  connection.onDocumentSymbol((params, token) => answerWithoutBlocking(session, (): DocumentSymbol[] => {
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
      return documentSymbols(doc, workspaceFiles.index.refsInto(doc.path).length > 0).map(convert);
    } catch (e) {
      connection.console.error(`documentSymbol failed: ${(e as Error).stack}`);
      return [];
    }
  }, [], token));
}
