// textDocument/hover: a field's meaning with a link to the specification, a `$ref`'s target (its
// source too, unless the editor previews definitions itself).
import { Hover, HoverParams, MarkupKind } from 'vscode-languageserver/node';
import { hoverAt } from '../../services/hover';
import { answerWithoutBlocking } from '../state/request-loads';
import { currentDocument, ServerContext } from './context';
import { rangeOf } from '../lsp-types';
import { fragmentRoleOf } from './fragment-role';

export function registerHover(ctx: ServerContext): void {
  const { session } = ctx;
  ctx.dispatch.request<HoverParams, Hover | null>('textDocument/hover', null, (params, token) => answerWithoutBlocking(session, (): Hover | null => {
    const doc = currentDocument(ctx, params.textDocument.uri);
    if (!doc) return null;
    const hover = hoverAt(session.store, doc, doc.lineIndex.offsetAt(params.position), session.analysisFor(doc.path), ctx.editor, fragmentRoleOf(ctx, doc));
    return hover ? { contents: { kind: MarkupKind.Markdown, value: hover.contents }, range: rangeOf(doc, hover.range.offset, hover.range.length) } : null;
  }, null, token));
}
