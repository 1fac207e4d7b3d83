// The workspace's YAML and JSON files, for `$ref` completion. Listed once and kept until a file is
// created or deleted; bounded, so a huge folder cannot stall a completion request.
import * as fs from 'fs';
import * as path from 'path';

const MAX_FILES = 2000;
const MAX_DEPTH = 8;
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'out', 'build', '.vscode-test']);
const DESCRIPTION_FILE = /\.(ya?ml|json)$/i;

export class WorkspaceFiles {
  private folders: string[] = [];
  private listed: string[] | undefined;

  setFolders(folders: string[]): void {
    this.folders = folders;
    this.listed = undefined;
  }

  /** A file was created or deleted: list again on the next request. */
  forget(): void {
    this.listed = undefined;
  }

  list(): readonly string[] {
    if (!this.listed) {
      const files: string[] = [];
      for (const folder of this.folders) collect(folder, 0, files);
      this.listed = files.sort();
    }
    return this.listed;
  }
}

function collect(folder: string, depth: number, files: string[]): void {
  if (depth > MAX_DEPTH || files.length >= MAX_FILES) return;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return; // unreadable: nothing to offer from there
  }
  for (const entry of entries) {
    if (files.length >= MAX_FILES) return;
    if (entry.name.startsWith('.') && entry.name !== '.') continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) collect(full, depth + 1, files);
    } else if (entry.isFile() && DESCRIPTION_FILE.test(entry.name)) files.push(full);
  }
}
