// The last preview built per root, kept so that a preview asked again with nothing changed is
// answered at once (GitHub's description: the bundle and about 8 MB of its JSON text per root).
// A kept preview depends on exactly the files its bundle read and the files its `$ref`s named (a
// missing file counts: creating it changes the bundle), each as the model and editor version it had
// then: an edit of any other document keeps it. It is freed when the last preview showing it closes
// (the client says so), and at most MAX_KEPT_PREVIEWS are kept, by least recent use, for clients
// that never say.
import { DocumentStore, LoadFailure, SourceDocument } from '../../model/documents';
import { mark } from '../runtime/marks';
import { MAX_KEPT_PREVIEWS } from '../runtime/tuning';

/** A file a build read, as it was then: its store entry and, if open, its editor version. */
export interface PreviewInput {
  path: string;
  entry: SourceDocument | LoadFailure | undefined;
  version: number | undefined;
}

/** What the store and the editor say now about files, to compare with a build's inputs. */
export interface InputSource {
  store: DocumentStore;
  openDocument(path: string): { version: number } | undefined;
}

/**
 * A build's inputs, taken when it ends: the models it read (those very objects: a file edited while
 * it ran has a newer one in the store) and the other files its `$ref`s named, as the store has them.
 */
export function inputsOf(source: InputSource, read: readonly SourceDocument[], named: Iterable<string>): PreviewInput[] {
  const inputs = read.map((doc): PreviewInput => ({ path: doc.path, entry: doc, version: source.openDocument(doc.path)?.version }));
  const seen = new Set(read.map((doc) => doc.path));
  for (const path of named) {
    if (seen.has(path)) continue;
    seen.add(path);
    inputs.push({ path, entry: source.store.cached(path), version: source.openDocument(path)?.version });
  }
  return inputs;
}

/** Whether every input is still the store's current model of its file, at the same editor version. */
export function inputsCurrent(source: InputSource, inputs: readonly PreviewInput[]): boolean {
  return inputs.every((input) => source.store.isCurrent(input.path) && source.store.cached(input.path) === input.entry
    && source.openDocument(input.path)?.version === input.version);
}

interface Kept<T> {
  inputs: readonly PreviewInput[];
  value: T;
  /** The documents (URIs) whose previews show this root: it is freed when the last one closes. */
  viewers: Set<string>;
}

export class KeptPreviews<T> {
  /** By root, least recently used first (a Map keeps insertion order; a use moves an entry last). */
  private readonly byRoot = new Map<string, Kept<T>>();

  constructor(private readonly source: InputSource, private readonly limit = MAX_KEPT_PREVIEWS) {}

  /** The kept preview of a root while its inputs are current (dropped when they are not). */
  get(root: string): T | undefined {
    const kept = this.byRoot.get(root);
    if (!kept) return undefined;
    if (!inputsCurrent(this.source, kept.inputs)) {
      this.drop(root, 'a file it read changed');
      return undefined;
    }
    this.byRoot.delete(root);
    this.byRoot.set(root, kept);
    return kept.value;
  }

  /** Keeps a root's newest build (replacing the one before); the least recently used go past the limit. */
  keep(root: string, inputs: readonly PreviewInput[], value: T): void {
    const viewers = this.byRoot.get(root)?.viewers ?? new Set<string>();
    this.byRoot.delete(root);
    this.byRoot.set(root, { inputs, value, viewers });
    for (const oldest of this.byRoot.keys()) {
      if (this.byRoot.size <= this.limit) break;
      this.drop(oldest, 'least recently used');
    }
  }

  /** A preview of `viewer` (a document's URI) shows this root's build. */
  shownIn(root: string, viewer: string): void {
    this.byRoot.get(root)?.viewers.add(viewer);
  }

  /** The preview of `viewer` closed: a root no other preview shows is freed. */
  closed(viewer: string): void {
    for (const [root, kept] of [...this.byRoot]) {
      if (!kept.viewers.delete(viewer)) continue;
      if (kept.viewers.size === 0) this.drop(root, 'its preview closed');
    }
  }

  /** The roots kept, least recently used first. */
  roots(): string[] {
    return [...this.byRoot.keys()];
  }

  private drop(root: string, why: string): void {
    this.byRoot.delete(root);
    mark('preview freed', { root, why });
  }
}
