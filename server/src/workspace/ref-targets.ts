// `$ref` targets of one kind across the workspace, from the index: definitions whose kind the index
// knows (components, and entries that other files reference for that kind), then whole files whose
// top level is an object of that kind. What `$ref` completion offers after the description's own
// targets: another API's root or a CI workflow is never offered as a Schema.
import { ObjectKind, specOf } from '../model/spec';
import { FileIndex } from './file-index';
import { WorkspaceIndex } from './workspace-index';

export interface RefTarget {
  file: string;
  /** Empty for the whole file. */
  pointer: readonly string[];
}

/**
 * At most `limit` targets of `kind` outside the files of `except`, files in path order. `unindexed`:
 * files the index skipped as no OpenAPI document, with their top-level keys (a new schema file).
 */
export function refTargetsOfKind(
  index: WorkspaceIndex, kind: ObjectKind, except: ReadonlySet<string>, limit: number,
  unindexed: ReadonlyMap<string, readonly string[]> = new Map(),
): RefTarget[] {
  const files = [...index.all()].filter((f) => !except.has(f.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const named: RefTarget[] = [];
  const whole: RefTarget[] = [];
  for (const file of files) {
    if (named.length + whole.length >= limit) break;
    if (wholeFileIs(index, file, kind)) whole.push({ file: file.path, pointer: [] });
    for (const definition of file.definitions) {
      if (named.length + whole.length >= limit) break;
      if (index.kindOf(file.path, definition) === kind) named.push({ file: file.path, pointer: definition.pointer });
    }
  }
  const more = [...unindexed].filter(([file, keys]) => !except.has(file) && !index.get(file) && keysAreOf(keys, kind));
  for (const [file] of more.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (named.length + whole.length >= limit) break;
    whole.push({ file, pointer: [] });
  }
  return [...named, ...whole];
}

/** Whether top-level keys are those of an object of `kind`: fields of it (one at least) and extensions. */
function keysAreOf(keys: readonly string[], kind: ObjectKind): boolean {
  const spec = specOf(kind);
  let fields = 0;
  for (const key of keys) {
    if (spec.fields.has(key)) fields++;
    else if (!(spec.extensions && key.startsWith('x-'))) return false;
  }
  return fields > 0;
}

/**
 * Whether a file is, as a whole, an object of `kind`: some file references it whole for that kind,
 * or every top-level key of it is a field of that kind (`type`, `properties` for a Schema).
 */
function wholeFileIs(index: WorkspaceIndex, file: FileIndex, kind: ObjectKind): boolean {
  if (file.root) return false;
  // What the references to the whole file call for tells its kind; its keys only when none do.
  const calledFor = index.refsInto(file.path).filter(({ entry }) => entry.pointer.length === 0 && entry.expected).map(({ entry }) => entry.expected);
  if (calledFor.length > 0) return calledFor.includes(kind);
  return keysAreOf(file.definitions.filter((d) => d.pointer.length === 1).map((d) => d.name), kind);
}
