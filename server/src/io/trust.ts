// Which files `$ref`s may read. A `$ref` can name any readable file, by an absolute path or a
// `../` chain (`/home/me/.aws/credentials.yaml`), and hover then shows its text. In a workspace
// the editor does not trust (VS Code's restricted mode) only files inside the workspace folders
// are read, and documents open in the editor (their text is on screen already); elsewhere, any.
import * as fs from 'fs';
import * as path from 'path';
import type { LoadFailure } from '../model/documents';

export class WorkspaceTrust {
  private trusted = true;
  /** The folders, as given and with symbolic links resolved (either may be how files name them). */
  private folders: string[] = [];
  /** Files refused so far: read again once the workspace is trusted. */
  private readonly refused = new Set<string>();

  /** `trusted: false` limits reading to `folders`; an editor that says nothing is trusted. */
  configure(trusted: boolean, folders: readonly string[]): void {
    this.trusted = trusted;
    this.folders = [...new Set(folders.flatMap((f) => [path.resolve(f), realPath(f)]))];
  }

  get isTrusted(): boolean {
    return this.trusted;
  }

  /** What `configure` was given (folders resolved), to set up the same trust in a worker thread. */
  get configuration(): { trusted: boolean; folders: string[] } {
    return { trusted: this.trusted, folders: [...this.folders] };
  }

  /** The workspace became trusted: every file may be read. Returns the files refused until now. */
  grant(): string[] {
    this.trusted = true;
    const refused = [...this.refused];
    this.refused.clear();
    return refused;
  }

  /**
   * Why a file may not be read, or undefined when it may. Symbolic links are resolved first: a
   * link inside a folder to a file outside it is outside. Decided before the file is opened, so
   * the answer says nothing about what is there.
   */
  refusal(absolutePath: string): LoadFailure | undefined {
    if (this.trusted) return undefined;
    const file = path.resolve(absolutePath);
    const real = realPath(file);
    if (this.folders.some((folder) => isInside(real, folder))) return undefined;
    this.refused.add(file);
    return {
      reason: 'unreadable',
      message: 'the file is outside the workspace folders, and in a workspace that is not trusted (restricted mode) references are followed only inside them.',
    };
  }
}

/** Whether `file` is `folder` or below it. */
export function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '..' && !relative.startsWith('..' + path.sep) && !path.isAbsolute(relative);
}

/**
 * The path with symbolic links resolved; for a file that does not exist, its nearest existing
 * ancestor's resolved path with the rest appended (a link to a folder outside still counts).
 */
function realPath(file: string): string {
  const rest: string[] = [];
  let at = path.resolve(file);
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(at), ...rest.reverse());
    } catch {
      const parent = path.dirname(at);
      if (parent === at) return path.resolve(file);
      rest.push(path.basename(at));
      at = parent;
    }
  }
}
