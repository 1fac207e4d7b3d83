// YAML text -> SyntaxNode tree through the `yaml` package (YAML 1.2 core schema, source offsets).
import { OFF_THREAD_MIN_CHARS } from './off-thread';
import { Alias, Document, isAlias, isMap, isScalar, isSeq, parseDocument, Scalar } from 'yaml';
import { emptyError } from './json';
import { ALIAS_NODE_BUDGET, parseYamlFast } from './yaml-fast';
import { MAX_DEPTH, NodeKind, ParsedText, reportDuplicateKeys, ScalarStyle, SyntaxError, SyntaxNode } from './tree';

type YamlNode = unknown;

class YamlConverter {
  errors: SyntaxError[] = [];
  aliasBudget = ALIAS_NODE_BUDGET;
  budgetReported = false;
  /** Whether an alias was expanded: then a block's value may come from elsewhere in the text. */
  usedAlias = false;
  /** Each alias's target, found in one walk when the first alias is met. */
  private aliasTargets: Map<Alias, YamlNode> | undefined;
  constructor(private readonly doc: Document.Parsed, private readonly text: string) {}

  convert(node: YamlNode, parent: SyntaxNode | undefined, depth: number, expanding: Set<unknown> | undefined): SyntaxNode {
    if (expanding) {
      if (--this.aliasBudget < 0) return this.overBudget(node, parent);
    }
    if (isAlias(node)) return this.expandAlias(node, parent, depth, expanding);
    const range = (node as { range?: [number, number, number] | null }).range ?? [0, 0, 0];
    if (isMap(node) || isSeq(node)) {
      const kind: NodeKind = isMap(node) ? 'object' : 'array';
      const result = new SyntaxNode(kind, range[0], range[1] - range[0], parent);
      result.flow = Boolean(node.flow);
      if (depth >= MAX_DEPTH) return this.tooDeep(result);
      if (isMap(node)) {
        const merged: YamlNode[] = [];
        for (const pair of node.items) {
          if (isMergeKey(pair.key)) {
            merged.push(pair.value);
            continue;
          }
          const lines = node.flow ? undefined : this.keyLines(pair.key);
          if (lines) for (const line of lines.slice(0, -1)) result.children!.push(this.keyWithoutValue(line, result));
          const child = pair.value == null
            ? this.emptyValue(pair.key, result)
            : this.convert(pair.value, result, depth + 1, expanding);
          this.setKey(child, pair.key);
          if (lines) this.setKeyLine(child, lines[lines.length - 1]);
          result.children!.push(child);
        }
        if (result.children!.length > 1) reportDuplicateKeys(result, this.errors);
        if (merged.length > 0) this.merge(result, merged, depth, expanding);
      } else {
        for (const item of node.items) {
          const child = item == null ? new SyntaxNode('null', range[0], 0, result) : this.convert(item, result, depth + 1, expanding);
          child.key = result.children!.length;
          result.children!.push(child);
        }
      }
      // A block collection ends with its last entry. The yaml package sometimes stretches the range
      // over comments that follow; one rule keeps ends the same for a block parsed alone.
      const last = result.children![result.children!.length - 1];
      if (!result.flow && last && last.end > result.offset) result.length = last.end - result.offset;
      return result;
    }
    if (isScalar(node)) return this.scalar(node, parent, range);
    return new SyntaxNode('null', range[0], 0, parent);
  }

  scalar(node: Scalar, parent: SyntaxNode | undefined, range: [number, number, number]): SyntaxNode {
    const value = node.value;
    let kind: NodeKind;
    let scalarValue: SyntaxNode['value'];
    if (value === null || value === undefined) { kind = 'null'; scalarValue = null; }
    else if (typeof value === 'string') { kind = 'string'; scalarValue = value; }
    else if (typeof value === 'number') { kind = 'number'; scalarValue = value; }
    else if (typeof value === 'bigint') { kind = 'number'; scalarValue = Number(value); }
    else if (typeof value === 'boolean') { kind = 'boolean'; scalarValue = value; }
    else { kind = 'string'; scalarValue = this.text.slice(range[0], range[1]); }
    const result = new SyntaxNode(kind, range[0], range[1] - range[0], parent);
    result.value = scalarValue;
    result.style = scalarStyle(node.type);
    return result;
  }

  /**
   * A key half typed above a member (`de` over `responses:`): the yaml package reads the two
   * lines as one key, which takes the member's place (an Operation loses its responses while a
   * new field is typed). Lines of a plain key that each start at the key's column are read as
   * keys of their own: the ones before the last without a value. The syntax error stays.
   */
  keyLines(key: unknown): { text: string; offset: number }[] | undefined {
    if (!isScalar(key) || key.type !== 'PLAIN' || !key.range) return undefined;
    const [start, end] = key.range;
    const source = this.text.slice(start, end);
    if (source.indexOf('\n') < 0) return undefined;
    const column = start - (this.text.lastIndexOf('\n', start - 1) + 1);
    const lines: { text: string; offset: number }[] = [];
    let at = start;
    for (const [i, raw] of source.split('\n').entries()) {
      const indent = i === 0 ? 0 : raw.length - raw.trimStart().length;
      const text = raw.trim();
      if ((i > 0 && indent !== column) || text === '' || text.includes(': ') || text.startsWith('#')) return undefined;
      lines.push({ text, offset: at + indent });
      at += raw.length + 1;
    }
    return lines;
  }

  keyWithoutValue(line: { text: string; offset: number }, parent: SyntaxNode): SyntaxNode {
    const member = new SyntaxNode('null', line.offset + line.text.length, 0, parent);
    this.setKeyLine(member, line);
    return member;
  }

  setKeyLine(member: SyntaxNode, line: { text: string; offset: number }): void {
    member.key = line.text;
    member.keyOffset = line.offset;
    member.keyLength = line.text.length;
    member.keyStyle = 'plain';
    member.keyKind = 'string';
  }

  /** `key:` with nothing after it: a null value, placed right after the key. */
  emptyValue(key: unknown, parent: SyntaxNode): SyntaxNode {
    const keyRange = (key as { range?: [number, number, number] } | null)?.range;
    const at = keyRange ? keyRange[1] : parent.offset;
    return new SyntaxNode('null', at, 0, parent);
  }

  setKey(child: SyntaxNode, key: unknown): void {
    if (isScalar(key)) {
      const range = key.range ?? [child.offset, child.offset, child.offset];
      child.key = key.value === null || key.value === undefined ? '' : String(key.value);
      // An empty key (`: value`) is where its `:` is: the yaml package starts it before the line's
      // indent in some places and after it in others.
      const start = range[1] === range[0] ? this.emptyKeyAt(range[0]) : range[0];
      child.keyOffset = start;
      child.keyLength = range[1] - range[0];
      child.keyStyle = scalarStyle(key.type);
      const v = key.value;
      child.keyKind = v === null ? 'null' : typeof v === 'number' || typeof v === 'bigint' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string';
    } else if (key && typeof key === 'object' && 'range' in key) {
      // A complex key (`? [a, b]`): OpenAPI never uses one; keep its source text as the name.
      const range = (key as { range: [number, number, number] }).range;
      child.key = this.text.slice(range[0], range[1]);
      child.keyOffset = range[0];
      child.keyLength = range[1] - range[0];
      child.keyKind = 'object';
    } else {
      child.key = '';
      child.keyOffset = child.offset;
      child.keyLength = 0;
      child.keyKind = 'null';
    }
  }

  /**
   * Where an empty key's `:` is, from where the yaml package starts the key: before the line's
   * indent, or at the end of the line before; comment lines may stand between. Bounded by the line
   * holding the `:` (an empty key is never far from it).
   */
  emptyKeyAt(from: number): number {
    const text = this.text;
    let at = from;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 9 || c === 10 || c === 13) at++;
      else if (c === 35) {
        const lineEnd = text.indexOf('\n', at);
        if (lineEnd < 0) return from;
        at = lineEnd + 1;
      } else return c === 58 ? at : from;
    }
  }

  expandAlias(node: Alias, parent: SyntaxNode | undefined, depth: number, expanding: Set<unknown> | undefined): SyntaxNode {
    const range = node.range ?? [0, 0, 0];
    this.usedAlias = true;
    // Not `node.resolve(doc)`: it walks the whole document for every alias.
    this.aliasTargets ??= aliasTargets(this.doc.contents);
    const target = this.aliasTargets.get(node);
    if (!target) {
      this.errors.push({ message: `Unknown alias *${node.source}.`, offset: range[0], length: range[1] - range[0], code: 'BAD_ALIAS', severity: 'error' });
      return new SyntaxNode('null', range[0], range[1] - range[0], parent);
    }
    const chain = expanding ?? new Set<unknown>();
    if (chain.has(target)) {
      this.errors.push({ message: `Alias *${node.source} refers to a node that contains it.`, offset: range[0], length: range[1] - range[0], code: 'ALIAS_CYCLE', severity: 'error' });
      return new SyntaxNode('null', range[0], range[1] - range[0], parent);
    }
    chain.add(target);
    const result = this.convert(target, parent, depth, chain);
    chain.delete(target);
    return result;
  }

  /**
   * A merge key (`<<: *common`, or a list of them): the members of the mappings it names that the
   * mapping does not have itself, earlier ones first, as YAML 1.1 and the tools that read OpenAPI
   * do it. Merged members keep the places of their source text, where findings on them belong; the
   * mapping's members stay in text order (anchors come before their aliases).
   */
  merge(into: SyntaxNode, values: YamlNode[], depth: number, expanding: Set<unknown> | undefined): void {
    const present = new Set(into.children!.map((c) => c.key));
    const sources: YamlNode[] = [];
    for (const value of values) {
      if (isSeq(value) && !isAlias(value)) sources.push(...value.items);
      else sources.push(value);
    }
    let added = false;
    for (const source of sources) {
      const range = (source as { range?: [number, number, number] | null } | null)?.range ?? [into.offset, into.offset, into.offset];
      const mapping = source == null ? undefined : this.convert(source, into, depth, expanding);
      if (mapping?.kind !== 'object') {
        this.errors.push({ message: 'A merge key "<<" takes a mapping, an alias of one, or a list of them.', offset: range[0], length: Math.max(1, range[1] - range[0]), code: 'BAD_MERGE', severity: 'error' });
        continue;
      }
      for (const member of mapping.children!) {
        if (present.has(member.key)) continue;
        present.add(member.key);
        member.parent = into;
        into.children!.push(member);
        added = true;
      }
    }
    // The members merged depend on the mapping's own keys: renaming one may bring one in, also
    // where the merge brings none today. Its blocks are not the text's alone.
    this.usedAlias = true;
    if (added) into.children!.sort((a, b) => a.memberStart - b.memberStart);
  }

  overBudget(node: YamlNode, parent: SyntaxNode | undefined): SyntaxNode {
    const range = (node as { range?: [number, number, number] | null }).range ?? [0, 0, 0];
    if (!this.budgetReported) {
      this.budgetReported = true;
      this.errors.push({
        message: `Aliases expand to more than ${ALIAS_NODE_BUDGET} nodes; the rest of the expansion is not read.`,
        offset: range[0], length: Math.max(1, range[1] - range[0]), code: 'ALIAS_BUDGET', severity: 'error',
      });
    }
    return new SyntaxNode('null', range[0], 0, parent);
  }

  tooDeep(node: SyntaxNode): SyntaxNode {
    this.errors.push({ message: `Nesting deeper than ${MAX_DEPTH} levels is not checked.`, offset: node.offset, length: 1, code: 'TooDeep', severity: 'warning' });
    node.kind = 'null';
    node.children = undefined;
    return node;
  }
}

/**
 * What each alias names: the closest node before it in document order with that anchor (an anchor
 * may be redefined). One walk over the document, with a stack rather than recursion.
 */
function aliasTargets(contents: YamlNode): Map<Alias, YamlNode> {
  const targets = new Map<Alias, YamlNode>();
  const anchors = new Map<string, YamlNode>();
  const stack: YamlNode[] = [contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target !== undefined) targets.set(node, target);
    } else if (isMap(node) || isSeq(node) || isScalar(node)) {
      if (node.anchor) anchors.set(node.anchor, node);
      if (isMap(node)) {
        for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i].value, node.items[i].key);
      } else if (isSeq(node)) {
        for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
      }
    }
  }
  return targets;
}

/** `<<` as a plain key: YAML's merge key. */
function isMergeKey(key: unknown): boolean {
  return isScalar(key) && key.type === 'PLAIN' && key.value === '<<';
}

function scalarStyle(type: Scalar.Type | undefined): ScalarStyle {
  switch (type) {
    case 'QUOTE_DOUBLE': return 'double';
    case 'QUOTE_SINGLE': return 'single';
    case 'BLOCK_FOLDED':
    case 'BLOCK_LITERAL': return 'block';
    default: return 'plain';
  }
}

/**
 * A YAML text's tree: the fast reader's when it can read the text, else the `yaml` package's (the
 * reference the tests hold other reads to; parse.ts also reads a large text around broken lines).
 */
export function parseYaml(text: string): ParsedText {
  return parseYamlFast(text) ?? parseYamlWithPackage(text);
}

/**
 * YAML 1.2 reads a lone CR as a line break; the `yaml` package does not. The same text with each
 * lone CR as LF (one character for one, so every offset stays).
 */
function lineBreaksAsLf(text: string): string {
  return text.indexOf('\r') >= 0 ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** The yaml package's message for a token after the document's end: `Unexpected scalar token in YAML stream: "x"`. */
const STREAM_TOKEN = /^Unexpected [\w-]+ token in YAML stream: ("[^]*")/;

/** Through the `yaml` package: any YAML, with its errors and warnings. */
export function parseYamlWithPackage(original: string): ParsedText {
  return parseWithPackage(original, 0);
}

/**
 * A text indented with tabs, read as its author laid it out: each tab of a line's indentation as
 * two spaces (so `- name:` and the key below it line up, as one tab does in an editor). `back` maps
 * an offset of the new text to the original's. Such a text gets one error for its tabs instead of
 * one per line and, for each, findings on members the broken indentation put elsewhere.
 */
function tabsAsSpaces(text: string): { text: string; lines: number; first: number; back: (offset: number) => number } {
  let lines = 0;
  let first = -1;
  /** Offsets in the new text of the second space of each tab, in order. */
  const inserted: number[] = [];
  let added = 0;
  const replaced = text.replace(/^([ \t]*\t[ \t]*)(?=\S)/gm, (indent: string, _: string, at: number) => {
    lines++;
    if (first < 0) first = at;
    let out = '';
    for (let i = 0; i < indent.length; i++) {
      if (indent[i] !== '\t') {
        out += indent[i];
        continue;
      }
      inserted.push(at + added + out.length + 1);
      out += '  ';
    }
    added += out.length - indent.length;
    return out;
  });
  const back = (offset: number) => offset - countBelow(inserted, offset);
  return { text: replaced, lines, first, back };
}

const QUOTED_INDENT_MESSAGE = 'The lines of this string after its first must be indented further than the line it starts on: it is read as if they were, each line break as a space. To keep its line breaks (a certificate), write it as a block scalar ("|") instead.';
/** Lines a quoted string may go on over for its continuation lines to be read indented (see quotedContinuations). */
const MAX_QUOTED_LINES = 200;
/** A line the `yaml` package would read as structure: a key (`name:`) or a sequence entry (`- x`). */
const LOOKS_STRUCTURAL = /^\s*(-(\s|$)|[^\s#'"][^\n]*?:(\s|$)|['"][^\n]*['"]\s*:(\s|$))/;

/**
 * Quoted strings whose continuation lines are indented no further than the line they start on
 * (a PEM certificate pasted at column 0): YAML 1.2 does not allow it, and the `yaml` package reads
 * the string as never closed and the rest of the document as broken (57 errors and 126 false
 * unresolved references in one document), where js-yaml and PyYAML read the string. The text with
 * those lines indented one column past the start line's content (past its indentation and any
 * `- `; spaces at a line's start are not part of a quoted string's value), `back` to map offsets,
 * and where each string opens; undefined when no unclosed string of `openings` reads so: a
 * closing quote within MAX_QUOTED_LINES lines, with nothing after it on its line, and no
 * continuation line that reads as a key or an entry. The spaces added stay below the text's own
 * length (a line indented 100,000 columns over 200 lines would add 20 million).
 */
function quotedContinuations(text: string, openings: readonly number[]): { text: string; back: (offset: number) => number; repaired: number[] } | undefined {
  const insertions: { at: number; spaces: number }[] = [];
  const repaired: number[] = [];
  let added = 0;
  for (const open of openings) {
    const quote = text[open];
    const lineStart = text.lastIndexOf('\n', open) + 1;
    let indent = 0;
    while (text[lineStart + indent] === ' ' || (text[lineStart + indent] === '-' && text[lineStart + indent + 1] === ' ')) indent++;
    const found: { at: number; spaces: number }[] = [];
    let close = -1;
    let lines = 0;
    for (let i = open + 1; i < text.length && lines <= MAX_QUOTED_LINES; i++) {
      const c = text[i];
      // An escape, but not of a line break (`\` at a line's end): that line is read as the others.
      if (quote === '"' && c === '\\' && text[i + 1] !== '\n') i++;
      else if (c === quote && quote === "'" && text[i + 1] === "'") i++;
      else if (c === quote) { close = i; break; }
      else if (c === '\n') {
        lines++;
        let spaces = 0;
        while (text[i + 1 + spaces] === ' ') spaces++;
        const lineEnd = text.indexOf('\n', i + 1);
        const line = text.slice(i + 1, lineEnd < 0 ? text.length : lineEnd);
        if (line.trim() === '' || spaces > indent) continue;
        // Up to the closing quote, if it is on this line: what follows it is checked below.
        const closeOnLine = line.indexOf(quote, spaces);
        if (LOOKS_STRUCTURAL.test(closeOnLine < 0 ? line : line.slice(0, closeOnLine))) { close = -2; break; }
        found.push({ at: i + 1, spaces: indent + 1 - spaces });
      }
    }
    if (close < 0 || found.length === 0) continue;
    const rest = text.slice(close + 1, (text.indexOf('\n', close) + 1 || text.length + 1) - 1);
    if (!/^\s*(#[^\n]*)?$/.test(rest)) continue;
    const spaces = found.reduce((sum, f) => sum + f.spaces, 0);
    if (added + spaces > text.length) continue;
    added += spaces;
    insertions.push(...found);
    repaired.push(open);
  }
  if (insertions.length === 0) return undefined;
  insertions.sort((a, b) => a.at - b.at);
  // Per insertion, where its spaces start in the new text and how many were added up to its end.
  const startsInNew: number[] = [];
  const addedThrough: number[] = [];
  let out = '';
  let from = 0;
  let total = 0;
  for (const { at, spaces } of insertions) {
    out += text.slice(from, at);
    startsInNew.push(out.length);
    out += ' '.repeat(spaces);
    total += spaces;
    addedThrough.push(total);
    from = at;
  }
  out += text.slice(from);
  const back = (offset: number) => {
    // The last insertion starting at or before the offset: offsets within its spaces go to its place.
    const k = countBelow(startsInNew, offset + 1) - 1;
    if (k < 0) return offset;
    const before = k > 0 ? addedThrough[k - 1] : 0;
    return Math.max(offset - addedThrough[k], startsInNew[k] - before);
  };
  return { text: out, back, repaired };
}

/** How many of the sorted numbers are below a value (binary search). */
function countBelow(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Moves every offset of a tree and of errors read from a rewritten text back to the original's. */
function mapOffsets(root: SyntaxNode | undefined, errors: SyntaxError[], back: (offset: number) => number): void {
  const stack = root ? [root] : [];
  const seen = new Set<SyntaxNode>();
  while (stack.length) {
    const node = stack.pop()!;
    // Merged members can be the same node in two mappings: moved once.
    if (seen.has(node)) continue;
    seen.add(node);
    const end = back(node.offset + node.length);
    node.offset = back(node.offset);
    node.length = end - node.offset;
    if (node.keyOffset >= 0) {
      const keyEnd = back(node.keyOffset + node.keyLength);
      node.keyOffset = back(node.keyOffset);
      node.keyLength = keyEnd - node.keyOffset;
    }
    if (node.children) for (const child of node.children) stack.push(child);
  }
  for (const e of errors) {
    const end = back(e.offset + e.length);
    e.offset = back(e.offset);
    e.length = Math.max(0, end - e.offset);
  }
}

/** `depth`: how deep the text's root sits in its document (a block parsed alone). */
function parseWithPackage(original: string, depth: number): ParsedText {
  let text = lineBreaksAsLf(original);
  let doc: Document.Parsed;
  let tabs: ReturnType<typeof tabsAsSpaces> | undefined;
  let quoted: ReturnType<typeof quotedContinuations> | undefined;
  let quotedAt: number[] = [];
  try {
    doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false, strict: true, version: '1.2' });
    if (doc.errors.some((e) => e.code === 'TAB_AS_INDENT')) {
      tabs = tabsAsSpaces(text);
      text = tabs.text;
      doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false, strict: true, version: '1.2' });
    }
    const openings = doc.errors.map((e) => unclosedQuoteOpening(e, text)).filter((open) => open !== undefined);
    quoted = openings.length ? quotedContinuations(text, openings) : undefined;
    const reread = quoted && parseDocument(quoted.text, { uniqueKeys: false, prettyErrors: false, strict: true, version: '1.2' });
    // Kept only when it reads the text better: fewer errors, and no string it indented still unclosed.
    const repairedAt = new Set(quoted?.repaired);
    const stillOpen = (e: YamlPackageError) => {
      const open = unclosedQuoteOpening(e, quoted!.text);
      return open !== undefined && repairedAt.has(quoted!.back(open));
    };
    if (quoted && reread && reread.errors.length < doc.errors.length && !reread.errors.some(stillOpen)) {
      // Where each string opens, in the text before the insertions (all after it).
      quotedAt = quoted.repaired;
      text = quoted.text;
      doc = reread;
    } else quoted = undefined;
  } catch (e) {
    return { format: 'yaml', text: original, root: undefined, errors: [{ message: `The document cannot be parsed: ${(e as Error).message}`, offset: 0, length: 1, code: 'Crash', severity: 'error' }] };
  }
  const converter = new YamlConverter(doc, text);
  const errors: SyntaxError[] = [];
  let exhausted = false;
  let unreadRest = false;
  for (const e of doc.errors) {
    // After a line that fits nowhere, the yaml package reports every later token of the text as
    // "Unexpected ... in YAML stream" (one bad indent gave 244 errors): the first says it all.
    if (e.code === 'UNEXPECTED_TOKEN' && STREAM_TOKEN.test(e.message)) {
      if (unreadRest) continue;
      unreadRest = true;
      const error = yamlError(e, 'error', text);
      const token = STREAM_TOKEN.exec(e.message)![1];
      errors.push({ ...error, message: `The rest of the document cannot be read from here: ${token} fits nowhere in the structure above it. Check the indentation of this line and of the lines just above.` });
      continue;
    }
    // The yaml package turns its own stack overflow into one error per level: keep the first.
    if (e.code === 'RESOURCE_EXHAUSTION') {
      if (exhausted) continue;
      exhausted = true;
      errors.push({ message: 'The document is nested too deeply to read; the deepest part is skipped.', offset: Math.min(e.pos[0], text.length), length: 1, code: e.code, severity: 'error' });
      continue;
    }
    errors.push(yamlError(e, 'error', text));
  }
  for (const w of doc.warnings) errors.push(yamlError(w, 'warning', text));
  let root: SyntaxNode | undefined;
  if (doc.contents == null) {
    if (errors.length === 0) errors.push(emptyError());
  } else {
    try {
      root = converter.convert(doc.contents, undefined, depth, undefined);
    } catch (e) {
      // Deep recursion in the converter is bounded by MAX_DEPTH; this is the last guard.
      errors.push({ message: `The document cannot be read: ${(e as Error).message}`, offset: 0, length: 1, code: 'Crash', severity: 'error' });
    }
  }
  // A loop: spreading 200,000 duplicate-key errors as arguments would overflow the stack.
  for (const e of converter.errors) errors.push(e);
  const tabsBack = tabs && tabs.lines > 0 ? tabs.back : undefined;
  const quotedBack = quoted?.back;
  if (quotedBack || tabsBack) mapOffsets(root, errors, quotedBack && tabsBack ? (offset) => tabsBack(quotedBack(offset)) : (quotedBack ?? tabsBack)!);
  // First, as the tab error: what the rest of the reading rests on.
  for (let k = quotedAt.length - 1; k >= 0; k--) {
    const open = tabsBack ? tabsBack(quotedAt[k]) : quotedAt[k];
    const lineEnd = original.slice(open).search(/[\r\n]|$/);
    errors.unshift({ message: QUOTED_INDENT_MESSAGE, offset: open, length: lineEnd, code: 'QUOTED_INDENT', severity: 'error' });
  }
  if (tabs && tabs.lines > 0) {
    const lineEnd = original.indexOf('\n', tabs.first);
    errors.unshift({
      message: `YAML does not allow tabs in indentation, and ${tabs.lines === 1 ? 'this line is' : `${tabs.lines} lines are`} indented with tabs: indent with spaces. The document is read as if each tab were two spaces.`,
      offset: tabs.first, length: Math.max(1, (lineEnd < 0 ? original.length : lineEnd) - tabs.first), code: 'TAB_AS_INDENT', severity: 'error',
    });
  }
  // `%TAG` directives change how tags inside any block resolve; aliases copy one block into another.
  const directives = doc.contents != null && /^%/m.test(text.slice(0, doc.contents.range?.[0] ?? 0));
  // A block of a text indented with tabs is not read alone: its tab error is the whole text's.
  // Nor is one of a text whose quoted strings are read with their lines indented.
  return { format: 'yaml', text: original, root, errors, selfContainedBlocks: !converter.usedAlias && !directives && !tabs && !quoted };
}

/**
 * Parses one block of a YAML document on its own (whole lines, as they are indented in the file),
 * for the incremental reparse: its tree (a block mapping), and its errors when it is broken.
 * Offsets are relative to the block's text. Undefined when the block cannot stand alone (aliases,
 * directives), is not a block mapping, or is large and needs the `yaml` package.
 */
export function parseYamlBlock(text: string, depth: number): ParsedText | undefined {
  const fast = parseYamlFast(text);
  // The yaml package's parse of a large block would hold the server as a whole text's does: the
  // caller parses the whole text instead (in a worker, in the language server).
  if (!fast && text.length > OFF_THREAD_MIN_CHARS) return undefined;
  const parsed = fast ?? parseWithPackage(text, depth);
  const root = parsed.root;
  if (!parsed.selfContainedBlocks || !root || root.kind !== 'object' || root.flow) return undefined;
  // A quoted string the block does not close: in the whole text the `yaml` package looks for its
  // closing quote past the block, and where the string ends (and which errors follow) depends on it.
  if (parsed.errors.some((e) => e.code === 'MISSING_CHAR' && UNCLOSED_QUOTE.test(e.message))) return undefined;
  // The fast reader bounds depth within the block; the block itself may sit deep.
  if (fast && depth > 0 && depth + subtreeDepth(root) >= MAX_DEPTH - 1) return undefined;
  return parsed;
}

function subtreeDepth(root: SyntaxNode): number {
  let deepest = 0;
  const stack: [SyntaxNode, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (node.children) for (const child of node.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The `yaml` package's message for a quoted string without its closing quote, and ours. */
const MISSING_QUOTE = /^Missing closing (["'])quote/;
const NEVER_CLOSED = 'This string is never closed';
const UNCLOSED_QUOTE = new RegExp(`${MISSING_QUOTE.source}|^${NEVER_CLOSED}`);

type YamlPackageError = { pos: [number, number]; code: string; message: string };

/** Where the string opens that a "missing closing quote" error of the `yaml` package is about. */
function unclosedQuoteOpening(e: YamlPackageError, text: string): number | undefined {
  const quote = MISSING_QUOTE.exec(e.message)?.[1];
  if (e.code !== 'MISSING_CHAR' || !quote) return undefined;
  // The yaml package reports this at the end of the string; the opening quote is what to show.
  let open = Math.min(e.pos[0], text.length) - 1;
  while (open >= 0 && !(text[open] === quote && (quote === "'" || text[open - 1] !== '\\'))) open--;
  return open >= 0 ? open : undefined;
}

function yamlError(e: YamlPackageError, severity: 'error' | 'warning', text: string): SyntaxError {
  const open = unclosedQuoteOpening(e, text);
  if (open !== undefined) {
    const lineEnd = text.slice(open).search(/[\r\n]|$/);
    // The closing quote may be there, on a line the string cannot reach: one indented no more
    // than the line it starts on ends it (a long description wrapped at its key's column).
    return { message: `${NEVER_CLOSED}: add the closing ${text[open]}. A string that goes on over lines needs each of them indented further than the line it starts on.`, offset: open, length: lineEnd, code: e.code, severity };
  }
  const offset = Math.min(e.pos[0], text.length);
  const length = Math.max(0, Math.min(e.pos[1], text.length) - offset);
  // The package's own words name an API of its own ("please use YAML.parseAllDocuments()").
  if (e.code === 'MULTIPLE_DOCS') {
    return { message: 'A second YAML document starts here, but a description is one document: remove this "---" line, or move what follows it to a file of its own.', offset, length: Math.min(length, 3), code: e.code, severity };
  }
  // The yaml package appends " at line L, column C" to messages; positions already say that.
  const message = e.message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '').trim();
  return { message: message.endsWith('.') ? message : message + '.', offset, length, code: e.code, severity };
}
