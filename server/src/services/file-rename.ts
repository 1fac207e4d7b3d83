// Renaming or moving files and folders: every `$ref` whose file part resolves differently
// afterwards is rewritten, relative to where its own file will be. References inside the moved
// files to files that stay are recomputed too; references between files moved together stay.
import * as path from 'path';
import { isBareSchemaName } from '../model/mapping-value';
import { filePart, relativeFilePart, scalarEdit, withFilePart } from '../workspace/ref-text';
import { WorkspaceIndex } from '../workspace/workspace-index';
import { FileEdits } from './rename';

export interface FileMove {
  /** Absolute paths; a folder moves everything under it. */
  from: string;
  to: string;
}

/** Where a path is after the moves (itself when none applies). */
export function movedPath(filePath: string, moves: readonly FileMove[]): string {
  for (const move of moves) {
    if (filePath === move.from) return move.to;
    if (filePath.startsWith(move.from + path.sep)) return move.to + filePath.slice(move.from.length);
  }
  return filePath;
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function fileRenameEdits(index: WorkspaceIndex, moves: readonly FileMove[]): FileEdits {
  const edits: FileEdits = new Map();
  for (const file of index.all()) {
    const source = movedPath(file.path, moves);
    const refs = file.refs;
    for (let i = 0; i < refs.length; i++) {
      // Local references (nearly all) are passed over by their target, without a view.
      const written = filePart(refs.target(i).raw);
      if (written === '') continue;
      const ref = refs.at(i);
      // A discriminator's mapping may name a schema bare (`dog: Dog`): no file in it to rewrite.
      if (ref.role === 'mapping' && isBareSchemaName(ref.raw)) continue;
      const target = movedPath(ref.targetFile, moves);
      if (source === file.path && target === ref.targetFile) continue;
      // Still right from the new place (both files moved together): leave it as written.
      if (path.resolve(path.dirname(source), decoded(written)) === target) continue;
      const raw = withFilePart(ref.raw, relativeFilePart(source, target, written));
      let list = edits.get(file.path);
      if (!list) edits.set(file.path, (list = []));
      list.push(scalarEdit(file.format, ref.span, raw));
    }
  }
  return edits;
}
