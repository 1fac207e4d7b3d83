// textDocument/prepareRename and rename (a component, an operationId, a tag, a security scheme, a
// path parameter: every use in every file), and workspace/willRenameFiles (every `$ref` to a file
// or folder the user moves).
import { FileOperationRegistrationOptions, LSPErrorCodes, PrepareRenameParams, Range, RenameFilesParams, RenameParams, ResponseError, WorkspaceEdit } from 'vscode-languageserver/node';
import { fileRenameEdits } from '../../services/file-rename';
import { prepareRename, renameAt } from '../../services/rename';
import { uriToPath } from '../state/session';
import { isRemoteLocation } from '../../model/location';
import { answerAt, ServerContext } from './context';
import { rangeInFile, toWorkspaceEdit } from './workspace-edits';

/** Files and folders whose renames may move `$ref` targets (`workspace/willRenameFiles`). */
export const WILL_RENAME_FILTERS: FileOperationRegistrationOptions['filters'] = [
  { scheme: 'file', pattern: { glob: '**/*.{yaml,yml,json,YAML,YML,JSON}', matches: 'file' } },
  { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
];

const NOTHING_TO_RENAME = 'Nothing to rename here: put the cursor on a component, a $ref, an operationId, a tag, '
  + 'a security scheme or a path parameter.';

function failed(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}

export function registerRename(ctx: ServerContext): void {
  const { session, workspace } = ctx;
  ctx.dispatch.request<PrepareRenameParams, { range: Range; placeholder: string } | null>('textDocument/prepareRename', null, (params, token) =>
    answerAt(ctx, params.textDocument.uri, params.position, null, token, (here) => {
      const result = prepareRename(here.index, here.doc, here.offset);
      if (!result) return null;
      if ('error' in result) throw failed(result.error);
      const range = rangeInFile(here.index, here.filePath, result.range.offset, result.range.length);
      return range ? { range, placeholder: result.placeholder } : null;
    }));

  ctx.dispatch.request<RenameParams, WorkspaceEdit | null>('textDocument/rename', null, async (params, token) => {
    const result = await answerAt(ctx, params.textDocument.uri, params.position, null, token, (here) => {
      const analysis = session.analysisFor(here.filePath);
      return renameAt(here.index, here.doc, here.offset, params.newName, analysis) ?? 'nothing';
    });
    if (!result) return null;
    if (result === 'nothing') throw failed(NOTHING_TO_RENAME);
    if ('error' in result) throw failed(result.error);
    // A fetched document is shown read only: an edit there could not be made (or saved).
    const remote = [...result.edits.keys()].find(isRemoteLocation);
    if (remote) throw failed(`This cannot be renamed here: ${remote} has a part of it, and a remote document cannot be edited.`);
    return toWorkspaceEdit(session, workspace.index, result.edits);
  });

  ctx.dispatch.request<RenameFilesParams, WorkspaceEdit | null>('workspace/willRenameFiles', null, async (params) => {
    const index = await workspace.freshInSlices();
    const moves = params.files.flatMap((f) => {
      const from = uriToPath(f.oldUri);
      const to = uriToPath(f.newUri);
      return from && to ? [{ from, to }] : [];
    });
    const edits = fileRenameEdits(index, moves);
    return edits.size > 0 ? toWorkspaceEdit(session, workspace.index, edits) : null;
  });
}
