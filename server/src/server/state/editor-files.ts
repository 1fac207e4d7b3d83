// How the language server reads a file: an open document's text as the editor has it (unsaved), else
// the file on disk, as trust and the size limit allow. The session reads this way, and so does the
// conversion worker (convert-worker.ts), which gets the open documents' texts and the trust with its job.
import * as path from 'path';
import { formatBytes, readTextFile } from '../../io/read-file';
import type { FileRead, FileSource, LoadFailure } from '../../model/documents';

/** Where unsaved (untitled) documents live: a folder no file can be in, so no `$ref` to a file resolves. */
export const UNSAVED_FOLDER = path.join(path.parse(process.cwd()).root, '\u0000unsaved');

/** Whether a path is an unsaved buffer's (see uriToPath). */
export function isUnsaved(filePath: string): boolean {
  return filePath.startsWith(UNSAVED_FOLDER + path.sep);
}

export interface EditorFileAccess {
  /** An open document's current text. */
  openText(filePath: string): string | undefined;
  /** Why a file may not be read (an untrusted workspace), or undefined. */
  refusal(filePath: string): LoadFailure | undefined;
  /** The openapi30.maxFileSize setting, in bytes. */
  maxFileBytes(): number;
  /** A remote document fetched for checks; undefined: none are fetched here. */
  readRemote?(url: string): FileRead | undefined;
}

/** A FileSource that always answers for URLs too. */
export type EditorFileSource = FileSource & { readRemote(url: string): FileRead };

export function editorFileSource(access: EditorFileAccess): EditorFileSource {
  return {
    read: (absolutePath: string): FileRead => {
      const open = access.openText(absolutePath);
      if (open !== undefined) return { text: open };
      const refused = access.refusal(absolutePath);
      if (refused) return refused;
      if (isUnsaved(absolutePath)) return { reason: 'missing', message: `${absolutePath} does not exist.` };
      const maxBytes = access.maxFileBytes();
      const read = readTextFile(absolutePath, maxBytes);
      if ('reason' in read && read.reason === 'too-large') {
        return { reason: 'too-large', message: `${path.basename(absolutePath)} is larger than the openapi30.maxFileSize setting (${formatBytes(maxBytes)}).` };
      }
      return read;
    },
    readRemote: (url: string): FileRead => {
      const open = access.openText(url);
      if (open !== undefined) return { text: open };
      return access.readRemote?.(url) ?? { reason: 'remote-off', host: new URL(url).host, message: 'remote documents are not fetched here' };
    },
  };
}
