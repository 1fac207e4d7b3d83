// Every indexed file of the workspace, and what is derived from all of them together: who
// references what, operations by operationId, tags and security schemes by name, which files each
// root reaches. Derived maps are rebuilt lazily, once per change of the file set, in time linear
// in the number of entries.
import { ObjectKind } from '../model/spec';
import { Definition, FileIndex, NameUse, OperationEntry, pointerKey, RefEntry, TagDeclaration } from './file-index';

/** What a check may ask of the workspace (unused-component judges by every root). */
export interface WorkspaceUses {
  /** Whether a root other than `checkedRoot` reaches the definition at `pointer` of `filePath`. */
  reachedFromOtherRoots(checkedRoot: string, filePath: string, pointer: readonly string[]): boolean;
}

export interface Located<T> {
  file: FileIndex;
  entry: T;
}

interface Derived {
  refsByTargetFile: Map<string, Located<RefEntry>[]>;
  /** Per target file, filled on first use: its references by exact pointer. */
  refsByPointer: Map<string, Map<string, Located<RefEntry>[]>>;
  operationsById: Map<string, Located<OperationEntry>[]>;
  linkUsesById: Map<string, Located<NameUse>[]>;
  tagUsesByName: Map<string, Located<NameUse>[]>;
  tagDeclarationsByName: Map<string, Located<TagDeclaration>[]>;
  schemeUsesByName: Map<string, Located<NameUse>[]>;
  /** File -> files its references name (edges of the file graph), and the reverse. */
  filesReferenced: Map<string, Set<string>>;
  filesReferencing: Map<string, Set<string>>;
  /** Per root that a check judges: the definitions every other root reaches (see reachedFromOtherRoots). */
  reachedExcept: Map<string, Set<string>>;
  /** Per file, filled on first use: its project (code lens asks once per tag and scheme). */
  projects: Map<string, Set<string>>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Definitions are at most this deep (`components/schemas/Pet`). */
const MAX_DEFINITION_DEPTH = 3;
const definitionsByPointer = new WeakMap<FileIndex, Map<string, Definition>>();

/** Bound on the files a project walk visits (the index itself is bounded by the indexing settings). */
const MAX_PROJECT_FILES = 100_000;

export class WorkspaceIndex implements WorkspaceUses {
  private readonly files = new Map<string, FileIndex>();
  private derivedState: Derived | undefined;
  private changes = 0;

  /** Bumped on every change: callers cache what they compute per version. */
  get version(): number {
    return this.changes;
  }

  get size(): number {
    return this.files.size;
  }

  set(file: FileIndex): void {
    this.files.set(file.path, file);
    this.changed();
  }

  remove(filePath: string): boolean {
    const removed = this.files.delete(filePath);
    if (removed) this.changed();
    return removed;
  }

  get(filePath: string): FileIndex | undefined {
    return this.files.get(filePath);
  }

  all(): IterableIterator<FileIndex> {
    return this.files.values();
  }

  private changed(): void {
    this.changes++;
    this.derivedState = undefined;
  }

  private get derived(): Derived {
    if (this.derivedState) return this.derivedState;
    const d: Derived = {
      refsByTargetFile: new Map(), refsByPointer: new Map(), operationsById: new Map(), linkUsesById: new Map(), tagUsesByName: new Map(),
      tagDeclarationsByName: new Map(), schemeUsesByName: new Map(), filesReferenced: new Map(), filesReferencing: new Map(),
      reachedExcept: new Map(), projects: new Map(),
    };
    for (const file of this.files.values()) {
      const referenced = new Set<string>();
      for (const entry of file.refs) {
        push(d.refsByTargetFile, entry.targetFile, { file, entry });
        if (entry.targetFile !== file.path) referenced.add(entry.targetFile);
      }
      d.filesReferenced.set(file.path, referenced);
      for (const target of referenced) {
        let set = d.filesReferencing.get(target);
        if (!set) d.filesReferencing.set(target, (set = new Set()));
        set.add(file.path);
      }
      for (const entry of file.operations) if (entry.operationId !== undefined) push(d.operationsById, entry.operationId, { file, entry });
      for (const entry of file.linkOperationIds) push(d.linkUsesById, entry.name, { file, entry });
      for (const operation of file.operations) for (const entry of operation.tags) push(d.tagUsesByName, entry.name, { file, entry });
      for (const entry of file.tags) push(d.tagDeclarationsByName, entry.name, { file, entry });
      for (const entry of file.securityUses) push(d.schemeUsesByName, entry.name, { file, entry });
    }
    return (this.derivedState = d);
  }

  /** Every reference into a file (any pointer). */
  refsInto(filePath: string): readonly Located<RefEntry>[] {
    return this.derived.refsByTargetFile.get(filePath) ?? [];
  }

  /** References whose pointer is exactly this one (`under`: or inside it). */
  refsTo(filePath: string, pointer: readonly string[], under = false): readonly Located<RefEntry>[] {
    if (under) return this.refsInto(filePath).filter(({ entry }) => startsWith(entry.pointer, pointer));
    const derived = this.derived;
    let byPointer = derived.refsByPointer.get(filePath);
    if (!byPointer) {
      byPointer = new Map();
      for (const located of this.refsInto(filePath)) push(byPointer, pointerKey(located.entry.pointer), located);
      derived.refsByPointer.set(filePath, byPointer);
    }
    return byPointer.get(pointerKey(pointer)) ?? [];
  }

  operationsWithId(id: string): readonly Located<OperationEntry>[] {
    return this.derived.operationsById.get(id) ?? [];
  }

  linksTo(operationId: string): readonly Located<NameUse>[] {
    return this.derived.linkUsesById.get(operationId) ?? [];
  }

  tagUses(name: string): readonly Located<NameUse>[] {
    return this.derived.tagUsesByName.get(name) ?? [];
  }

  tagDeclarations(name: string): readonly Located<TagDeclaration>[] {
    return this.derived.tagDeclarationsByName.get(name) ?? [];
  }

  schemeUses(name: string): readonly Located<NameUse>[] {
    return this.derived.schemeUsesByName.get(name) ?? [];
  }

  /**
   * The definitions a file offers to others: a root's components; in a fragment file that others
   * reference by pointer (`schemas.yaml#/Pet`), its entries. A file referenced only as a whole (a
   * schema file, a path item file) offers none: its top-level keys are fields, not names.
   */
  definitionsOf(filePath: string): Definition[] {
    const file = this.files.get(filePath);
    if (!file) return [];
    if (file.root) return file.definitions;
    const byPointer = this.refsInto(filePath).some(({ entry }) => entry.pointer.length > 0);
    return byPointer ? file.definitions : [];
  }

  /** The definition at a pointer, or the innermost one holding it. */
  definitionHolding(filePath: string, pointer: readonly string[]): Definition | undefined {
    const file = this.files.get(filePath);
    if (!file || file.definitions.length === 0) return undefined;
    let byPointer = definitionsByPointer.get(file);
    if (!byPointer) definitionsByPointer.set(file, (byPointer = new Map(file.definitions.map((d) => [pointerKey(d.pointer), d]))));
    // Definitions sit a few levels deep: look the pointer's prefixes up, longest first.
    const prefixes = [pointerKey([])];
    for (let i = 0; i < pointer.length && i < MAX_DEFINITION_DEPTH; i++) prefixes.push(prefixes[i] + pointerKey([pointer[i]]).slice(1));
    for (let i = prefixes.length - 1; i > 0; i--) {
      const found = byPointer.get(prefixes[i]);
      if (found) return found;
    }
    return undefined;
  }

  /** The kind of a definition: from its place, else from what the references to it call for. */
  kindOf(filePath: string, definition: Definition): ObjectKind | undefined {
    if (definition.kind) return definition.kind;
    for (const { entry } of this.refsTo(filePath, definition.pointer)) if (entry.expected) return entry.expected;
    return undefined;
  }

  /** An operation's path: its key, or for a Path Item file the `paths` key that references it. */
  pathOf(file: FileIndex, operation: OperationEntry): string | undefined {
    if (operation.path !== undefined) return operation.path;
    for (const { entry } of this.refsTo(file.path, operation.pathItem)) if (entry.pathKey) return entry.pathKey.name;
    return undefined;
  }

  /** Roots (OpenAPI documents) whose references reach a file, directly or through other files. */
  rootsReaching(filePath: string): string[] {
    const roots: string[] = [];
    for (const file of this.walk([filePath], this.derived.filesReferencing)) if (this.files.get(file)?.root) roots.push(file);
    return roots;
  }

  /**
   * The files that make one description with this file: the roots that reach it and every file
   * they reach. Names that are not references (operationIds, tags, security schemes) are renamed
   * and counted within it.
   */
  projectOf(filePath: string): Set<string> {
    const projects = this.derived.projects;
    let project = projects.get(filePath);
    if (!project) {
      const roots = this.rootsReaching(filePath);
      projects.set(filePath, (project = this.walk(roots.length > 0 ? roots : [filePath], this.derived.filesReferenced)));
    }
    return project;
  }

  private walk(starts: readonly string[], edges: Map<string, Set<string>>): Set<string> {
    const seen = new Set(starts);
    const queue = [...starts];
    while (queue.length > 0 && seen.size < MAX_PROJECT_FILES) {
      for (const next of edges.get(queue.pop()!) ?? []) {
        if (!seen.has(next)) seen.add(next), queue.push(next);
      }
    }
    return seen;
  }

  /**
   * Whether a root other than `checkedRoot` reaches the definition at `pointer` of `filePath`
   * through references, from its paths (and other parts outside `components`). Definitions are
   * the nodes of the graph: a reference links the definition holding it to the one it names; a
   * fragment file referenced as a whole counts as using everything in it.
   */
  reachedFromOtherRoots(checkedRoot: string, filePath: string, pointer: readonly string[]): boolean {
    const derived = this.derived;
    let reached = derived.reachedExcept.get(checkedRoot);
    if (!reached) derived.reachedExcept.set(checkedRoot, (reached = this.reachableFrom(checkedRoot)));
    const definition = this.definitionHolding(filePath, pointer);
    return reached.has(filePath + (definition ? pointerKey(definition.pointer) : '#'));
  }

  private reachableFrom(excludedRoot: string): Set<string> {
    const nodeOf = (file: FileIndex, owner: number) => file.path + (owner < 0 ? '#' : pointerKey(file.definitions[owner].pointer));
    const targetOf = (entry: RefEntry) => {
      const definition = this.definitionHolding(entry.targetFile, entry.pointer);
      return entry.targetFile + (definition ? pointerKey(definition.pointer) : '#');
    };
    const edges = new Map<string, string[]>();
    for (const file of this.files.values()) {
      for (const entry of file.refs) if (!entry.inExtension) push(edges, nodeOf(file, entry.owner), targetOf(entry));
      if (file.root) {
        const schemes = new Map(file.definitions.filter((d) => d.pointer[1] === 'securitySchemes').map((d) => [d.name, d]));
        for (const use of file.securityUses) {
          const scheme = schemes.get(use.name);
          if (scheme) push(edges, file.path + '#', file.path + pointerKey(scheme.pointer));
        }
      } else {
        // A fragment used as a whole uses all it holds.
        for (let i = 0; i < file.definitions.length; i++) push(edges, file.path + '#', nodeOf(file, i));
      }
    }
    const reached = new Set<string>();
    const queue: string[] = [];
    for (const file of this.files.values()) {
      if (file.root && file.path !== excludedRoot) reached.add(file.path + '#'), queue.push(file.path + '#');
    }
    while (queue.length > 0) {
      for (const next of edges.get(queue.pop()!) ?? []) if (!reached.has(next)) reached.add(next), queue.push(next);
    }
    return reached;
  }
}

export function startsWith(segments: readonly string[], prefix: readonly string[]): boolean {
  if (segments.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (segments[i] !== prefix[i]) return false;
  return true;
}
