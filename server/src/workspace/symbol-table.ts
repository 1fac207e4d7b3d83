// One file's symbol names as a table, after rust-analyzer's symbol index: the lower-cased names
// sorted, each with its character mask, word starts and the prefix it shares with the one before.
// Built once per index of the file (in steps for a large one); the workspace's symbol index
// (symbol-index.ts) builds the file's first segment from it and keeps only its targets and
// spellings, and queries read the segments.
import { sortSteps, stepClock, Steps } from '../syntax/steps';
import { FileIndex } from './file-index';

/** What a name of the table names (the low bits of a target). */
export const enum SymbolKind {
  OperationId = 0,
  /** An operation's `METHOD /path`. */
  OperationLabel = 1,
  Definition = 2,
  Tag = 3,
}

export interface SymbolTable {
  /** Lower-cased names, sorted by UTF-16 code units. */
  readonly names: readonly string[];
  /**
   * The same names as written (the fuzzy score reads their case); undefined for an operation's
   * `METHOD /path`, made again when asked (see writtenName): most are never asked, and they are long.
   */
  readonly written: readonly (string | undefined)[];
  /** Per name: `entry index << 2 | SymbolKind`, the index in the file's operations, definitions or tags. */
  readonly targets: Uint32Array;
  /** Per name: its characters as bits (see charBit). */
  readonly masks: Uint32Array;
  /**
   * Per name: the characters that start a word in it in upper case, and those that do otherwise
   * (a typed character gains the case point at a word start only where the case is its own).
   */
  readonly upperStarts: Uint32Array;
  readonly lowerStarts: Uint32Array;
  /** Per name: the length as written, at most MAX_SCANNED (the fuzzy score's length term). */
  readonly lengths: Uint16Array;
  /** Per name: how many leading characters it shares with the name before it (at most 255). */
  readonly shared: Uint8Array;
  /** Every name's bits together: a query with a character no name has skips the file. */
  readonly mask: number;
  /** Operations whose path is the `paths` key of another file (a Path Item file): named when asked. */
  readonly pathless: readonly number[];
}

/** A name's characters as bits: one per letter, one for digits, a few separators, one for the rest. */
export function charBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 48 && code <= 57) return 1 << 26;
  if (code === 47) return 1 << 27; // '/'
  if (code === 95 || code === 45) return 1 << 28; // '_', '-'
  if (code === 123 || code === 125) return 1 << 29; // '{', '}'
  if (code === 32) return 1 << 30;
  return 1 << 31;
}

export function maskOf(lower: string): number {
  let mask = 0;
  for (let i = 0; i < lower.length; i++) mask |= charBit(lower.charCodeAt(i));
  return mask >>> 0;
}

/** By character code below 128: 1 for the separators after which a word starts (see isWordStart). */
export const SEPARATOR_CODES = new Uint8Array(128);
for (const c of '/-_. {}:#') SEPARATOR_CODES[c.charCodeAt(0)] = 1;

function isUpperCase(code: number): boolean {
  if (code < 128) return code >= 65 && code <= 90;
  const c = String.fromCharCode(code);
  return c !== c.toLowerCase();
}

function isLowerCaseLetter(code: number): boolean {
  if (code < 128) return code >= 97 && code <= 122;
  const c = String.fromCharCode(code);
  return c === c.toLowerCase() && c !== c.toUpperCase();
}

/** Whether a word starts at `j` of a name as written: its start, after a separator, a camelCase hump. */
export function isWordStart(name: string, j: number): boolean {
  if (j === 0) return true;
  const before = name.charCodeAt(j - 1);
  return (before < 128 && SEPARATOR_CODES[before] === 1) || (isUpperCase(name.charCodeAt(j)) && isLowerCaseLetter(before));
}

/** Word starts are known at places below this (see addWordStartPlaces); past it a bound assumes them where they can be. */
export const PLACES_KNOWN = 64;

/**
 * The places 1 to 63 of a name as written where a word starts (isWordStart), as bits: place j is
 * bit j of `low` below 32, bit j - 32 of `high` above. Bit 0 (the name's start, always a word's)
 * says instead that the places are not known: the name's lower case has another length, so its
 * places are not the written name's. Added with `|=` into `low[at]` and `high[at]`: the spellings
 * of one lower-case name add up.
 */
export function addWordStartPlaces(written: string, lowerLength: number, low: Uint32Array, high: Uint32Array, at: number): void {
  if (written.length !== lowerLength) {
    low[at] |= 1;
    return;
  }
  const end = Math.min(written.length, PLACES_KNOWN);
  let lows = 0;
  let highs = 0;
  for (let j = 1; j < end; j++) {
    if (!isWordStart(written, j)) continue;
    if (j < 32) lows |= 1 << j;
    else highs |= 1 << (j - 32);
  }
  low[at] |= lows;
  high[at] |= highs;
}

/** The characters (lower case, as bits) that start a word of a name as written in upper case (`upper`), or not. */
export function caseStartMasks(name: string): { upper: number; lower: number } {
  let upper = 0;
  let lower = 0;
  const length = Math.min(name.length, MAX_SCANNED);
  for (let j = 0; j < length; j++) {
    if (!isWordStart(name, j)) continue;
    const c = name.charAt(j);
    const lowered = c.toLowerCase();
    if (c !== lowered) upper |= charBit(lowered.charCodeAt(0));
    else lower |= charBit(lowered.charCodeAt(0));
  }
  return { upper: upper >>> 0, lower: lower >>> 0 };
}

/** `GET /pets`; a webhook's operation `POST webhook newPet`; `GET` alone when its path is not known. */
export function operationLabel(method: string, path: string | undefined, webhook?: string): string {
  if (path !== undefined) return `${method.toUpperCase()} ${path}`;
  return webhook !== undefined ? `${method.toUpperCase()} webhook ${webhook}` : method.toUpperCase();
}

const MAX_SHARED = 255;

/** The name as written of a table's target. */
export function writtenName(file: FileIndex, target: number): string {
  const i = target >>> 2;
  switch ((target & 3) as SymbolKind) {
    case SymbolKind.OperationId: return file.operations[i].operationId!;
    case SymbolKind.OperationLabel: return operationLabel(file.operations[i].method, file.operations[i].path);
    case SymbolKind.Definition: return file.definitions[i].name;
    case SymbolKind.Tag: return file.tags[i].name;
  }
}

const tables = new WeakMap<FileIndex, SymbolTable>();

/**
 * What the workspace's symbol index keeps of a file's table once the file's segment is built from
 * it: the rest (the names' masks, word starts, lengths, shared prefixes, and the list of the
 * names, which the segments hold) is in the segments, and was 23 bytes a name kept twice.
 */
export interface KeptSymbolTable {
  readonly count: number;
  readonly written: SymbolTable['written'];
  readonly targets: Uint32Array;
  readonly pathless: readonly number[];
}

/**
 * The file's table for the symbol index to build its segment from, no longer cached for the file
 * after (a file set again, or asked by symbolTableOf, has its table built again).
 */
export function takeSymbolTable(file: FileIndex): SymbolTable {
  const table = symbolTableOf(file);
  tables.delete(file);
  return table;
}

/** The file's table, built at once when it was not built in steps before. */
export function symbolTableOf(file: FileIndex): SymbolTable {
  let table = tables.get(file);
  if (!table) {
    const steps = symbolTableSteps(file);
    for (let step = steps.next(); !step.done; step = steps.next());
    table = tables.get(file)!;
  }
  return table;
}

export function* symbolTableSteps(file: FileIndex): Steps<void> {
  if (tables.has(file)) return;
  const due = stepClock();
  const lowers: string[] = [];
  const originals: (string | undefined)[] = [];
  const targets: number[] = [];
  const pathless: number[] = [];
  const add = (name: string, target: number) => {
    originals.push((target & 3) === SymbolKind.OperationLabel ? undefined : name);
    lowers.push(name.toLowerCase());
    targets.push(target);
  };
  file.operations.forEach((operation, i) => {
    if (operation.operationId !== undefined && operation.operationIdSpan) add(operation.operationId, (i << 2) | SymbolKind.OperationId);
    if (operation.path !== undefined) add(operationLabel(operation.method, operation.path), (i << 2) | SymbolKind.OperationLabel);
    else pathless.push(i);
  });
  yield;
  for (let i = 0; i < file.definitions.length; i++) {
    if (due()) yield;
    add(file.definitions[i].name, (i << 2) | SymbolKind.Definition);
  }
  file.tags.forEach((tag, i) => add(tag.name, (i << 2) | SymbolKind.Tag));
  const order = yield* sortSteps(lowers.map((_, i) => i), (a, b) => (lowers[a] < lowers[b] ? -1 : lowers[a] > lowers[b] ? 1 : a - b));
  const count = order.length;
  const names = new Array<string>(count);
  const written = new Array<string | undefined>(count);
  const table = { names, written, targets: new Uint32Array(count), masks: new Uint32Array(count),
    upperStarts: new Uint32Array(count), lowerStarts: new Uint32Array(count), lengths: new Uint16Array(count), shared: new Uint8Array(count), mask: 0, pathless };
  let mask = 0;
  for (let k = 0; k < count; k++) {
    if (due()) yield;
    const name = lowers[order[k]];
    names[k] = name;
    written[k] = originals[order[k]];
    table.targets[k] = targets[order[k]];
    const asWritten = written[k] ?? writtenName(file, table.targets[k]);
    const cased = caseStartMasks(asWritten);
    table.upperStarts[k] = cased.upper;
    table.lowerStarts[k] = cased.lower;
    table.lengths[k] = Math.min(asWritten.length, MAX_SCANNED);
    mask |= table.masks[k] = maskOf(name);
    table.shared[k] = k === 0 ? 0 : sharedPrefix(names[k - 1], name);
  }
  table.mask = mask >>> 0;
  tables.set(file, table);
}

/** How many leading characters two names share, at most 255 (what a table's `shared` holds). */
export function sharedPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length, MAX_SHARED);
  let i = 0;
  while (i < most && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The first index of [from, to) where `before` is false (it is true for a leading run, then false). */
export function partitionPoint(from: number, to: number, before: (i: number) => boolean): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The longest name read by a subsequence scan; longer names are matched on this many characters. */
export const MAX_SCANNED = 256;
