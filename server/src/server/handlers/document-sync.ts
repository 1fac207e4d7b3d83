// The documents the editor has open and the files on disk: didOpen, didChange, didClose and
// watched-file changes, each handed to the check runs (state/check-runs.ts), which keep the
// diagnostics current.
import { DidChangeTextDocumentParams, DidChangeWatchedFilesParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver/node';
import { ServerContext } from './context';

export function registerDocumentSync(ctx: ServerContext): void {
  const { checks } = ctx;
  ctx.dispatch.notification<DidOpenTextDocumentParams>('textDocument/didOpen', ({ textDocument }) =>
    checks.documentOpened(textDocument.uri, textDocument.version, textDocument.text));
  ctx.dispatch.notification<DidChangeTextDocumentParams>('textDocument/didChange', ({ textDocument, contentChanges }) =>
    checks.documentChanged(textDocument.uri, textDocument.version, contentChanges));
  ctx.dispatch.notification<DidCloseTextDocumentParams>('textDocument/didClose', ({ textDocument }) => checks.documentClosed(textDocument.uri));
  ctx.dispatch.notification<DidChangeWatchedFilesParams>('workspace/didChangeWatchedFiles', ({ changes }) => checks.watchedFilesChanged(changes));
}
