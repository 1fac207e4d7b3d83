// Incremental reparse for the most common edit: typing inside a one-line YAML scalar (a
// description, a summary). Reparsing a 10 MB YAML file takes seconds; an edit that provably cannot
// change the document's structure only changes that scalar's value and shifts the offsets after
// it. Anything else returns undefined and the caller parses the whole text.
import { TextEdit } from './edit';
import { ParsedText, SyntaxNode } from './tree';

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
  /** The scalar whose value the edit changed. */
  node: SyntaxNode;
}

export function reparseEdit(old: ParsedText, edit: TextEdit): Reparsed | undefined {
  if (old.format !== 'yaml' || !old.root || old.errors.length > 0) return undefined;
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
  return { parsed: { format: old.format, text, root: old.root, errors: [] }, node };
}
