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
  /** What reachedFromOtherRoots walks, built on first use. */
  reach: ReachGraph | undefined;
  /** Per root that a check judges: the nodes of `reach` every other root reaches. */
  reachedExcept: Map<string, Uint8Array>;
  /** Per file, filled on first use: its project (code lens asks once per tag and scheme). */
  projects: Map<string, Set<string>>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * A file's definitions as a tree of pointer segments: the one holding a pointer is found by
 * walking its segments (definitions are at most three deep), without building strings.
 */
interface DefinitionTrie {
  /** Index in the file's definitions of the one at this pointer (the last, if written twice); -1 for none. */
  definition: number;
  children: Map<string, DefinitionTrie> | undefined;
}
const definitionTries = new WeakMap<FileIndex, DefinitionTrie>();

function definitionTrie(file: FileIndex): DefinitionTrie {
  let trie = definitionTries.get(file);
  if (trie) return trie;
  trie = { definition: -1, children: undefined };
  for (let i = 0; i < file.definitions.length; i++) {
    let at = trie;
    for (const segment of file.definitions[i].pointer) {
      const children = (at.children ??= new Map());
      let next = children.get(segment);
      if (!next) children.set(segment, (next = { definition: -1, children: undefined }));
      at = next;
    }
    at.definition = i;
  }
  definitionTries.set(file, trie);
  return trie;
}

/** The index of the definition at a pointer, or of the innermost one holding it; -1 for none. */
function definitionIndexHolding(file: FileIndex, pointer: readonly string[]): number {
  let at: DefinitionTrie | undefined = definitionTrie(file);
  let found = -1;
  for (let i = 0; i < pointer.length && at; i++) {
    at = at.children?.get(pointer[i]);
    if (at && at.definition >= 0) found = at.definition;
  }
  return found;
}

/**
 * The graph reachedFromOtherRoots walks, its nodes numbered: each file (its parts outside every
 * definition), then each of its definitions; files only referenced (not indexed) get one node.
 */
interface ReachGraph {
  /** Each file's node; its definition `i` is node `first + 1 + i`. */
  first: Map<string, number>;
  size: number;
  edges: number[][];
}

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
      reach: undefined, reachedExcept: new Map(), projects: new Map(),
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
    const found = definitionIndexHolding(file, pointer);
    return found >= 0 ? file.definitions[found] : undefined;
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
    const graph = (derived.reach ??= this.reachGraph());
    let reached = derived.reachedExcept.get(checkedRoot);
    if (!reached) derived.reachedExcept.set(checkedRoot, (reached = this.reachableFrom(graph, checkedRoot)));
    const first = graph.first.get(filePath);
    if (first === undefined) return false;
    const file = this.files.get(filePath);
    return reached[file ? first + 1 + definitionIndexHolding(file, pointer) : first] === 1;
  }

  /** Built once per change of the file set, for every root a check judges; numbers, not strings, for its nodes. */
  private reachGraph(): ReachGraph {
    const first = new Map<string, number>();
    let size = 0;
    for (const file of this.files.values()) first.set(file.path, size), (size += 1 + file.definitions.length);
    const nodeOf = (targetFile: string, pointer: readonly string[]) => {
      const file = this.files.get(targetFile);
      let node = first.get(targetFile);
      if (node === undefined) first.set(targetFile, (node = size++));
      return file ? node + 1 + definitionIndexHolding(file, pointer) : node;
    };
    const edges: number[][] = [];
    const link = (from: number, to: number) => (edges[from] ??= []).push(to);
    for (const file of this.files.values()) {
      const node = first.get(file.path)!;
      // A definition written twice is one node, as its pointer names one: the last.
      const definitionNodes = file.definitions.map((d) => nodeOf(file.path, d.pointer));
      for (const entry of file.refs) {
        if (!entry.inExtension) link(entry.owner < 0 ? node : definitionNodes[entry.owner], nodeOf(entry.targetFile, entry.pointer));
      }
      if (file.root) {
        const schemes = new Map<string, number>();
        file.definitions.forEach((d, i) => d.pointer[1] === 'securitySchemes' && schemes.set(d.name, definitionNodes[i]));
        for (const use of file.securityUses) {
          const scheme = schemes.get(use.name);
          if (scheme !== undefined) link(node, scheme);
        }
      } else {
        // A fragment used as a whole uses all it holds.
        for (const definition of definitionNodes) link(node, definition);
      }
    }
    return { first, size, edges };
  }

  private reachableFrom(graph: ReachGraph, excludedRoot: string): Uint8Array {
    const reached = new Uint8Array(graph.size);
    const queue: number[] = [];
    for (const file of this.files.values()) {
      if (!file.root || file.path === excludedRoot) continue;
      const node = graph.first.get(file.path)!;
      if (!reached[node]) (reached[node] = 1), queue.push(node);
    }
    while (queue.length > 0) {
      for (const next of graph.edges[queue.pop()!] ?? []) if (!reached[next]) (reached[next] = 1), queue.push(next);
    }
    return reached;
  }
}

export function startsWith(segments: readonly string[], prefix: readonly string[]): boolean {
  if (segments.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (segments[i] !== prefix[i]) return false;
  return true;
}
