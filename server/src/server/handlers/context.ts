// What every handler works with: the connection and its dispatcher, the session (open documents,
// their models and checks), the workspace (its index), the check runs, and what the editor said at
// start. Plus the two ways a handler finds what a request is about: the document's last complete
// model, and a position in the workspace index with the open documents' current text in it.
import { CancellationToken, Connection, Position } from 'vscode-languageserver/node';
import { SourceDocument } from '../../model/documents';
import { QuoteStyle } from '../../services/format-quotes';
import { offsetIn } from '../../workspace/file-index';
import { WorkspaceIndex } from '../../workspace/workspace-index';
import { answerWithoutBlocking } from '../state/request-loads';
import { CheckScheduler } from '../state/check-runs';
import { Session, uriToPath } from '../state/session';
import { WorkspaceFiles } from '../state/workspace';
import { Dispatcher } from './dispatcher';
import type { EditorRemoteRefs } from '../state/remote-refs';

/** What the editor told the server at start (`initializationOptions`). */
export interface EditorOptions {
  /** VS Code shows a `$ref`'s target on Ctrl+hover itself: the hover leaves the source out. */
  editorPreviewsDefinitions?: boolean;
  /**
   * The editor reports JSON syntax errors and duplicate keys itself (VS Code's JSON support):
   * the server leaves them out of JSON files' diagnostics. `openapi30/editorValidatesJson`
   * (`{ enabled }`) says when that changes.
   */
  editorValidatesJson?: boolean;
  /**
   * The editor has the `openapi30.selectRange` command (uri, range): a quick fix that leaves a
   * placeholder to fill in (Suppress's `<reason>`) runs it to select the placeholder.
   */
  editorSelectsRanges?: boolean;
  /**
   * The editor has the `openapi30.renameAt` command (uri, position): Extract to components runs it
   * once its edit is made, so the user names the new component at once.
   */
  editorRenamesAt?: boolean;
}

export interface ServerContext {
  connection: Connection;
  dispatch: Dispatcher;
  session: Session;
  workspace: WorkspaceFiles;
  checks: CheckScheduler;
  editor: EditorOptions;
  /** Settings the handlers read (`openapi30.codeLens.references`, `openapi30.format.orderKeys`, `openapi30.format.quotes`). */
  settings: { codeLens: boolean; formatOrderKeys: boolean; formatQuotes?: QuoteStyle };
  /** Remote `$ref`s: fetched off the message loop, for checks (set at initialize). */
  remote?: EditorRemoteRefs;
}

/** The document's last complete model (its newest text may still be being parsed). */
export function currentDocument(ctx: ServerContext, uri: string): SourceDocument | undefined {
  const filePath = uriToPath(uri);
  return filePath ? ctx.session.modelOf(filePath) : undefined;
}

/** A request's file and offset in an index with the open documents' current text. */
export interface IndexPosition {
  filePath: string;
  index: WorkspaceIndex;
  doc: SourceDocument;
  offset: number;
}

function positionIn(ctx: ServerContext, index: WorkspaceIndex, uri: string, position: Position): IndexPosition | undefined {
  const filePath = uriToPath(uri);
  if (!filePath) return undefined;
  const file = index.get(filePath);
  // Edits are made at the last complete model's offsets: none while a newer text is parsed.
  const doc = ctx.session.modelOf(filePath);
  if (!file || !doc || !ctx.session.isCurrent(filePath)) return undefined;
  return { filePath, index, doc, offset: offsetIn(file.lines, position, file.length) };
}

/**
 * A request at a position across the workspace: the index brought up to date first (large edited
 * documents indexed in slices), files it needs parsed in slices (see request-loads.ts); `fallback`
 * where there is nothing. Asked for by the user: it waits for every file it needs.
 */
export function answerAt<R>(ctx: ServerContext, uri: string, position: Position, fallback: R, token: CancellationToken,
  answer: (here: IndexPosition) => R): Promise<R> {
  let index = ctx.workspace.index;
  const compute = () => {
    const here = positionIn(ctx, index, uri, position);
    return here ? answer(here) : fallback;
  };
  const freshIndex = async () => void (index = await ctx.workspace.freshInSlices(token));
  return answerWithoutBlocking(ctx.session, compute, fallback, token, freshIndex, true);
}
