// textDocument/documentSymbol: the outline (info, servers, tags, security, paths and operations,
// components; a referenced file's schemas and path items).
import { DocumentSymbol, DocumentSymbolParams, SymbolKind, SymbolTag } from 'vscode-languageserver/node';
import { documentSymbols, DocumentSymbol as OurSymbol } from '../../services/symbols';
import { answerWithoutBlocking } from '../state/request-loads';
import { currentDocument, ServerContext } from './context';
import { rangeOf } from '../lsp-types';

const SYMBOL_KIND: Record<OurSymbol['kind'], SymbolKind> = { group: SymbolKind.Namespace, path: SymbolKind.Module, operation: SymbolKind.Method, component: SymbolKind.Class };

export function registerDocumentSymbols(ctx: ServerContext): void {
  const { session, workspace } = ctx;
  ctx.dispatch.request<DocumentSymbolParams, DocumentSymbol[]>('textDocument/documentSymbol', [], (params, token) => answerWithoutBlocking(session, (): DocumentSymbol[] => {
    const doc = currentDocument(ctx, params.textDocument.uri);
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
    // Referenced by a file of the workspace, or by a root the server checks (a remote document).
    const referenced = workspace.index.refsInto(doc.path).length > 0 || session.rootsReading(doc.path).some((root) => root !== doc.path);
    return documentSymbols(doc, referenced).map(convert);
  }, [], token));
}
