// Reading a file from disk, the one way the CLI, the language server and the workspace index do it:
// open without blocking, look at what the descriptor is, read regular files only and at most the
// size limit. A `$ref` can name anything: a named pipe (a read would wait forever), /dev/zero (a
// read never ends), /dev/stdin (the server's own protocol input), a symlink loop.
import * as fs from 'fs';
import { decodeText, FileRead, FileSource } from '../model/documents';

/** Files above this size are refused unless the caller sets a lower limit. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** What a file that is not a regular file is, in words. */
function specialKind(stat: fs.Stats): string | undefined {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (!stat.isFile()) return 'not a regular file';
  return undefined;
}

function openFailure(absolutePath: string, error: NodeJS.ErrnoException): FileRead {
  switch (error.code) {
    case 'ENOENT': {
      // A symlink whose target is missing says so.
      let dangling = false;
      try {
        dangling = fs.lstatSync(absolutePath).isSymbolicLink();
      } catch {
        // no link either
      }
      const message = dangling ? `${absolutePath} is a symbolic link to a file that does not exist.` : `${absolutePath} does not exist.`;
      return { reason: 'missing', message };
    }
    case 'ENOTDIR':
      return { reason: 'missing', message: `${absolutePath} does not exist (a part of its path is a file, not a folder).` };
    case 'ENAMETOOLONG':
      return { reason: 'name-too-long', message: `${absolutePath} cannot be opened: its name is too long for the file system.` };
    case 'ELOOP':
      return { reason: 'symlink-loop', message: `${absolutePath} is a symbolic link loop.` };
    case 'ENXIO':
      return { reason: 'special', what: 'a socket', message: `${absolutePath} is a socket, not a file.` };
    case 'EACCES':
    case 'EPERM':
      return { reason: 'unreadable', message: `${absolutePath} cannot be read: permission denied.` };
    default:
      return { reason: 'unreadable', message: `${absolutePath} cannot be read: ${error.message}` };
  }
}

/**
 * The text of a regular file of at most `maxBytes`, or why not. Never blocks on a pipe or device:
 * the file is opened non-blocking and refused before any read unless `fstat` says it is a
 * regular file.
 */
export function readTextFile(absolutePath: string, maxBytes = MAX_FILE_BYTES): FileRead {
  let fd: number;
  try {
    fd = fs.openSync(absolutePath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    return openFailure(absolutePath, e as NodeJS.ErrnoException);
  }
  try {
    const stat = fs.fstatSync(fd);
    const what = specialKind(stat);
    if (what === 'a folder') return { reason: 'folder', message: `${absolutePath} is a folder, not a file.` };
    if (what) return { reason: 'special', what, message: `${absolutePath} is ${what}, not a file.` };
    if (stat.size > maxBytes) {
      return { reason: 'too-large', message: `${absolutePath} is larger than ${formatBytes(maxBytes)} (${formatBytes(stat.size)}).` };
    }
    const bytes = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = fs.readSync(fd, bytes, read, stat.size - read, read);
      if (n === 0) break; // the file shrank while being read
      read += n;
    }
    if (stat.size === 0 && fs.readSync(fd, Buffer.alloc(1), 0, 1, 0) > 0) {
      // /proc and /sys files report no size but have content: not a document anyone writes.
      return { reason: 'special', what: 'a system file', message: `${absolutePath} is a system file (it reports no size), not a document.` };
    }
    return decodeText(bytes.subarray(0, read));
  } catch (e) {
    return { reason: 'unreadable', message: `${absolutePath} cannot be read: ${(e as Error).message}` };
  } finally {
    fs.closeSync(fd);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The disk as a FileSource. */
export const diskFiles: FileSource = { read: (absolutePath) => readTextFile(absolutePath) };
