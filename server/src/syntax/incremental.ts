// Incremental reparse: an edit reparses the smallest part of the tree that provably contains it,
// and the rest of the tree (and so its findings) stays. Reparsing a 10 MB document takes
// hundreds of milliseconds at best, and a keystroke must cost what it touched.
// 1. A change inside a one-line scalar that keeps the structure: only that value changes and the
//    offsets after it move (YAML plain and quoted scalars, JSON strings).
// 2. YAML: a change inside one block-mapping member (its key line and the lines indented below
//    it): that member alone is parsed again and put in place, with its syntax errors when the
//    edit broke it (typing a new key passes through `d`, `des:`... ).
// 3. JSON: a change strictly inside one object or array: that value alone is parsed again.
// In YAML with aliases, 1 and 2 apply after the last alias only (see selfContainedFrom).
// Anything else returns undefined and the caller parses the whole text.
import { TextEdit } from './edit';
import { nextNodeStart } from './child-at';
import { parseJsonFragment } from './json';
import { carryLineIndex, LineIndex, lineIndexOf, rememberLineIndex } from './line-index';
import { sourceOf, TextLike } from './piece-text';
import { detached, editedText, isSegmented, ParsedText, segmentTree, stopSegmenting, SyntaxError, SyntaxNode, valueChangedIn } from './tree';
import { parseYamlBlock } from './yaml';
import { resolvePlain } from './yaml-fast';

export interface Reparsed {
  parsed: ParsedText;
  /** The node the edit changed: the scalar, or the (first) member that was parsed again. */
  node: SyntaxNode;
  /** Every node put in place of `replaced`: members added at its level are there too. */
  nodes: readonly SyntaxNode[];
  /** The node it replaced (the same node when only a scalar's value changed). */
  replaced: SyntaxNode;
  /** The new text's line index, when the reparse built it. */
  lines?: LineIndex;
  /** A collection around the edit starts or ends elsewhere than where the edit moved it (see reparseMember). */
  reshaped?: boolean;
}

/**
 * Texts up to this length have their tree cut into segments at their first edit, at once; the
 * server cuts longer ones' in steps before their check (Session.segmentLargeSteps).
 */
export const SEGMENTED_AT_ONCE_CHARS = 1_000_000;

/** A line that starts with a document marker (YAML 1.2, 9.1: `---` or `...` then a space or the line's end). */
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/m;

/** syntax/yaml.ts's messages for the rest of a text read as unreadable, and for a string never closed. */
const UNREADABLE_REST = /^The rest of the document cannot be read from here/;
/** The yaml package's messages about flow collections (`Unexpected flow-seq-start token.`, `Flow map in block collection…`). */
const FLOW_ERROR = /flow/i;
/** A string never closed, or one opened where no value starts (`{a: 1}'`), which the package closes at the next quote however far. */
const NEVER_CLOSED = /^This string is never closed|^Missing closing ["']quote|^Unexpected (?:single|double)-quoted-scalar/;

/** The `yaml` package's message for a flow collection without its closing bracket. */
const UNCLOSED_FLOW = /(?:must be sufficiently indented and end|must end) with a [\]}]\.?$/;

/**
 * A line that starts with an explicit key's `?` (YAML 1.2, 8.2.2; after dashes too), or holds
 * only an anchor or a tag: the empty node there is placed by what follows it.
 */
const EXPLICIT_KEY = /^[ ]*(?:-[ ]+)*(?:\?(?:[ \t]|$)|(?:[&!][^ \t\r\n]*[ \t]*)+$)/m;
/** What starts a line of an empty key's `:` (after dashes too). */
const EMPTY_KEY_START = /[ ]*(?:-[ ]+)*:(?:[ \t\r\n]|$)/.source;
/** What starts a line of a flow collection used as a key (after dashes, anchors and tags too). */
const FLOW_KEY_START = /[ ]*(?:-[ ]+)*(?:[&!][^ \t\r\n]*[ \t]+)*[[{][^\n]*[\]}][ \t]*:(?:[ \t\r\n]|$)/.source;
/** Blank and comment lines. */
const BLANK_OR_COMMENT_LINES = /(?:[ ]*(?:#[^\n]*)?\r?\n)*/.source;
/** A line that starts so, anywhere in a text. */
const lineStarting = (start: string) => new RegExp(`^${start}`, 'm');
/** The first line with content that starts so, past blank and comment lines. */
const firstLineStarting = (start: string) => new RegExp(`^${BLANK_OR_COMMENT_LINES}${start}`);
const EMPTY_KEY = lineStarting(EMPTY_KEY_START);
const EMPTY_KEY_NEXT = firstLineStarting(EMPTY_KEY_START);
const FLOW_KEY = lineStarting(FLOW_KEY_START);
const FLOW_KEY_NEXT = firstLineStarting(FLOW_KEY_START);

/** Whether a line of `text` is a comment `#x` (no space after the `#`) at column `column` or left of it. */
function bareCommentAtOrLeftOf(text: string, column: number): boolean {
  const comment = /^( *)#[^ \t\r\n]/gm;
  for (let m = comment.exec(text); m; m = comment.exec(text)) if (m[1].length <= column) return true;
  return false;
}

/** A tag, in the text that introduces a value (see taggedBefore). */
const TAG = /(?:^|[ \t\r\n[{,:])!/;
/** A comment, after what stands before it. */
const COMMENT = /(^|[ \t\r\n])#[^\r\n]*/g;

/**
 * Whether a tag may stand before `node`'s value: in the text from its key's end (or the end of the
 * item before it, or its collection's start) to the value, on any line. Some tags check what they
 * tag (`!!timestamp`, `!!int`, `!!set`'s members), with errors of their own. Past MAX_KEY_LINE
 * characters (or out of text order: an alias's copy) it may.
 */
function taggedBefore(source: TextLike, node: SyntaxNode): boolean {
  const parent = node.parent;
  let from = 0;
  if (node.keyOffset >= 0) from = node.keyOffset + node.keyLength;
  else if (parent) {
    // By offset (an array of 100,000 items is met at every level tried); by identity where copies
    // stand out of text order.
    let index = childIndexBefore(parent, node.offset);
    if (parent.children![index] !== node) index = parent.children!.indexOf(node);
    from = index > 0 ? parent.children![index - 1].end : parent.offset;
  }
  if (from > node.offset || node.offset - from > MAX_KEY_LINE) return true;
  // Not in a comment (`paths: # don't edit !`): that would cost every edit below it a whole parse.
  return TAG.test(source.slice(from, node.offset).replace(COMMENT, '$1'));
}

/** A line whose leading whitespace holds a tab. */
const TAB_IN_INDENT = /^ *\t/m;

/** Errors above a block in its top-level member that are looked at (insideEarlierSibling) before the whole text is parsed. */
const MAX_ERRORS_PLACED = 32;

/** Enclosing members (YAML) or values (JSON) the reparse tries, innermost first, before it parses the whole text. */
const MAX_LEVELS_TRIED = 12;

/** Largest share of the text a block may have; beyond it a full parse costs about the same. */
const MAX_BLOCK_SHARE = 0.5;

/** A line that ends in an escaped quote (`''`, `\\"`): a quoted scalar on it may be left open there. */
const ESCAPED_QUOTE_AT_END = /(?:''|\\")[ \t]*$/gm;

/** Per parse: the start of the line after its first loose-quoted line (see looseQuotedFrom). */
const looseQuotedAfter = new WeakMap<ParsedText, number>();

/**
 * Where the lines after the first quoted scalar left open at its line's end by an escaped quote
 * (`dog: 'dog.yaml''`) start, or Infinity. The `yaml` package reads such a scalar as closed, with
 * no error, only while a lone quote follows somewhere further down, and stretches it over the
 * blank lines right below it: an edit anywhere past it may change how it reads, so those edits
 * parse the whole text. No real document in the corpora has such a line; a user typing `''` has
 * one for a keystroke or two. So does a line with an error whose quote is left open (see
 * firstOpenErrorLineEnd). Found by one pass over a text parsed whole; a reparse carries it on
 * (looseQuotedAfterReparse), looking only at the lines it changed.
 */
function looseQuotedFrom(parsed: ParsedText): number {
  let from = looseQuotedAfter.get(parsed);
  if (from === undefined) {
    from = Math.min(firstLooseQuotedLineEnd(parsed.text, 0), firstOpenErrorLineEnd(parsed.text, parsed.errors, 0, parsed.text.length));
    looseQuotedAfter.set(parsed, from);
  }
  return from;
}

/** Characters of a line read around an edit or an error for an open quote (a longer line is read in part). */
const MAX_QUOTED_LINE = 4096;

/** Errors whose lines are read for an open quote: at most 8 MB read, once per whole parse. */
const MAX_ERROR_LINES_READ = 1000;

/**
 * The end of the first line in [from, to) that holds an error and a quoted scalar left open at its
 * end (`'    TreeNode:` typed at a line's start), or Infinity. Such a scalar runs on to the next
 * lone quote in the text, however far below, so how the error reads depends on the lines below.
 * A valid multi-line quoted scalar holds no error, so a valid document never has one. The first
 * MAX_ERROR_LINES_READ errors are read; the others, and errors on lines longer than
 * MAX_QUOTED_LINE, count as such lines from where they are.
 */
function firstOpenErrorLineEnd(text: TextLike, errors: readonly SyntaxError[], from: number, to: number): number {
  let first = Infinity;
  let read = 0;
  for (const error of errors) {
    if (error.offset < from || error.offset >= to || error.offset >= first) continue;
    if (++read > MAX_ERROR_LINES_READ) {
      first = error.offset;
      continue;
    }
    let lineStart = error.offset;
    const floor = Math.max(0, error.offset - MAX_QUOTED_LINE);
    while (lineStart > floor && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
    const lineFeed = text.slice(error.offset, error.offset + MAX_QUOTED_LINE).indexOf('\n');
    const lineEnd = lineFeed < 0 ? Math.min(text.length, error.offset + MAX_QUOTED_LINE) : error.offset + lineFeed;
    const long = (lineStart === floor && lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10) || (lineFeed < 0 && lineEnd < text.length);
    if (long) first = Math.min(first, error.offset);
    else if (leftOpen(text.slice(lineStart, lineEnd))) first = Math.min(first, lineEnd + 1);
  }
  return first;
}

/** The end (past its line feed) of the first loose-quoted line of `text`, plus `base`; Infinity when none. */
function firstLooseQuotedLineEnd(text: string, base: number): number {
  ESCAPED_QUOTE_AT_END.lastIndex = 0;
  for (let m = ESCAPED_QUOTE_AT_END.exec(text); m; m = ESCAPED_QUOTE_AT_END.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const lineEnd = m.index + m[0].length;
    if (leftOpen(text.slice(lineStart, lineEnd))) return base + lineEnd + 1;
  }
  return Infinity;
}

/**
 * The first loose-quoted line after a reparse: a line's looseness depends on its own text only, so
 * only the lines the edit changed are looked at. When the old first one was among them it may be
 * gone: the end of the changed lines stands for it until the next whole parse finds it exactly.
 */
function looseQuotedAfterReparse(old: ParsedText, edit: TextEdit, edited: ParsedText): number {
  const before = looseQuotedFrom(old);
  const source = sourceOf(edited);
  // Bounded on a long line (a 6 MB line of flow YAML): a part of it read as a line may look open,
  // which costs one whole parse, which finds the marker exactly.
  let lineStart = edit.offset;
  const floor = Math.max(0, edit.offset - MAX_QUOTED_LINE);
  while (lineStart > floor && source.charCodeAt(lineStart - 1) !== 10) lineStart--;
  const newEnd = edit.offset + edit.newText.length;
  const lineFeed = source.slice(newEnd, newEnd + MAX_QUOTED_LINE).indexOf('\n');
  const linesEnd = lineFeed < 0 ? Math.min(source.length, newEnd + MAX_QUOTED_LINE) : newEnd + lineFeed + 1;
  const inEdited = Math.min(firstLooseQuotedLineEnd(source.slice(lineStart, linesEnd), lineStart), firstOpenErrorLineEnd(source, edited.errors, lineStart, linesEnd));
  const moved = before === Infinity ? Infinity : Math.max(before + edit.newText.length - edit.length, linesEnd);
  return Math.min(inEdited, moved);
}

/** Whether a line's last quoted scalar is still open at its end: quotes read pair by pair as escapes. */
function leftOpen(line: string): boolean {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (!quote) {
      // A quote opens a scalar only where a value can start (after `: `, `- `, `[`, `{`, `,` or the indent).
      if ((c === "'" || c === '"') && /(^|[\s[{,]|: ?|- ?)$/.test(line.slice(Math.max(0, i - 2), i))) quote = c;
      else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return false;
    } else if (quote === "'" && c === "'") {
      if (line[i + 1] === "'") i++;
      else quote = '';
    } else if (quote === '"' && c === '\\') i++;
    else if (quote === '"' && c === '"') quote = '';
  }
  return quote !== '';
}

export function reparseEdit(old: ParsedText, edit: TextEdit): Reparsed | undefined {
  if (!old.root) return undefined;
  // A large tree not cut yet is edited as it is (every node after the edit moves, tens of
  // milliseconds): cutting 1,000,000 nodes at once took 0.3-1.3 s. The walk cutting it in steps
  // stops; the segments it cut stay, and the next check goes on cutting (Session.segmentLargeSteps).
  if (!isSegmented(old.root)) {
    if (sourceOf(old).length > SEGMENTED_AT_ONCE_CHARS) stopSegmenting(old.root);
    else segmentTree(old.root);
  }
  const from = selfContainedFrom(old);
  const result = old.format === 'json'
    ? reparseJsonString(old, edit) ?? reparseJsonValue(old, edit)
    : from !== undefined && edit.offset >= from && edit.offset < looseQuotedFrom(old) ? reparseScalar(old, edit) ?? reparseBlock(old, edit, from) : undefined;
  if (result && old.format === 'yaml') looseQuotedAfter.set(result.parsed, looseQuotedAfterReparse(old, edit, result.parsed));
  if (result?.lines) rememberLineIndex(result.parsed, result.lines);
  else if (result) carryLineIndex(old, result.parsed, edit.offset, edit.length, edit.newText);
  return result;
}

/**
 * Where the YAML blocks that depend only on their own lines start: the whole text without aliases;
 * past the last alias with them (ParsedText.aliasesEnd: an alias copies a block elsewhere, and
 * copies are out of text order); undefined when none do (tags and directives, read by the `yaml`
 * package).
 */
function selfContainedFrom(parsed: ParsedText): number | undefined {
  return parsed.selfContainedBlocks ? 0 : parsed.aliasesEnd;
}

/** The deepest node whose value span contains [start, end]. */
function deepestAt(root: SyntaxNode, start: number, end: number): SyntaxNode | undefined {
  if (!(root.offset <= start && end <= root.end)) return undefined;
  let node = root;
  for (;;) {
    if (!node.children || node.children.length === 0) return node;
    const child = childBefore(node, start, (c) => c.offset);
    if (!child || !(child.offset <= start && end <= child.end)) return node;
    node = child;
  }
}

/** The child whose start (member start by default) is the last at or before `offset`. */
function childBefore(node: SyntaxNode, offset: number, startOf: (n: SyntaxNode) => number = (n) => n.memberStart): SyntaxNode | undefined {
  const index = childIndexBefore(node, offset, startOf);
  return index < 0 ? undefined : node.children![index];
}

/** The index of childBefore's child, or -1. */
function childIndexBefore(node: SyntaxNode, offset: number, startOf: (n: SyntaxNode) => number = (n) => n.memberStart): number {
  const children = node.children!;
  let low = 0;
  let high = children.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (startOf(children[mid]) <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * Whether a reparse left the syntax errors as they were, only moved by the edit: typing in a
 * string that loses its closing quote keeps the tree (the string's value) but adds an error.
 */
export function errorsOnlyMoved(before: readonly SyntaxError[], after: readonly SyntaxError[], edit: TextEdit): boolean {
  if (before.length !== after.length) return false;
  const editEnd = edit.offset + edit.length;
  const delta = edit.newText.length - edit.length;
  for (let i = 0; i < before.length; i++) {
    const b = before[i];
    const a = after[i];
    const moved = b.offset >= editEnd ? b.offset + delta : b.offset;
    if (a.offset !== moved || a.length !== b.length || a.code !== b.code || a.message !== b.message) return false;
  }
  return true;
}

/** Errors of the old text outside [start, end), moved by the edit, with `added` (already placed). */
function errorsAfter(old: readonly SyntaxError[], start: number, end: number, delta: number, added: readonly SyntaxError[]): SyntaxError[] {
  const errors: SyntaxError[] = [];
  for (const e of old) {
    if (e.offset >= start && e.offset < end) continue;
    errors.push(e.offset >= end ? { ...e, offset: e.offset + delta } : e);
  }
  for (const e of added) errors.push(e);
  return errors.sort((a, b) => a.offset - b.offset);
}

/** A scalar's value changed in place: everything after the edit moves, what contains it grows. */
function shiftAroundScalar(old: ParsedText, node: SyntaxNode, edit: TextEdit, value: string): Reparsed {
  const editEnd = edit.offset + edit.length;
  const delta = edit.newText.length - edit.length;
  const source = sourceOf(old).edit(edit.offset, edit.length, edit.newText);
  // One pass over the tree, no recursion; a subtree that ends before the edit stays as it is, a
  // segment after it moves whole.
  const stack: SyntaxNode[] = [old.root!];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.offset + n.length < edit.offset) continue;
    if (n.isSegmentRoot && n.memberStart >= editEnd && n.memberStart > node.offset) {
      n.base.delta += delta;
      continue;
    }
    if (n.keyOffset >= editEnd) n.keyOffset += delta;
    if (n.offset >= editEnd && n !== node) n.offset += delta;
    else if (n.offset <= edit.offset && n.offset + n.length >= editEnd) n.length += delta;
    if (n.children) for (const c of n.children) stack.push(c);
  }
  node.value = detached(value);
  valueChangedIn(node);
  const errors = old.errors.length ? errorsAfter(old.errors, editEnd, editEnd, delta, []) : [];
  return { parsed: editedText(old.format, source, old.root, errors, old), node, nodes: [node], replaced: node };
}

/** Characters that cannot start or change YAML structure inside a scalar on one line. */
const SAFE_INNER = /^[A-Za-z0-9 .,_()/+=;-]*$/;
/** Characters typed or removed in a scalar of a text broken elsewhere that leave its recovery as it was. */
const BROKEN_TEXT_SAFE = /^[A-Za-z0-9 ._()/+=;-]*$/;
const OTHER_TYPE = /^(true|false|null|yes|no|on|off|~|[-+]?(\d|\.\d)[\d._eE+-]*|\.inf|\.nan)$/i;

function reparseScalar(old: ParsedText, edit: TextEdit): Reparsed | undefined {
  const editEnd = edit.offset + edit.length;
  const source = sourceOf(old);
  const removed = source.slice(edit.offset, editEnd);
  if (/[\r\n]/.test(edit.newText) || /[\r\n]/.test(removed)) return undefined;
  const node = deepestAt(old.root!, edit.offset, editEnd);
  if (!node || node.kind !== 'string' || node.children) return undefined;
  // An error inside the scalar, or over it: the parser's reading of it is not ours to redo.
  if (old.errors.some((e) => e.offset <= node.end && e.offset + e.length >= node.memberStart)) return undefined;
  const raw = source.slice(node.offset, node.end);
  if (/[\r\n]/.test(raw)) return undefined;
  if (node.style === 'block') return undefined;
  const quote = node.style === 'single' || node.style === 'double' ? 1 : 0;
  // The edit must stay inside the content (not touch the quotes).
  if (edit.offset < node.offset + quote || editEnd > node.end - quote) return undefined;
  const oldInner = raw.slice(quote, raw.length - quote);
  // Our reading of the scalar must be the parser's (no escapes, no folding), or the shortcut is
  // not provably the same.
  if (oldInner !== node.value) return undefined;
  // A quote inside that reads as itself: the scalar's own closing quote is missing (`'a''`, closed
  // by a quote further down), and a character typed between them closes it early.
  if ((node.style === 'single' && oldInner.includes("'")) || (node.style === 'double' && /["\\]/.test(oldInner))) return undefined;
  const at = edit.offset - node.offset - quote;
  const newInner = oldInner.slice(0, at) + edit.newText + oldInner.slice(at + edit.length);
  let inFlow = false;
  for (let n = node.parent; n; n = n.parent) if (n.flow) inFlow = true;
  if (inFlow && (!SAFE_INNER.test(newInner) || newInner.includes(','))) return undefined; // `,[]{}` end a scalar in flow context
  if (/[\t]/.test(newInner)) return undefined;
  // In a text broken elsewhere, only characters no recovery reads as structure: a string left
  // open above may close at a quote typed here (the yaml package looks for its closing quote
  // further on), a collection left open may end at a comma or bracket.
  if (!BROKEN_TEXT_SAFE.test(edit.newText + removed) && old.errors.some(readsOn)) return undefined;
  if (node.style === 'single' && /'/.test(edit.newText + removed)) return undefined;
  if (node.style === 'double' && /["\\]/.test(edit.newText + removed)) return undefined;
  if (!quote) {
    // A plain scalar after `key: ` or `- ` (never at column 0, where `---` would be a marker).
    // Right after a space (or a flow collection's `[`, `{`, `,`): after a tag's `!` a character
    // typed at the start is the tag's.
    const before = node.offset > 0 ? source.charCodeAt(node.offset - 1) : 10;
    if (before !== 32 && !(inFlow && (before === 91 || before === 123 || before === 44))) return undefined;
    if (newInner === '' || /^[-?:,[\]{}#&*!|>'"%@`\s]/.test(newInner) || /: |:$| #|\s$/.test(newInner) || OTHER_TYPE.test(newInner)) return undefined;
    // What the package reads as a number (`0o7`, `0xff`, `+.inf`) or another type is no string.
    if (resolvePlain(newInner).kind !== 'string') return undefined;
  }
  if (quote && newInner.length === 0 && node.style === 'single') return undefined;
  // A tag before it: some check what they tag (`!!timestamp`, `!!int`), with errors of their own.
  if (taggedBefore(source, node)) return undefined;
  return shiftAroundScalar(old, node, edit, newInner);
}

/**
 * Where the block that starts on the line at `lineStart` ends: the start of the next line that has
 * anything on it (a comment too) indented `indent` spaces or less, or the end of the text. Lines
 * come from the index (no scan for line breaks); past `limit` the search stops and returns where
 * it got to, which is no block anyone wants to reparse.
 */
function blockEnd(lines: LineIndex, lineStart: number, indent: number, limit = Infinity): number {
  const text = lines.text;
  for (let line = lines.lineOf(lineStart) + 1; line < lines.lineCount; line++) {
    const start = lines.lineStart(line);
    if (start > limit) return start;
    let i = start;
    while (text.charCodeAt(i) === 32) i++;
    const c = text.charCodeAt(i);
    // A tab in the leading whitespace: YAML reads such a line as blank or as indented by the tab,
    // not as the next block; inside the block it sends the block to the whole text's parse.
    if (i < text.length && c !== 10 && c !== 13 && c !== 9 && i - start <= indent) return start;
  }
  return text.length;
}

/** `from`: where blocks that stand alone start (see selfContainedFrom); a member before it is not reparsed. */
function reparseBlock(old: ParsedText, edit: TextEdit, from: number): Reparsed | undefined {
  // Block mapping members around the edit, outermost first.
  const members: SyntaxNode[] = [];
  for (let node = old.root; node?.children && !node.flow; ) {
    const child = childBefore(node, edit.offset);
    if (!child) break;
    if (node.kind === 'object') members.push(child);
    node = child;
  }
  // Innermost first; past a few levels a whole parse is as cheap (each level parses its block).
  for (let i = members.length - 1; i >= Math.max(0, members.length - MAX_LEVELS_TRIED); i--) {
    const result = reparseMember(old, edit, members[i], from);
    if (result) return result;
  }
  return undefined;
}

function reparseMember(old: ParsedText, edit: TextEdit, member: SyntaxNode, from: number): Reparsed | undefined {
  const parent = member.parent!;
  const text = sourceOf(old);
  const lines = lineIndexOf(old);
  const start = lines.lineStart(lines.lineOf(member.keyOffset));
  if (start < from) return undefined;
  const indent = member.keyOffset - start;
  for (let i = start; i < member.keyOffset; i++) if (text.charCodeAt(i) !== 32) return undefined; // `- key:`
  // A member out of line with its siblings: the whole text reports it (and what follows) against
  // the mapping's column, which a block parsed alone does not know.
  const sibling = parent.children![parent.children![0] === member ? 1 : 0];
  if (sibling && sibling.keyOffset >= 0 && columnOf(lines, sibling.keyOffset) !== indent) return undefined;
  const end = blockEnd(lines, start, indent, start + text.length * MAX_BLOCK_SHARE);
  const editEnd = edit.offset + edit.length;
  // The member must fill its block, and the edit stay inside it (an insertion at `end` belongs to
  // the next line, unless the block ends the text).
  if (member.end > end || edit.offset < start || editEnd > end || (edit.offset === end && end < text.length)) return undefined;
  if (end - start > text.length * MAX_BLOCK_SHARE) return undefined;
  // The block holds this member only: in a tree recovered from broken text, a more indented line
  // below a key can be another member's (the block would drop it).
  if (nextNodeStart(member) < end) return undefined;
  if (!errorsAreTheBlocks(old, start, end, member)) return undefined;
  // Errors elsewhere. One above in the same top-level member may have left the mappings around the
  // block read otherwise (a misaligned line, a compact mapping reading on), and one above that the
  // yaml package recovers from by reading on (an unclosed `[` or quote, a line that fits nowhere)
  // may read the block's new lines otherwise, however far. One below may have come from the
  // block's own old error, which the edit may take away. Either way the whole text's parse says;
  // an error in an earlier top-level member that reads nothing on, and any below a clean block, stay,
  // as does one deeper inside an earlier member of any mapping around the block (insideEarlierSibling).
  // One from above that reaches into the block (a key read over several lines) is measured by the
  // block's text too.
  if (old.errors.some((e) => e.offset < start && e.offset + e.length > start)) return undefined;
  let top = member;
  while (top.parent?.parent) top = top.parent;
  const topStart = top.memberStart;
  const blockHadErrors = old.errors.some((e) => e.offset >= start && e.offset < end);
  // An old error in the block that reads on (a flow collection or a string left open) may have
  // read the lines after the block otherwise, without an error of theirs to show it.
  if (end < text.length && old.errors.some((e) => e.offset >= start && e.offset < end && readsOn(e))) return undefined;
  // A broken line at the top level (a key without its colon) may be read on into the next lines at
  // column 0 up to the next top-level key (`serve` over `:` is a key over two lines): one after the
  // key line of the member before the block's.
  const topIndex = childIndexBefore(old.root!, topStart);
  const previousTopStart = topIndex > 0 ? old.root!.children![topIndex - 1].memberStart : 0;
  // Each error placed inside an earlier sibling walks up the block's ancestors: past a few, the
  // whole parse (50,000 errors above a block 800 mappings deep took 12 s a keystroke).
  let placed = 0;
  const insideEarlier = (e: SyntaxError) => ++placed <= MAX_ERRORS_PLACED && insideEarlierSibling(e, member, text, lines);
  const reaches = (e: SyntaxError) =>
    e.offset < start
      ? readsOn(e) || (!staysPut(e) && (e.offset >= topStart ? !insideEarlier(e) : e.offset >= previousTopStart && unindented(e, text, lines)))
      : e.offset >= end && blockHadErrors && !staysPut(e);
  if (old.errors.some(reaches)) return undefined;
  const delta = edit.newText.length - edit.length;
  const newText = text.edit(edit.offset, edit.length, edit.newText);
  // After the edit the region still ends where the next block starts, at the start of a line.
  const newEnd = end + delta;
  const newLines = lines.afterEdit(newText, edit.offset, edit.length, edit.newText);
  if (newEnd < newText.length && newLines.lineStart(newLines.lineOf(newEnd)) !== newEnd) return undefined;
  // Lines at this indent inside it are members the edit added (a pasted field line).
  const newMembers = blockEnd(newLines, start, indent) !== newEnd;
  let depth = 0;
  for (let n = parent.parent; n; n = n.parent) depth++;
  // A tag on a collection around the block may check its members (`!!set`, `!!omap`).
  for (let n: SyntaxNode | undefined = parent; n?.parent; n = n.parent) if (taggedBefore(text, n)) return undefined;
  // A copy: the new nodes' strings must not keep this whole version of the text alive.
  const blockText = detached(newText.slice(start, newEnd));
  // `---` or `...` at a line's start ends the document there: what follows is a second one, which
  // the whole text's parse reports and leaves out of the tree.
  if (DOCUMENT_MARKER.test(blockText)) return undefined;
  // An explicit key (`? key`) or a line of only an anchor or a tag (rare in OpenAPI documents): the
  // yaml package places the empty node of a last such line by the lines after it (comments, the
  // next key's indent).
  if (EXPLICIT_KEY.test(blockText) || EXPLICIT_KEY.test(text.slice(Math.max(0, start - MAX_KEY_LINE), start))) return undefined;
  // A flow collection as a key (`[a]: 1`): the yaml package reports it on a mapping's later
  // member, not on its first, which the block's member is when parsed alone.
  // Right after the block too: blank or comment lines typed above it make it an error there.
  if (FLOW_KEY.test(blockText) || FLOW_KEY_NEXT.test(newText.slice(newEnd, newEnd + MAX_KEY_LINE))) return undefined;
  // A comment line `#x` at or left of the block's column: the yaml package reads a plain scalar
  // below it and the next key as one key (see yaml-fast.ts).
  // (The old block holds none: such a line ends a block.)
  if (bareCommentAtOrLeftOf(blockText, indent)) return undefined;
  // An empty key (a line starting with `:`) below an error: the yaml package's recovery may place
  // it at the end of the broken lines above.
  if (old.errors.some((e) => e.offset < start) && EMPTY_KEY.test(blockText)) return undefined;
  // A tab in a line's leading whitespace is blank or indentation (an error) by what comes after the
  // block: `b:` above a line of spaces and a tab reads the tab as the start of its value.
  if (TAB_IN_INDENT.test(blockText) || TAB_IN_INDENT.test(text.slice(start, end))) return undefined;
  const block = parseYamlBlock(blockText, depth);
  // A new error in the block may read on into an old one below it, as no probe of one line shows.
  if (block && block.errors.length > 0 && old.errors.some((e) => e.offset >= end && !staysPut(e))) return undefined;
  // An empty key right after a block, in a broken text: the yaml package's recovery may place it on
  // the broken lines of the block.
  if (block && (block.errors.length > 0 || old.errors.length > 0) && EMPTY_KEY_NEXT.test(newText.slice(newEnd, newEnd + MAX_KEY_LINE))) return undefined;
  const blockRoot = block?.root;
  const replacements = blockRoot?.children ?? [];
  if (!block || replacements.length === 0 || (newMembers ? block.errors.length > 0 : replacements.length !== 1)) return undefined;
  if (newEnd < newText.length && (block.errors.length > 0 || old.errors.length > 0)) {
    // An unclosed `[` or `{`: the whole text's parse reads on into the lines after the block, as
    // many as it takes to close it or find a line less indented, which no probe of one line tells.
    if (block.errors.some((e) => UNCLOSED_FLOW.test(e.message))) return undefined;
    const next = keyLineAfter(newText, newLines, newEnd);
    if (old.errors.length > 0 && (!next || oldErrorsOn(next, end, old.errors, delta))) return undefined;
    // In a text with errors the old tree may hold no node for the lines after the block (the yaml
    // package's recovery can drop a member whole): the next node must be that line's.
    if (old.errors.length > 0 && nextNodeStart(member) !== next!.start + next!.indent - delta) return undefined;
    if (block.errors.length > 0 && !recoveryEndsInBlock(newText, lines, start, newEnd, next, member, block)) return undefined;
  } else if (block.errors.length > 0 && !recoveryEndsInBlock(newText, lines, start, newEnd, 'end of text', member, block)) return undefined;
  const others = new Set(parent.children!.filter((c) => c !== member).map((c) => c.key));
  // A key that repeats a sibling's, or the first of two that stops being one: the duplicate-key
  // error sits on a member outside the block (the later one), which only a whole parse redoes.
  const keyWas = others.has(member.key);
  const blockLines = lineIndexOf(block);
  for (const replacement of replacements) {
    if (blockLines.positionAt(replacement.keyOffset).character !== indent) return undefined;
    if (replacement.key !== member.key && (others.has(replacement.key) || keyWas)) return undefined;
  }

  if (replacements.some((r) => endsByWhatFollows(r, (at) => blockText.slice(at, at + 3), blockText.length))) return undefined;
  // The same for the value right above the block: blank lines typed at the block's start are a
  // block scalar's, and an empty value after `? key` sits at the block's first content.
  const index = parent.children!.indexOf(member);
  if (index > 0) {
    let above = parent.children![index - 1];
    while (above.children?.length) above = above.children[above.children.length - 1];
    if (endsByWhatFollows(above, (at) => text.slice(at, at + 3), start)) return undefined;
  }
  for (const replacement of replacements) moveSubtree(replacement, start);
  const ancestors: SyntaxNode[] = [];
  for (let n: SyntaxNode | undefined = parent; n; n = n.parent) ancestors.push(n);
  // Block mappings start with their first member's key: those that did start where it does now.
  const startAtFirst = new Set(ancestors.filter((a) => a.kind === 'object' && a.offset === a.children![0]?.memberStart));
  // The members the edit left as they were keep their nodes (and so their findings and objects):
  // typing a new key in an operation reparses the operation, but only the new key is new.
  // Kept members are compared by tree too where either version of the block was read by recovery.
  // Whether a collection around the edit now starts or ends elsewhere than the edit moved it to (a
  // broken member the recovery reads shorter): what is placed by its bounds (a fix inserting a
  // member after its last one) must be computed again. Bounds at the edit or inside it may go
  // either way (a member typed after the last one).
  let reshaped = false;
  const movedAway = movedAwayFrom(edit);
  // Kept members around the edit too: a multi-line plain scalar read shorter ends its mappings early.
  const resized = (was: number, now: number) => {
    if (movedAway(now, was)) reshaped = true;
  };
  const kept = replacements.length === 1 ? keepUnchanged(member, replacements[0], text, newText, block.errors.length > 0 || blockHadErrors, resized) : undefined;
  if (!kept) parent.replaceChildren(parent.children!.indexOf(member), 1, replacements);
  // What was computed from the children of the nodes around the new members is out of date.
  else valueChangedIn(kept.nodes[0].parent!);
  moveAfter(old.root!, ancestors, new Set(kept ? [member] : replacements), end, delta);
  // Block collections end with their last entry (syntax/yaml.ts), innermost first.
  for (const a of ancestors) {
    const [oldStart, oldEnd] = [a.offset, a.end];
    const last = a.children![a.children!.length - 1];
    const endsAt = last.end;
    if (startAtFirst.has(a)) a.offset = a.children![0].memberStart;
    a.length = endsAt - a.offset;
    if (movedAway(a.offset, oldStart) || movedAway(a.end, oldEnd)) reshaped = true;
  }
  const added = block.errors.map((e) => ({ ...e, offset: e.offset + start }));
  // A block that ends the text owns the errors at its end too (an unclosed `[` is reported there).
  const errorsEnd = end >= text.length ? Infinity : end;
  const errors = old.errors.length || added.length ? errorsAfter(old.errors, start, errorsEnd, delta, added) : [];
  const parsed = editedText('yaml', newText, old.root, errors, old);
  if (kept) return { parsed, node: kept.nodes[0], nodes: kept.nodes, replaced: kept.replaced, lines: newLines, reshaped };
  return { parsed, node: replacements[0], nodes: replacements, replaced: member, lines: newLines, reshaped };
}

/** Whether a bound that was at `was` before the edit is not where the edit moved it (`now`); bounds at the edit or inside it may go either way. */
function movedAwayFrom(edit: TextEdit): (now: number, was: number) => boolean {
  const editEnd = edit.offset + edit.length;
  const delta = edit.newText.length - edit.length;
  return (now, was) => (was < edit.offset && now !== was) || (was > editEnd && now !== was + delta);
}

/**
 * After a block (a JSON value) was parsed again: where the new tree of a mapping has members whose
 * text is the old one's (the same text parses the same way at the same indentation), the old nodes
 * stay, moved to their new offsets, and only the members between them are new. Goes down while
 * one member differs. Returns the old member the new ones replace (at least one: a neighbour that
 * holds no collection, preferably, when the edit only added members), or undefined when the trees
 * differ at the top (another key, a flow collection) or old members went (several in one, removed).
 */
function keepUnchanged(
  old: SyntaxNode, fresh: SyntaxNode, oldText: TextLike, newText: TextLike, broken: boolean, resized: (was: number, now: number) => void,
): { replaced: SyntaxNode; nodes: SyntaxNode[] } | undefined {
  if (old.kind !== 'object' || fresh.kind !== 'object' || old.flow || fresh.flow) return undefined;
  if (old.key !== fresh.key || old.keyOffset !== fresh.keyOffset || old.keyLength !== fresh.keyLength) return undefined;
  if (old.offset !== fresh.offset || old.packedFlags !== fresh.packedFlags) return undefined;
  const before = old.children!;
  const after = fresh.children!;
  // In a block parsed with errors the same text may not parse the same way: the recovery from a
  // broken member reads on into the next ones (an unclosed `[`). There the trees are compared too.
  // The flags too: a tag typed before a member's key (`!!str : b`) lies outside its text.
  const same = (a: SyntaxNode, b: SyntaxNode) =>
    a.key === b.key && a.packedFlags === b.packedFlags && a.end - a.memberStart === b.end - b.memberStart &&
    oldText.slice(a.memberStart, a.end) === newText.slice(b.memberStart, b.end) &&
    (!broken || sameSubtree(a, b, b.memberStart - a.memberStart));
  let head = 0;
  while (head < before.length && head < after.length && same(before[head], after[head])) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && same(before[before.length - 1 - tail], after[after.length - 1 - tail])) tail++;
  let from = head;
  let oldEnd = before.length - tail;
  let newEnd = after.length - tail;
  if (oldEnd - from === 1 && newEnd - from === 1) {
    const deeper = keepUnchanged(before[from], after[from], oldText, newText, broken, resized);
    if (deeper) {
      moveKept(before, after, 0, before.length, from);
      resized(old.end, fresh.end);
      old.length = fresh.length;
      return deeper;
    }
  }
  // Several old members in one, or members removed: the block is replaced whole.
  if (oldEnd - from > 1 || newEnd - from < oldEnd - from) return undefined;
  if (oldEnd === from) {
    // Only added members: one old neighbour goes with them (a scalar when there is one).
    const previous = from > 0 ? before[from - 1] : undefined;
    const next = oldEnd < before.length ? before[oldEnd] : undefined;
    if (previous && (!previous.children || !next || next.children)) from--;
    else if (next) oldEnd++, newEnd++;
    else return undefined;
  }
  const nodes = after.slice(from, newEnd);
  const replaced = before[from];
  moveKept(before, after, 0, from, -1);
  moveKept(before, after, oldEnd, before.length, -1, newEnd - oldEnd);
  old.replaceChildren(from, oldEnd - from, nodes);
  resized(old.end, fresh.end);
  old.length = fresh.length;
  return { replaced, nodes };
}

/** Moves old members [from, to) to the offsets of their new counterparts (`shift` positions on), but `skip`. */
function moveKept(before: readonly SyntaxNode[], after: readonly SyntaxNode[], from: number, to: number, skip: number, shift = 0): void {
  for (let i = from; i < to; i++) {
    if (i === skip) continue;
    const delta = after[i + shift].memberStart - before[i].memberStart;
    if (delta !== 0) moveSubtree(before[i], delta);
  }
}

/**
 * Whether the old text's errors inside a block are the ones the block has when parsed alone. In a
 * text broken around the block they may not be: after a misaligned line, the `yaml` package reports
 * every later item of the enclosing mappings ("All mapping items must start at the same column"),
 * and a block parsed alone would lose those. Parses the old block only when it holds errors.
 */
function errorsAreTheBlocks(old: ParsedText, start: number, end: number, member: SyntaxNode): boolean {
  const inside = old.errors.filter((e) => e.offset >= start && e.offset < end);
  if (inside.length === 0) return true;
  let depth = 0;
  for (let n = member.parent!.parent; n; n = n.parent) depth++;
  const alone = parseYamlBlock(sourceOf(old).slice(start, end), depth);
  return alone !== undefined && sameErrors(alone.errors, inside, start);
}

/**
 * Whether an error above the block lies on a line deeper inside an earlier member of a block
 * mapping around it (a key left without its colon in another operation of `paths`), the error not
 * reading on. The next member's key line, at the mapping's column, closes every collection the
 * broken lines opened deeper: from there on the yaml package reads the lines as it would without
 * the error, as it does after an error in an earlier top-level member. An error on a key line of
 * that mapping (a misaligned member, "All mapping items must start at the same column") or less
 * indented does not qualify: it may have changed the mapping itself.
 */
function insideEarlierSibling(error: SyntaxError, member: SyntaxNode, text: TextLike, lines: LineIndex): boolean {
  const errorLine = lines.lineOf(error.offset);
  for (let around: SyntaxNode | undefined = member; around?.parent; around = around.parent) {
    const mapping = around.parent;
    if (mapping.kind !== 'object') continue; // the item of a sequence: its mapping's members are the level
    if (mapping.flow || around.keyOffset < 0) return false;
    // The error is before this mapping: the level is one of the mappings further out.
    if (lines.lineOf(mapping.children![0].memberStart) >= errorLine) continue;
    const column = columnOf(lines, around.keyOffset);
    const index = childIndexBefore(mapping, error.offset);
    const earlier = mapping.children![index];
    if (!earlier || earlier === around || earlier.keyOffset < 0 || lines.lineOf(earlier.keyOffset) >= errorLine) return false;
    if (columnOf(lines, earlier.keyOffset) !== column) return false;
    // The member after it starts on a later line (a misaligned key's error is before the key).
    const following = mapping.children![index + 1];
    if (following.keyOffset < 0 || lines.lineOf(following.keyOffset) <= errorLine) return false;
    const { indent, lead } = lineLead(error, text, lines);
    // Blank, a tab or a comment where the content starts: not plainly inside the earlier member.
    return indent > column && !Number.isNaN(lead) && lead !== 10 && lead !== 13 && lead !== 9 && lead !== 35;
  }
  return false;
}

/** Whether an error's line starts with something other than a space (content at column 0, a tab). */
function unindented(error: SyntaxError, text: TextLike, lines: LineIndex): boolean {
  const { indent, lead } = lineLead(error, text, lines);
  return indent === 0 && lead !== 10 && lead !== 13 && lead !== 35;
}

/** The spaces that start an error's line (up to MAX_KEY_LINE), and the character after them (NaN past the text). */
function lineLead(error: SyntaxError, text: TextLike, lines: LineIndex): { indent: number; lead: number } {
  const lineStart = lines.lineStart(lines.lineOf(error.offset));
  let indent = 0;
  while (indent < MAX_KEY_LINE && text.charCodeAt(lineStart + indent) === 32) indent++;
  return { indent, lead: text.charCodeAt(lineStart + indent) };
}

/** A syntax error whose reading depends on no other block: a duplicate key, a warning (they still move with edits above them). */
function staysPut(error: SyntaxError): boolean {
  return error.code === 'DUPLICATE_KEY' || error.severity === 'warning';
}

/**
 * An error the yaml package may recover from by reading on past its line: any about a flow
 * collection (an unclosed or unexpected `[` or `{` leaves the lexer reading flow), a string never
 * closed, the rest of the text read as unreadable; how the lines after it read depends on them.
 */
function readsOn(error: SyntaxError): boolean {
  return FLOW_ERROR.test(error.message) || UNREADABLE_REST.test(error.message) || NEVER_CLOSED.test(error.message);
}

/** Whether two parses report the same errors, in any order; `shift` moves the first ones' offsets. */
function sameErrors(a: readonly SyntaxError[], b: readonly SyntaxError[], shift = 0): boolean {
  if (a.length !== b.length) return false;
  const describe = (e: SyntaxError, by: number) => `${e.offset + by}+${e.length} ${e.severity} ${e.code} ${e.message}`;
  const left = a.map((e) => describe(e, shift)).sort();
  const right = b.map((e) => describe(e, 0)).sort();
  return left.every((e, i) => e === right[i]);
}

/** Lines that may stand between a block and the key line that follows it (comments, blank lines). */
const MAX_LINES_AFTER_BLOCK = 16;
/** Characters of those lines a probe of a broken block reads (recoveryEndsInBlock); past them, a whole parse. */
const MAX_LINES_BETWEEN_CHARS = 16 * 1024;

interface KeyLine {
  /** Where the line starts, and its indent. */
  start: number;
  indent: number;
  /** The line up to its key's colon (the value after it may be long: a minified flow collection). */
  key: string;
  /** The whole line, when it is not long. */
  line?: string;
}

/**
 * The first line after `end` with anything but a comment on it; undefined when it is not near
 * (past MAX_LINES_AFTER_BLOCK lines, or no key in its first MAX_KEY_LINE characters of a longer line).
 */
function keyLineAfter(text: TextLike, lines: LineIndex, end: number): KeyLine | undefined {
  const first = lines.lineOf(end);
  for (let line = first; line < lines.lineCount && line < first + MAX_LINES_AFTER_BLOCK; line++) {
    const start = lines.lineStart(line);
    const lineEnd = line + 1 < lines.lineCount ? lines.lineStart(line + 1) : text.length;
    const content = text.slice(start, Math.min(lineEnd, start + MAX_KEY_LINE));
    const indent = content.search(/[^ \r\n]/);
    if (indent < 0 || content[indent] === '#') continue;
    const colon = /:(?=[ \t\r\n]|$)/.exec(content);
    if (!colon && lineEnd - start > MAX_KEY_LINE) return undefined;
    const whole = lineEnd - start <= MAX_KEY_LINE ? content.replace(/[\r\n]+$/, '') : undefined;
    return { start, indent, key: colon ? content.slice(0, colon.index + 1) : content.replace(/[\r\n]+$/, ''), line: whole };
  }
  return undefined;
}

/**
 * Whether the old text had errors on the key line that follows the block (at `next` in the new
 * text, `delta` after the old one): after a broken line above, the yaml package reports there
 * what depends on the lines before it ("All mapping items must start at the same column", at the
 * line's start or at its key), and the block parsed again cannot tell which the whole text has.
 */
function oldErrorsOn(next: KeyLine, oldEnd: number, oldErrors: readonly SyntaxError[], delta: number): boolean {
  const to = next.start + next.key.length - delta;
  return oldErrors.some((e) => e.offset >= oldEnd && e.offset < to);
}

/**
 * Whether a block that parsed with errors reads the same in its place in the whole text. The yaml
 * package's recovery depends on what is around the block:
 * - on the collections that hold it: `'200'|` on the last line of a `responses` mapping four levels
 *   deep is read otherwise than at the top of a text of its own;
 * - on whether its mapping has members before it: `c` over an indented line is a key without a
 *   value after other keys, and the start of a multi-line key before any;
 * - on the lines after it: after `name: é{type: string}` (a mapping nested in a compact one) it
 *   reads the next lines at `name`'s indent into `name`'s value, after an unclosed `{` or `[` it
 *   reads on into the next lines, after a stray `}` every later token is an error.
 * So the block is parsed again between lines standing for what surrounds it (see surroundings) and
 * the next member's line (`next`; none when the block ends the text), and must read the same
 * there. When the next line is less indented (the block ends its mapping) the enclosing block is
 * the one to check: false.
 */
function recoveryEndsInBlock(text: TextLike, lines: LineIndex, start: number, end: number, next: KeyLine | undefined | 'end of text', member: SyntaxNode, block: ParsedText): boolean {
  const indent = member.keyOffset - start;
  if (next !== 'end of text' && (!next || next.indent !== indent)) return false;
  // An error on the member's own key line (a quote typed into the key, `:&a` after it): the whole
  // text reads that line as a line of the enclosing mapping, which recovers differently.
  const keyLineEnd = text.slice(start, start + MAX_KEY_LINE).search(/[\r\n]/);
  if (keyLineEnd < 0 || block.errors.some((e) => e.offset < keyLineEnd)) return false;
  const context = surroundings(member, lines);
  if (context === undefined) return false;
  // The next line whole: an unclosed flow collection reads on into its value too. And the comment
  // and blank lines before it: the yaml package stretches a broken collection over them (a `-`
  // left alone above a comment line).
  const between = next === 'end of text' ? '' : text.slice(end, next.start);
  if (between.length > MAX_LINES_BETWEEN_CHARS) return false;
  const after = next === 'end of text' ? '' : between + (next.line ?? next.key);
  const probe = parseYamlBlock(detached(context.lines + text.slice(start, end) + after), 0);
  let holder = probe?.root;
  for (let level = 0; level < context.levels && holder?.children; level++) holder = holder.children[holder.children.length - 1];
  const members = block.root!.children!;
  const probed = holder?.children?.slice(context.before);
  if (!probed || probed.length !== members.length + (after ? 1 : 0)) return false;
  const shift = context.lines.length;
  return members.every((m, i) => sameSubtree(m, probed[i], shift)) && sameErrors(block.errors, probe!.errors, shift);
}

/**
 * Lines that open, at their columns, the collections around a member, as its block's context
 * (see recoveryEndsInBlock): a key line for each mapping, a dash for each sequence, and a member
 * or item before the path's one where the text has one. `levels`: the collections they open below
 * the root; `before`: 1 when a member stands before the block in its mapping. Undefined when a
 * sequence item's dash is not where a block sequence has it.
 */
function surroundings(member: SyntaxNode, lines: LineIndex): { lines: string; levels: number; before: number } | undefined {
  const path: SyntaxNode[] = [];
  for (let n = member; n.parent; n = n.parent) path.push(n);
  path.reverse();
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const node = path[i];
    const container = node.parent!;
    const hasBefore = container.children![0] !== node;
    if (container.kind === 'object') {
      const pad = ' '.repeat(columnOf(lines, node.keyOffset));
      if (hasBefore) out += `${pad}_${i}: 0\n`;
      if (i < path.length - 1) out += `${pad}_${i}_:\n`;
    } else {
      const dash = dashBefore(lines, node.offset);
      if (dash < 0) return undefined;
      const pad = ' '.repeat(columnOf(lines, dash));
      if (hasBefore) out += `${pad}- 0\n`;
      out += `${pad}-\n`;
    }
  }
  return { lines: out, levels: path.length - 1, before: member.parent!.children![0] !== member ? 1 : 0 };
}

function columnOf(lines: LineIndex, offset: number): number {
  return offset - lines.lineStart(lines.lineOf(offset));
}

/** The `-` that starts the block sequence item at `offset` on its line (a space or more between), or -1. */
function dashBefore(lines: LineIndex, offset: number): number {
  const text = lines.text;
  const lineStart = lines.lineStart(lines.lineOf(offset));
  let i = offset - 1;
  while (i >= lineStart && text.charCodeAt(i) === 32) i--;
  return i >= lineStart && i < offset - 1 && text.charCodeAt(i) === 45 ? i : -1;
}

/** The yaml package does not read an implicit key longer than this (YAML 1.2 limits it to 1024). */
const MAX_KEY_LINE = 1024;

/**
 * Whether a subtree holds a value whose range depends on the lines after it: a block scalar that
 * is empty or keeps its trailing line breaks (`|+`) takes in the blank lines before the next
 * content, which a block parsed alone ends before; an empty value from `end` on (after `? key`
 * with no `:`) is placed at the next content, past the next line's indent. `headerAt`: the text
 * at a scalar's offset.
 */
function endsByWhatFollows(root: SyntaxNode, headerAt: (offset: number) => string, end: number): boolean {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.children) for (const c of n.children) stack.push(c);
    else if (n.style === 'block' && (n.value === '' || KEEP_CHOMPING.test(headerAt(n.offset)))) return true;
    else if (n.length === 0 && n.offset >= end) return true;
  }
  return false;
}

/** A block scalar header that keeps trailing line breaks: `|+`, `>+`, `|2+`, `|+2`. */
const KEEP_CHOMPING = /^[|>](?:\d?\+)/;

/** Whether two subtrees are the same nodes, the second's text starting `shift` characters later. */
function sameSubtree(a: SyntaxNode, b: SyntaxNode, shift: number): boolean {
  const stack: [SyntaxNode, SyntaxNode][] = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop()!;
    if (x.offset + shift !== y.offset || x.length !== y.length || x.packedFlags !== y.packedFlags || x.key !== y.key) return false;
    const keyOffset = x.keyOffset < 0 ? x.keyOffset : x.keyOffset + shift;
    if (keyOffset !== y.keyOffset || x.keyLength !== y.keyLength || !Object.is(x.value, y.value)) return false;
    const xs = x.children;
    const ys = y.children;
    if (!xs || !ys) {
      if (xs !== ys) return false;
      continue;
    }
    if (xs.length !== ys.length) return false;
    for (let i = 0; i < xs.length; i++) stack.push([xs[i], ys[i]]);
  }
  return true;
}

/** Moves everything that starts at or after `end` (outside the replaced node) by `delta`. */
function moveAfter(root: SyntaxNode, ancestors: readonly SyntaxNode[], replacements: ReadonlySet<SyntaxNode>, end: number, delta: number): void {
  if (delta === 0) return;
  const onPath = new Set(ancestors);
  const stack: SyntaxNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (onPath.has(n)) {
      for (const c of n.children!) if (!replacements.has(c)) stack.push(c);
    } else if (n.memberStart >= end) moveSubtree(n, delta);
  }
}

function moveSubtree(root: SyntaxNode, delta: number): void {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.isSegmentRoot) {
      n.base.delta += delta;
      continue;
    }
    n.offset += delta;
    if (n.keyOffset >= 0) n.keyOffset += delta;
    if (n.children) for (const c of n.children) stack.push(c);
  }
}

/** JSON: typing inside a string that has no escapes, neither adding nor removing `"`, `\` or a control character. */
function reparseJsonString(old: ParsedText, edit: TextEdit): Reparsed | undefined {
  const editEnd = edit.offset + edit.length;
  const node = deepestAt(old.root!, edit.offset, editEnd);
  if (!node || node.kind !== 'string' || edit.offset <= node.offset || editEnd >= node.end) return undefined;
  if (old.errors.some((e) => e.offset <= node.end && e.offset + e.length >= node.memberStart)) return undefined;
  const source = sourceOf(old);
  const removed = source.slice(edit.offset, editEnd);
  if (/["\\\u0000-\u001f]/.test(edit.newText + removed)) return undefined;
  const inner = source.slice(node.offset + 1, node.end - 1);
  if (inner !== node.value) return undefined; // escapes: our reading is not the raw text
  const at = edit.offset - node.offset - 1;
  return shiftAroundScalar(old, node, edit, inner.slice(0, at) + edit.newText + inner.slice(at + edit.length));
}

/** JSON: an edit strictly inside an object or array: that value is parsed again alone. */
function reparseJsonValue(old: ParsedText, edit: TextEdit): Reparsed | undefined {
  const editEnd = edit.offset + edit.length;
  // The containers around the edit, innermost last.
  const around: SyntaxNode[] = [];
  for (let node: SyntaxNode | undefined = old.root; node?.children; ) {
    if (!(node.offset < edit.offset && editEnd < node.end)) break;
    around.push(node);
    node = childBefore(node, edit.offset);
  }
  const delta = edit.newText.length - edit.length;
  const oldText = sourceOf(old);
  const text = oldText.edit(edit.offset, edit.length, edit.newText);
  for (let i = around.length - 1; i >= Math.max(1, around.length - MAX_LEVELS_TRIED); i--) {
    const node = around[i];
    if (node.length > oldText.length * MAX_BLOCK_SHARE) return undefined;
    // A value the old text's recovery ended at the end of the text (not at its own bracket): what
    // follows it was read differently, and is not this value's to redo.
    if (node.end >= oldText.length && old.errors.some((e) => e.offset >= oldText.length)) continue;
    if (old.errors.some((e) => e.offset < node.offset && e.offset + e.length > node.offset)) continue;
    if (nextNodeStart(node) < node.end) continue; // a recovered tree where a sibling starts inside it
    // The old text's errors inside the value must be its own (a comma missing before it is
    // reported at its first character), as for YAML blocks (errorsAreTheBlocks).
    const inside = old.errors.filter((e) => e.offset >= node.offset && e.offset < node.end);
    if (inside.some((e) => e.offset === node.offset)) continue;
    if (inside.length > 0) {
      const alone = parseJsonFragment(oldText.slice(node.offset, node.end), i);
      if (!alone || !sameErrors(alone.errors, inside, node.offset)) continue;
    }
    const start = node.offset;
    const end = node.end + delta;
    const fragment = parseJsonFragment(detached(text.slice(start, end)), i);
    if (!fragment) continue;
    // Past the depth limit the strict reader skips what it does not build, errors included: what
    // is reported there is the whole text's parse's to say.
    if (fragment.errors.some((e) => e.code === 'TooDeep')) return undefined;
    const replacement = fragment.root;
    moveSubtree(replacement, start);
    replacement.key = node.key;
    replacement.keyOffset = node.keyOffset;
    replacement.keyLength = node.keyLength;
    replacement.parent = node.parent;
    const parent = node.parent!;
    const oldEnd = node.end;
    // As in YAML blocks: the members the edit left as they were keep their nodes, and a kept
    // collection that recovery ends elsewhere than the edit moved it to reshapes the tree.
    let reshaped = false;
    const movedAway = movedAwayFrom(edit);
    const kept = keepUnchanged(node, replacement, oldText, text, fragment.errors.length > 0, (was, now) => {
      if (movedAway(now, was)) reshaped = true;
    });
    if (!kept) parent.replaceChild(parent.children!.indexOf(node), replacement);
    else valueChangedIn(kept.nodes[0].parent!);
    const ancestors: SyntaxNode[] = [];
    for (let n: SyntaxNode | undefined = parent; n; n = n.parent) ancestors.push(n);
    moveAfter(old.root!, ancestors, new Set([kept ? node : replacement]), oldEnd, delta);
    // JSON collections end at their closing bracket: every ancestor grows by the edit.
    for (const a of ancestors) a.length += delta;
    const added = fragment.errors.map((e) => ({ ...e, offset: e.offset + start }));
    const errors = old.errors.length || added.length ? errorsAfter(old.errors, node.offset, oldEnd, delta, added) : [];
    const parsed = editedText('json', text, old.root, errors, {});
    if (kept) return { parsed, node: kept.nodes[0], nodes: kept.nodes, replaced: kept.replaced, reshaped };
    return { parsed, node: replacement, nodes: [replacement], replaced: node };
  }
  return undefined;
}
