// Requests across the workspace: references, rename (and file renames), workspace symbols, code
// lens, document links. Each answers from the workspace index with the open documents' current
// text in it; offsets become LSP positions here only.
import * as fs from 'fs';
import {
  CancellationToken, CodeLens, CodeLensRefreshRequest, Command, Connection, DocumentLink, FileOperationRegistrationOptions,
  Location, LSPErrorCodes, Position, Range, ResponseError, SymbolInformation, SymbolKind, SymbolTag, TextEdit as LspTextEdit, WorkspaceEdit,
} from 'vscode-languageserver/node';
import { ObjectKind } from '../../model/spec';
import { TextEdit } from '../../syntax/edit';
import { codeLenses, lensReferences, lensTitle } from '../../services/code-lens';
import { documentLinks } from '../../services/document-links';
import { fileRenameEdits } from '../../services/file-rename';
import { findReferences } from '../../services/references';
import { FileEdits, prepareRename, renameAt } from '../../services/rename';
import { FileSpan, SymbolAt } from '../../services/symbol-at';
import { workspaceSymbols, WorkspaceSymbol } from '../../services/workspace-symbols';
import { offsetIn, positionIn } from '../../workspace/file-index';
import { Session, uriToPath } from '../state/session';
import { DEFAULT_INDEXING, WorkspaceFiles } from '../state/workspace';
import { registerRefactorResolve } from './refactors';
import { answerWithoutBlocking } from '../runtime/request-loads';
import { WorkspaceIndex } from '../../workspace/workspace-index';

/** The client-side command a references lens runs (the VS Code client shows the references view). */
export const SHOW_REFERENCES_COMMAND = 'openapi30.showReferences';

/** Files and folders whose renames may move `$ref` targets (`workspace/willRenameFiles`). */
export const WILL_RENAME_FILTERS: FileOperationRegistrationOptions['filters'] = [
  { scheme: 'file', pattern: { glob: '**/*.{yaml,yml,json,YAML,YML,JSON}', matches: 'file' } },
  { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
];

/** Settings this module reads (`openapi30.codeLens.references`, `openapi30.workspace.*`). */
export interface WorkspaceSettings {
  codeLens?: { references?: unknown };
  workspace?: { maxFiles?: unknown; maxDepth?: unknown };
}

/** Starts indexing the workspace in the background, with work-done progress. */
export function setUpWorkspace(connection: Connection, workspace: WorkspaceFiles): void {
  workspace.createProgress = () => connection.window.createWorkDoneProgress();
  workspace.log = (message) => connection.console.error(message);
  workspace.onIndexed = () => void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  void workspace.start().catch((e) => connection.console.error(`indexing the workspace failed: ${(e as Error).stack}`));
  connection.onShutdown(() => workspace.stop());
}

const COMPONENT_SYMBOL: Partial<Record<ObjectKind, SymbolKind>> = {
  Schema: SymbolKind.Class, Parameter: SymbolKind.Variable, Response: SymbolKind.Interface, RequestBody: SymbolKind.Struct,
  Header: SymbolKind.Field, Example: SymbolKind.Constant, SecurityScheme: SymbolKind.Key, Link: SymbolKind.Event, Callback: SymbolKind.Function,
  PathItem: SymbolKind.Module,
};

const NOTHING_TO_RENAME = 'Nothing to rename here: put the cursor on a component, a $ref, an operationId, a tag, '
  + 'a security scheme or a path parameter.';

function failed(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}

/** An offset range of an indexed file as an LSP range (through the index's line starts). */
export function rangeInFile(index: WorkspaceIndex, filePath: string, offset: number, length: number): Range | undefined {
  const file = index.get(filePath);
  if (!file) return undefined;
  return { start: positionIn(file.lines, offset), end: positionIn(file.lines, offset + length) };
}

/** Edits per file (and new files with their text) as one LSP WorkspaceEdit. */
export function toWorkspaceEdit(session: Session, index: WorkspaceIndex, edits: FileEdits, created: readonly { path: string; text: string }[] = []): WorkspaceEdit {
  const lspEdits = (filePath: string, list: readonly TextEdit[]) => list.flatMap((e): LspTextEdit[] => {
    const range = rangeInFile(index, filePath, e.offset, e.length);
    return range ? [{ range, newText: e.newText }] : [];
  });
  if (created.length === 0) {
    const changes: Record<string, LspTextEdit[]> = {};
    for (const [filePath, list] of edits) changes[session.uriOf(filePath)] = lspEdits(filePath, list);
    return { changes };
  }
  const documentChanges: WorkspaceEdit['documentChanges'] = [];
  const start = { line: 0, character: 0 };
  for (const file of created) {
    const uri = session.uriOf(file.path);
    documentChanges.push({ kind: 'create', uri, options: { overwrite: false, ignoreIfExists: false } });
    documentChanges.push({ textDocument: { uri, version: null }, edits: [{ range: { start, end: start }, newText: file.text }] });
  }
  for (const [filePath, list] of edits) {
    const uri = session.uriOf(filePath);
    const open = [...session.open.values()].find((d) => d.path === filePath);
    documentChanges.push({ textDocument: { uri, version: open ? open.version : null }, edits: lspEdits(filePath, list) });
  }
  return { documentChanges };
}

const positiveNumber = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? Math.floor(value) : fallback);

/**
 * Registers the workspace requests. `recheck` checks the open roots again (when what other roots
 * use of their components changed); the result applies settings.
 */
export function registerNavigation(connection: Connection, session: Session, workspace: WorkspaceFiles, recheck: () => void) {
  const settings = { codeLens: true };
  session.workspace = workspace;
  workspace.onUsesChanged = recheck;
  registerRefactorResolve(connection, session, workspace);
  const rangeIn = (filePath: string, offset: number, length: number) => rangeInFile(workspace.index, filePath, offset, length);
  const location = (span: FileSpan): Location | undefined => {
    const range = rangeIn(span.file, span.offset, span.length);
    return range ? { uri: session.uriOf(span.file), range } : undefined;
  };
  /** The request's file and offset in an index with the open documents' current text. */
  const at = (index: WorkspaceIndex, uri: string, position: Position) => {
    const filePath = uriToPath(uri);
    if (!filePath) return undefined;
    const file = index.get(filePath);
    // Edits are made at the last complete model's offsets: none while a newer text is parsed.
    const doc = session.modelOf(filePath);
    if (!file || !doc || !session.isCurrent(filePath)) return undefined;
    return { filePath, index, doc, offset: offsetIn(file.lines, position, file.length) };
  };
  type Here = NonNullable<ReturnType<typeof at>>;
  /**
   * A request at a position: the index brought up to date first (large edited documents indexed in
   * slices), files it needs parsed in slices (see request-loads.ts); `fallback` where there is nothing.
   */
  const answerAt = <R>(uri: string, position: Position, fallback: R, token: CancellationToken,
    answer: (here: Here) => R) => {
    let index = workspace.index;
    const compute = () => {
      const here = at(index, uri, position);
      return here ? answer(here) : fallback;
    };
    const freshIndex = async () => void (index = await workspace.freshInSlices(token));
    // Asked for by the user: waits for every file it needs (parsed in slices meanwhile).
    return answerWithoutBlocking(session, compute, fallback, token, freshIndex, true);
  };
  const workspaceEdit = (edits: FileEdits) => toWorkspaceEdit(session, workspace.index, edits);
  const guarded = <P, R>(name: string, fallback: R, handler: (params: P) => R) => (params: P): R => {
    try {
      return handler(params);
    } catch (e) {
      return failedWith(name, fallback, e);
    }
  };
  const failedWith = <R>(name: string, fallback: R, e: unknown): R => {
    if (e instanceof ResponseError) throw e;
    connection.console.error(`${name} failed: ${(e as Error).stack}`);
    return fallback;
  };
  type AsyncHandler<P, R> = (params: P, token: CancellationToken) => Promise<R>;
  const guardedAsync = <P, R>(name: string, fallback: R, handler: AsyncHandler<P, R>): AsyncHandler<P, R> =>
    (params, token) => handler(params, token).catch((e) => failedWith(name, fallback, e));

  connection.onReferences(guardedAsync('references', [], (params, token) => {
    const { textDocument, position, context } = params;
    return answerAt(textDocument.uri, position, [], token, (here) => {
      const spans = findReferences(here.index, here.filePath, here.offset, context.includeDeclaration, here.doc.source);
      return spans.flatMap((s) => location(s) ?? []);
    });
  }));

  connection.onPrepareRename(guardedAsync('prepareRename', null, (params, token) => {
    return answerAt(params.textDocument.uri, params.position, null, token, (here) => {
      const result = prepareRename(here.index, here.doc, here.offset);
      if (!result) return null;
      if ('error' in result) throw failed(result.error);
      const range = rangeIn(here.filePath, result.range.offset, result.range.length);
      return range ? { range, placeholder: result.placeholder } : null;
    });
  }));

  connection.onRenameRequest(guardedAsync('rename', null, async (params, token) => {
    const result = await answerAt(params.textDocument.uri, params.position, null, token, (here) => {
      const analysis = session.analysisFor(here.filePath);
      return renameAt(here.index, here.doc, here.offset, params.newName, analysis) ?? 'nothing';
    });
    if (!result) return null;
    if (result === 'nothing') throw failed(NOTHING_TO_RENAME);
    if ('error' in result) throw failed(result.error);
    return workspaceEdit(result.edits);
  }));

  connection.workspace.onWillRenameFiles(guardedAsync('willRenameFiles', null, async (params) => {
    const index = await workspace.freshInSlices();
    const moves = params.files.flatMap((f) => {
      const from = uriToPath(f.oldUri);
      const to = uriToPath(f.newUri);
      return from && to ? [{ from, to }] : [];
    });
    const edits = fileRenameEdits(index, moves);
    return edits.size > 0 ? workspaceEdit(edits) : null;
  }));

  const symbolInformation = (symbol: WorkspaceSymbol): SymbolInformation | undefined => {
    const range = rangeIn(symbol.selection.file, symbol.selection.offset, symbol.selection.length);
    if (!range) return undefined;
    const kind = symbol.kind === 'operation' ? SymbolKind.Method : symbol.kind === 'tag' ? SymbolKind.Enum : (symbol.objectKind && COMPONENT_SYMBOL[symbol.objectKind]) ?? SymbolKind.Object;
    return {
      name: symbol.name, kind, containerName: symbol.container || undefined, location: { uri: session.uriOf(symbol.selection.file), range },
      ...(symbol.deprecated ? { tags: [SymbolTag.Deprecated] } : {}),
    };
  };

  connection.onWorkspaceSymbol(guarded('workspaceSymbol', [], (params) => {
    // A large document being edited keeps its last symbols until the background indexes it.
    const index = workspace.fresh('small');
    return workspaceSymbols(index, params.query).flatMap((s) => symbolInformation(s) ?? []);
  }));

  connection.onCodeLens(guarded('codeLens', [], (params) => {
    if (!settings.codeLens) return [];
    const filePath = uriToPath(params.textDocument.uri);
    if (!filePath) return [];
    const index = workspace.fresh('small');
    // A large document being edited gets its lenses once the background has indexed it.
    if (workspace.isStale(filePath)) return [];
    return codeLenses(index, filePath).flatMap((lens): CodeLens[] => {
      const range = rangeIn(filePath, lens.at.offset, lens.at.length);
      return range ? [{ range, data: { path: filePath, symbol: lens.symbol, count: lens.count } }] : [];
    });
  }));

  connection.onCodeLensResolve(guarded('codeLensResolve', { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } as CodeLens, (lens) => {
    const data = lens.data as { path: string; symbol: SymbolAt } | undefined;
    if (!data) return lens;
    const index = workspace.fresh('small');
    const locations = lensReferences(index, data.path, data.symbol).flatMap((s) => location(s) ?? []);
    const command: Command = { title: lensTitle(locations.length), command: SHOW_REFERENCES_COMMAND, arguments: [session.uriOf(data.path), lens.range.start, locations] };
    return { ...lens, command };
  }));

  connection.onDocumentLinks(guarded('documentLinks', [], (params) => {
    const filePath = uriToPath(params.textDocument.uri);
    if (!filePath) return [];
    const index = workspace.fresh('small');
    if (workspace.isStale(filePath)) return [];
    const existing = new Map<string, boolean>();
    const exists = (target: string) => {
      let known = existing.get(target);
      if (known === undefined) existing.set(target, (known = index.get(target) !== undefined || fs.existsSync(target)));
      return known;
    };
    return documentLinks(index, filePath).flatMap((link): DocumentLink[] => {
      const range = rangeIn(filePath, link.at.offset, link.at.length);
      if (!range || !exists(link.target)) return [];
      return [{ range, target: session.uriOf(link.target), tooltip: `Open ${link.target.split(/[\\/]/).pop()}${link.fragment ? ' at ' + link.fragment : ''}` }];
    });
  }));

  return {
    applySettings(values: WorkspaceSettings, maxFileBytes: number): void {
      const codeLens = values.codeLens?.references !== false;
      if (codeLens !== settings.codeLens) {
        settings.codeLens = codeLens;
        void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
      }
      workspace.settings = {
        maxFiles: positiveNumber(values.workspace?.maxFiles, DEFAULT_INDEXING.maxFiles),
        maxDepth: positiveNumber(values.workspace?.maxDepth, DEFAULT_INDEXING.maxDepth),
        maxFileBytes,
      };
    },
  };
}
