// textDocument/references: the uses of what is under the cursor in every file of the workspace.
import { Location, ReferenceParams } from 'vscode-languageserver/node';
import { findReferences } from '../../services/references';
import { answerAt, ServerContext } from './context';
import { locationOf } from './workspace-edits';

export function registerReferences(ctx: ServerContext): void {
  ctx.dispatch.request<ReferenceParams, Location[]>('textDocument/references', [], (params, token) => {
    const { textDocument, position, context } = params;
    return answerAt(ctx, textDocument.uri, position, [], token, (here) => {
      const spans = findReferences(here.index, here.filePath, here.offset, context.includeDeclaration, here.doc.source);
      return spans.flatMap((s) => locationOf(ctx.session, here.index, s) ?? []);
    });
  });
}
