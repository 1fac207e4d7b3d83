// textDocument/completion: what fits where the cursor is (fields not yet present, values allowed
// there, `$ref` targets of the right kind), as snippets with the cursor where the value goes.
import { CompletionItem, CompletionItemKind, CompletionParams, InsertTextFormat, MarkupKind } from 'vscode-languageserver/node';
import { completionsAt } from '../../services/completion';
import { refTargetsOfKind } from '../../workspace/ref-targets';
import { answerWithoutBlocking } from '../state/request-loads';
import { currentDocument, ServerContext } from './context';
import { rangeOf } from '../lsp-types';
import { ObjectKind } from '../../model/spec';
import { fragmentRoleOf } from './fragment-role';
import { isUnsaved } from '../state/session';

const COMPLETION_KIND: Record<string, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  reference: CompletionItemKind.Reference,
  keyword: CompletionItemKind.Keyword,
  snippet: CompletionItemKind.Snippet,
};

/** `$ref` targets from other files listed at most: a monorepo holds hundreds of thousands of components. */
const MAX_WORKSPACE_REF_TARGETS = 2_000;

export function registerCompletion(ctx: ServerContext): void {
  const { session, workspace } = ctx;
  const loadDocument = (filePath: string) => session.modelOf(filePath);
  ctx.dispatch.request<CompletionParams, CompletionItem[]>('textDocument/completion', [], (params, token) => answerWithoutBlocking(session, (): CompletionItem[] => {
    const doc = currentDocument(ctx, params.textDocument.uri);
    if (!doc) return [];
    const offset = doc.lineIndex.offsetAt(params.position);
    const analysis = session.analysisFor(doc.path);
    // A fragment: the roots that reference it tell its version, the places that do its objects' kinds.
    const role = fragmentRoleOf(ctx, doc);
    const except = new Set([doc.path]);
    // An untitled document is no file a `$ref` can name, and has no folder its own `$ref`s could start from.
    const targets = (kind: ObjectKind) => isUnsaved(doc.path) ? [] : refTargetsOfKind(workspace.index, kind, except, MAX_WORKSPACE_REF_TARGETS, workspace.unindexedKeys())
      .filter((target) => !isUnsaved(target.file));
    const items = completionsAt(doc, offset, analysis, targets, loadDocument, role);
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
      additionalTextEdits: item.additionalEdits?.map((e) => ({ range: rangeOf(doc, e.offset, e.length), newText: e.newText })),
    }));
  }, [], token));
}
