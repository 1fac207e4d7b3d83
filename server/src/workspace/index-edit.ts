// An open document's index kept through an edit in proportion to the edit, not the file. A
// keystroke in a 10 MB document used to leave its index to be built again (over a second of
// slices) before references or rename could answer.
// 1. Typing in a scalar the index does not read (a description, a summary, an example): the index
//    is the old one with every offset after the edit moved, in place (the same object, so the
//    workspace's maps of it stay valid).
// 2. Any other edit the incremental reparse took: the nodes around the reparsed ones (their parent,
//    which reads them: a `$ref`, an operationId, a path key...) are walked again as indexFile walks
//    them, and their entries take the place of the old ones; the rest moves. The parent's members
//    the edit did not touch keep their entries without a walk (a new schema among 900 walks one).
//    When the new entries differ from the old only in offsets, this too happens in place; else it
//    makes a new index.
// Anything else (the root's own members, a large region, a tree the reparse rebuilt) returns
// undefined: the caller indexes the file again.
// References are columns (ref-table.ts): case 1 moves their offsets in the columns; case 2 works
// on copies of them as objects, then writes the columns back in place or makes a new table.
import { TextEdit } from '../syntax/edit';
import { nextNodeStart } from '../syntax/child-at';
import { ParsedText, SyntaxNode } from '../syntax/tree';
import {
  Definition, FileIndex, IndexEntries, indexSubtree, KeptMembers, LineStarts, NameUse, OperationEntry, PathEntry, RefEntry,
  ScalarSpan, TagDeclaration,
} from './file-index';
import { RefTable } from './ref-table';

/** What the incremental reparse reports of an edit (syntax/incremental.ts's Reparsed). */
export interface EditedTree {
  parsed: ParsedText;
  node: SyntaxNode;
  nodes: readonly SyntaxNode[];
  replaced: SyntaxNode;
}

/** Nodes the walk of the region around an edit may visit; beyond, the file is indexed again (in slices). */
const MAX_REWALKED_NODES = 20_000;

/** Keys whose string values the index reads (a `$ref`, an operationId, a Tag's name...). */
const READ_VALUES = new Set(['$ref', 'operationId', 'operationRef', 'name', 'deprecated', 'openapi', 'swagger']);
/** Keys whose items the index reads from two levels up (an operation's tags, a discriminator's mapping). */
const READ_ITEMS = new Set(['tags', 'mapping']);

type Move = (offset: number) => number;

/** Lists whose entries nodes record for their members, which may be written after the region edited. */
const RECORDED_BY_ENCLOSING = new Set<keyof IndexEntries>(['paths', 'securityUses', 'linkOperationIds']);

/** How to find, move and compare the entries of one list of an index. */
interface List<T> {
  key: keyof IndexEntries;
  /** The offset that places an entry in the text (inside the node that records it). */
  anchor(entry: T): number;
  /** Recorded by a node's parent for the node's key (a path, a security scheme). */
  byParent: boolean;
  move(entry: T, move: Move): void;
}

const moveSpan = (span: ScalarSpan, move: Move) => void (span.offset = move(span.offset));

function moveMember(entry: { key: ScalarSpan; start: number; end: number }, move: Move): void {
  moveSpan(entry.key, move);
  entry.start = move(entry.start);
  entry.end = move(entry.end);
}

const moveUse = (use: NameUse, move: Move) => moveSpan(use.span, move);

const LISTS: List<never>[] = [
  { key: 'definitions', anchor: (d: Definition) => d.start, byParent: false, move: moveMember },
  {
    key: 'operations', anchor: (o: OperationEntry) => o.start, byParent: false,
    move: (o: OperationEntry, move: Move) => {
      moveMember(o, move);
      if (o.operationIdSpan) moveSpan(o.operationIdSpan, move);
      for (const tag of o.tags) moveSpan(tag.span, move);
    },
  },
  { key: 'paths', anchor: (p: PathEntry) => p.start, byParent: true, move: moveMember },
  {
    key: 'tags', anchor: (t: TagDeclaration) => t.start, byParent: false,
    move: (t: TagDeclaration, move: Move) => {
      moveSpan(t.span, move);
      t.start = move(t.start);
      t.end = move(t.end);
    },
  },
  { key: 'securityUses', anchor: (u: NameUse) => u.span.offset, byParent: true, move: moveUse },
  { key: 'linkOperationIds', anchor: (u: NameUse) => u.span.offset, byParent: false, move: moveUse },
  {
    key: 'refs', anchor: (r: RefEntry) => r.span.offset, byParent: false,
    move: (r: RefEntry, move: Move) => {
      moveSpan(r.span, move);
      if (r.pathKey) moveSpan(r.pathKey.span, move);
    },
  },
] as List<never>[];

/**
 * The index of a file after an edit its tree took incrementally: `file` itself, changed in place,
 * when only offsets changed; a new index when entries did; undefined when the file must be
 * indexed again. `lines`: the new text's line starts. Leaves `file` as it was when it returns
 * undefined.
 *
 * `pending`: typing in free text leaves its move there instead of moving every offset after it (a
 * keystroke in a summary of a 30 MB document moved 700,000, 14 ms, that nothing reads until a
 * request does); whoever reads offsets calls settleMoves first. Any other edit applies them first.
 * Without it, the move is made at once.
 */
export function indexAfterEdit(
  file: FileIndex, edit: TextEdit, edited: EditedTree, lines: LineStarts, pending?: OffsetMove[],
): FileIndex | undefined {
  const parsed = edited.parsed;
  const root = parsed.root;
  const length = parsed.source?.length ?? parsed.text.length;
  const delta = edit.newText.length - edit.length;
  if (!root || file.length + delta !== length || file.format !== parsed.format) return undefined;
  const editEnd = edit.offset + edit.length;
  if (isUnreadScalar(edited, root)) {
    const moves = pending ?? [];
    addMove(moves, { from: editEnd, delta });
    if (!pending || moves.length > MAX_PENDING_MOVES) settleMoves(file, moves);
    return Object.assign(file, { lines, length, syntaxErrors: parsed.errors.length });
  }
  if (pending) settleMoves(file, pending);
  const shift: Move = (offset) => (offset >= editEnd ? offset + delta : offset);
  const current = entriesOf(file);
  const plan = planRegion(file, current, edit, edited, root);
  if (!plan) return undefined;
  const { region, runs, entries, sameShape, refsSameShape, reused, owners } = plan;
  const enclosing = enclosingEntries(file, runs, region);
  if (!enclosing) return undefined;
  const definitionShift = entries.definitions.length - (runs.definitions.to - runs.definitions.from);
  // Nothing is changed before this point: the plan holds.
  const lists = sameShape ? current : { ...current };
  // References the edit left as they were, apart from offsets (an operationId typed, a path
  // renamed), stay in their table: those outside the region move in its columns, never copied.
  const refsInPlace = refsSameShape && definitionShift === 0;
  if (refsInPlace) file.refs.moveOffsetsOutside(runs.refs.from, runs.refs.to, shift);
  else copyRefs(current.refs, file.refs, 0, file.refs.length);
  for (const list of LISTS) {
    const old = current[list.key] as unknown[];
    const { from, to } = runs[list.key];
    const fresh = entries[list.key] as unknown[];
    const inPlace = list.key === 'refs' ? refsInPlace : sameShape;
    if (!(list.key === 'refs' && inPlace)) for (let i = 0; i < old.length; i++) if (i < from || i >= to) list.move(old[i] as never, shift);
    for (const entry of fresh) {
      const moved = reused.get(entry);
      if (moved) list.move(entry as never, (offset) => offset + moved);
    }
    if (inPlace) {
      for (let i = from; i < to; i++) if (old[i] !== fresh[i - from]) copyOffsets(list, old[i], fresh[i - from]);
    } else {
      (lists as unknown as Record<string, unknown[]>)[list.key] = [...old.slice(0, from), ...fresh, ...old.slice(to)];
    }
  }
  for (const [entry, node] of enclosing) entry.end = node.end;
  for (const [ref, owner] of owners) ref.owner = owner;
  if (definitionShift !== 0) {
    const after = runs.definitions.to;
    for (let i = runs.refs.to + entries.refs.length - (runs.refs.to - runs.refs.from); i < lists.refs.length; i++) {
      const ref = lists.refs[i];
      if (ref.owner >= after) ref.owner += definitionShift;
    }
  }
  // The same table, the region's columns written back (views of it in the workspace's maps stay
  // right); a new index, when other lists changed, shares it (the one it replaces is not read again).
  if (refsInPlace) file.refs.rewriteRange(runs.refs.from, runs.refs.to, current.refs);
  const target: FileIndex = sameShape ? file : { ...file, ...lists, refs: refsInPlace ? file.refs : RefTable.from(lists.refs) };
  return Object.assign(target, { lines, length, syntaxErrors: parsed.errors.length });
}

/**
 * A file's lists, with room for its references as objects of their own: copies (changing them
 * leaves the table as it was), taken only where the plan reads them (copyRefs): a keystroke in an
 * operationId of GitHub's description reads a few of its 10,000.
 */
function entriesOf(file: FileIndex): IndexEntries {
  return {
    definitions: file.definitions, operations: file.operations, paths: file.paths, tags: file.tags,
    securityUses: file.securityUses, linkOperationIds: file.linkOperationIds, refs: new Array<RefEntry>(file.refs.length),
  };
}

/** Copies of the table's references from..to-1 into `refs`, where not taken yet. */
function copyRefs(refs: RefEntry[], table: RefTable, from: number, to: number): void {
  for (let i = from; i < to; i++) refs[i] ??= table.copy(i);
}

/** Offsets at or after `from` move by `delta` (typing in a scalar the index does not read). */
export interface OffsetMove {
  from: number;
  delta: number;
}

/** Moves waiting beyond this many are applied at once (each offset goes through every one). */
const MAX_PENDING_MOVES = 16;

/** Applies the moves indexAfterEdit left pending, in one pass, and empties the list. */
export function settleMoves(file: FileIndex, pending: OffsetMove[]): void {
  if (pending.length === 0) return;
  const moves = pending.slice();
  pending.length = 0;
  const move: Move = (offset) => {
    for (const m of moves) if (offset >= m.from) offset += m.delta;
    return offset;
  };
  for (const list of LISTS) if (list.key !== 'refs') for (const entry of file[list.key]) list.move(entry as never, move);
  file.refs.moveOffsets(move);
}

/**
 * Adds a move after the pending ones, folded into the last when the two are one (typing on from
 * where the last keystroke ended, or deleting back over it), so typing in one place keeps one.
 * No offset lies inside text an unread scalar's edit removed, which is what makes the fold exact.
 */
function addMove(pending: OffsetMove[], move: OffsetMove): void {
  const last = pending[pending.length - 1];
  const continues = last && (last.delta >= 0 ? move.from >= last.from && move.from <= last.from + last.delta : move.from === last.from + last.delta);
  if (!continues) {
    pending.push(move);
    return;
  }
  last.delta += move.delta;
  if (last.delta === 0) pending.pop();
}

/** Typing inside a string the index does not read: nothing but offsets changes. */
function isUnreadScalar(edited: EditedTree, root: SyntaxNode): boolean {
  const node = edited.node;
  if (edited.nodes.length !== 1 || node !== edited.replaced || node.kind !== 'string' || node.children) return false;
  const parent = node.parent;
  if (!parent || parent === root) return false;
  return !READ_VALUES.has(String(node.key)) && !READ_ITEMS.has(String(parent.key));
}

type Runs = Record<keyof IndexEntries, { from: number; to: number }>;

/**
 * The region walked again (the parent of the reparsed nodes, which reads them), its new entries,
 * and where the old ones are in each list; undefined when the file is better indexed again.
 */
function planRegion(file: FileIndex, current: IndexEntries, edit: TextEdit, edited: EditedTree, root: SyntaxNode) {
  const parent = edited.nodes[0]?.parent;
  let region = parent;
  while (region && READ_ITEMS.has(String(region.key))) region = region.parent;
  if (!region || region === root || !region.parent || region.memberStart >= edit.offset) return undefined;
  const delta = edit.newText.length - edit.length;
  const editEnd = edit.offset + edit.length;
  const start = region.memberStart;
  // The region's old end is not known (the tree changed in place), but the node after it moved by
  // the edit: old offsets from the region's start to there were the region's.
  const next = nextNodeStart(region);
  const ownKey = region.keyOffset;
  const inside = (offset: number, byParent: boolean) =>
    offset >= start && !(byParent && offset === ownKey) && (offset < editEnd || offset + delta < next);
  const refsAfter = refsRecordedAfter(region, delta);
  // Recorded before the region's entries: before it in the text, or by the nodes around it.
  const walkedBefore = (list: List<never>, anchor: number) =>
    anchor < start || (list.byParent && anchor === ownKey) || (list.key === 'refs' && refsAfter.has(anchor));
  const runs = {} as Runs;
  const empty = new Set<keyof IndexEntries>();
  for (const list of LISTS) {
    const old = current[list.key] as never[];
    let from = -1;
    let to = -1;
    let before = 0;
    for (let i = 0; i < old.length; i++) {
      // References are read from the table's columns: copies are taken only for the run found.
      const anchor = list.key === 'refs' ? file.refs.offset(i) : list.anchor(old[i]);
      if (inside(anchor, list.byParent)) {
        if (from < 0) from = i;
        else if (to !== i) return undefined; // not one run: not the walk's order
        to = i + 1;
      } else if (from < 0 && walkedBefore(list, anchor)) {
        before = i + 1;
      }
    }
    if (from < 0) empty.add(list.key), (from = to = before);
    runs[list.key] = { from, to };
  }
  copyRefs(current.refs, file.refs, runs.refs.from, runs.refs.to);
  const definitions = file.definitions;
  const base = runs.definitions.from;
  const definitionAt = (at: number) => {
    let low = 0;
    let high = base - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (definitions[mid].start === at) return mid;
      if (definitions[mid].start < at) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  };
  // The region's members the edit did not touch keep their entries (a new path among 800 walks
  // the new one only), unless the region's own entries come from a `$ref` among its members
  // (listed before every member's), now or before the edit.
  const reused = new Map<unknown, number>();
  const owners: [RefEntry, number][] = [];
  const refHolder = edited.replaced.key === '$ref' || region.children!.some((c) => c.key === '$ref');
  const keepsMembers = region === parent && ownKey >= 0 && !refHolder && inTextOrder(region.children!);
  const kept = keepsMembers ? keptMembers(current, runs, edit, region, new Set(edited.nodes), reused, owners) : undefined;
  const entries = indexSubtree(file, root, region, base, definitionAt, MAX_REWALKED_NODES, kept);
  if (!entries) return undefined;
  let sameShape = true;
  let refsSameShape = true;
  for (const list of LISTS) {
    const old = current[list.key] as never[];
    const fresh = entries[list.key] as unknown[];
    const { from, to } = runs[list.key];
    // None before: the new ones go after what the walk records before the region. Nodes around
    // it record paths, security schemes and Link operationIds for their members, after it too:
    // those lists are not sorted out here.
    if (empty.has(list.key) && fresh.length > 0 && RECORDED_BY_ENCLOSING.has(list.key)) return undefined;
    let same = to - from === fresh.length;
    for (let i = from; same && i < to; i++) same = sameApartFromOffsets(old[i], fresh[i - from]);
    sameShape &&= same;
    if (list.key === 'refs') refsSameShape = same;
  }
  return { region, runs, entries, sameShape, refsSameShape, reused, owners };
}

/**
 * The region's members that the edit left as they were, and how to take their old entries: each
 * member's run in each list (the walk lists them member after member, after the region's own),
 * the references in it numbered again after the definitions before it. `reused`: every entry
 * taken, with how far the edit moved it (a member before the edit does not move, even when the
 * edit starts where it ends); `owners`: references whose owner's index changes.
 */
function keptMembers(file: IndexEntries, runs: Runs, edit: TextEdit, region: SyntaxNode, edited: ReadonlySet<SyntaxNode>,
  reused: Map<unknown, number>, owners: [RefEntry, number][]): KeptMembers {
  const delta = edit.newText.length - edit.length;
  // Entries for the members' keys (paths, security schemes) are the region's own.
  const memberKeys = new Set<number>();
  for (const member of region.children!) {
    const moved = member.memberStart >= edit.offset ? delta : 0;
    if (member.keyOffset >= 0 && !edited.has(member)) memberKeys.add(member.keyOffset - moved);
  }
  const cursors = Object.fromEntries(LISTS.map((list) => [list.key, runs[list.key].from])) as Record<keyof IndexEntries, number>;
  return {
    keeps: (member) => !edited.has(member),
    take(member, into) {
      // Members after the edit moved by it: their old entries hold the old offsets.
      const back = member.memberStart >= edit.offset ? delta : 0;
      const start = member.memberStart - back;
      const end = member.end - back;
      // Its definitions' new index minus their old one (the walk numbers them in order).
      let renumbered = { from: 0, to: 0, by: 0 };
      for (const list of LISTS) {
        const old = file[list.key] as never[];
        const to = runs[list.key].to;
        const parents = (anchor: number) => list.byParent && memberKeys.has(anchor);
        let at = cursors[list.key];
        while (at < to && (list.anchor(old[at]) < start || parents(list.anchor(old[at])))) at++;
        const first = at;
        const taken = into[list.key] as unknown[];
        if (list.key === 'definitions') renumbered = { from: first, to: first, by: runs.definitions.from + taken.length - first };
        for (; at < to && list.anchor(old[at]) <= end && !parents(list.anchor(old[at])); at++) {
          const entry = old[at];
          taken.push(entry);
          reused.set(entry, back);
          if (list.key === 'definitions') renumbered.to = at + 1;
          const owner = list.key === 'refs' ? (entry as RefEntry).owner : -1;
          const renumber = renumbered.by !== 0 && owner >= renumbered.from && owner < renumbered.to;
          if (renumber) owners.push([entry, owner + renumbered.by]);
        }
        cursors[list.key] = at;
      }
    },
  };
}

/** Whether nodes follow each other in the text (a tree recovered from broken text may overlap them). */
function inTextOrder(nodes: readonly SyntaxNode[]): boolean {
  for (let i = 1; i < nodes.length; i++) if (nodes[i - 1].end >= nodes[i].memberStart) return false;
  return true;
}

/**
 * Offsets (in the old text) of the references that nodes enclosing the region record, though
 * written after it (an object's `$ref` after its other members): the walk lists them before the
 * region's.
 */
function refsRecordedAfter(region: SyntaxNode, delta: number): Set<number> {
  const offsets = new Set<number>();
  for (let held = region, node = region.parent; node; held = node, node = node.parent) {
    const members = node.children!;
    for (let i = members.indexOf(held) + 1; i < members.length; i++) {
      const child = members[i];
      if ((child.key === '$ref' || child.key === 'operationRef') && child.kind === 'string') offsets.add(child.offset - delta);
      if (child.key === 'mapping') for (const entry of child.children ?? []) offsets.add(entry.offset - delta);
    }
  }
  return offsets;
}

/**
 * The entries before the region that enclose it (a definition, an operation, a path, a tag), with
 * the node each stands for: their end moves with the region's. Undefined when one is not found.
 */
function enclosingEntries(file: FileIndex, runs: Runs, region: SyntaxNode): [{ end: number }, SyntaxNode][] | undefined {
  const byStart = new Map<number, SyntaxNode>();
  const byOffset = new Map<number, SyntaxNode>();
  for (let node: SyntaxNode | undefined = region; node; node = node.parent) {
    byStart.set(node.memberStart, node);
    byOffset.set(node.offset, node);
  }
  const found: [{ end: number }, SyntaxNode][] = [];
  const start = region.memberStart;
  type NodeOf<T> = (entry: T) => SyntaxNode | undefined;
  const collect = <T extends { start: number; end: number }>(list: readonly T[], from: number, nodeOf: NodeOf<T>,
    stands: (entry: T, node: SyntaxNode) => boolean) => {
    for (let i = 0; i < from; i++) {
      const entry = list[i];
      if (entry.start > start || entry.end < start) continue;
      const node = nodeOf(entry);
      if (!node || !stands(entry, node)) return false;
      found.push([entry, node]);
    }
    return true;
  };
  const ok = collect(file.definitions, runs.definitions.from, (d) => byStart.get(d.start), (d, n) => d.name === String(n.key))
    && collect(file.operations, runs.operations.from, (o) => byStart.get(o.start), (o, n) => o.method === String(n.key))
    && collect(file.paths, runs.paths.from, (p) => byStart.get(p.start), (p, n) => p.path === n.key)
    && collect(file.tags, runs.tags.from, (t) => byOffset.get(t.start), () => true);
  return ok ? found : undefined;
}

/** Whether two entries differ in offsets only (an entry's `start`, `end` and spans' `offset`). */
function sameApartFromOffsets(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (key === 'offset' || key === 'start' || key === 'end') continue;
    if (!sameApartFromOffsets((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** Sets an old entry's offsets to a new equal entry's (the old object stays: the workspace's maps hold it). */
function copyOffsets(list: List<never>, into: unknown, from: unknown): void {
  const offsets: number[] = [];
  list.move(from as never, (offset) => (offsets.push(offset), offset));
  let next = 0;
  list.move(into as never, () => offsets[next++]);
}
