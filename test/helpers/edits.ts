// Applying an LSP server's edits to texts, as an editor would.
import * as fs from 'fs';
import { fileURLToPath } from 'url';
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LineIndex } from '../../server/src/syntax/line-index';

export function applyLspEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  const offsets = edits.map((e) => ({ start: lines.offsetAt(e.range.start), end: lines.offsetAt(e.range.end), text: e.newText })).sort((a, b) => b.start - a.start);
  let result = text;
  for (const e of offsets) result = result.slice(0, e.start) + e.text + result.slice(e.end);
  return result;
}

/** The texts after a WorkspaceEdit, by file path (files it does not touch are left out). */
export function applyWorkspaceEdit(edit: WorkspaceEdit, read: (filePath: string) => string = (p) => fs.readFileSync(p, 'utf8')): Map<string, string> {
  const texts = new Map<string, string>();
  const apply = (uri: string, edits: readonly TextEdit[]) => {
    const filePath = fileURLToPath(uri);
    texts.set(filePath, applyLspEdits(texts.get(filePath) ?? read(filePath), edits));
  };
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) apply(uri, edits);
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      if (change.kind === 'create') texts.set(fileURLToPath(change.uri), '');
      continue;
    }
    apply(change.textDocument.uri, change.edits as TextEdit[]);
  }
  return texts;
}
