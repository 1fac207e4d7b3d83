// One node model for YAML and JSON. A tree is a plain value: offsets into the source text,
// no OpenAPI knowledge, no semantic state (that lives in model/).
import type { PieceText } from './piece-text';
import { drain, stepClock, Steps } from './steps';

export type NodeKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
export type SourceFormat = 'yaml' | 'json';

/** How a scalar is written in the source; fixes reuse it to keep the author's quoting. */
export type ScalarStyle = 'plain' | 'single' | 'double' | 'block';

export type ScalarValue = string | number | boolean | null;

const KINDS: NodeKind[] = ['object', 'array', 'string', 'number', 'boolean', 'null'];
const STYLES: ScalarStyle[] = ['double', 'plain', 'single', 'block'];
// Per-node key indexes for large objects, kept beside the tree so small nodes carry no slot.
const keyIndexes = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();
// Large objects whose key index holds each key once (see duplicateKeySteps): an edit among their
// members updates it, where building it again would take one long step.
const uniqueKeys = new WeakSet<SyntaxNode>();
// Other values computed from a node's children (see `fromChildren`), by what computed them.
const childViews = new WeakMap<SyntaxNode, Map<object, unknown>>();

// flags: bits 0-1 style, 2-3 keyStyle, 4-6 keyKind, 7 flow, 8-10 kind, 11-18 shard, 19-29 key
// length. One small integer instead of seven fields: a large document has hundreds of thousands of
// nodes, and their size is most of the parse's GC time. Bit 30 stays clear: the value is a small
// integer (no heap number) on every V8 build, 31-bit ones included.
const STYLE_SHIFT = 0;
const KEY_STYLE_SHIFT = 2;
const KEY_KIND_SHIFT = 4;
const FLOW_BIT = 1 << 7;
const KIND_SHIFT = 8;
const KIND_CODES: Record<NodeKind, number> = { object: 0, array: 1, string: 2, number: 3, boolean: 4, null: 5 };
/** The bits above are the node's syntax; the shard bits (see `shard`) are not copied with them. */
const SYNTAX_FLAGS = (1 << 11) - 1;
const SHARD_SHIFT = 11;
const SHARD_BITS = 8;
export const SHARD_COUNT = 1 << SHARD_BITS;
const KEY_LENGTH_SHIFT = SHARD_SHIFT + SHARD_BITS;
/** Key lengths from this one on are kept in `longKeyLengths` (a key of 2,047 characters is rare). */
const LONG_KEY = (1 << 11) - 1;
const KEY_LENGTH_BITS = LONG_KEY << KEY_LENGTH_SHIFT;
const longKeyLengths = new WeakMap<SyntaxNode, number>();
/** Nodes made so far (wrapping): a node's shard is a hash of its number. */
let nodesMade = 0;

/**
 * What the nodes of one segment of a tree (a subtree, see segmentTree) add to the offsets they
 * store. An edit moves everything after it: a segment after the edit moves by one addition here
 * instead of a visit of each of its nodes (a keystroke in a 10 MB document moved 500,000 nodes).
 */
export class OffsetBase {
  delta = 0;
  constructor(readonly root: SyntaxNode | undefined) {}
}

/** The base of nodes in no segment: their stored offsets are the offsets. */
const ABSOLUTE = new OffsetBase(undefined);
/** A stored key offset for "no key" (stored offsets of keys are never this low). */
const NO_KEY = -(2 ** 31);

export class SyntaxNode {
  private storedOffset: number;
  length: number;
  parent: SyntaxNode | undefined;
  /** Property name (in an object) or index (in an array); undefined for the root. */
  key: string | number | undefined = undefined;
  private storedKeyOffset = NO_KEY;
  /**
   * A scalar's value or a collection's children: a node has only one of them, so they share a
   * slot (a field less on each of a large document's hundreds of thousands of nodes).
   */
  private content: ScalarValue | SyntaxNode[];
  private flags = 0; // style double, keyStyle double, keyKind string, not flow, kind object
  /** The segment this node is in (see OffsetBase). */
  base: OffsetBase = ABSOLUTE;

  constructor(kind: NodeKind, offset: number, length: number, parent: SyntaxNode | undefined) {
    // Fibonacci hashing: the top bits of the number times 2^32/phi. Counting round the clock would
    // put regular documents' objects in a few shards (every 16th node is a path item).
    // The kind's bits are set here, not through the `kind` setter: a parse makes every node.
    const kindCode = KIND_CODES[kind];
    this.flags = ((Math.imul(nodesMade, 0x9e3779b1) >>> (32 - SHARD_BITS)) << SHARD_SHIFT) | (kindCode << KIND_SHIFT);
    nodesMade = (nodesMade + 1) | 0;
    this.storedOffset = offset;
    this.length = length;
    this.parent = parent;
    this.content = kindCode <= KIND_CODES.array ? [] : null;
  }

  /** Whether the node is an object or an array (kind codes 0 and 1). */
  private get isCollection(): boolean {
    return ((this.flags >> KIND_SHIFT) & 7) <= KIND_CODES.array;
  }

  /** The value of a scalar; null for a collection. */
  get value(): ScalarValue {
    return this.isCollection ? null : (this.content as ScalarValue);
  }
  set value(value: ScalarValue) {
    if (!this.isCollection) this.content = value;
  }

  /** The entries of an object or an array; undefined for a scalar. */
  get children(): SyntaxNode[] | undefined {
    return this.isCollection ? (this.content as SyntaxNode[]) : undefined;
  }
  set children(children: SyntaxNode[] | undefined) {
    if (this.isCollection) this.content = children ?? [];
  }

  /** Offset of the value in the source text (its length is `length`). */
  get offset(): number {
    return this.storedOffset + this.base.delta;
  }
  set offset(offset: number) {
    this.storedOffset = offset - this.base.delta;
  }
  /** Offset of the property key in the source (its length is `keyLength`); -1 when the node has no key. */
  get keyOffset(): number {
    const stored = this.storedKeyOffset;
    return stored === NO_KEY ? -1 : stored + this.base.delta;
  }
  set keyOffset(offset: number) {
    this.storedKeyOffset = offset < 0 ? NO_KEY : offset - this.base.delta;
  }

  /** Length of the property key in the source (0 when the node has no key). */
  get keyLength(): number {
    const length = (this.flags & KEY_LENGTH_BITS) >>> KEY_LENGTH_SHIFT;
    return length === LONG_KEY ? longKeyLengths.get(this)! : length;
  }
  set keyLength(length: number) {
    const stored = length >= 0 && length < LONG_KEY ? length : LONG_KEY;
    this.flags = (this.flags & ~KEY_LENGTH_BITS) | (stored << KEY_LENGTH_SHIFT);
    if (stored === LONG_KEY) longKeyLengths.set(this, length);
  }

  /** Whether this node is the root of a segment (see OffsetBase): it and all below it move together. */
  get isSegmentRoot(): boolean {
    return this.base.root === this;
  }

  /** Puts this node and its subtree in a segment, keeping their offsets. */
  joinBase(base: OffsetBase): void {
    const stack: SyntaxNode[] = [this];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.base === base) continue;
      rebase(n, base);
      if (n.children) for (const c of n.children) stack.push(c);
    }
  }

  get kind(): NodeKind {
    return KINDS[(this.flags >> KIND_SHIFT) & 7];
  }
  set kind(kind: NodeKind) {
    const wasCollection = this.isCollection;
    this.flags = (this.flags & ~(7 << KIND_SHIFT)) | (KIND_CODES[kind] << KIND_SHIFT);
    // The shared slot changes meaning with the kind: a scalar starts as null, a collection empty.
    if (wasCollection !== this.isCollection) this.content = wasCollection ? null : [];
  }

  /** How a scalar is written in the source; fixes reuse it to keep the author's quoting. */
  get style(): ScalarStyle {
    return STYLES[(this.flags >> STYLE_SHIFT) & 3];
  }
  set style(style: ScalarStyle) {
    this.flags = (this.flags & ~(3 << STYLE_SHIFT)) | (STYLES.indexOf(style) << STYLE_SHIFT);
  }
  get keyStyle(): ScalarStyle {
    return STYLES[(this.flags >> KEY_STYLE_SHIFT) & 3];
  }
  set keyStyle(style: ScalarStyle) {
    this.flags = (this.flags & ~(3 << KEY_STYLE_SHIFT)) | (STYLES.indexOf(style) << KEY_STYLE_SHIFT);
  }
  /** YAML only: the key was written as a non-string scalar (`200:` is an integer key). */
  get keyKind(): NodeKind {
    return KINDS[(this.flags >> KEY_KIND_SHIFT) & 7 ^ 2];
  }
  set keyKind(kind: NodeKind) {
    this.flags = (this.flags & ~(7 << KEY_KIND_SHIFT)) | ((KINDS.indexOf(kind) ^ 2) << KEY_KIND_SHIFT);
  }
  /** YAML only: the collection is written in flow style (`{a: 1}`, `[1, 2]`). */
  get flow(): boolean {
    return (this.flags & FLOW_BIT) !== 0;
  }
  set flow(flow: boolean) {
    this.flags = flow ? this.flags | FLOW_BIT : this.flags & ~FLOW_BIT;
  }

  get end(): number {
    return this.offset + this.length;
  }

  /** Style, key style, key kind and flow as one number: a tree is copied between threads by them. */
  get packedFlags(): number {
    return this.flags & SYNTAX_FLAGS;
  }
  set packedFlags(flags: number) {
    this.flags = (this.flags & ~SYNTAX_FLAGS) | (flags & SYNTAX_FLAGS);
  }

  /**
   * A number below SHARD_COUNT fixed for the node's life, spread evenly over the nodes: maps keyed
   * by nodes are split by it (see NodeMap), kept in bits of `flags` the syntax does not use.
   */
  get shard(): number {
    return (this.flags >> SHARD_SHIFT) & (SHARD_COUNT - 1);
  }

  /** The member of an object with this key (the first one when keys repeat). */
  get(key: string): SyntaxNode | undefined {
    // The kind's bits and the shared slot read directly: rules call this more than anything else.
    if (((this.flags >> KIND_SHIFT) & 7) !== KIND_CODES.object) return undefined;
    const children = this.content as SyntaxNode[];
    if (children.length < 12) {
      for (let i = 0; i < children.length; i++) if (children[i].key === key) return children[i];
      return undefined;
    }
    let index = keyIndexes.get(this);
    if (!index) {
      index = new Map<string, SyntaxNode>();
      for (const child of children) {
        const k = child.key as string;
        if (!index.has(k)) index.set(k, child);
      }
      keyIndexes.set(this, index);
    }
    return index.get(key);
  }

  /** Puts a new node in place of a child (incremental reparse); keeps the key index right. */
  replaceChild(index: number, child: SyntaxNode): void {
    this.replaceChildren(index, 1, [child]);
  }

  /** Puts `nodes` in place of `count` children from `index` (an incremental reparse). */
  replaceChildren(index: number, count: number, nodes: readonly SyntaxNode[]): void {
    const removed = uniqueKeys.has(this) ? this.children!.slice(index, index + count) : undefined;
    if (count === 1 && nodes.length === 1) this.children![index] = nodes[0];
    else this.children!.splice(index, count, ...nodes);
    for (const node of nodes) {
      node.parent = this;
      // Inside a segment, new nodes move with it.
      if (node.base !== this.base) node.joinBase(this.base);
    }
    if (!removed || !updateKeyIndex(this, removed, nodes)) keyIndexes.delete(this);
    childViews.delete(this);
  }

  /** The item of an array at this index. */
  at(index: number): SyntaxNode | undefined {
    return this.kind === 'array' ? this.children?.[index] : undefined;
  }

  /** Scalar string value, or undefined for any other kind. */
  get stringValue(): string | undefined {
    return this.kind === 'string' ? (this.value as string) : undefined;
  }

  /** JSON Pointer of this node from the root of its tree. */
  get pointer(): string {
    const parts: string[] = [];
    for (let n: SyntaxNode | undefined = this; n && n.key !== undefined; n = n.parent) {
      parts.push(String(n.key).replace(/~/g, '~0').replace(/\//g, '~1'));
    }
    return parts.length ? '/' + parts.reverse().join('/') : '';
  }

  /** Property path from the root, for messages (`paths./users.get`). */
  get path(): (string | number)[] {
    const parts: (string | number)[] = [];
    for (let n: SyntaxNode | undefined = this; n && n.key !== undefined; n = n.parent) parts.push(n.key);
    return parts.reverse();
  }

  /** The whole member: key start to value end (value only for array items and the root). */
  get memberStart(): number {
    return this.keyOffset >= 0 ? this.keyOffset : this.offset;
  }

  /** A plain JS value of the subtree (for example values and enum comparisons). */
  toValue(): unknown {
    switch (this.kind) {
      case 'object': {
        const result: Record<string, unknown> = {};
        for (const child of this.children!) result[child.key as string] = child.toValue();
        return result;
      }
      case 'array':
        return this.children!.map((c) => c.toValue());
      default:
        return this.value;
    }
  }
}

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 makes a substring a
 * view that keeps its whole source alive: a value an edit writes, cut from a 10 MB version of a
 * document, would keep that version (one per place edited: 17 versions, 335 MB, after 30 edits).
 * Slicing a concatenation makes V8 copy it into a new flat string first: the view is of that.
 */
export function detached(text: string): string {
  return (' ' + text).slice(1);
}

/**
 * A scalar's value changed in place (an incremental reparse): what was computed from it, or from
 * the children of the nodes around it, may be out of date.
 */
export function valueChangedIn(node: SyntaxNode): void {
  for (let n: SyntaxNode | undefined = node; n; n = n.parent) childViews.delete(n);
}

/**
 * A value computed from a node's children once (an index of its keys...), kept beside the tree
 * until a child is replaced. `tag` names the computation; one value per node and tag.
 */
export function fromChildren<T>(node: SyntaxNode, tag: object, compute: (node: SyntaxNode) => T): T {
  let views = childViews.get(node);
  if (!views) childViews.set(node, (views = new Map()));
  if (views.has(tag)) return views.get(tag) as T;
  const value = compute(node);
  views.set(tag, value);
  return value;
}

const CHILD_POSITIONS = {};

/** The position of a node among its parent's children (-1 for the root): indexed for large collections. */
export function indexInParent(node: SyntaxNode): number {
  const children = node.parent?.children;
  if (!children) return -1;
  if (children.length < 16) return children.indexOf(node);
  const positions = fromChildren(node.parent!, CHILD_POSITIONS, (p) => new Map(p.children!.map((c, i) => [c, i])));
  return positions.get(node) ?? -1;
}

// Keys as V8's internalized strings, one object per distinct key: a document repeats a few hundred
// names (`type`, `description`...) hundreds of thousands of times, and rules compare keys with
// string literals, which are internalized. Two internalized strings are equal only when they are
// the same object, so `child.key === 'type'` is one pointer comparison instead of a character
// comparison with a fresh slice of the text; and the document holds each name once.
const internedKeys = new Map<string, string>();
/** Distinct keys kept; beyond it the table starts again (a long-running server meets many documents). */
const MAX_INTERNED_KEYS = 100_000;

/**
 * Short string values are shared too: a document repeats a few thousand of them (`string`, `uri`,
 * media types) a hundred thousand times, each a fresh copy of 30-40 bytes; longer ones
 * (descriptions) rarely repeat. Shared through a table of their own, not internalized as keys are:
 * internalizing makes a hidden class per distinct string, and values are many more than keys.
 */
const SHARED_VALUE_MAX = 40;
const sharedValues = new Map<string, string>();
/** Distinct values kept; beyond it the table starts again, as the keys' does. */
const MAX_SHARED_VALUES = 100_000;

export function internValue(value: string): string {
  if (value.length > SHARED_VALUE_MAX) return value;
  const known = sharedValues.get(value);
  if (known !== undefined) return known;
  if (sharedValues.size >= MAX_SHARED_VALUES) sharedValues.clear();
  // Kept as a copy: the value may be a view of the whole text, which the table would keep alive.
  const own = detached(value);
  sharedValues.set(own, own);
  return own;
}

/**
 * A tree read from a copy of `text` (a text with a broken line left out, syntax/yaml-around.ts):
 * its string values are views of that copy, or joined from views (a value over several lines).
 * Each is made a view of `text` where it is that text's slice (a plain or JSON one-line string),
 * else a copy (shared, when short), so the tree does not keep the copy alive (20 MB for GitHub's
 * 10 MB description).
 */
export function* relinkStringsSteps(root: SyntaxNode | undefined, text: string): Steps<void> {
  const due = stepClock();
  const stack = root ? [root] : [];
  while (stack.length) {
    if (due()) yield;
    const node = stack.pop()!;
    if (node.children) {
      for (const child of node.children) stack.push(child);
      continue;
    }
    const value = node.value;
    if (typeof value !== 'string') continue;
    if (value.length <= SHARED_VALUE_MAX) {
      node.value = internValue(value);
      continue;
    }
    // Plain at the node's offset; quoted (and every JSON string) one character after it.
    const plain = text.slice(node.offset, node.offset + value.length);
    const quoted = plain === value ? plain : text.slice(node.offset + 1, node.offset + 1 + value.length);
    node.value = quoted === value ? quoted : detached(value);
  }
}

export function internKey(key: string): string {
  const known = internedKeys.get(key);
  if (known !== undefined) return known;
  if (internedKeys.size >= MAX_INTERNED_KEYS) internedKeys.clear();
  // A property name is internalized when it is defined; Object.keys hands back that string.
  const interned = Object.keys({ [key]: 0 })[0];
  internedKeys.set(interned, interned);
  return interned;
}

export interface SyntaxError {
  message: string;
  offset: number;
  length: number;
  /** Parser code (`DUPLICATE_KEY`, `BAD_INDENT`, `InvalidSymbol`...), useful in tests and logs. */
  code: string;
  severity: 'error' | 'warning';
}

/**
 * The syntax error a message names when it names one: the first in the text of those `which`
 * accepts, an error before any warning. Not the list's first: readers list errors in different
 * orders (the `yaml` package's groups, a read around a broken part, an incremental edit), and the
 * message must not depend on which one read the text (two at one offset: the shorter, then by message).
 */
export function firstSyntaxError(errors: readonly SyntaxError[], which: (error: SyntaxError) => boolean = () => true): SyntaxError | undefined {
  let first: SyntaxError | undefined;
  for (const error of errors) if (which(error) && (!first || comesFirst(error, first))) first = error;
  return first;
}

function comesFirst(a: SyntaxError, b: SyntaxError): boolean {
  if (a.severity !== b.severity) return a.severity === 'error';
  if (a.offset !== b.offset) return a.offset < b.offset;
  if (a.length !== b.length) return a.length < b.length;
  return a.message < b.message;
}

export interface ParsedText {
  format: SourceFormat;
  /** The whole text. After an incremental edit it is built on first read: prefer `source` on edit paths. */
  readonly text: string;
  /** The text as pieces (see piece-text.ts): set by edits, made on demand otherwise (sourceOf). */
  source?: PieceText;
  root: SyntaxNode | undefined;
  errors: SyntaxError[];
  /**
   * YAML: no aliases and no tag directives, so every block's value depends only on its own lines
   * (what the incremental reparse needs to replace one block alone).
   */
  selfContainedBlocks?: boolean;
  /**
   * YAML with aliases (blocks not all self-contained): the start of the line after the first line
   * with content that follows the last alias and the last mapping with a merge key (the members a
   * merge brings depend on the mapping's own keys; comment lines typed right below a collection an
   * alias ends join its range). Blocks from there on hold no alias, no anchored node an alias
   * copies and no member of a merging mapping, so they too depend only on their own lines; and
   * every copy, placed at its anchored node's text, lies before them (the tree is in text order
   * from there on). Set by the fast reader only.
   */
  aliasesEnd?: number;
}

/** Depth beyond which parsers stop building the tree (an error says so); keeps recursion bounded. */
export const MAX_DEPTH = 1000;

/** Adds a `DUPLICATE_KEY` error at every repeated key of an object (the first one stays valid). */
export function reportDuplicateKeys(node: SyntaxNode, errors: SyntaxError[]): void {
  const children = node.children!;
  if (children.length < 8) {
    for (let i = 1; i < children.length; i++) {
      for (let j = 0; j < i; j++) {
        if (children[j].key === children[i].key) {
          errors.push(duplicateKeyError(children[i]));
          break;
        }
      }
    }
    return;
  }
  const seen = new Set<string | number | undefined>();
  for (const child of children) {
    if (seen.has(child.key)) errors.push(duplicateKeyError(child));
    else seen.add(child.key);
  }
}

/**
 * Objects with more members than this have their duplicate keys found after the parse, in steps
 * (200,000 paths took 130 ms in one step).
 */
const KEYS_CHECKED_AT_ONCE = 4096;

/** Whether a node's key index is built (an edit among a large object's members keeps it). */
export function hasKeyIndex(node: SyntaxNode): boolean {
  return keyIndexes.has(node);
}

/** Whether an object's keys are checked (and indexed) after its parse, in steps. */
export function keysCheckedInSteps(node: SyntaxNode): boolean {
  return node.children!.length > KEYS_CHECKED_AT_ONCE;
}

/** Reports an object's duplicate keys now, or defers a large one to `duplicateKeySteps`. */
export function checkDuplicateKeys(node: SyntaxNode, errors: SyntaxError[], large: SyntaxNode[]): void {
  if (keysCheckedInSteps(node)) large.push(node);
  else if (node.children!.length > 1) reportDuplicateKeys(node, errors);
}

/**
 * The duplicate keys of large objects, some thousands of members per step. The keys seen become
 * the object's key index, which `get` would otherwise build in one go.
 */
export function* duplicateKeySteps(objects: readonly SyntaxNode[], errors: SyntaxError[]): Generator<void, void, void> {
  for (const node of objects) {
    const children = node.children!;
    const errorsBefore = errors.length;
    const index = new Map<string, SyntaxNode>();
    for (let i = 0; i < children.length; ) {
      for (const end = Math.min(children.length, i + KEYS_CHECKED_AT_ONCE); i < end; i++) {
        const child = children[i];
        const key = child.key as string;
        if (index.has(key)) errors.push(duplicateKeyError(child));
        else index.set(key, child);
      }
      yield;
    }
    keyIndexes.set(node, index);
    if (errors.length === errorsBefore) uniqueKeys.add(node);
  }
}

/**
 * The key index of an object whose keys were each once, after `removed` members were replaced by
 * `added` ones; false when a key now repeats (the index is then built again when asked).
 */
function updateKeyIndex(node: SyntaxNode, removed: readonly SyntaxNode[], added: readonly SyntaxNode[]): boolean {
  const index = keyIndexes.get(node);
  if (!index) {
    uniqueKeys.delete(node);
    return false;
  }
  for (const member of removed) if (index.get(member.key as string) === member) index.delete(member.key as string);
  for (const member of added) {
    if (index.has(member.key as string)) {
      uniqueKeys.delete(node);
      return false;
    }
    index.set(member.key as string, member);
  }
  return true;
}

function duplicateKeyError(node: SyntaxNode): SyntaxError {
  return {
    message: `Duplicate key "${String(node.key)}": only one of them can be read.`,
    offset: node.keyOffset,
    length: node.keyLength,
    code: 'DUPLICATE_KEY',
    severity: 'error',
  };
}

/** A parsed text after an incremental edit: its whole text is joined from `source` when read. */
export function editedText(format: SourceFormat, source: PieceText, root: SyntaxNode | undefined, errors: SyntaxError[], before: Pick<ParsedText, 'selfContainedBlocks' | 'aliasesEnd'>): ParsedText {
  return {
    format,
    source,
    get text() {
      return source.toString();
    },
    root,
    errors,
    selfContainedBlocks: before.selfContainedBlocks,
    aliasesEnd: before.aliasesEnd,
  };
}

const segmented = new WeakSet<SyntaxNode>();
/** The walk under way cutting each tree (see segmentTreeSteps); another one, or an edit, ends it. */
const segmentWalks = new WeakMap<SyntaxNode, object>();

/** Puts one node in a segment, keeping its offsets. */
function rebase(node: SyntaxNode, base: OffsetBase): void {
  const offset = node.offset;
  const keyOffset = node.keyOffset;
  node.base = base;
  node.offset = offset;
  node.keyOffset = keyOffset;
}

/**
 * Cuts a tree into segments (see OffsetBase), once per tree, before its first incremental edit:
 * the largest subtrees of at most about the square root of the node count (an edit visits the
 * nodes above segments, one mark per segment, and the nodes of the segment it is in: about
 * 3,000 of a million). Linear: one walk in post-order, which cuts a finished subtree as soon as
 * its parent is known to be too large to be a segment.
 */
export function segmentTree(root: SyntaxNode): void {
  drain(segmentTreeSteps(root));
}

/** Whether a tree is cut into segments. */
export function isSegmented(root: SyntaxNode): boolean {
  return segmented.has(root);
}

/**
 * Stops the walk cutting a tree into segments in steps, if one is under way (an edit is about to
 * change the tree, and the walk's place in it would be out of date). The segments it cut stay; a
 * new walk goes on from them.
 */
export function stopSegmenting(root: SyntaxNode): void {
  segmentWalks.delete(root);
}

/** Characters of source per node, about: the segment size is set before the nodes are counted. */
const CHARS_PER_NODE = 20;

/**
 * The same in steps (300,000 nodes took 100-250 ms at once). A segment is cut within one step,
 * so a tree is always whole segments and nodes in none. An edit of the tree between two steps
 * ends this walk but keeps what it cut, and the next walk skips those segments: under continuous
 * typing in a 30 MB document, walks that each restarted from nothing never finished, and every
 * keystroke moved all the nodes after it (100-200 ms).
 */
export function* segmentTreeSteps(root: SyntaxNode): Steps<void> {
  if (segmented.has(root)) return;
  const walk = {};
  segmentWalks.set(root, walk);
  // About the square root of the node count, which the walk only knows at its end.
  const most = Math.max(16, Math.round(Math.sqrt(root.length / CHARS_PER_NODE)));
  const due = stepClock(256);
  // The path from the root: each node, its next child, its nodes seen so far, and its finished
  // children small enough to be segments, not cut until it is known to be too large to be one.
  const nodes: SyntaxNode[] = [root];
  const nextChild: number[] = [0];
  const sizes: number[] = [1];
  const small: SyntaxNode[][] = [[]];
  let depth = 0;
  while (depth >= 0) {
    const node = nodes[depth];
    const children = node.children;
    let finished: SyntaxNode | undefined;
    let size = 0;
    if (children && nextChild[depth] < children.length) {
      const child = children[nextChild[depth]++];
      if (child.base !== ABSOLUTE) {
        // Cut by an earlier walk: its parent was too large to be a segment.
        size = most + 1;
      } else if (child.children && child.children.length > 0) {
        depth++;
        nodes[depth] = child;
        nextChild[depth] = 0;
        sizes[depth] = 1;
        (small[depth] ??= []).length = 0;
      } else {
        finished = child;
        size = 1;
      }
    } else {
      finished = node;
      size = sizes[depth];
      depth--;
    }
    if (depth >= 0 && size > 0) {
      sizes[depth] += size;
      const waiting = small[depth];
      if (finished && size <= most) waiting.push(finished);
      if (sizes[depth] > most) {
        for (const subtree of waiting) subtree.joinBase(new OffsetBase(subtree));
        waiting.length = 0;
      }
    }
    if (due()) {
      yield;
      if (segmented.has(root) || segmentWalks.get(root) !== walk) return;
    }
  }
  segmented.add(root);
}
