// A fast reader for the YAML that OpenAPI documents are written in: block mappings and sequences,
// plain, quoted and block scalars, flow collections (over several lines too, and as the root: JSON
// saved as YAML), and anchors and aliases of block values, merge keys of aliases. It builds the
// same tree as the `yaml` package path (syntax/yaml.ts) about ten times faster, and gives up
// (returns undefined) on anything else: tags, directives, anchors on keys or inside flow
// collections, scalars over several lines inside flow collections, tabs in structure, anything
// malformed. The caller then parses with the `yaml` package,
// which also reports the errors. A randomized test holds the two to the same tree, node for node.
//
// It reads line by line with an explicit stack (no recursion over the document), so it can pause
// between slices of lines: a language server must not hold its message loop for a 30 MB parse.
import { stepClock, Steps } from './steps';
import { checkDuplicateKeys, duplicateKeySteps, internKey, internValue, MAX_DEPTH, NodeKind, ParsedText, ScalarStyle, ScalarValue, SyntaxError, SyntaxNode } from './tree';

/** The `yaml` package refuses implicit keys longer than 1024 characters; stay well inside. */
const MAX_KEY_LENGTH = 1000;
/** Flow collections nested deeper than this on one line go to the `yaml` package. */
const MAX_FLOW_DEPTH = 64;

const SPACE = 32;
const LF = 10;
const CR = 13;
const TAB = 9;
const HASH = 35;
/** A tab among the spaces that end a line. */
const TRAILING_TAB = /\t[ \t]*$/;
const COLON = 58;
const DASH = 45;
const QUOTE_SINGLE = 39;
const QUOTE_DOUBLE = 34;
const BRACKET_OPEN = 91;
const BRACKET_CLOSE = 93;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;
const COMMA = 44;
const PIPE = 124;
const GREATER = 62;
const BACKSLASH = 92;
const BOM = 0xfeff;
const AMPERSAND = 38;
const STAR = 42;

/** Nodes that alias expansion may create per document: enough for real reuse, far below a bomb. */
export const ALIAS_NODE_BUDGET = 100_000;
/** Anchor and alias names this reader reads; any other is the `yaml` package's. */
const ANCHOR_NAME = /^[A-Za-z0-9_.-]+$/;

/** Thrown (and caught in this module only) when the text needs the `yaml` package. */
class NotFast {}
const NOT_FAST = new NotFast();
function giveUp(): never {
  throw NOT_FAST;
}

/** Characters that cannot start a plain scalar in block context (`-?:` only when a space follows). */
function isIndicator(c: number): boolean {
  switch (c) {
    case 44: case 91: case 93: case 123: case 125: // , [ ] { }
    case 35: case 38: case 42: case 33: case 124: case 62: // # & * ! | >
    case 39: case 34: case 37: case 64: case 96: // ' " % @ `
      return true;
    default:
      return false;
  }
}

const NULL_WORD = /^(?:[Nn]ull|NULL)$/;
const TRUE_WORD = /^(?:[Tt]rue|TRUE)$/;
const FALSE_WORD = /^(?:[Ff]alse|FALSE)$/;

/** A plain scalar's value under the YAML 1.2 core schema, as the `yaml` package resolves it. */
export function resolvePlain(source: string): { kind: NodeKind; value: ScalarValue } {
  const first = source.charCodeAt(0);
  if (source.length === 0) return { kind: 'null', value: null };
  // Only these first characters can start a null or a boolean, and only at the word's length
  // (`name`, `type` and `format` are read without a regex).
  switch (first) {
    case 126: // ~
      return source.length === 1 ? { kind: 'null', value: null } : { kind: 'string', value: source };
    case 110: case 78: // n N
      return source.length === 4 && NULL_WORD.test(source) ? { kind: 'null', value: null } : { kind: 'string', value: source };
    case 116: case 84: // t T
      return source.length === 4 && TRUE_WORD.test(source) ? { kind: 'boolean', value: true } : { kind: 'string', value: source };
    case 102: case 70: // f F
      return source.length === 5 && FALSE_WORD.test(source) ? { kind: 'boolean', value: false } : { kind: 'string', value: source };
  }
  // Only these can start a number.
  if (!((first >= 48 && first <= 57) || first === 43 || first === DASH || first === 46)) return { kind: 'string', value: source };
  if (/^0o[0-7]+$/.test(source)) return { kind: 'number', value: parseInt(source.substring(2), 8) };
  if (/^[-+]?[0-9]+$/.test(source)) return { kind: 'number', value: parseInt(source, 10) };
  if (/^0x[0-9a-fA-F]+$/.test(source)) return { kind: 'number', value: parseInt(source.substring(2), 16) };
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(source)) {
    const value = source.slice(-3).toLowerCase() === 'nan' ? NaN : source[0] === '-' ? -Infinity : Infinity;
    return { kind: 'number', value };
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(source) || /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(source)) {
    return { kind: 'number', value: parseFloat(source) };
  }
  return { kind: 'string', value: source };
}

/**
 * indexOf with memory: the reader only moves forward, so the last answer stays right for every
 * later query up to it, and scanning stays linear however long the lines are.
 */
class Finder {
  /** No occurrence in [from, at); one at `at` (or none at all when at is the text's length). */
  private from = 0;
  private at = -1;
  /**
   * The needle's first character that is not a space: searched for alone, it takes V8's fast
   * one-character search (30 MB without a " #": 7 ms, where indexOf(" #") took 210 ms at once).
   */
  private readonly anchorIndex: number;
  private readonly anchor: string;
  constructor(private readonly needle: string) {
    this.anchorIndex = Math.max(0, [...needle].findIndex((c) => c !== ' '));
    this.anchor = needle[this.anchorIndex];
  }

  private search(text: string, from: number): number {
    for (let i = text.indexOf(this.anchor, from + this.anchorIndex); i >= 0; i = text.indexOf(this.anchor, i + 1)) {
      if (text.startsWith(this.needle, i - this.anchorIndex)) return i - this.anchorIndex;
    }
    return text.length;
  }

  /** The next occurrence at or after `from`; the answer is exact up to `lineEnd`. */
  next(text: string, from: number, lineEnd: number): number {
    if (from >= this.from && from <= this.at) return this.at;
    if (from > this.at) {
      this.at = this.search(text, from);
      this.from = from;
      return this.at;
    }
    // Back before what is known (a line read again): look at this line only, char by char, so a
    // far next occurrence costs nothing.
    const bound = Math.min(this.from, lineEnd);
    const first = this.needle.charCodeAt(0);
    const second = this.needle.length > 1 ? this.needle.charCodeAt(1) : -1;
    for (let k = from; k < bound; k++) {
      if (text.charCodeAt(k) === first && (second < 0 || text.charCodeAt(k + 1) === second)) return k;
    }
    return bound === this.from ? this.at : text.length;
  }
}

/** A double-quoted scalar's content with its escapes read. */
function unescapeDouble(inner: string): string {
  if (inner.indexOf('\\') < 0) return inner;
  let out = '';
  for (let k = 0; k < inner.length; k++) {
    const ch = inner[k];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const e = inner[++k];
    switch (e) {
      case '0': out += '\0'; break;
      case 'a': out += '\x07'; break;
      case 'b': out += '\b'; break;
      case 't': case '\t': out += '\t'; break;
      case 'n': out += '\n'; break;
      case 'v': out += '\v'; break;
      case 'f': out += '\f'; break;
      case 'r': out += '\r'; break;
      case 'e': out += '\x1b'; break;
      case ' ': out += ' '; break;
      case '"': out += '"'; break;
      case '/': out += '/'; break;
      case '\\': out += '\\'; break;
      case 'N': out += '\x85'; break;
      case '_': out += '\xa0'; break;
      case 'L': out += '\u2028'; break;
      case 'P': out += '\u2029'; break;
      case 'x': out += hexEscape(inner, k, 2); k += 2; break;
      case 'u': out += hexEscape(inner, k, 4); k += 4; break;
      case 'U': out += hexEscape(inner, k, 8); k += 8; break;
      default: giveUp(); // an unknown escape is an error the `yaml` package reports
    }
  }
  return out;
}

function hexEscape(inner: string, at: number, digits: number): string {
  const hex = inner.substr(at + 1, digits);
  if (hex.length !== digits || !/^[0-9a-fA-F]+$/.test(hex)) giveUp();
  const code = parseInt(hex, 16);
  if (code > 0x10ffff) giveUp();
  return String.fromCodePoint(code);
}

/** A double-quoted line without its trailing spaces, but an escaped one (`\ `) stays. */
function trimUnescapedSpaces(raw: string): string {
  let end = raw.length;
  while (end > 0 && raw.charCodeAt(end - 1) === SPACE && trailingBackslashes(raw.slice(0, end - 1)) % 2 === 0) end--;
  return raw.slice(0, end);
}

function trailingBackslashes(s: string): number {
  let n = 0;
  for (let k = s.length - 1; k >= 0 && s.charCodeAt(k) === BACKSLASH; k--) n++;
  return n;
}

function firstContent(contents: readonly string[]): number {
  let k = 0;
  while (k < contents.length && contents[k] === '') k++;
  return k;
}

/** A block collection being read: its node and the column of its keys or dashes. */
interface Frame {
  node: SyntaxNode;
  indent: number;
  /** A sequence written at its parent key's column (`key:\n- a`). */
  indentless: boolean;
  /** Where its entries start in the reader's list of entries read. */
  first: number;
  /** A mapping's merge keys (`<<: *name`): the copies of the mappings they name, in text order. */
  merges?: SyntaxNode[];
  /** The end of the last merge key's line. */
  mergeLineEnd?: number;
}

/**
 * A member's key (or an item's index) as read, until its value's node exists to carry it: a plain
 * record, not a placeholder node (a node per member made for nothing but to be copied from).
 */
class KeyData {
  key: string | number = '';
  keyOffset = -1;
  keyLength = 0;
  keyStyle: ScalarStyle = 'double';
  keyKind: NodeKind = 'string';
}

/** An item's index as its key: no key text. */
function itemKey(index: number): KeyData {
  const data = new KeyData();
  data.key = index;
  return data;
}

/** A `key:` or `-` whose value starts on a later line (or is empty). */
interface Pending {
  frame: Frame;
  /** The member's key data, or the item index. */
  member: KeyData;
  /** Where an empty value is placed. */
  emptyAt: number;
  /** `key: &name` with the value on the lines below: the name of the anchor it gets. */
  anchor?: string;
}

class FastReader {
  private readonly len: number;
  /** Start of the line being read. */
  private lineStart = 0;
  /** lineStart, for the caller of a reader that gave up (a read over several lines may have gone past the end). */
  get lineReached(): number {
    return Math.min(this.lineStart, this.len);
  }
  private lineEnd = 0;
  /** Start of the next line. */
  private nextLine = 0;
  private readonly stack: Frame[] = [];
  // The entries of the open block collections, innermost last. A collection gets its children as
  // one array of their exact number when it closes: an array grown by push holds room for 17 or
  // more, and most collections have a few entries.
  private readonly entries: SyntaxNode[] = [];
  private entryCount = 0;
  private pending: Pending | undefined;
  root: SyntaxNode | undefined;
  readonly errors: SyntaxError[] = [];
  /** Objects whose duplicate keys are looked for once the text is read, in steps. */
  private readonly largeObjects: SyntaxNode[] = [];
  // Next occurrences of characters, found by indexOf and kept while the reader is before them:
  // scanning stays linear in the text however long its lines are.
  private nextLf = -1;
  private nextCr = -1;
  private nextTab = -1;
  /** The first tab on the line being read, or -1. */
  private lineTab = -1;
  /** Quoted scalars on the first line of the value being read: tabs may appear only inside them. */
  private readonly quotedSpans: number[] = [];
  private readonly colons = new Finder(':');
  private readonly comments = new Finder(' #');
  private readonly colonSpaces = new Finder(': ');
  /** Anchored nodes by name: the latest definition, the one an alias further on names. */
  private readonly anchors = new Map<string, SyntaxNode>();
  /** The block collections open (on the stack): an alias of one is inside it, a cycle. */
  private readonly open = new Set<SyntaxNode>();
  /** Copies made for aliases: the end of the alias's line (see close). */
  private readonly aliasLineEnds = new Map<SyntaxNode, number>();
  /** Nodes copied for aliases so far (bounded by ALIAS_NODE_BUDGET). */
  private aliasNodes = 0;
  /** Whether an alias was read: a block's value may then come from elsewhere in the text. */
  usedAlias = false;
  /** The start of the line after the last alias read, or after the last mapping with a merge key (see ParsedText.aliasesEnd). */
  aliasesEnd = 0;
  /** A comment line `#x` was passed while a value was pending (see read). */
  private bareCommentAbove = false;

  constructor(private readonly text: string) {
    this.len = text.length;
  }

  private find(code: number, from: number, cached: number): number {
    if (cached >= from) return cached;
    const at = this.text.indexOf(String.fromCharCode(code), from);
    return at < 0 ? this.len : at;
  }

  /** Sets lineEnd/nextLine for the line starting at lineStart, and lineTab (its first tab, or -1). */
  private measureLine(): void {
    const start = this.lineStart;
    this.nextLf = this.find(LF, start, this.nextLf);
    this.nextCr = this.find(CR, start, this.nextCr);
    const end = Math.min(this.nextLf, this.nextCr);
    this.lineEnd = end;
    if (end >= this.len) this.nextLine = this.len;
    else if (this.text.charCodeAt(end) === CR && this.text.charCodeAt(end + 1) === LF) this.nextLine = end + 2;
    else this.nextLine = end + 1;
    this.nextTab = this.find(TAB, start, this.nextTab);
    this.lineTab = this.nextTab < end ? this.nextTab : -1;
  }

  *read(): Generator<void, void, void> {
    const text = this.text;
    const due = stepClock();
    let started = false;
    if (text.charCodeAt(0) === BOM) this.lineStart = 1;
    while (this.lineStart < this.len) {
      if (due()) yield;
      this.measureLine();
      let i = this.lineStart;
      while (text.charCodeAt(i) === SPACE) i++;
      if (i >= this.lineEnd || text.charCodeAt(i) === HASH) {
        // `#x` at or left of the pending member's column, above its value's plain scalar: the `yaml`
        // package reads the scalar and the next key as one key (MULTILINE_IMPLICIT_KEY).
        if (this.pending && i - this.lineStart <= this.pending.frame.indent && i + 1 < this.lineEnd &&
          text.charCodeAt(i + 1) !== SPACE) this.bareCommentAbove = true;
        this.lineStart = this.nextLine;
        continue;
      }
      // A BOM starting a later line before any content: the `yaml` package skips it.
      if (!this.root && text.charCodeAt(i) === BOM) giveUp();
      const indent = i - this.lineStart;
      if (indent === 0 && this.isMarker(i)) {
        // `---` may open the document once, before any content; `...`, a second document and
        // directives are the `yaml` package's.
        if (started || text.charCodeAt(i) !== DASH) giveUp();
        started = true;
        let after = i + 3;
        while (text.charCodeAt(after) === SPACE) after++;
        if (after < this.lineEnd && text.charCodeAt(after) !== HASH) giveUp();
        this.lineStart = this.nextLine;
        continue;
      }
      if (indent === 0 && text.charCodeAt(i) === 37) giveUp(); // %directive
      started = true;
      const tab = this.lineTab;
      const lineStart = this.lineStart;
      const lineEnd = this.lineEnd;
      this.quotedSpans.length = 0;
      this.content(i, indent);
      this.bareCommentAbove = false;
      if (tab >= 0) this.tabsInsideQuotes(tab, lineStart, lineEnd);
      if (this.lineStart < this.nextLine) this.lineStart = this.nextLine;
    }
    if (this.pending) this.emptyPending();
    while (this.stack.length > 0) this.close();
    if (!this.root) giveUp(); // an empty document: the `yaml` package says so
    yield* duplicateKeySteps(this.largeObjects, this.errors);
    // The `yaml` package path reports a copied mapping's duplicate keys again, for each copy.
    if (this.usedAlias && this.errors.length > 0) giveUp();
  }

  /**
   * A tab in structure (indentation, after `:` or `-`) changes how YAML reads a line; inside a
   * quoted scalar it is just a character. Anything else goes to the `yaml` package.
   */
  private tabsInsideQuotes(tab: number, lineStart: number, lineEnd: number): void {
    const spans = this.quotedSpans;
    for (let t = tab; t >= 0 && t < lineEnd; t = this.text.indexOf('\t', t + 1)) {
      let inside = false;
      for (let k = 0; k < spans.length; k += 2) if (spans[k] < t && t < spans[k + 1]) inside = true;
      if (!inside || t < lineStart) giveUp();
    }
  }

  /** `---` or `...` at the start of a line, followed by a space or the line's end. */
  private isMarker(i: number): boolean {
    const text = this.text;
    const c = text.charCodeAt(i);
    if ((c !== DASH && c !== 46) || text.charCodeAt(i + 1) !== c || text.charCodeAt(i + 2) !== c) return false;
    return i + 3 >= this.lineEnd || text.charCodeAt(i + 3) === SPACE;
  }

  private isDashItem(i: number): boolean {
    if (this.text.charCodeAt(i) !== DASH) return false;
    const next = i + 1;
    return next >= this.lineEnd || this.text.charCodeAt(next) === SPACE;
  }

  /** A line with content at `i`, indented `indent` columns. */
  private content(i: number, indent: number): void {
    const dash = this.isDashItem(i);
    if (!this.root) {
      const c = this.text.charCodeAt(i);
      if (c === BRACE_OPEN || c === BRACKET_OPEN) {
        // A flow root (JSON saved as YAML): nothing but comments may follow it.
        this.root = this.flow(i, -1);
        this.restOfLineEmpty(this.root.end);
        return;
      }
      // Else a block mapping or sequence (a scalar root is the `yaml` package's; so is a sequence
      // after a BOM, which it reads as a broken document).
      if (!dash && !this.keyAt(i)) giveUp();
      if (dash && this.text.charCodeAt(0) === BOM) giveUp();
      this.openCollection(dash ? 'array' : 'object', i, undefined, indent, false);
    }
    if (this.pending) {
      const pending = this.pending;
      this.pending = undefined;
      if (indent > pending.frame.indent) {
        this.startNested(pending, i, indent, dash);
        return;
      }
      if (dash && indent === pending.frame.indent && pending.frame.node.kind === 'object') {
        // `key:` then `- item` at the key's column: an indentless sequence.
        this.openCollection('array', i, pending, indent, true);
        this.item(i);
        return;
      }
      this.setEmpty(pending);
    }
    // Close what this line is outside of.
    for (;;) {
      const top = this.stack[this.stack.length - 1];
      if (!top) giveUp(); // content after the root ended
      if (top.indent > indent || (top.indentless && top.indent === indent && !dash)) this.close();
      else break;
    }
    const top = this.stack[this.stack.length - 1];
    if (top.indent !== indent) giveUp();
    if (dash) {
      if (top.node.kind !== 'array') giveUp();
      this.item(i);
    } else {
      if (top.node.kind !== 'object') giveUp();
      this.member(top, i);
    }
  }

  /** The first line of a value that started on an earlier line (`key:` or `-` above). */
  private startNested(pending: Pending, i: number, indent: number, dash: boolean): void {
    if (dash) {
      this.openCollection('array', i, pending, indent, false);
      this.item(i);
      return;
    }
    const keyEnd = this.keyAt(i);
    if (keyEnd) {
      const frame = this.openCollection('object', i, pending, indent, false);
      this.member(frame, i);
      return;
    }
    // A scalar or flow collection on the lines below its key: plain or quoted scalars (other forms
    // are rare and intricate).
    const c = this.text.charCodeAt(i);
    if (c === BRACE_OPEN || c === BRACKET_OPEN) {
      const node = this.flow(i, pending.frame.indent);
      this.restOfLineEmpty(node.end);
      this.setValue(pending, node);
      return;
    }
    if (c === STAR && pending.anchor === undefined) {
      this.setValue(pending, this.alias(i));
      return;
    }
    if (c === QUOTE_SINGLE || c === QUOTE_DOUBLE) {
      const end = this.quoteEnd(i);
      if (end < 0) {
        this.setValue(pending, this.multiLineQuoted(i, pending.frame.indent));
      } else {
        this.restOfLineEmpty(end);
        this.setValue(pending, this.quoted(i, end));
      }
      return;
    }
    if (isIndicator(c) || this.bareCommentAbove) giveUp();
    this.setValue(pending, this.plain(i, pending.frame.indent));
  }

  /** An empty value (the `yaml` package reads it as a plain null scalar). */
  private nullAt(offset: number): SyntaxNode {
    const node = new SyntaxNode('null', offset, 0, undefined);
    node.style = 'plain';
    return node;
  }

  private openCollection(kind: 'object' | 'array', at: number, pending: Pending | undefined, indent: number, indentless: boolean): Frame {
    const parent = pending?.frame.node;
    const node = new SyntaxNode(kind, at, 0, parent);
    const frame: Frame = { node, indent, indentless, first: -1 };
    if (this.stack.length >= MAX_DEPTH - 1) giveUp();
    this.open.add(node);
    if (pending) this.setValue(pending, node);
    else if (!this.root) this.root = node;
    else giveUp();
    frame.first = this.entryCount;
    this.stack.push(frame);
    return frame;
  }

  /** Ends the innermost block collection: it ends with its last entry. */
  private close(): void {
    const frame = this.stack.pop()!;
    const node = frame.node;
    this.open.delete(node);
    const children = this.entries.slice(frame.first, this.entryCount);
    this.entryCount = frame.first;
    node.children = children;
    const lastInText = children[children.length - 1];
    if (frame.merges) {
      merge(node, frame.merges);
      // Which members a merge brings depends on the mapping's own keys, down to its last line: a
      // renamed key may bring one in, also where the merge brings none today.
      this.usedAlias = true;
      this.aliasesEnd = Math.max(this.aliasesEnd, this.lineStart);
    }
    const last = children[children.length - 1];
    if (last && last.end > node.offset) node.length = last.end - node.offset;
    else if (last || frame.merges) {
      // What ends the collection lies before it (an alias's copy, members merged), or it has no
      // entry but a merge of an empty mapping: the `yaml` package path keeps the package's range,
      // which ends with the last entry's line (and comment lines after it, left to the package).
      const lineEnd = Math.max((lastInText && this.aliasLineEnds.get(lastInText)) ?? -1, frame.mergeLineEnd ?? -1);
      if (lineEnd < 0 || !last || this.commentLineFollows(lineEnd, frame.indent)) giveUp();
      node.length = lineEnd - node.offset;
    }
    if (node.kind === 'object') checkDuplicateKeys(node, this.errors, this.largeObjects);
  }

  /**
   * Whether the first line from `from` that is not blank is a comment indented past `column` (a
   * few lines looked at; past them, as if it were).
   */
  private commentLineFollows(from: number, column: number): boolean {
    const text = this.text;
    let at = from;
    for (let lines = 0; lines < 64 && at < this.len; lines++) {
      const lineStart = at;
      while (text.charCodeAt(at) === SPACE) at++;
      const c = text.charCodeAt(at);
      if (c !== LF && c !== CR) return (c === HASH && at - lineStart > column) || c === TAB;
      at += c === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
    }
    return at < this.len;
  }

  /** Puts a value in place of a pending member or item. */
  private setValue(pending: Pending, value: SyntaxNode): void {
    const member = pending.member;
    const parent = pending.frame.node;
    // Entries are kept in order, innermost collection last (see `entries`).
    if (pending.frame !== this.stack[this.stack.length - 1]) giveUp();
    // Set as the value is made, before what it contains: an alias inside it is a cycle.
    if (pending.anchor !== undefined) this.anchors.set(pending.anchor, value);
    value.parent = parent;
    value.key = member.key;
    value.keyOffset = member.keyOffset;
    value.keyLength = member.keyLength;
    if (parent.kind === 'object') {
      value.keyStyle = member.keyStyle;
      value.keyKind = member.keyKind;
    }
    this.entries[this.entryCount++] = value;
  }

  private emptyPending(): void {
    const pending = this.pending!;
    this.pending = undefined;
    this.setEmpty(pending);
  }

  /** A pending member or item with nothing below it: an empty value (anchored, too). */
  private setEmpty(pending: Pending): void {
    this.setValue(pending, this.nullAt(pending.emptyAt));
  }

  /**
   * A value at `p` that is an alias (`*name`) or starts with an anchor (`&name`), read here into
   * `pending` (or left pending, for a value on the lines below); false for any other value.
   */
  private anchorOrAlias(p: number, pending: Pending, frame: Frame): boolean {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (c === STAR) {
      this.setValue(pending, this.alias(p));
      return true;
    }
    if (c !== AMPERSAND) return false;
    const nameEnd = this.nameEnd(p + 1);
    let q = nameEnd;
    while (q < this.lineEnd && text.charCodeAt(q) === SPACE) q++;
    const v = text.charCodeAt(q);
    if (q >= this.lineEnd || v === HASH) {
      // The value is on the lines below, or empty: then where a comment or the line's end starts.
      pending.anchor = text.slice(p + 1, nameEnd);
      pending.emptyAt = q;
      this.pending = pending;
      return true;
    }
    // An alias, a second anchor, or an anchor of a key (`- &a key: value`): the `yaml` package's.
    if (v === STAR || v === AMPERSAND || this.isDashItem(q) || this.keyAt(q)) giveUp();
    const node = this.inlineValue(q, frame);
    this.anchors.set(text.slice(p + 1, nameEnd), node);
    this.setValue(pending, node);
    return true;
  }

  /**
   * `<<: *name`, a merge key: the members of the mapping the alias names that this mapping does not
   * have itself join it when it closes. Other merge values (lists, mappings) are the `yaml` package's.
   */
  private mergeKey(frame: Frame, colon: number): void {
    let p = colon + 1;
    while (p < this.lineEnd && this.text.charCodeAt(p) === SPACE) p++;
    if (this.text.charCodeAt(p) !== STAR) giveUp();
    const copy = this.alias(p);
    if (copy.kind !== 'object') giveUp();
    (frame.merges ??= []).push(copy);
    frame.mergeLineEnd = this.nextLine;
  }

  /** The end of an anchor's or alias's name starting at `from`; it ends at a space or the line's end. */
  private nameEnd(from: number): number {
    const text = this.text;
    let end = from;
    while (end < this.lineEnd && text.charCodeAt(end) !== SPACE) end++;
    if (!ANCHOR_NAME.test(text.slice(from, end))) giveUp();
    return end;
  }

  /**
   * `*name` at `p`, alone on the rest of its line: a copy of the node its anchor is on, at the
   * anchored node's place in the text, as the `yaml` package path expands it.
   */
  private alias(p: number): SyntaxNode {
    const nameEnd = this.nameEnd(p + 1);
    this.restOfLineEmpty(nameEnd);
    const target = this.anchors.get(this.text.slice(p + 1, nameEnd));
    // An unknown alias, or one inside the collection it names: the `yaml` package reports them.
    if (!target || this.open.has(target)) giveUp();
    const copy = this.copied(target);
    this.aliasLineEnds.set(copy, this.nextLine);
    this.usedAlias = true;
    this.aliasesEnd = Math.max(this.aliasesEnd, this.nextLine);
    return copy;
  }

  /** A copy of a node and all below it (the copy's key is set where it is put). */
  private copied(target: SyntaxNode): SyntaxNode {
    const copy = (node: SyntaxNode) => {
      const result = new SyntaxNode(node.kind, node.offset, node.length, undefined);
      if (node.children) result.flow = node.flow;
      else {
        result.value = node.value;
        result.style = node.style;
      }
      return result;
    };
    const root = copy(target);
    const stack: [SyntaxNode, SyntaxNode, number][] = [[target, root, this.stack.length]];
    let count = 1;
    while (stack.length > 0) {
      const [from, to, depth] = stack.pop()!;
      const children = from.children;
      if (!children) continue;
      if (depth >= MAX_DEPTH - 2) giveUp();
      const copies = new Array<SyntaxNode>(children.length);
      for (let k = 0; k < children.length; k++) {
        const child = children[k];
        const childCopy = copy(child);
        childCopy.parent = to;
        childCopy.key = child.key;
        childCopy.keyOffset = child.keyOffset;
        childCopy.keyLength = child.keyLength;
        childCopy.keyStyle = child.keyStyle;
        childCopy.keyKind = child.keyKind;
        copies[k] = childCopy;
        if (child.children) stack.push([child, childCopy, depth + 1]);
      }
      to.children = copies;
      count += children.length;
      // The `yaml` package path counts more for the same copy (each alias met again in it, up to
      // twice as many): near the budget, its cut-off place is its own.
      if (this.aliasNodes + count > ALIAS_NODE_BUDGET / 2) giveUp();
    }
    this.aliasNodes += count;
    return root;
  }

  /** A `- ` item of the sequence on top of the stack, its dash at `i`. */
  private item(i: number): void {
    const frame = this.stack[this.stack.length - 1];
    const text = this.text;
    let p = i + 1;
    while (p < this.lineEnd && text.charCodeAt(p) === SPACE) p++;
    const pending: Pending = { frame, member: itemKey(this.entryCount - frame.first), emptyAt: p };
    if (p >= this.lineEnd || text.charCodeAt(p) === HASH) {
      this.pending = pending;
      return;
    }
    if (this.anchorOrAlias(p, pending, frame)) return;
    if (this.isDashItem(p)) {
      // `- - a`: a sequence inside the item, its dashes at this column.
      this.openCollection('array', p, pending, p - this.lineStart, false);
      this.item(p);
      return;
    }
    if (this.keyAt(p)) {
      // `- key: value`: a mapping whose keys are at this column.
      const map = this.openCollection('object', p, pending, p - this.lineStart, false);
      this.member(map, p);
      return;
    }
    this.setValue(pending, this.inlineValue(p, frame));
  }

  /** A `key: value` member of the mapping `frame`, its key at `i`. */
  private member(frame: Frame, i: number): void {
    const text = this.text;
    const keyEnd = this.keyAt(i);
    if (!keyEnd) giveUp();
    if (keyEnd.style === 'plain' && keyEnd.end - i === 2 && text.startsWith('<<', i)) {
      this.mergeKey(frame, keyEnd.colon);
      return;
    }
    const key = new KeyData();
    this.setKey(key, i, keyEnd.end, keyEnd.style);
    let p = keyEnd.colon + 1;
    while (p < this.lineEnd && text.charCodeAt(p) === SPACE) p++;
    const pending: Pending = { frame, member: key, emptyAt: p };
    if (p >= this.lineEnd || text.charCodeAt(p) === HASH) {
      if (p < this.lineEnd && p === keyEnd.colon + 1) giveUp(); // `key:#`
      this.pending = pending;
      return;
    }
    if (this.isDashItem(p) || this.keyAt(p)) giveUp(); // `a: - b`, `a: b: c`
    if (this.anchorOrAlias(p, pending, frame)) return;
    this.setValue(pending, this.inlineValue(p, frame));
  }

  /** A key's data: its text span [start, end), style, value and kind. */
  private setKey(node: KeyData, start: number, end: number, style: 'plain' | 'single' | 'double'): void {
    node.keyOffset = start;
    node.keyLength = end - start;
    node.keyStyle = style;
    if (style === 'plain') {
      const resolved = resolvePlain(this.text.slice(start, end));
      node.key = internKey(resolved.value === null ? '' : String(resolved.value));
      node.keyKind = resolved.kind;
    } else {
      node.key = internKey(style === 'single' ? this.singleQuoted(start, end) : this.doubleQuoted(start, end));
      node.keyKind = 'string';
      this.quotedSpans.push(start, end);
    }
  }

  /**
   * Whether a block-context implicit key starts at `i` on this line: its end (after the closing
   * quote or the last non-space character), the colon's offset and its style.
   */
  private keyAt(i: number, lenient = false): { end: number; colon: number; style: 'plain' | 'single' | 'double' } | undefined {
    const text = this.text;
    const lineEnd = this.lineEnd;
    const c = text.charCodeAt(i);
    if (c === QUOTE_SINGLE || c === QUOTE_DOUBLE) {
      const close = this.quoteEnd(i);
      if (close < 0) return undefined;
      let p = close;
      while (p < lineEnd && text.charCodeAt(p) === SPACE) p++;
      if (text.charCodeAt(p) !== COLON) return undefined;
      const after = p + 1;
      if (after < lineEnd && text.charCodeAt(after) !== SPACE) {
        if (lenient) return undefined;
        giveUp(); // `"a":b`
      }
      if (close - i > MAX_KEY_LENGTH) giveUp();
      return { end: close, colon: p, style: c === QUOTE_SINGLE ? 'single' : 'double' };
    }
    if (isIndicator(c)) return undefined;
    if ((c === 63 || c === COLON || c === DASH) && (i + 1 >= lineEnd || text.charCodeAt(i + 1) === SPACE)) {
      if (c === DASH) return undefined;
      giveUp(); // `? complex key`, `: value`
    }
    // The first `: ` or `:` at the line's end, before any ` #`.
    let p = i;
    for (;;) {
      const colon = this.colons.next(text, p, lineEnd);
      if (colon >= lineEnd) return undefined;
      if (this.comments.next(text, p, lineEnd) < colon) return undefined;
      const after = colon + 1;
      if (after >= lineEnd || text.charCodeAt(after) === SPACE) {
        let end = colon;
        while (end > i && text.charCodeAt(end - 1) === SPACE) end--;
        if (end - i > MAX_KEY_LENGTH) giveUp();
        return { end, colon, style: 'plain' };
      }
      p = after;
    }
  }

  /** Offset after the closing quote of a quoted scalar opening at `i` on this line, or -1. */
  private quoteEnd(i: number): number {
    return this.quoteEndFrom(i, i + 1);
  }

  private singleQuoted(start: number, end: number): string {
    const inner = this.text.slice(start + 1, end - 1);
    return inner.indexOf("'") >= 0 ? inner.replace(/''/g, "'") : inner;
  }

  private doubleQuoted(start: number, end: number): string {
    return unescapeDouble(this.text.slice(start + 1, end - 1));
  }

  /** A value that starts on its key's or dash's line, at `p`. */
  private inlineValue(p: number, frame: Frame): SyntaxNode {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (c === QUOTE_SINGLE || c === QUOTE_DOUBLE) {
      const end = this.quoteEnd(p);
      if (end < 0) return this.multiLineQuoted(p, frame.indent);
      this.restOfLineEmpty(end);
      return this.quoted(p, end);
    }
    if (c === BRACKET_OPEN || c === BRACE_OPEN) {
      const node = this.flow(p, frame.indent);
      this.restOfLineEmpty(node.end);
      return node;
    }
    if (c === PIPE || c === GREATER) return this.blockScalar(p, frame);
    if (isIndicator(c)) giveUp();
    if ((c === 63 || c === COLON) && (p + 1 >= this.lineEnd || text.charCodeAt(p + 1) === SPACE)) giveUp();
    return this.plain(p, frame.indent);
  }

  private quoted(start: number, end: number): SyntaxNode {
    this.quotedSpans.push(start, end);
    const node = new SyntaxNode('string', start, end - start, undefined);
    const single = this.text.charCodeAt(start) === QUOTE_SINGLE;
    node.value = internValue(single ? this.singleQuoted(start, end) : this.doubleQuoted(start, end));
    node.style = single ? 'single' : 'double';
    return node;
  }

  /**
   * A quoted scalar that opens at `p` and closes on a later line, each continuation line indented
   * more than `indent`. Line breaks fold as in plain scalars; in double quotes a `\` at a line's
   * end joins the lines.
   */
  private multiLineQuoted(p: number, indent: number): SyntaxNode {
    const text = this.text;
    const quote = text.charCodeAt(p);
    const double = quote === QUOTE_DOUBLE;
    const pieces: string[] = [];
    let from = p + 1;
    let breaks = -1; // line breaks since the last piece; -1 before the first
    let joined = false; // the previous line ended with an escaped line break
    this.quotedSpans.push(p, this.lineEnd + 1);
    for (;;) {
      const close = this.quoteEndFrom(p, from);
      const last = close >= 0;
      let raw = text.slice(from, last ? close - 1 : this.lineEnd);
      if (!last) {
        // A tab at the line's end is folded away with the spaces around it: the `yaml` package's.
        if (TRAILING_TAB.test(raw)) giveUp();
        const trimmed = double ? trimUnescapedSpaces(raw) : raw.replace(/ +$/, '');
        const slashes = trailingBackslashes(trimmed);
        if (double && slashes % 2 === 1) {
          if (trimmed.length < raw.length) giveUp(); // `\\ ` then spaces: intricate
          raw = trimmed.slice(0, -1);
          pieces.push(this.separator(breaks, joined), double ? unescapeDouble(raw) : raw.replace(/''/g, "'"));
          joined = true;
          breaks = 0;
        } else {
          if (breaks === -1 || trimmed.length > 0) {
            pieces.push(this.separator(breaks, joined), double ? unescapeDouble(trimmed) : trimmed.replace(/''/g, "'"));
            joined = false;
            breaks = 0;
          }
        }
      } else {
        pieces.push(this.separator(breaks, joined), double ? unescapeDouble(raw) : raw.replace(/''/g, "'"));
        this.restOfLineEmpty(close);
        const node = new SyntaxNode('string', p, close - p, undefined);
        node.value = pieces.join('');
        node.style = double ? 'double' : 'single';
        return node;
      }
      // The next line: blank lines count as breaks; content must be indented past the collection.
      for (;;) {
        if (this.nextLine >= this.len) giveUp(); // never closed: the `yaml` package reports it
        this.lineStart = this.nextLine;
        this.measureLine();
        breaks++;
        let q = this.lineStart;
        while (text.charCodeAt(q) === SPACE) q++;
        if (this.lineTab >= 0) {
          // Tabs inside the text are characters; at its edges they would be folded away.
          if (text.charCodeAt(q) === TAB || text.charCodeAt(this.lineEnd - 1) === TAB) giveUp();
        }
        if (q >= this.lineEnd) continue;
        if (q - this.lineStart <= indent) giveUp();
        from = q;
        break;
      }
    }
  }

  /** What goes between two pieces of a folded multi-line scalar. */
  private separator(breaks: number, joined: boolean): string {
    if (breaks <= 0 || joined) return breaks > 1 ? '\n'.repeat(breaks - 1) : '';
    return breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
  }

  /** Offset after the closing quote of the quoted scalar opened at `open`, searching this line from `from`. */
  private quoteEndFrom(open: number, from: number): number {
    const text = this.text;
    const quote = text.charCodeAt(open);
    let p = from;
    for (;;) {
      const at = text.indexOf(quote === QUOTE_SINGLE ? "'" : '"', p);
      if (at < 0 || at >= this.lineEnd) return -1;
      if (quote === QUOTE_SINGLE) {
        if (text.charCodeAt(at + 1) === QUOTE_SINGLE) {
          p = at + 2;
          continue;
        }
        return at + 1;
      }
      let slashes = 0;
      for (let b = at - 1; b >= from && text.charCodeAt(b) === BACKSLASH; b--) slashes++;
      if (slashes % 2 === 1) {
        p = at + 1;
        continue;
      }
      return at + 1;
    }
  }

  /** After a value that ends at `end`: only spaces and a comment may follow on the line. */
  private restOfLineEmpty(end: number): void {
    const text = this.text;
    let p = end;
    while (p < this.lineEnd && text.charCodeAt(p) === SPACE) p++;
    if (p < this.lineEnd && (text.charCodeAt(p) !== HASH || p === end)) giveUp();
  }

  /**
   * A plain scalar starting at `p`, continued on the lines below while they are indented more than
   * `indent` (the collection's column) and read as text.
   */
  private plain(p: number, indent: number): SyntaxNode {
    const text = this.text;
    let end = this.plainLineEnd(p);
    let pieces: string[] | undefined;
    // A comment ends a plain scalar: a line below it is an error the `yaml` package reports.
    let lineEndBefore = this.lineEnd;
    // Continuation lines.
    for (;;) {
      let next = this.nextLine;
      let breaks = 0;
      let lineStart = next;
      let contentAt = -1;
      // Skip blank lines; stop at a less indented line, a comment or the end.
      while (next < this.len) {
        this.lineStart = next;
        this.measureLine();
        let q = next;
        while (text.charCodeAt(q) === SPACE) q++;
        if (q >= this.lineEnd) {
          breaks++;
          next = this.nextLine;
          continue;
        }
        lineStart = next;
        contentAt = q;
        break;
      }
      if (contentAt < 0 || contentAt - lineStart <= indent || text.charCodeAt(contentAt) === HASH) {
        // The scalar ended on the last content line; that line's reading resumes from there.
        this.lineStart = lineStart;
        if (contentAt < 0) this.lineStart = this.len;
        this.measureLine();
        this.nextLine = this.lineStart; // the main loop reads this line next
        break;
      }
      if (this.isMarker(contentAt) && contentAt === lineStart) giveUp();
      if (this.lineTab >= 0) giveUp();
      const lineEnd = this.plainLineEnd(contentAt);
      // `key: a\n  b: c` is an error the `yaml` package reports.
      if (this.keyAt(contentAt, true)) giveUp();
      if (text.slice(end, lineEndBefore).includes('#')) giveUp();
      lineEndBefore = this.lineEnd;
      pieces ??= [text.slice(p, end)];
      pieces.push(breaks === 0 ? ' ' : '\n'.repeat(breaks));
      pieces.push(text.slice(contentAt, lineEnd));
      end = lineEnd;
    }
    const value = pieces ? pieces.join('') : text.slice(p, end);
    const resolved = resolvePlain(value);
    const node = new SyntaxNode(resolved.kind, p, end - p, undefined);
    node.value = typeof resolved.value === 'string' ? internValue(resolved.value) : resolved.value;
    node.style = 'plain';
    return node;
  }

  /** End of a plain scalar's text on the current line (before ` #` and trailing spaces). */
  private plainLineEnd(p: number): number {
    const text = this.text;
    let end = this.lineEnd;
    const hash = this.comments.next(text, p, end);
    if (hash < end) end = hash;
    while (end > p && text.charCodeAt(end - 1) === SPACE) end--;
    // `: ` inside a plain value is a nested mapping, an error the `yaml` package reports.
    if (this.colonSpaces.next(text, p, end) < end) giveUp();
    if (text.charCodeAt(end - 1) === COLON) giveUp();
    return end;
  }

  /**
   * `|` or `>` with an optional chomping (`-`/`+`) and indentation (1-9) indicator: the lines below
   * indented more than the collection. Read as the `yaml` package reads block scalars.
   */
  private blockScalar(p: number, frame: Frame): SyntaxNode {
    const text = this.text;
    const folded = text.charCodeAt(p) === GREATER;
    let h = p + 1;
    let chomp: 'clip' | 'strip' | 'keep' = 'clip';
    let explicitIndent = 0;
    for (let k = 0; k < 2 && h < this.lineEnd; k++) {
      const c = text.charCodeAt(h);
      if (chomp === 'clip' && (c === DASH || c === 43)) chomp = c === DASH ? 'strip' : 'keep';
      else if (explicitIndent === 0 && c >= 49 && c <= 57) explicitIndent = c - 48;
      else break;
      h++;
    }
    if (h < this.lineEnd && text.charCodeAt(h) !== SPACE) giveUp();
    while (h < this.lineEnd && text.charCodeAt(h) === SPACE) h++;
    if (h < this.lineEnd) giveUp(); // a comment after the header
    // Lines as (indentation, content); the scalar ends before a less indented content line.
    const indents: number[] = [];
    const contents: string[] = [];
    let trimIndent = explicitIndent > 0 ? frame.indent + explicitIndent : -1;
    let trailingBlank = 0;
    let lastContentEnd = this.nextLine;
    let next = this.nextLine;
    while (next < this.len) {
      this.lineStart = next;
      this.measureLine();
      let q = next;
      while (text.charCodeAt(q) === SPACE) q++;
      const spaces = q - next;
      if (text.charCodeAt(q) === TAB) {
        // A tab is content only past the indentation, on a line with more than white space.
        if (trimIndent < 0 || spaces < trimIndent || /^[ \t]*$/.test(text.slice(q, this.lineEnd))) giveUp();
      }
      if (q >= this.lineEnd) {
        indents.push(spaces);
        contents.push('');
        next = this.nextLine;
        // Spaces past the indentation are content: at the end of the scalar, this line is its
        // last (OpenAI's description ends examples so; the `yaml` package reads it so too).
        // (With an indentation indicator, `|2`, the package reads it otherwise: left to it below.)
        if (explicitIndent === 0 && trimIndent >= 0 && spaces > trimIndent) {
          trailingBlank = 0;
          lastContentEnd = next;
        } else trailingBlank++;
        continue;
      }
      if (trimIndent < 0) {
        if (spaces <= frame.indent) break;
        trimIndent = spaces;
      } else if (spaces < trimIndent) {
        if (spaces > frame.indent) giveUp(); // less indented than the first line: an error
        break;
      }
      indents.push(spaces);
      contents.push(text.slice(q, this.lineEnd));
      trailingBlank = 0;
      next = this.nextLine;
      lastContentEnd = next;
    }
    const lastChar = text.charCodeAt(this.len - 1);
    // A last blank line without a line break, kept: the `yaml` package counts it otherwise.
    if (chomp === 'keep' && trailingBlank > 0 && next >= this.len && lastChar !== LF && lastChar !== CR) giveUp();
    if (contents.length === trailingBlank) {
      // An empty block scalar (`example: |+` over a blank line, in OpenAI's description): its blank
      // lines are its value and its range when kept; else its value is empty.
      if (trimIndent >= 0) giveUp(); // blank lines under an explicit indentation
      // Not kept, the package's range ends after one blank line or after several: its own rule.
      if (chomp !== 'keep' && trailingBlank > 1) giveUp();
      return this.blockScalarNode(p, next, chomp === 'keep' ? '\n'.repeat(trailingBlank) : '');
    }
    const chompStart = contents.length - trailingBlank;
    // Blank lines with spaces past the indentation: content between lines; before the first line
    // or after the last, the `yaml` package's (an error, or content the range may not show).
    for (let k = 0; k < indents.length; k++) {
      if (contents[k] === '' && indents[k] > trimIndent && (k >= chompStart || k < firstContent(contents))) giveUp();
    }
    let value = '';
    let sep = '';
    let previousMoreIndented = false;
    let k = 0;
    for (; k < chompStart && contents[k] === ''; k++) value += '\n'; // leading blank lines
    for (; k < chompStart; k++) {
      const content = contents[k];
      const extra = indents[k] > trimIndent ? ' '.repeat(indents[k] - trimIndent) : '';
      if (!folded) {
        value += sep + extra + content;
        sep = '\n';
      } else if (extra || content.charCodeAt(0) === TAB) {
        if (sep === ' ') sep = '\n';
        else if (!previousMoreIndented && sep === '\n') sep = '\n\n';
        value += sep + extra + content;
        sep = '\n';
        previousMoreIndented = true;
      } else if (content === '') {
        if (sep === '\n') value += '\n';
        else sep = '\n';
      } else {
        value += sep + content;
        sep = ' ';
        previousMoreIndented = false;
      }
    }
    if (chomp === 'clip') value += '\n';
    else if (chomp === 'keep') value += '\n'.repeat(trailingBlank + 1);
    // Trailing blank lines belong to the scalar's range only when they are kept.
    return this.blockScalarNode(p, next, value, chomp === 'keep' ? next : lastContentEnd);
  }

  /** A block scalar's node from `p` to `end`; the main loop reads on from `next`, the first line after it. */
  private blockScalarNode(p: number, next: number, value: string, end = next): SyntaxNode {
    this.lineStart = next;
    this.measureLine();
    this.nextLine = next;
    const node = new SyntaxNode('string', p, end - p, undefined);
    node.value = value;
    node.style = 'block';
    return node;
  }

  /**
   * A flow collection `[...]` or `{...}` that opens at `p`, in a block collection whose entries
   * are at column `indent` (-1 for the root); the reader is left on the line it closes on.
   */
  private flow(p: number, indent: number): SyntaxNode {
    const text = this.text;
    const stack: FlowFrame[] = [openFlow(text, p)];
    let q = p + 1;
    // A line at the block collection's column may only close the outermost bracket (more is BAD_INDENT).
    let closingOnly = false;
    for (;;) {
      while (q < this.lineEnd && text.charCodeAt(q) === SPACE) q++;
      if (q >= this.lineEnd || (text.charCodeAt(q) === HASH && text.charCodeAt(q - 1) === SPACE)) {
        q = this.nextFlowLine(indent);
        closingOnly = q - this.lineStart === indent;
        continue;
      }
      const frame = stack[stack.length - 1];
      const c = text.charCodeAt(q);
      const closing = frame.node.kind === 'array' ? BRACKET_CLOSE : BRACE_CLOSE;
      if (closingOnly && (c !== closing || stack.length > 1)) giveUp();
      if (frame.pendingKey && (c === COMMA || c === BRACE_CLOSE)) {
        // `{a: , b: 1}`: an empty value, a plain null where the key's line goes on after `: `.
        const empty = new SyntaxNode('null', frame.emptyAt, 0, undefined);
        empty.style = 'plain';
        addToFlow(frame, empty);
        frame.expectValue = false;
        continue;
      }
      if (c === closing) {
        // `[]` and a comma after the last entry are fine.
        q++;
        const node = frame.node;
        node.length = q - node.offset;
        stack.pop();
        if (node.kind === 'object') checkDuplicateKeys(node, this.errors, this.largeObjects);
        if (stack.length === 0) return node;
        addToFlow(stack[stack.length - 1], node);
        stack[stack.length - 1].expectValue = false;
      } else if (!frame.expectValue) {
        if (c !== COMMA) giveUp();
        q++;
        frame.expectValue = true;
      } else if (frame.node.kind === 'object' && !frame.pendingKey) {
        q = this.flowKey(q, frame);
      } else if (c === BRACKET_OPEN || c === BRACE_OPEN) {
        if (stack.length >= MAX_FLOW_DEPTH || stack.length + this.stack.length >= MAX_DEPTH - 2) giveUp();
        stack.push(openFlow(text, q));
        q++;
      } else {
        const value = this.flowScalar(q);
        q = value.end;
        while (q < this.lineEnd && text.charCodeAt(q) === SPACE) q++;
        // `[a: b]` is a one-pair mapping inside a sequence: the `yaml` package's.
        if (frame.node.kind === 'array' && text.charCodeAt(q) === COLON) giveUp();
        addToFlow(frame, value);
        frame.expectValue = false;
      }
    }
  }

  /**
   * Where the next line inside a flow collection (see `flow`) has content, past blank lines and
   * comment lines; the reader moves to that line. Content must be indented past the block
   * collection's column, but for closing brackets, which may stand at it.
   */
  private nextFlowLine(indent: number): number {
    const text = this.text;
    for (;;) {
      if (this.nextLine >= this.len) giveUp(); // never closed: the `yaml` package reports it
      this.lineStart = this.nextLine;
      this.measureLine();
      if (this.lineTab >= 0) giveUp();
      let q = this.lineStart;
      while (text.charCodeAt(q) === SPACE) q++;
      if (q >= this.lineEnd) continue;
      const column = q - this.lineStart;
      if (column < indent || (column === 0 && this.isMarker(q))) giveUp();
      if (text.charCodeAt(q) === HASH) {
        // In a flow root too, a comment line at column 0 is an error.
        if (column <= Math.max(indent, 0)) giveUp();
        continue;
      }
      return q;
    }
  }

  /**
   * A flow mapping's key at `q`, then `:` and a space (after a quoted key the space may be left
   * out), made the frame's pending key; where its value starts.
   */
  private flowKey(q: number, frame: FlowFrame): number {
    const text = this.text;
    const lineEnd = this.lineEnd;
    // The key's `:` stands on the key's line; its value may start on a later one.
    const c = text.charCodeAt(q);
    const key = new KeyData();
    let keyEnd: number;
    let style: 'plain' | 'single' | 'double';
    if (c === QUOTE_SINGLE || c === QUOTE_DOUBLE) {
      keyEnd = this.quoteEnd(q);
      if (keyEnd < 0) giveUp();
      style = c === QUOTE_SINGLE ? 'single' : 'double';
    } else {
      if (!this.startsFlowPlain(q)) giveUp();
      keyEnd = this.flowPlainEnd(q);
      style = 'plain';
      // A merge key inside a flow mapping: the `yaml` package's.
      if (keyEnd - q === 2 && text.startsWith('<<', q)) giveUp();
    }
    if (keyEnd === q) giveUp();
    this.setKey(key, q, keyEnd, style);
    q = keyEnd;
    while (q < lineEnd && text.charCodeAt(q) === SPACE) q++;
    if (text.charCodeAt(q) !== COLON) giveUp();
    q++;
    if (style === 'plain' && q < lineEnd && text.charCodeAt(q) !== SPACE) giveUp();
    frame.pendingKey = key;
    while (q < lineEnd && text.charCodeAt(q) === SPACE) q++;
    frame.emptyAt = q;
    return q;
  }

  /**
   * Whether a plain scalar inside a flow collection starts at `q`: not an indicator, `?` or `:`, nor
   * a `-` followed by a space, a flow indicator or the line's end.
   */
  private startsFlowPlain(q: number): boolean {
    const c = this.text.charCodeAt(q);
    if (isIndicator(c) || c === 63 || c === COLON) return false;
    if (c !== DASH) return true;
    const n = this.text.charCodeAt(q + 1);
    return !(q + 1 >= this.lineEnd || n === SPACE || n === COMMA || n === BRACKET_CLOSE || n === BRACE_CLOSE);
  }

  /** A quoted or plain scalar inside a flow collection at `q`. */
  private flowScalar(q: number): SyntaxNode {
    const text = this.text;
    const c = text.charCodeAt(q);
    if (c === QUOTE_SINGLE || c === QUOTE_DOUBLE) {
      const end = this.quoteEnd(q);
      if (end < 0) giveUp();
      return this.quoted(q, end);
    }
    if (!this.startsFlowPlain(q)) giveUp();
    const end = this.flowPlainEnd(q);
    if (end === q) giveUp();
    const resolved = resolvePlain(text.slice(q, end));
    const value = new SyntaxNode(resolved.kind, q, end - q, undefined);
    value.value = typeof resolved.value === 'string' ? internValue(resolved.value) : resolved.value;
    value.style = 'plain';
    return value;
  }

  /** End of a plain scalar inside a flow collection: before `,[]{}`, `: `, ` #`, or the line's end. */
  private flowPlainEnd(q: number): number {
    const text = this.text;
    let p = q;
    const lineEnd = this.lineEnd;
    while (p < lineEnd) {
      const c = text.charCodeAt(p);
      if (c === COMMA || c === BRACKET_OPEN || c === BRACKET_CLOSE || c === BRACE_OPEN || c === BRACE_CLOSE) break;
      if (c === COLON) {
        const n = text.charCodeAt(p + 1);
        if (p + 1 >= lineEnd || n === SPACE || n === COMMA || n === BRACKET_CLOSE || n === BRACE_CLOSE) break;
      }
      if (c === HASH && text.charCodeAt(p - 1) === SPACE) giveUp();
      p++;
    }
    while (p > q && text.charCodeAt(p - 1) === SPACE) p--;
    return p;
  }
}

/**
 * The tree of a YAML text, or undefined when it uses YAML this reader leaves to the `yaml`
 * package. In steps: the language server pauses between them.
 */
export function* parseYamlFastSteps(text: string): Steps<ParsedText | undefined> {
  const read = yield* readYamlFastSteps(text);
  return 'gaveUpAt' in read ? undefined : read;
}

/** Where the fast reader gave up on a text: the start of the line it was reading. */
export interface GaveUp {
  gaveUpAt: number;
}

/** parseYamlFastSteps, saying where the reader gave up. */
export function* readYamlFastSteps(text: string): Steps<ParsedText | GaveUp> {
  // Control characters and a BOM past the start are characters of scalars to the `yaml` package,
  // as to this reader (they once sent a text to the package: a fuzzed workspace's 3 MB of YAML
  // held the parse worker for seconds).
  // A pause between the file's read and its parse, each tens of milliseconds for a large file.
  yield;
  const reader = new FastReader(text);
  const steps = reader.read();
  for (;;) {
    let step: IteratorResult<void, void>;
    try {
      step = steps.next();
    } catch (e) {
      if (e === NOT_FAST) return { gaveUpAt: reader.lineReached };
      throw e;
    }
    if (step.done) break;
    yield;
  }
  const aliasesEnd = reader.usedAlias ? pastNextContentLine(text, reader.aliasesEnd) : undefined;
  return { format: 'yaml', text, root: reader.root, errors: reader.errors, selfContainedBlocks: !reader.usedAlias, aliasesEnd };
}

/**
 * The start of the line after the first line from `from` with content (not blank, not a comment).
 * A collection that an alias or merge ends takes in the comment lines indented below it (the
 * `yaml` package's range): a comment typed there changes it, so that line is not past the aliases.
 */
function pastNextContentLine(text: string, from: number): number {
  let at = from;
  while (at < text.length) {
    const lineEnd = text.indexOf('\n', at);
    const next = lineEnd < 0 ? text.length : lineEnd + 1;
    let i = at;
    while (i < next && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
    const c = text.charCodeAt(i);
    if (i < next && c !== LF && c !== CR && c !== HASH) return next;
    at = next;
  }
  return text.length;
}

export function parseYamlFast(text: string): ParsedText | undefined {
  const steps = parseYamlFastSteps(text);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Merge keys' mappings merged into a mapping: their members it does not have, earlier merge keys
 * first, each member at its place in the text, as the `yaml` package path merges them.
 */
function merge(into: SyntaxNode, copies: readonly SyntaxNode[]): void {
  const children = into.children!;
  const present = new Set(children.map((c) => c.key));
  let added = false;
  for (const copy of copies) {
    for (const member of copy.children!) {
      if (present.has(member.key)) continue;
      present.add(member.key);
      member.parent = into;
      children.push(member);
      added = true;
    }
  }
  if (added) children.sort((a, b) => a.memberStart - b.memberStart);
}

/**
 * A flow collection being read: its node, a key read and waiting for its value (and where that
 * value is placed when it is empty), and whether an entry may come next.
 */
type FlowFrame = { node: SyntaxNode; pendingKey: KeyData | undefined; expectValue: boolean; emptyAt: number };

function openFlow(text: string, at: number): FlowFrame {
  const node = new SyntaxNode(text.charCodeAt(at) === BRACKET_OPEN ? 'array' : 'object', at, 0, undefined);
  node.flow = true;
  return { node, pendingKey: undefined, expectValue: true, emptyAt: at };
}

/** An entry of the flow collection: an array's next item, or the value of an object's pending key. */
function addToFlow(frame: FlowFrame, value: SyntaxNode): void {
  const parent = frame.node;
  value.parent = parent;
  if (parent.kind === 'array') {
    value.key = parent.children!.length;
  } else {
    const key = frame.pendingKey!;
    value.key = key.key;
    value.keyOffset = key.keyOffset;
    value.keyLength = key.keyLength;
    value.keyStyle = key.keyStyle;
    value.keyKind = key.keyKind;
    frame.pendingKey = undefined;
  }
  parent.children!.push(value);
}
