// workspace/symbol (Ctrl+T): operations (one entry each), components and tags of every file, by a fuzzy query.
import { SymbolInformation, SymbolKind, SymbolTag, WorkspaceSymbolParams } from 'vscode-languageserver/node';
import { ObjectKind } from '../../model/spec';
import { WorkspaceSymbol, workspaceSymbols } from '../../services/workspace-symbols';
import { ServerContext } from './context';
import { isUnsaved } from '../state/session';
import { rangeInFile } from './workspace-edits';

const COMPONENT_SYMBOL: Partial<Record<ObjectKind, SymbolKind>> = {
  Schema: SymbolKind.Class, Parameter: SymbolKind.Variable, Response: SymbolKind.Interface, RequestBody: SymbolKind.Struct,
  Header: SymbolKind.Field, Example: SymbolKind.Constant, SecurityScheme: SymbolKind.Key, Link: SymbolKind.Event, Callback: SymbolKind.Function,
  PathItem: SymbolKind.Module,
};

export function registerWorkspaceSymbols(ctx: ServerContext): void {
  ctx.dispatch.request<WorkspaceSymbolParams, SymbolInformation[]>('workspace/symbol', [], (params) => {
    // A large document being edited keeps its last symbols until the background indexes it.
    const index = ctx.workspace.fresh('small');
    const information = (symbol: WorkspaceSymbol): SymbolInformation | undefined => {
      const range = rangeInFile(index, symbol.selection.file, symbol.selection.offset, symbol.selection.length);
      if (!range) return undefined;
      const kind = symbol.kind === 'operation' ? SymbolKind.Method : symbol.kind === 'tag' ? SymbolKind.Enum : (symbol.objectKind && COMPONENT_SYMBOL[symbol.objectKind]) ?? SymbolKind.Object;
      return {
        name: symbol.name, kind, containerName: symbol.container || undefined, location: { uri: ctx.session.uriOf(symbol.selection.file), range },
        ...(symbol.deprecated ? { tags: [SymbolTag.Deprecated] } : {}),
      };
    };
    // An untitled document is no workspace file: its names are its own (its outline lists them).
    return workspaceSymbols(index, params.query).flatMap((s) => (isUnsaved(s.selection.file) ? [] : information(s) ?? []));
  });
}
