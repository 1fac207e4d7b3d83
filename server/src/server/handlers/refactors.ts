// Refactor code actions (extract to components, inline a `$ref`, move a component to a file):
// listed with each code action request, their edits built when one is chosen (codeAction/resolve),
// or at once for editors that cannot resolve.
import * as fs from 'fs';
import { CodeAction, CodeActionParams, Command, Position } from 'vscode-languageserver/node';
import { applyRefactor, RefactorAction, RefactorContext, RefactorResult, refactorsAt } from '../../services/refactors';
import { toWorkspaceEdit } from './workspace-edits';
import { isUnsaved, Session, uriToPath } from '../state/session';
import { WorkspaceFiles } from '../state/workspace';

export const REFACTOR_KINDS = ['refactor.extract', 'refactor.inline', 'refactor.move'];

/** The client command that starts a rename at a position (the VS Code client registers it). */
export const RENAME_AT_COMMAND = 'openapi30.renameAt';

/**
 * The command that starts a rename of the name a refactor chose, where it stands once the edit is
 * made (as VS Code's own extract refactors do); undefined when the editor has no such command.
 */
function renameCommand(uri: string, doc: RefactorContext['doc'], result: RefactorResult, editorRenames: boolean): Command | undefined {
  const at = result.renameAt;
  if (!editorRenames || !at || at.path !== doc.path) return undefined;
  const edits = [...(result.edits.get(doc.path) ?? [])].sort((a, b) => a.offset - b.offset);
  // The file's text once the edits are made, up to the name.
  const text = doc.text;
  let after = '';
  let read = 0;
  for (const e of edits) {
    after += text.slice(read, e.offset) + e.newText;
    read = e.offset + e.length;
  }
  after += text.slice(read);
  const before = after.slice(0, at.offset);
  const line = before.split('\n').length - 1;
  const position: Position = { line, character: before.length - before.lastIndexOf('\n') - 1 };
  return { title: 'Rename the new component', command: RENAME_AT_COMMAND, arguments: [uri, position] };
}

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
    unsaved: isUnsaved,
  };
}

/** The refactors at a code action request's range (empty when `only` asks for other kinds). */
export function refactorCodeActions(session: Session, workspace: WorkspaceFiles, params: CodeActionParams, editorRenames = false): CodeAction[] {
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
      const command = renameCommand(params.textDocument.uri, ctx.doc, result, editorRenames);
      if (command) action.command = command;
    }
    return [action];
  });
}

/**
 * A refactor chosen from the list, its edits built now (codeAction/resolve). Large edited
 * documents are indexed in slices first; the context's own look is then at once.
 */
export async function resolveRefactor(session: Session, workspace: WorkspaceFiles, action: CodeAction, editorRenames = false): Promise<{ action: CodeAction } | { error: string }> {
  const data = action.data as ActionData | undefined;
  if (!data?.action || action.edit) return { action };
  await workspace.freshInSlices();
  const ctx = contextFor(session, workspace, data.uri);
  if (!ctx) return { action };
  const result = applyRefactor(ctx, data.action);
  if ('error' in result) return { error: result.error };
  const command = renameCommand(data.uri, ctx.doc, result, editorRenames);
  return { action: { ...action, edit: toWorkspaceEdit(session, ctx.index, result.edits, result.created), ...(command ? { command } : {}) } };
}
