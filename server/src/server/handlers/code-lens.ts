// textDocument/codeLens and codeLens/resolve: above each component, tag and security scheme, how
// many references it has, which the editor shows as a list when clicked.
import { CodeLens, CodeLensParams, CodeLensRefreshRequest, Command } from 'vscode-languageserver/node';
import { codeLenses, lensReferences, lensTitle } from '../../services/code-lens';
import { SymbolAt } from '../../services/symbol-at';
import { uriToPath } from '../state/session';
import { ServerContext } from './context';
import { locationOf, rangeInFile } from './workspace-edits';

/** The client-side command a references lens runs (the VS Code client shows the references view). */
export const SHOW_REFERENCES_COMMAND = 'openapi30.showReferences';

const NO_RANGE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export function registerCodeLens(ctx: ServerContext): void {
  const { session, workspace } = ctx;
  ctx.dispatch.request<CodeLensParams, CodeLens[]>('textDocument/codeLens', [], (params) => {
    if (!ctx.settings.codeLens) return [];
    const filePath = uriToPath(params.textDocument.uri);
    if (!filePath) return [];
    const index = workspace.fresh('small');
    // A large document being edited gets its lenses once the background has indexed it.
    if (workspace.isStale(filePath)) return [];
    return codeLenses(index, filePath).flatMap((lens): CodeLens[] => {
      const range = rangeInFile(index, filePath, lens.at.offset, lens.at.length);
      return range ? [{ range, data: { path: filePath, symbol: lens.symbol, count: lens.count } }] : [];
    });
  });

  ctx.dispatch.request<CodeLens, CodeLens>('codeLens/resolve', { range: NO_RANGE }, (lens) => {
    const data = lens.data as { path: string; symbol: SymbolAt } | undefined;
    if (!data) return lens;
    const index = workspace.fresh('small');
    const locations = lensReferences(index, data.path, data.symbol).flatMap((s) => locationOf(session, index, s) ?? []);
    const command: Command = { title: lensTitle(locations.length), command: SHOW_REFERENCES_COMMAND, arguments: [session.uriOf(data.path), lens.range.start, locations] };
    return { ...lens, command };
  });
}

/** Shows or hides the lenses (`openapi30.codeLens.references`); the editor asks for them again. */
export function setCodeLensShown(ctx: ServerContext, shown: boolean): void {
  if (shown === ctx.settings.codeLens) return;
  ctx.settings.codeLens = shown;
  void ctx.connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
}
