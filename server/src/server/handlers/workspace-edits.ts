// Places and edits across the workspace as LSP values: a range of an indexed file (through the
// index's line starts), a location, and edits per file (with new files) as one WorkspaceEdit.
import { Location, Range, TextEdit as LspTextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { TextEdit } from '../../syntax/edit';
import { FileEdits } from '../../services/rename';
import { FileSpan } from '../../services/symbol-at';
import { positionIn } from '../../workspace/file-index';
import { WorkspaceIndex } from '../../workspace/workspace-index';
import { Session } from '../state/session';

/** An offset range of an indexed file as an LSP range (through the index's line starts). */
export function rangeInFile(index: WorkspaceIndex, filePath: string, offset: number, length: number): Range | undefined {
  const file = index.get(filePath);
  if (!file) return undefined;
  return { start: positionIn(file.lines, offset), end: positionIn(file.lines, offset + length) };
}

/** A span of an indexed file as an LSP location. */
export function locationOf(session: Session, index: WorkspaceIndex, span: FileSpan): Location | undefined {
  const range = rangeInFile(index, span.file, span.offset, span.length);
  return range ? { uri: session.uriOf(span.file), range } : undefined;
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
    const open = session.openDocument(filePath);
    documentChanges.push({ textDocument: { uri, version: open ? open.version : null }, edits: lspEdits(filePath, list) });
  }
  return { documentChanges };
}
