// Refactor code actions (extract to components, inline a `$ref`, move a component to a file):
// listed with each code action request, their edits built when one is chosen (codeAction/resolve),
// or at once for editors that cannot resolve.
import * as fs from 'fs';
import { CodeAction, CodeActionParams } from 'vscode-languageserver/node';
import { applyRefactor, RefactorAction, RefactorContext, refactorsAt } from '../../services/refactors';
import { toWorkspaceEdit } from './workspace-edits';
import { Session, uriToPath } from '../state/session';
import { WorkspaceFiles } from '../state/workspace';

export const REFACTOR_KINDS = ['refactor.extract', 'refactor.inline', 'refactor.move'];

interface ActionData {
  uri: string;
  action: RefactorAction;
}

/**
 * `listing`: for the list an editor asks for by itself (at every cursor move): large documents
 * edited since they were indexed are left to the background indexer (indexing one here held the
 * server for seconds), and a document whose own index is behind offers no refactor until then.
 */
function contextFor(session: Session, workspace: WorkspaceFiles, uri: string, listing = false): RefactorContext | undefined {
  const filePath = uriToPath(uri);
  if (!filePath) return undefined;
  const index = workspace.fresh(listing ? 'small' : 'all');
  if (listing && workspace.isStale(filePath)) return undefined;
  const doc = session.modelOf(filePath);
  if (!doc || !session.isCurrent(filePath) || !index.get(filePath)) return undefined;
  const resources = workspace.clientCapabilities?.workspace?.workspaceEdit?.resourceOperations ?? [];
  return {
    index, doc, analysis: session.analysisFor(filePath), store: session.store, canCreateFiles: resources.includes('create'),
    exists: (p) => index.get(p) !== undefined || fs.existsSync(p),
  };
}

/** The refactors at a code action request's range (empty when `only` asks for other kinds). */
export function refactorCodeActions(session: Session, workspace: WorkspaceFiles, params: CodeActionParams): CodeAction[] {
  const only = params.context.only;
  const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(k + '.'));
  if (!REFACTOR_KINDS.some(wants)) return [];
  const ctx = contextFor(session, workspace, params.textDocument.uri, true);
  if (!ctx) return [];
  const capabilities = workspace.clientCapabilities?.textDocument?.codeAction;
  const resolves = capabilities?.resolveSupport?.properties.includes('edit') ?? false;
  const showsDisabled = capabilities?.disabledSupport ?? false;
  const offset = ctx.doc.lineIndex.offsetAt(params.range.start);
  return refactorsAt(ctx, offset).flatMap((offer): CodeAction[] => {
    if (!wants(offer.kind) || (offer.disabled && !showsDisabled)) return [];
    const action: CodeAction = { title: offer.title, kind: offer.kind, data: { uri: params.textDocument.uri, action: offer.action } satisfies ActionData };
    if (offer.disabled) return [{ ...action, disabled: { reason: offer.disabled } }];
    if (!resolves) {
      const result = applyRefactor(ctx, offer.action);
      if ('error' in result) return [];
      action.edit = toWorkspaceEdit(session, ctx.index, result.edits, result.created);
    }
    return [action];
  });
}

/**
 * A refactor chosen from the list, its edits built now (codeAction/resolve). Large edited
 * documents are indexed in slices first; the context's own look is then at once.
 */
export async function resolveRefactor(session: Session, workspace: WorkspaceFiles, action: CodeAction): Promise<{ action: CodeAction } | { error: string }> {
  const data = action.data as ActionData | undefined;
  if (!data?.action || action.edit) return { action };
  await workspace.freshInSlices();
  const ctx = contextFor(session, workspace, data.uri);
  if (!ctx) return { action };
  const result = applyRefactor(ctx, data.action);
  if ('error' in result) return { error: result.error };
  return { action: { ...action, edit: toWorkspaceEdit(session, ctx.index, result.edits, result.created) } };
}
