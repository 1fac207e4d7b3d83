// The disk as a FileSource, for the CLI (and later the server, under its open documents).
import * as fs from 'fs';
import { decodeText, FileRead, FileSource } from '../model/documents';

/** Files above this size are refused with a message instead of exhausting memory. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

export const nodeFiles: FileSource = {
  read(absolutePath: string): FileRead {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(absolutePath);
    } catch {
      return { reason: 'missing', message: `${absolutePath} does not exist.` };
    }
    if (stat.isDirectory()) return { reason: 'folder', message: `${absolutePath} is a folder, not a file.` };
    if (stat.size > MAX_FILE_BYTES) return { reason: 'too-large', message: `${absolutePath} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.` };
    try {
      return decodeText(fs.readFileSync(absolutePath));
    } catch (e) {
      return { reason: 'unreadable', message: `${absolutePath} cannot be read: ${(e as Error).message}` };
    }
  },
};
