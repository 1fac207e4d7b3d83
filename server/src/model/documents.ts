// Source documents by absolute path, parsed once and cached. File reading sits behind
// `FileSource` so the CLI reads the disk, the server overlays open editors, tests use fixtures.
import * as path from 'path';
import { LineIndex } from '../syntax/line-index';
import { detectFormat, parseText } from '../syntax/parse';
import { ParsedText, SyntaxNode } from '../syntax/tree';

export type LoadFailure =
  | { reason: 'missing' | 'folder' | 'unreadable' | 'binary' | 'too-large'; message: string }
  | { reason: 'encoding'; message: string; offset: number };

export type FileRead = { text: string } | LoadFailure;

export interface FileSource {
  read(absolutePath: string): FileRead;
}

export class SourceDocument {
  private lines: LineIndex | undefined;
  constructor(readonly path: string, readonly parsed: ParsedText) {}

  get text(): string {
    return this.parsed.text;
  }
  get root(): SyntaxNode | undefined {
    return this.parsed.root;
  }
  get format(): ParsedText['format'] {
    return this.parsed.format;
  }
  get lineIndex(): LineIndex {
    return (this.lines ??= new LineIndex(this.parsed.text));
  }
}

export function isLoadFailure(value: unknown): value is LoadFailure {
  return typeof value === 'object' && value !== null && 'reason' in value;
}

export class DocumentStore {
  private readonly cache = new Map<string, SourceDocument | LoadFailure>();
  constructor(readonly files: FileSource) {}

  get(absolutePath: string): SourceDocument | LoadFailure {
    const key = path.resolve(absolutePath);
    let entry = this.cache.get(key);
    if (!entry) {
      const read = this.files.read(key);
      entry = 'text' in read ? new SourceDocument(key, parseText(read.text, detectFormat(key, read.text))) : read;
      this.cache.set(key, entry);
    }
    return entry;
  }

  /** The cached document of a file, without loading it. */
  cached(absolutePath: string): SourceDocument | LoadFailure | undefined {
    return this.cache.get(path.resolve(absolutePath));
  }

  /** Put a document the caller parsed (an incremental reparse) in place of the file's. */
  replace(doc: SourceDocument): void {
    this.cache.set(path.resolve(doc.path), doc);
  }

  /** Forget a file (it changed on disk or in the editor). */
  invalidate(absolutePath: string): void {
    this.cache.delete(path.resolve(absolutePath));
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes -> text: refuses binary files and invalid UTF-8 with a message that says where. */
export function decodeText(bytes: Uint8Array): FileRead {
  const probe = Math.min(bytes.length, 8000);
  for (let i = 0; i < probe; i++) {
    if (bytes[i] === 0) return { reason: 'binary', message: 'The file is binary (it contains NUL bytes), not a YAML or JSON document.' };
  }
  try {
    const text = UTF8.decode(bytes);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return { reason: 'encoding', offset, message: `The file is not valid UTF-8 (byte 0x${bytes[offset]?.toString(16).padStart(2, '0')} at byte offset ${offset}).` };
  }
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const n = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return bytes.length;
}
