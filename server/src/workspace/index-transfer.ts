// A file's index as two integer arrays and one string, to hand it from the indexing worker to the
// server's thread. Posted as objects, GitHub's 10 MB description's index (10,000 references, each
// a few objects and strings) took the receiving thread 100-400 ms to deserialize, in one step no
// message could interrupt. Typed arrays move without a copy, every distinct string is stored once,
// and the receiver builds the entries again in steps between messages. References are columns
// already (ref-table.ts): their Int32Array moves as it is; only their distinct targets are encoded.
import { DescriptionVersion, ObjectKind } from '../model/spec';
import { drain, stepClock, Steps } from '../syntax/steps';
import { ScalarStyle, SourceFormat } from '../syntax/tree';
import {
  Definition, FileIndex, lineStartArray, NameUse, OperationEntry, PathEntry, ScalarSpan, TagDeclaration,
} from './file-index';
import { PathKey, RefTable, RefTarget } from './ref-table';

export interface EncodedIndex {
  /** Every number, flag, count and string number of the index, in the order the layouts below say. */
  ints: Int32Array;
  /** Every distinct string, end to end, and where each ends. */
  strings: string;
  stringEnds: Int32Array;
  lines: Uint32Array;
  /** The references' columns (see RefTable). */
  refColumns: Int32Array;
}

/**
 * The buffers to transfer (not copy) with a message holding an encoded index. The index encoded
 * gives its reference columns away with them: the indexing worker keeps no index it sent.
 */
export function indexTransferables(encoded: EncodedIndex): ArrayBuffer[] {
  const { ints, stringEnds, lines, refColumns } = encoded;
  return [ints.buffer as ArrayBuffer, stringEnds.buffer as ArrayBuffer, lines.buffer as ArrayBuffer, refColumns.buffer as ArrayBuffer];
}

export function encodeIndex(index: FileIndex): EncodedIndex {
  const writer = new Writer();
  drain(layout(writer, index));
  // Only a typed array that owns its whole buffer can be transferred alone.
  const starts = lineStartArray(index.lines);
  const ownsBuffer = starts.byteOffset === 0 && starts.byteLength === starts.buffer.byteLength;
  const lines = ownsBuffer ? starts : starts.slice();
  // Transferred, the columns leave this thread: the table keeps its own only when it shares them.
  const columns = index.refs.data;
  const refColumns = columns.byteOffset === 0 && columns.byteLength === columns.buffer.byteLength ? columns : columns.slice();
  return { ...writer.finish(), lines, refColumns };
}

/** The index again, built in steps (entries between two pauses: see stepClock). */
export function decodeIndexSteps(encoded: EncodedIndex): Steps<FileIndex> {
  return layout(new Reader(encoded), undefined, encoded.lines, encoded.refColumns);
}

/**
 * One side of the encoding. Each layout below calls it once per field, passing the field's value
 * when writing (and getting it back) and nothing when reading (getting the value read): one
 * function per entry type says the order for both sides, so they cannot drift apart.
 */
interface Channel {
  int(value: number | undefined): number;
  flag(value: boolean | undefined): boolean;
  text(value: string | undefined): string;
  maybeText(value: string | undefined): string | undefined;
  /** Pointer segments. Equal lists come back as one array (10,000 references, 2,000 pointers): never change one. */
  segments(values: readonly string[] | undefined): string[];
  maybe<T>(value: T | undefined, entry: (value: T | undefined) => T): T | undefined;
  list<T>(values: readonly T[] | undefined, entry: (value: T | undefined) => T): T[];
}

const NO_STRING = -1;
/** A list of segments not seen before follows (else the number of one seen before). */
const NEW_LIST = -1;

/** A segment list written (its number; NEW_LIST if none ends here) and the longer ones it starts. */
interface ListNode { list: number; next?: Map<number, ListNode> }

class Writer implements Channel {
  private readonly ints: number[] = [];
  private readonly strings: string[] = [];
  private readonly ends: number[] = [];
  private readonly numbers = new Map<string, number>();
  private length = 0;
  /** Segment lists written so far, as a trie by their string numbers (the empty list at its root). */
  private readonly lists: ListNode = { list: NEW_LIST };
  private listCount = 0;
  /** The string numbers of the list being written (reused). */
  private readonly listNumbers: number[] = [];

  int(value: number | undefined): number {
    this.ints.push(value!);
    return value!;
  }

  flag(value: boolean | undefined): boolean {
    this.ints.push(value ? 1 : 0);
    return value!;
  }

  text(value: string | undefined): string {
    this.ints.push(this.stringNumber(value!));
    return value!;
  }

  maybeText(value: string | undefined): string | undefined {
    this.ints.push(value === undefined ? NO_STRING : this.stringNumber(value));
    return value;
  }

  segments(values: readonly string[] | undefined): string[] {
    // Found by walking the lists written so far as a trie of string numbers: no key string per list
    // (a file's definitions, operations and paths each have one: a third of encoding's time).
    let node = this.lists;
    const numbers = this.listNumbers;
    numbers.length = 0;
    for (const value of values!) {
      const number = this.stringNumber(value);
      numbers.push(number);
      let next = node.next?.get(number);
      if (!next) (node.next ??= new Map()).set(number, (next = { list: NEW_LIST }));
      node = next;
    }
    if (node.list !== NEW_LIST) {
      this.ints.push(node.list);
    } else {
      node.list = this.listCount++;
      this.ints.push(NEW_LIST, numbers.length);
      for (const number of numbers) this.ints.push(number);
    }
    return values as string[];
  }

  maybe<T>(value: T | undefined, entry: (value: T | undefined) => T): T | undefined {
    this.ints.push(value === undefined ? 0 : 1);
    return value === undefined ? undefined : entry(value);
  }

  list<T>(values: readonly T[] | undefined, entry: (value: T | undefined) => T): T[] {
    this.ints.push(values!.length);
    for (const value of values!) entry(value);
    return values as T[];
  }

  finish(): Omit<EncodedIndex, 'lines' | 'refColumns'> {
    // The constructor copies an array directly; `from` goes through its iterator.
    return { ints: new Int32Array(this.ints), strings: this.strings.join(''), stringEnds: new Int32Array(this.ends) };
  }

  /** Strings repeat (a file's path in each of its references, `components`, `plain`): each is stored once. */
  private stringNumber(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.strings.push(value) - 1;
      this.ends.push((this.length += value.length));
      this.numbers.set(value, number);
    }
    return number;
  }
}

class Reader implements Channel {
  private at = 0;
  private readonly ints: Int32Array;
  private readonly decoded: (string | undefined)[];
  private readonly lists: string[][] = [];

  constructor(private readonly encoded: EncodedIndex) {
    this.ints = encoded.ints;
    this.decoded = new Array(encoded.stringEnds.length);
  }

  int(): number {
    return this.ints[this.at++];
  }

  flag(): boolean {
    return this.ints[this.at++] === 1;
  }

  text(): string {
    return this.string(this.ints[this.at++]);
  }

  maybeText(): string | undefined {
    const number = this.ints[this.at++];
    return number === NO_STRING ? undefined : this.string(number);
  }

  segments(): string[] {
    const first = this.ints[this.at++];
    if (first !== NEW_LIST) return this.lists[first];
    const count = this.ints[this.at++];
    const list: string[] = [];
    for (let i = 0; i < count; i++) list.push(this.text());
    this.lists.push(list);
    return list;
  }

  maybe<T>(_value: T | undefined, entry: (value: T | undefined) => T): T | undefined {
    return this.ints[this.at++] === 1 ? entry(undefined) : undefined;
  }

  list<T>(_values: readonly T[] | undefined, entry: (value: T | undefined) => T): T[] {
    const count = this.ints[this.at++];
    const values: T[] = [];
    for (let i = 0; i < count; i++) values.push(entry(undefined));
    return values;
  }

  private string(number: number): string {
    const { strings, stringEnds } = this.encoded;
    return (this.decoded[number] ??= strings.slice(number === 0 ? 0 : stringEnds[number - 1], stringEnds[number]));
  }
}

// The layouts: every field of every entry, in one order for both sides.

const span = (c: Channel, s: ScalarSpan | undefined): ScalarSpan => ({
  offset: c.int(s?.offset), length: c.int(s?.length), style: c.text(s?.style) as ScalarStyle, flow: c.flag(s?.flow),
});

const nameUse = (c: Channel, u: NameUse | undefined): NameUse => ({ name: c.text(u?.name), span: span(c, u?.span) });

const definition = (c: Channel, d: Definition | undefined): Definition => ({
  name: c.text(d?.name),
  pointer: c.segments(d?.pointer),
  key: span(c, d?.key),
  start: c.int(d?.start),
  end: c.int(d?.end),
  kind: c.maybeText(d?.kind) as ObjectKind | undefined,
  deprecated: c.flag(d?.deprecated),
});

const operation = (c: Channel, o: OperationEntry | undefined): OperationEntry => ({
  method: c.text(o?.method),
  path: c.maybeText(o?.path),
  pathItem: c.segments(o?.pathItem),
  operationId: c.maybeText(o?.operationId),
  operationIdSpan: c.maybe(o?.operationIdSpan, (s) => span(c, s)),
  key: span(c, o?.key),
  start: c.int(o?.start),
  end: c.int(o?.end),
  tags: c.list(o?.tags, (t) => nameUse(c, t)),
  deprecated: c.flag(o?.deprecated),
});

const pathEntry = (c: Channel, p: PathEntry | undefined): PathEntry => ({
  path: c.text(p?.path), pointer: c.segments(p?.pointer), key: span(c, p?.key), start: c.int(p?.start), end: c.int(p?.end),
});

const tag = (c: Channel, t: TagDeclaration | undefined): TagDeclaration => ({
  ...nameUse(c, t), start: c.int(t?.start), end: c.int(t?.end),
});

const refTarget = (c: Channel, t: RefTarget | undefined): RefTarget => ({
  raw: c.text(t?.raw), targetFile: c.text(t?.targetFile), pointer: c.segments(t?.pointer),
});

const pathKey = (c: Channel, k: [number, PathKey] | undefined): [number, PathKey] => [
  c.int(k?.[0]), { ...nameUse(c, k?.[1]), pointer: c.segments(k?.[1].pointer) },
];

function* layout(c: Channel, index: FileIndex | undefined, lines?: Uint32Array, refColumns?: Int32Array): Steps<FileIndex> {
  const due = stepClock();
  // The index's lists, one entry per unit of work (an entry's own lists, tags and pointer segments, are read whole).
  function* entries<T>(values: readonly T[] | undefined, entry: (c: Channel, value: T | undefined) => T): Steps<T[]> {
    const count = c.int(values?.length);
    const decoded: T[] = [];
    for (let i = 0; i < count; i++) {
      if (due()) yield;
      decoded.push(entry(c, values?.[i]));
    }
    return decoded;
  }
  return {
    path: c.text(index?.path),
    format: c.text(index?.format) as SourceFormat,
    root: c.flag(index?.root),
    version: c.maybeText(index?.version) as DescriptionVersion | undefined,
    lines: lines ?? index!.lines,
    length: c.int(index?.length),
    definitions: yield* entries(index?.definitions, definition),
    operations: yield* entries(index?.operations, operation),
    paths: yield* entries(index?.paths, pathEntry),
    tags: yield* entries(index?.tags, tag),
    securityUses: yield* entries(index?.securityUses, nameUse),
    linkOperationIds: yield* entries(index?.linkOperationIds, nameUse),
    refs: new RefTable(
      refColumns ?? index!.refs.data,
      yield* entries(index?.refs.targets, refTarget),
      new Map(yield* entries(index && [...index.refs.pathKeys], pathKey)),
    ),
    syntaxErrors: c.int(index?.syntaxErrors),
  };
}
