// One file of the workspace as the cross-file features need it: its definitions (components, the
// top-level entries of fragment files), operations, tags, security requirement names, Link
// operationIds and every `$ref` with its exact span and target. Plain data, a few hundred bytes per
// entry, references as columns of numbers (see ref-table.ts): closed files are kept as this, never
// as their parsed trees.
import { Steps } from '../syntax/steps';
import * as path from 'path';
import { documentStatus, isCheckedStatus, rulesVersion } from '../model/analysis';
import { COMPONENT_MAPS } from '../model/kinds';
import { parseRef } from '../model/ref';
import { isBareSchemaName } from '../model/mapping-value';
import { isRemoteLocation, refLocation } from '../model/location';
import { SWAGGER2_DEFINITION_MAPS } from '../model/swagger2';
import { DescriptionVersion, FieldSpec, HTTP_METHODS, ObjectKind, specOf } from '../model/spec';
import { ParsedText, ScalarStyle, SourceFormat, SyntaxNode } from '../syntax/tree';
import { builtLineIndexOf, lastAtOrBelow, lineIndexSteps } from '../syntax/line-index';
import { RefTable } from './ref-table';

/** Where a scalar (a key or a value) is written, and how: what an edit needs to keep its quoting. */
export interface ScalarSpan {
  offset: number;
  length: number;
  style: ScalarStyle;
  /** Inside a YAML flow collection, where `,[]{}` end a plain scalar. */
  flow: boolean;
}

export interface Definition {
  /** The last pointer segment: the component's name. */
  name: string;
  pointer: string[];
  key: ScalarSpan;
  /** The whole member, key through value. */
  start: number;
  end: number;
  /** The kind its place gives it (`components/schemas/*` are Schemas); unknown in most fragments. */
  kind: ObjectKind | undefined;
  deprecated: boolean;
}

export interface OperationEntry {
  method: string;
  /** The path key; undefined in a Path Item file, whose path is where it is referenced. */
  path: string | undefined;
  /** Pointer of the Path Item holding it. */
  pathItem: string[];
  operationId: string | undefined;
  operationIdSpan: ScalarSpan | undefined;
  key: ScalarSpan;
  start: number;
  end: number;
  tags: NameUse[];
  deprecated: boolean;
  /** The name of the webhook (3.1 `webhooks`) whose Path Item holds it. */
  webhook?: string;
}

/** A name written somewhere: a tag of an operation, a scheme in a requirement, a Link's operationId. */
export interface NameUse {
  name: string;
  span: ScalarSpan;
}

export interface TagDeclaration extends NameUse {
  /** The Tag Object. */
  start: number;
  end: number;
}

export interface PathEntry {
  path: string;
  pointer: string[];
  key: ScalarSpan;
  start: number;
  end: number;
}

export type RefRole = 'ref' | 'mapping' | 'operationRef';

export interface RefEntry {
  /** The reference as written (a `$ref`, a discriminator mapping value, a Link's operationRef). */
  raw: string;
  role: RefRole;
  span: ScalarSpan;
  /** Absolute path of the target file (this file for a local reference). */
  targetFile: string;
  /** Decoded pointer segments; empty for the whole file. */
  pointer: string[];
  /** Index of the innermost definition holding the reference; -1 outside every definition. */
  owner: number;
  /** The kind of object the place calls for, when the file's layout tells. */
  expected: ObjectKind | undefined;
  /** Inside an `x-` extension, which the format does not read. */
  inExtension: boolean;
  /** The path key when the reference stands for a Path Item under `paths`. */
  pathKey: (NameUse & { pointer: string[] }) | undefined;
}

/** Line starts as indexing builds them, or an open document's line index (which follows its edits). */
export type LineStarts = Uint32Array | LineIndexLike;
interface LineIndexLike {
  readonly lineCount: number;
  lineStart(line: number): number;
  lineOf(offset: number): number;
}

export interface FileIndex {
  path: string;
  format: SourceFormat;
  /** An OpenAPI or Swagger 2.0 document, which roots a description. */
  root: boolean;
  /**
   * A root's version (`2.0` for Swagger 2.0), undefined for a fragment: a fragment is completed by the
   * version of the roots that reference it.
   */
  version: DescriptionVersion | undefined;
  /** Line start offsets, for offsets -> LSP positions without the text. */
  lines: LineStarts;
  /** Length of the text. */
  length: number;
  definitions: Definition[];
  operations: OperationEntry[];
  paths: PathEntry[];
  tags: TagDeclaration[];
  securityUses: NameUse[];
  linkOperationIds: NameUse[];
  /** Every reference, in document order, as columns (see ref-table.ts). */
  refs: RefTable;
  /** How many syntax errors the file has (its index may miss what they hide). */
  syntaxErrors: number;
}

// With the maps of 3.1 (`pathItems`) and 3.2 (`mediaTypes`), which a 3.0 document does not have.
export const MAP_KINDS = new Map<string, ObjectKind>([
  ...Object.entries(COMPONENT_MAPS).map(([kind, map]): [string, ObjectKind] => [map!, kind as ObjectKind]),
  ['pathItems', 'PathItem'], ['mediaTypes', 'MediaType'],
]);
// With 3.2's `query`; the index reads every version's layout by the newest table, which holds the others' places.
export const METHODS = new Set<string>([...HTTP_METHODS, 'query']);
const INDEX_VERSION = '3.2';

/** What the format says a node is: an object of a kind, a container of them, or unknown/free. */
export type Place = { kind: ObjectKind } | { container: FieldSpec } | undefined;

/** Values the format reads as free data (examples, defaults): a `$ref` in them is not a reference. */
export const FREE = 'free';

// One place object per kind and per container field: a large file has a million nodes.
const kindPlaces = new Map<ObjectKind, { kind: ObjectKind }>();
const containerPlaces = new Map<FieldSpec, { container: FieldSpec }>();
const placeOfKind = (kind: ObjectKind) => kindPlaces.get(kind) ?? kindPlaces.set(kind, { kind }).get(kind)!;
const placeOfContainer = (field: FieldSpec) => containerPlaces.get(field) ?? containerPlaces.set(field, { container: field }).get(field)!;

export function childPlace(place: Place, key: string | number): Place | typeof FREE {
  if (!place) return undefined;
  if ('container' in place) return place.container.kind ? placeOfKind(place.container.kind) : FREE;
  const spec = specOf(place.kind, INDEX_VERSION);
  if (typeof key !== 'string') return undefined;
  if (spec.extensions && key.startsWith('x-')) return undefined;
  const field = spec.fields.get(key) ?? spec.patterned;
  if (!field) return undefined;
  if (field.shape === 'object') return field.kind ? placeOfKind(field.kind) : field.scalar === 'any' ? FREE : undefined;
  if (field.kind) return placeOfContainer(field);
  return field.scalar === 'any' ? FREE : undefined;
}

/** Without a known place: keys that hold free values, unless they name a schema property. */
function looksFree(node: SyntaxNode): boolean {
  const key = node.key;
  const parentKey = node.parent?.key;
  if (parentKey === 'properties') return false;
  if (key === 'example' || key === 'default' || key === 'enum') return true;
  return key === 'value' && node.parent?.parent?.key === 'examples';
}

/** The place of a fragment file's top level, read from its keys. */
function fragmentPlace(root: SyntaxNode): Place {
  const keys = root.children!.map((c) => String(c.key));
  if (keys.includes('components') || keys.includes('paths')) return { kind: 'Root' };
  if (keys.some((k) => METHODS.has(k) && root.get(k)?.kind === 'object')) return { kind: 'PathItem' };
  if (keys.length > 0 && keys.every((k) => k.startsWith('/'))) return { kind: 'Paths' };
  return undefined;
}

export function lineStarts(text: string): Uint32Array {
  if (!text.includes('\r')) {
    // The common case, by indexOf: a 12 MB file in a few milliseconds.
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return Uint32Array.from(starts);
  }
  let count = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  const starts = new Uint32Array(count);
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts[line++] = i + 1;
  }
  return starts;
}

function scalarSpan(node: SyntaxNode, part: 'key' | 'value', flow: boolean): ScalarSpan {
  return part === 'key'
    ? { offset: node.keyOffset, length: node.keyLength, style: node.keyStyle, flow }
    : { offset: node.offset, length: node.length, style: node.style, flow };
}

function segmentsOf(node: SyntaxNode): string[] {
  return node.path.map(String);
}

/** Children of one node entered in one go (see subtreeWalker). */
const CHILDREN_AT_ONCE = 1024;

/** Nodes visited between two pauses of the step-wise indexing. */
const NODES_PER_STEP = 4096;

/** Where the walk is: the innermost definition, and whether it is inside an extension or a flow collection. */
interface Frame {
  owner: number;
  inExtension: boolean;
  flow: boolean;
}

/** Definitions are at most this deep (`components/schemas/Pet`). */
export const DEFINITION_DEPTH = 3;
const IN_EXTENSION = 1;
const IN_FLOW = 2;

/** Indexes a parsed file (an open document's tree, or a file read from disk). */
export function indexFile(filePath: string, parsed: ParsedText): FileIndex {
  return indexWalker(filePath, parsed)(Infinity)!;
}

/** The same in steps: the language server indexes a large open document between messages. */
export function* indexFileSteps(filePath: string, parsed: ParsedText): Steps<FileIndex> {
  // The document's line index, in steps when its diagnostics have not built it yet and its lines
  // end in LF (30 MB: 150 ms in one turn); the walk below then reuses it.
  yield* lineIndexSteps(parsed);
  const walk = indexWalker(filePath, parsed);
  for (;;) {
    const index = walk(NODES_PER_STEP);
    if (index) return index;
    yield;
  }
}

/** The lists of a subtree's index (references as objects: an edit compares and moves them). */
export type IndexEntries = Pick<FileIndex, 'definitions' | 'operations' | 'paths' | 'tags' | 'securityUses' | 'linkOperationIds'> & { refs: RefEntry[] };

/** What a walk fills: a subtree's entries, or a whole file's index (its references into columns). */
type WalkedEntries = Omit<IndexEntries, 'refs'> & { refs: { push(entry: RefEntry): unknown } };

const noEntries = (): IndexEntries => ({ definitions: [], operations: [], paths: [], tags: [], securityUses: [], linkOperationIds: [], refs: [] });

/**
 * Whether a tree is an OpenAPI document (else a fragment, indexed by its layout). A Swagger 2.0
 * document is one too: references, outline and code lens work in it, on its 2.0 maps.
 */
export function isRootDocument(root: SyntaxNode | undefined): boolean {
  const status = documentStatus(root);
  return isCheckedStatus(status) || status.kind === 'swagger-2.0';
}

/** The version of a root document: Swagger 2.0's, or the one whose fields apply to an OpenAPI document. */
export function descriptionVersionOf(root: SyntaxNode | undefined): DescriptionVersion {
  return documentStatus(root).kind === 'swagger-2.0' ? '2.0' : rulesVersion(documentStatus(root));
}

/** The kind of the entries of a Swagger 2.0 root's map (`definitions`: Schemas), false for other maps. */
function swagger2DefinitionKind(root: SyntaxNode, map: string): ObjectKind | false {
  const kind = SWAGGER2_DEFINITION_MAPS.get(map);
  return kind !== undefined && root.get('swagger') !== undefined ? kind : false;
}

/**
 * The walk as a function to call until it returns the index, each call visiting at most `budget`
 * nodes (a plain loop, which the engine optimizes better than a generator's).
 */
function indexWalker(filePath: string, parsed: ParsedText): (budget: number) => FileIndex | undefined {
  const root = parsed.root;
  const isRoot = isRootDocument(root);
  const index: FileIndex = {
    // An open document's line index is built by now (its diagnostics needed it): reused, it spares
    // a pass over the text (30 MB: 100-180 ms in the walk's first step).
    path: filePath,
    format: parsed.format,
    root: isRoot,
    version: isRoot ? descriptionVersionOf(root) : undefined,
    lines: builtLineIndexOf(parsed) ?? lineStarts(parsed.text),
    length: parsed.source?.length ?? parsed.text.length,
    ...noEntries(),
    refs: new RefTable(),
    syntaxErrors: parsed.errors.length,
  };
  if (!root || (root.kind !== 'object' && root.kind !== 'array')) return () => (index.refs.trimmed(), index);
  const walk = subtreeWalker(index, filePath, root, isRoot, 0);
  walk.enter(root, placeOfRoot(root, isRoot), -1, root.flow ? IN_FLOW : 0, 0);
  return (budget: number) => (walk.run(budget) ? (index.refs.trimmed(), index) : undefined);
}

function placeOfRoot(root: SyntaxNode, isRoot: boolean): Place {
  return isRoot ? { kind: 'Root' } : root.kind === 'object' ? fragmentPlace(root) : undefined;
}

/** Where the walk goes from a node: the child's place, or SKIP when the walk does not visit it. */
const SKIP = 'skip';
function placeOfChild(place: Place, depth: number, child: SyntaxNode): Place | typeof SKIP {
  if (child.key === '$ref' && child.kind === 'string') return SKIP; // read as its holder's reference
  // Scalars below the definitions' depth hold nothing the index records.
  if (!child.children && depth + 1 > DEFINITION_DEPTH) return SKIP;
  const next = childPlace(place, child.key!);
  return next === FREE || (!place && looksFree(child)) ? SKIP : next;
}

function flagsOfChild(node: SyntaxNode, flag: number, child: SyntaxNode): number {
  const extension = typeof child.key === 'string' && child.key.startsWith('x-') ? IN_EXTENSION : 0;
  return (node.flow ? flag | IN_FLOW : flag) | extension;
}

/** Whether a node is a definition, and of what kind (undefined: unknown); false when not one. */
function definitionKindOf(node: SyntaxNode, depth: number, root: SyntaxNode, isRoot: boolean): Definition['kind'] | false {
  if (depth === 0 || depth > DEFINITION_DEPTH) return false;
  if (typeof node.key !== 'string' || node.keyOffset < 0) return false;
  const parentKey = node.parent?.key;
  if (depth === 3 && node.parent?.parent?.key === 'components' && node.parent.parent.parent === root) {
    return MAP_KINDS.get(String(parentKey)) ?? false;
  }
  if (isRoot) return depth === 2 && node.parent!.parent === root ? swagger2DefinitionKind(root, String(parentKey)) : false;
  if (depth === 1) return MAP_KINDS.has(node.key) || node.key === 'components' ? false : undefined;
  if (depth === 2 && MAP_KINDS.has(String(parentKey)) && node.parent!.parent === root) return MAP_KINDS.get(String(parentKey));
  return false;
}

/** Objects whose own entries read their members (an operation's operationId, a Link's...). */
const READING_MEMBERS = new Set<ObjectKind>(['Operation', 'Tag', 'SecurityRequirement', 'Link', 'Discriminator']);

/**
 * Members of the node indexSubtree walks whose entries are taken as they were instead of walked
 * again: `take` appends them (the walk reaches a member where indexFile would list its entries).
 */
export interface KeptMembers {
  /** Whether a member of the node is kept. */
  keeps(member: SyntaxNode): boolean;
  take(member: SyntaxNode, into: IndexEntries): void;
}

/**
 * The entries of one subtree, as indexFile records them (`node` itself included), in order: what
 * an edit inside it changes. Its definitions are numbered from `definitionBase`; `definitionAt`
 * gives the index of an enclosing definition by its start (-1: none starts there). `kept`: members
 * of the node not walked (unless the node's own entries read its members). Undefined when the walk
 * would visit more than `budget` nodes, or an enclosing definition is not found.
 */
export function indexSubtree(file: Pick<FileIndex, 'path' | 'root'>, root: SyntaxNode, node: SyntaxNode, definitionBase: number,
  definitionAt: (start: number) => number, budget: number, kept?: KeptMembers): IndexEntries | undefined {
  const chain: SyntaxNode[] = [];
  for (let n: SyntaxNode | undefined = node; n && n !== root; n = n.parent) chain.push(n);
  let place = placeOfRoot(root, file.root);
  let owner = -1;
  let flag = root.flow ? IN_FLOW : 0;
  let parent = root;
  for (let depth = 0; chain.length > 0; depth++) {
    const child = chain.pop()!;
    const next = placeOfChild(place, depth, child);
    if (next === SKIP) return noEntries(); // the walk does not go there
    flag = flagsOfChild(parent, flag, child);
    place = next;
    if (child === node) {
      const entries = noEntries();
      const keeps = kept && !(place && 'kind' in place && READING_MEMBERS.has(place.kind)) ? kept : undefined;
      const walk = subtreeWalker(entries, file.path, root, file.root, definitionBase, keeps && ((n) => {
        if (n.parent !== node || !keeps.keeps(n)) return false;
        keeps.take(n, entries);
        return true;
      }));
      walk.enter(node, place, owner, flag, depth + 1);
      return walk.run(budget) ? entries : undefined;
    }
    if (definitionKindOf(child, depth + 1, root, file.root) !== false) {
      owner = definitionAt(child.memberStart);
      if (owner < 0) return undefined;
    }
    parent = child;
  }
  return undefined; // the root itself: index the file again
}

/**
 * A walk that appends what it finds under the nodes it entered to `index`, definitions numbered
 * from `definitionBase`. `run` visits at most `budget` nodes and says whether it is done. `taken`:
 * whether a node reached was handled by the caller instead (its entries appended as they were).
 */
function subtreeWalker(index: WalkedEntries, filePath: string, root: SyntaxNode, isRoot: boolean, definitionBase: number,
  taken?: (node: SyntaxNode) => boolean): SubtreeWalker {
  return new SubtreeWalker(index, filePath, root, isRoot, definitionBase, taken);
}

class SubtreeWalker {
  private readonly dir: string;
  /** What each raw reference resolves to (a file repeats `#/components/schemas/Pet`): parsed once. */
  private readonly resolved = new Map<string, { targetFile: string; pointer: string[] } | null>();
  // The walk's stack, as parallel arrays: no object per node.
  private readonly nodes: SyntaxNode[] = [];
  private readonly places: Place[] = [];
  private readonly owners: number[] = [];
  private readonly flags: number[] = [];
  private readonly depths: number[] = [];
  /** 0: visit the node; above: enter its children from this index on (a large object's, by slices). */
  private readonly childrenFrom: number[] = [];

  constructor(
    private readonly index: WalkedEntries,
    private readonly filePath: string,
    private readonly root: SyntaxNode,
    private readonly isRoot: boolean,
    private readonly definitionBase: number,
    private readonly taken?: (node: SyntaxNode) => boolean,
  ) {
    this.dir = path.dirname(filePath);
  }

  enter(node: SyntaxNode, place: Place, owner: number, flag: number, depth: number, from = 0): void {
    this.nodes.push(node);
    this.places.push(place);
    this.owners.push(owner);
    this.flags.push(flag);
    this.depths.push(depth);
    this.childrenFrom.push(from);
  }

  /**
   * Visits nodes until `budget` of them were (counted as they are entered, a large object's
   * members slice by slice, once each); whether the walk is done. Children are pushed last to
   * first, so nodes are visited (and entries listed) in document order.
   */
  run(budget: number): boolean {
    const { nodes, places, owners, flags, depths, childrenFrom } = this;
    for (let visited = 0; nodes.length > 0; ) {
      if (visited >= budget) return false;
      const node = nodes.pop()!;
      const place = places.pop();
      const owner = owners.pop()!;
      const flag = flags.pop()!;
      const depth = depths.pop()!;
      const from = childrenFrom.pop()!;
      if (from > 0) visited += this.enterChildren(node, place, owner, flag, depth, from);
      else if (!this.taken?.(node)) visited += this.visit(node, place, owner, flag, depth);
    }
    return true;
  }

  /** Records what the node is (a definition, a `$ref`, an object the index lists) and enters its children; how many were looked at. */
  private visit(node: SyntaxNode, place: Place, owner: number, flag: number, depth: number): number {
    const { index, root } = this;
    const definitionKind = definitionKindOf(node, depth, root, this.isRoot);
    if (definitionKind !== false) {
      owner = this.definitionBase + index.definitions.length;
      index.definitions.push({
        name: String(node.key), pointer: segmentsOf(node), key: scalarSpan(node, 'key', (flag & IN_FLOW) !== 0), start: node.memberStart, end: node.end,
        kind: definitionKind ?? (place && 'kind' in place ? place.kind : undefined), deprecated: node.kind === 'object' && node.get('deprecated')?.value === true,
      });
    }
    const children = node.children;
    if (!children) return 0;
    const kind = place && 'kind' in place ? place.kind : undefined;
    const childFlag = node.flow ? flag | IN_FLOW : flag;
    const frame: Frame = { owner, inExtension: (flag & IN_EXTENSION) !== 0, flow: (childFlag & IN_FLOW) !== 0 };
    const visited = this.enterChildren(node, place, owner, flag, depth, 0);
    if (node.kind !== 'object') return visited;
    const ref = refMember(node);
    if (ref && kind !== 'Discriminator') {
      const pathKey = kind === 'PathItem' && node.parent && typeof node.key === 'string' && node.parent.key === 'paths' && node.parent.parent === root
        ? { name: node.key, span: scalarSpan(node, 'key', (flag & IN_FLOW) !== 0), pointer: segmentsOf(node) } : undefined;
      this.addRef(ref.value as string, 'ref', ref, frame, kind, pathKey);
    }
    if (kind) this.recordObject(node, kind, frame, (flag & IN_FLOW) !== 0);
    return visited;
  }

  /**
   * Enters the children of a node from `from` on, at most CHILDREN_AT_ONCE of them (100,000 paths
   * took 60-100 ms in one step); the rest is entered when the walk comes back to it. Returns how
   * many were looked at.
   */
  private enterChildren(node: SyntaxNode, place: Place, owner: number, flag: number, depth: number, from: number): number {
    const children = node.children!;
    const to = Math.min(children.length, from + CHILDREN_AT_ONCE);
    // Below them on the stack: visited after them, in document order.
    if (to < children.length) this.enter(node, place, owner, flag, depth, to);
    for (let i = to - 1; i >= from; i--) {
      const child = children[i];
      const next = placeOfChild(place, depth, child);
      if (next !== SKIP) this.enter(child, next, owner, flagsOfChild(node, flag, child), depth + 1);
    }
    // The Paths object's entries, slice by slice too.
    if (place && 'kind' in place && place.kind === 'Paths') this.recordPaths(children, from, to, node.flow || (flag & IN_FLOW) !== 0);
    return to - from;
  }

  /**
   * The entry recorded, or undefined for a `$ref` naming no document (a `urn:`). A URL's target is
   * the remote document by its URL (the editor shows fetched ones), as a relative `$ref` inside one.
   */
  private addRef(raw: string, role: RefRole, valueNode: SyntaxNode, frame: Frame, expected: ObjectKind | undefined,
    pathKey?: RefEntry['pathKey'], written = raw): void {
    let target = this.resolved.get(raw);
    if (target === undefined) this.resolved.set(raw, (target = this.resolve(raw)));
    if (!target) return;
    this.index.refs.push({
      raw: written, role, span: scalarSpan(valueNode, 'value', frame.flow), targetFile: target.targetFile, pointer: target.pointer,
      owner: frame.owner, expected, inExtension: frame.inExtension, pathKey,
    });
  }

  private resolve(raw: string): { targetFile: string; pointer: string[] } | null {
    return resolveRefTarget(this.filePath, this.dir, raw);
  }

  /** The path entries of the Paths object's members [from, to) (see enterChildren). */
  private recordPaths(items: readonly SyntaxNode[], from: number, to: number, flow: boolean): void {
    for (let i = from; i < to; i++) {
      const item = items[i];
      if (typeof item.key !== 'string' || item.key.startsWith('x-')) continue;
      this.index.paths.push({ path: item.key, pointer: segmentsOf(item), key: scalarSpan(item, 'key', flow), start: item.memberStart, end: item.end });
    }
  }

  /** `frame.flow`: inside this object; `keyFlow`: where its key is. */
  private recordObject(node: SyntaxNode, kind: ObjectKind, frame: Frame, keyFlow: boolean): void {
    const { index, root } = this;
    const flow = frame.flow;
    switch (kind) {
      case 'Operation': return this.recordOperation(node, flow, keyFlow);
      case 'Tag': {
        const name = node.get('name');
        if (name?.kind === 'string' && node.parent?.key === 'tags' && node.parent.parent === root) {
          index.tags.push({ name: name.value as string, span: scalarSpan(name, 'value', flow), start: node.offset, end: node.end });
        }
        return;
      }
      case 'SecurityRequirement':
        for (const scheme of node.children!) index.securityUses.push({ name: String(scheme.key), span: scalarSpan(scheme, 'key', flow) });
        return;
      case 'Link': {
        const id = node.get('operationId');
        if (id?.kind === 'string') index.linkOperationIds.push({ name: id.value as string, span: scalarSpan(id, 'value', flow) });
        const operationRef = node.get('operationRef');
        if (operationRef?.kind === 'string') this.addRef(operationRef.value as string, 'operationRef', operationRef, frame, 'Operation');
        return;
      }
      case 'Discriminator': return this.recordMapping(node, frame);
    }
  }

  private recordOperation(node: SyntaxNode, flow: boolean, keyFlow: boolean): void {
    const pathItem = node.parent;
    if (!pathItem || !METHODS.has(String(node.key))) return;
    const id = node.get('operationId');
    const tags = node.get('tags');
    const pathKey = pathItem.parent?.key === 'paths' || (!this.isRoot && pathItem.parent === this.root && String(pathItem.key).startsWith('/'))
      ? String(pathItem.key) : undefined;
    this.index.operations.push({
      method: String(node.key), path: pathKey, pathItem: segmentsOf(pathItem),
      operationId: id?.kind === 'string' ? (id.value as string) : undefined,
      operationIdSpan: id?.kind === 'string' ? scalarSpan(id, 'value', flow || node.flow) : undefined,
      key: scalarSpan(node, 'key', keyFlow), start: node.memberStart, end: node.end,
      tags: tags?.kind === 'array' ? tags.children!.filter((t) => t.kind === 'string').map((t) => ({ name: t.value as string, span: scalarSpan(t, 'value', flow || tags.flow) })) : [],
      deprecated: node.get('deprecated')?.value === true,
      ...(pathItem.parent?.key === 'webhooks' && pathItem.parent.parent === this.root ? { webhook: String(pathItem.key) } : {}),
    });
  }

  /** A Discriminator's mapping values as references to schemas. */
  private recordMapping(node: SyntaxNode, frame: Frame): void {
    const mapping = node.get('mapping');
    if (mapping?.kind !== 'object') return;
    for (const entry of mapping.children!) {
      if (entry.kind !== 'string') continue;
      const value = entry.value as string;
      const raw = mappingTarget(value, this.isRoot);
      if (raw === undefined) continue;
      // A bare name is rewritten as a name, not as a reference: its raw stays as written.
      this.addRef(raw, 'mapping', entry, { ...frame, flow: frame.flow || mapping.flow }, 'Schema', undefined, value);
    }
  }
}

/**
 * The reference a discriminator's mapping value stands for: a schema name or a reference, and a name
 * stands for this file's schema (only a root document has one to name). A name such as `dog.yaml` is
 * a file's, as the discriminator rule reads it (which first looks for a schema of that name: read
 * here without the tree, a JSON file's index cannot tell, and no schema is named so in practice).
 */
export function mappingTarget(value: string, isRoot: boolean): string | undefined {
  return !isBareSchemaName(value) ? value : isRoot ? `#/components/schemas/${value}` : undefined;
}

/** The file and pointer a reference written in `filePath` (in folder `dir`) names; null when it names no document. */
export function resolveRefTarget(filePath: string, dir: string, raw: string): { targetFile: string; pointer: string[] } | null {
  const parsedRef = parseRef(raw);
  let targetFile = filePath;
  if (parsedRef.form === 'url' || (parsedRef.form === 'file' && isRemoteLocation(filePath))) {
    const target = refLocation(filePath, parsedRef);
    if (!target || !('location' in target)) return null;
    targetFile = target.location;
  } else if (parsedRef.form === 'file') targetFile = path.resolve(dir, parsedRef.file);
  return { targetFile, pointer: parsedRef.pointer ?? [] };
}

/** An object's `$ref` member holding a string, if any. */
function refMember(node: SyntaxNode): SyntaxNode | undefined {
  const children = node.children!;
  if (children.length > CHILDREN_AT_ONCE) {
    // Its key index is built (the parse checked its keys): no pass over every member here.
    const member = node.get('$ref');
    return member?.kind === 'string' ? member : undefined;
  }
  for (const child of children) if (child.key === '$ref' && child.kind === 'string') return child;
  return undefined;
}

/** `#/a/b` for pointer segments (a key for maps of definitions and references). */
export function pointerKey(segments: readonly string[]): string {
  let key = '#';
  for (const s of segments) key += '/' + s.replace(/~/g, '~0').replace(/\//g, '~1');
  return key;
}

/** Segments of a JSON Pointer as `SyntaxNode.pointer` writes them. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Line and character (UTF-16 units, as in LSP) of an offset, from a file's line starts. */
export function positionIn(lines: LineStarts, offset: number): { line: number; character: number } {
  if (!(lines instanceof Uint32Array)) {
    const line = lines.lineOf(offset);
    return { line, character: Math.max(0, offset - lines.lineStart(line)) };
  }
  const line = lastAtOrBelow(lines, offset);
  return { line, character: Math.max(0, offset - lines[line]) };
}

/** How many lines, and where one starts. */
export function lineCountOf(lines: LineStarts): number {
  return lines instanceof Uint32Array ? lines.length : lines.lineCount;
}

function lineStartIn(lines: LineStarts, line: number): number {
  return lines instanceof Uint32Array ? lines[line] : lines.lineStart(line);
}

/** The offset of a line and character; a character past the line's end stops at the next line. */
export function offsetIn(lines: LineStarts, position: { line: number; character: number }, textLength: number): number {
  const count = lineCountOf(lines);
  if (position.line >= count) return textLength;
  if (position.line < 0) return 0;
  const start = lineStartIn(lines, position.line);
  const next = position.line + 1 < count ? lineStartIn(lines, position.line + 1) : textLength;
  return Math.min(start + Math.max(0, position.character), next);
}

/** Line starts as one typed array (to hand an index to another thread). */
export function lineStartArray(lines: LineStarts): Uint32Array {
  if (lines instanceof Uint32Array) return lines;
  const starts = new Uint32Array(lines.lineCount);
  for (let i = 0; i < starts.length; i++) starts[i] = lines.lineStart(i);
  return starts;
}
