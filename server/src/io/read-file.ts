// Reading a file from disk, the one way the CLI, the language server and the workspace index do it:
// open without blocking, look at what the descriptor is, read regular files only and at most the
// size limit. A `$ref` can name anything: a named pipe (a read would wait forever), /dev/zero (a
// read never ends), /dev/stdin (the server's own protocol input), a symlink loop.
import { isUtf8 } from 'buffer';
import * as fs from 'fs';
import * as path from 'path';
import { decodeText, FileRead, FileSource, LoadFailure, undecodable } from '../model/documents';

/** Files above this size are refused unless the caller sets a lower limit. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** What a file that is not a regular file is, and is not, in words; undefined for a regular file. */
function specialKind(stat: fs.Stats): string | undefined {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe, not a file';
  if (stat.isSocket()) return 'a socket, not a file';
  if (stat.isCharacterDevice()) return 'a character device, not a file';
  if (stat.isBlockDevice()) return 'a block device, not a file';
  if (!stat.isFile()) return 'not a regular file';
  return undefined;
}

function special(absolutePath: string, what: string): LoadFailure {
  return { reason: 'special', what, message: `${absolutePath} is ${what}.` };
}

const STANDARD_STREAMS = ['standard input', 'standard output', 'standard error'];
/** Most symbolic links one path is followed through, as Linux allows (MAXSYMLINKS). */
const MAX_LINKS = 40;
const DEV_STREAM = /^\/dev\/std(in|out|err)$/;
const DEV_FD = /^\/dev\/fd\/([^/]+)(?:\/|$)/;
const PROC_FD = /^\/proc\/(self|thread-self|\d+)(?:\/task\/\d+)?\/fd\/([^/]+)(?:\/|$)/;

let procSelf: string | undefined;
/** Whether /proc names this process so (another id in a container whose /proc is not its own). */
function isThisProcess(id: string): boolean {
  if (id === 'self' || id === 'thread-self' || id === String(process.pid)) return true;
  try {
    procSelf ??= fs.readlinkSync('/proc/self');
  } catch {
    procSelf = '';
  }
  return id === procSelf;
}

/** What a path is when it names a descriptor of a process, this one or another, in words. */
function descriptorNamed(file: string): string | undefined {
  const stream = DEV_STREAM.exec(file);
  const devFd = DEV_FD.exec(file);
  const procFd = PROC_FD.exec(file);
  const fd = stream ? String(['in', 'out', 'err'].indexOf(stream[1])) : devFd ? devFd[1] : procFd?.[2];
  if (fd === undefined) return undefined;
  if (procFd && !isThisProcess(procFd[1])) return `file descriptor ${fd} of process ${procFd[1]}, not a file`;
  const standard = /^[012]$/.test(fd) ? STANDARD_STREAMS[Number(fd)] : undefined;
  return standard ? `the ${standard} of this process, not a file` : `file descriptor ${fd} of this process, not a file`;
}

/**
 * What the path leads to when it is a process's descriptor or standard stream (`/dev/stdin`,
 * `/dev/fd/0`, `/proc/self/fd/0`, `/proc/<pid>/fd/3`, or a symbolic link on the way to one), in
 * words. Opening one would give whatever that process has open there: the server's protocol input,
 * the file the CLI's standard input was redirected from. Checked by the path, not by what is opened:
 * the same file named by its own path is a document like any other.
 */
function processDescriptor(absolutePath: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  const normal = path.resolve(absolutePath);
  const literal = descriptorNamed(normal);
  if (literal) return literal;
  try {
    // Without a symbolic link on the way, the path is what it says: the common case, one call.
    if (fs.realpathSync.native(absolutePath) === normal) return undefined;
  } catch {
    // a link to a pipe, or nothing there: follow the path step by step
  }
  // The names still to follow, last first, with `..` after a link meaning what it means to `open`;
  // `resolved` is a path without links.
  const given = path.isAbsolute(absolutePath) ? absolutePath : `${process.cwd()}/${absolutePath}`;
  const rest = given.split('/').filter(Boolean).reverse();
  let resolved = '/';
  let links = 0;
  while (rest.length > 0) {
    const name = rest.pop()!;
    if (name === '.') continue;
    if (name === '..') {
      resolved = path.dirname(resolved);
      continue;
    }
    const next = path.join(resolved, name);
    const what = descriptorNamed(next);
    if (what) return what;
    let target: string;
    try {
      if (!fs.lstatSync(next).isSymbolicLink()) {
        resolved = next;
        continue;
      }
      target = fs.readlinkSync(next);
    } catch {
      return undefined; // opening it says why not
    }
    if (++links > MAX_LINKS) return undefined; // opening it reports the loop
    for (const part of target.split('/').filter(Boolean).reverse()) rest.push(part);
    if (target.startsWith('/')) resolved = '/';
  }
  return undefined;
}

function openFailure(absolutePath: string, error: NodeJS.ErrnoException): LoadFailure {
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
    case 'ENXIO': {
      // A socket, or a device with nothing behind it (/dev/tty without a terminal). `stat` does not
      // open the file, so it cannot block.
      let what: string | undefined;
      try {
        what = specialKind(fs.statSync(absolutePath));
      } catch {
        // gone meanwhile
      }
      const named = what && what !== 'a folder' ? what : 'a device or socket with nothing behind it, not a file';
      return special(absolutePath, named);
    }
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
  const read = readFileBytes(absolutePath, maxBytes);
  return 'bytes' in read ? decodeText(read.bytes) : read;
}

/**
 * Whether decodeText gives these bytes' text (less a byte order mark), checked without making it:
 * the indexing worker reads a JSON file's bytes as they are (workspace/json-index-scan.ts).
 */
export function decodesAsUtf8(bytes: Uint8Array): boolean {
  return typeof isUtf8 === 'function' && !undecodable(bytes) && isUtf8(bytes);
}

/** The bytes of a regular file of at most `maxBytes`, or why not (see readTextFile). */
export function readFileBytes(absolutePath: string, maxBytes = MAX_FILE_BYTES): { bytes: Buffer } | LoadFailure {
  // Checked before the open: the descriptor after it says only what the file is, not how it was named.
  const descriptor = processDescriptor(absolutePath);
  if (descriptor) return special(absolutePath, descriptor);
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
    if (what) return special(absolutePath, what);
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
      return special(absolutePath, 'a system file that reports no size, not a document');
    }
    return { bytes: bytes.subarray(0, read) };
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
