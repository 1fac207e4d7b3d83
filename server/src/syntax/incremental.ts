// Incremental YAML reparse. Reparsing a 10 MB YAML file takes seconds, so an edit is first tried
// as (1) a change inside a one-line scalar that provably keeps the structure: only that value
// changes and the offsets after it move; then (2) a change inside one block mapping member (its
// key line and the lines indented below it): that member alone is parsed again and put in place.
// Anything else returns undefined and the caller parses the whole text.
import { TextEdit } from './edit';
import { ParsedText, SyntaxNode } from './tree';
import { parseYamlBlock } from './yaml';

/** Characters that cannot start or change YAML structure inside a scalar on one line. */
const SAFE_INNER = /^[A-Za-z0-9 .,_()/+=;-]*$/;
const OTHER_TYPE = /^(true|false|null|yes|no|on|off|~|[-+]?(\d|\.\d)[\d._eE+-]*|\.inf|\.nan)$/i;

/** The deepest scalar whose value span contains [start, end]. */
function scalarAt(root: SyntaxNode, start: number, end: number): SyntaxNode | undefined {
  let node: SyntaxNode = root;
  for (;;) {
    const children = node.children;
    if (!children) return node;
    let next: SyntaxNode | undefined;
    for (const child of children) {
      if (child.offset <= start && end <= child.end) {
        next = child;
        break;
      }
    }
    if (!next) return undefined;
    node = next;
  }
}

export interface Reparsed {
  parsed: ParsedText;
  /** The node the edit changed: the scalar, or the member that was parsed again. */
  node: SyntaxNode;
  /** The node it replaced (the same node when only a scalar's value changed). */
  replaced: SyntaxNode;
}

export function reparseEdit(old: ParsedText, edit: TextEdit): Reparsed | undefined {
  if (old.format !== 'yaml' || !old.root || old.errors.length > 0 || !old.selfContainedBlocks) return undefined;
  return reparseScalar(old, edit) ?? reparseBlock(old, edit);
}

function reparseScalar(old: ParsedText, edit: TextEdit): Reparsed | undefined {
  if (!old.root) return undefined;
  const editEnd = edit.offset + edit.length;
  const removed = old.text.slice(edit.offset, editEnd);
  if (/[\r\n]/.test(edit.newText) || /[\r\n]/.test(removed)) return undefined;
  const node = scalarAt(old.root, edit.offset, editEnd);
  if (!node || node.kind !== 'string' || node.children) return undefined;
  const raw = old.text.slice(node.offset, node.end);
  if (/[\r\n]/.test(raw)) return undefined;
  if (node.style === 'block') return undefined;
  const quote = node.style === 'single' || node.style === 'double' ? 1 : 0;
  // The edit must stay inside the content (not touch the quotes).
  if (edit.offset < node.offset + quote || editEnd > node.end - quote) return undefined;
  const oldInner = raw.slice(quote, raw.length - quote);
  // Our reading of the scalar must be the parser's (no escapes, no folding), or the shortcut is
  // not provably the same.
  if (oldInner !== node.value) return undefined;
  const at = edit.offset - node.offset - quote;
  const newInner = oldInner.slice(0, at) + edit.newText + oldInner.slice(at + edit.length);
  let inFlow = false;
  for (let n = node.parent; n; n = n.parent) if (n.flow) inFlow = true;
  if (inFlow && !SAFE_INNER.test(newInner)) return undefined; // `,[]{}` end a scalar in flow context
  if (/[\t]/.test(newInner)) return undefined;
  if (node.style === 'single' && /'/.test(edit.newText + removed)) return undefined;
  if (node.style === 'double' && /["\\]/.test(edit.newText + removed)) return undefined;
  if (!quote) {
    // A plain scalar after `key: ` or `- ` (never at column 0, where `---` would be a marker).
    const before = old.text[node.offset - 1];
    if (before === undefined || before === '\n' || before === '\r') return undefined;
    if (newInner === '' || /^[-?:,[\]{}#&*!|>'"%@`\s]/.test(newInner) || /: |:$| #|\s$/.test(newInner) || OTHER_TYPE.test(newInner)) return undefined;
  }
  if (quote && newInner.length === 0 && node.style === 'single') return undefined;

  const delta = edit.newText.length - edit.length;
  const text = old.text.slice(0, edit.offset) + edit.newText + old.text.slice(editEnd);
  // Shift everything after the edit; grow what contains it. One pass over the tree, no recursion.
  const stack: SyntaxNode[] = [old.root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.keyOffset >= editEnd) n.keyOffset += delta;
    if (n.offset >= editEnd && n !== node) n.offset += delta;
    else if (n.offset <= edit.offset && n.offset + n.length >= editEnd) n.length += delta;
    if (n.children) for (const c of n.children) stack.push(c);
  }
  node.value = newInner;
  return { parsed: { format: old.format, text, root: old.root, errors: [], selfContainedBlocks: true }, node, replaced: node };
}

/** Largest share of the text a block may have; beyond it a full parse costs about the same. */
const MAX_BLOCK_SHARE = 0.5;

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * Where the block that starts on the line at `lineStart` ends: the start of the next line that has
 * anything on it (a comment too) indented `indent` spaces or less, or the end of the text.
 */
function blockEnd(text: string, lineStart: number, indent: number): number {
  let newline = text.indexOf('\n', lineStart);
  while (newline >= 0) {
    const start = newline + 1;
    let i = start;
    while (text.charCodeAt(i) === 32) i++;
    const c = text.charCodeAt(i);
    if (i < text.length && c !== 10 && c !== 13 && i - start <= indent) return start;
    newline = text.indexOf('\n', i);
  }
  return text.length;
}

/** The child whose member starts last at or before `offset` (children are in text order). */
function childBefore(node: SyntaxNode, offset: number): SyntaxNode | undefined {
  const children = node.children!;
  let low = 0;
  let high = children.length - 1;
  let found: SyntaxNode | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (children[mid].memberStart <= offset) {
      found = children[mid];
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

function reparseBlock(old: ParsedText, edit: TextEdit): Reparsed | undefined {
  // Block mapping members around the edit, outermost first.
  const members: SyntaxNode[] = [];
  for (let node = old.root; node?.children && !node.flow; ) {
    const child = childBefore(node, edit.offset);
    if (!child) break;
    if (node.kind === 'object') members.push(child);
    node = child;
  }
  for (let i = members.length - 1; i >= 0; i--) {
    const result = reparseMember(old, edit, members[i]);
    if (result) return result;
  }
  return undefined;
}

function reparseMember(old: ParsedText, edit: TextEdit, member: SyntaxNode): Reparsed | undefined {
  const parent = member.parent!;
  const text = old.text;
  const start = lineStartOf(text, member.keyOffset);
  const indent = member.keyOffset - start;
  for (let i = start; i < member.keyOffset; i++) if (text.charCodeAt(i) !== 32) return undefined; // `- key:`
  const end = blockEnd(text, start, indent);
  const editEnd = edit.offset + edit.length;
  // The member must fill its block, and the edit stay inside it (an insertion at `end` belongs to
  // the next line, unless the block ends the text).
  if (member.end > end || edit.offset < start || editEnd > end || (edit.offset === end && end < text.length)) return undefined;
  if (end - start > text.length * MAX_BLOCK_SHARE) return undefined;
  const delta = edit.newText.length - edit.length;
  const newText = text.slice(0, edit.offset) + edit.newText + text.slice(editEnd);
  // After the edit the block must still end where the next one starts: nothing new at this indent.
  const newEnd = end + delta;
  if (blockEnd(newText, start, indent) !== newEnd) return undefined;
  let depth = 0;
  for (let n = parent.parent; n; n = n.parent) depth++;
  const block = parseYamlBlock(newText.slice(start, newEnd), depth);
  if (!block || block.children!.length !== 1) return undefined;
  const replacement = block.children![0];
  if (replacement.keyOffset !== indent) return undefined;
  if (replacement.key !== member.key && parent.children!.some((c) => c !== member && c.key === replacement.key)) return undefined;

  moveSubtree(replacement, start);
  parent.replaceChild(parent.children!.indexOf(member), replacement);
  const ancestors: SyntaxNode[] = [];
  for (let n: SyntaxNode | undefined = parent; n; n = n.parent) ancestors.push(n);
  // Everything after the block moves by the edit's length.
  const onPath = new Set(ancestors);
  const stack: SyntaxNode[] = [old.root!];
  while (stack.length) {
    const n = stack.pop()!;
    if (onPath.has(n)) {
      for (const c of n.children!) if (c !== replacement) stack.push(c);
    } else if (n.memberStart >= end) moveSubtree(n, delta);
  }
  // Block collections end with their last entry (syntax/yaml.ts), innermost first.
  for (const a of ancestors) {
    const last = a.children![a.children!.length - 1];
    a.length = last.end - a.offset;
  }
  return { parsed: { format: old.format, text: newText, root: old.root, errors: [], selfContainedBlocks: true }, node: replacement, replaced: member };
}

function moveSubtree(root: SyntaxNode, delta: number): void {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    n.offset += delta;
    if (n.keyOffset >= 0) n.keyOffset += delta;
    if (n.children) for (const c of n.children) stack.push(c);
  }
}
