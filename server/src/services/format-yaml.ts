// YAML indentation made consistent: each block mapping and sequence is put at its parent's column
// plus one step, and every other line (a multi-line scalar or flow collection, a block scalar's
// text, a comment) moves with the line it belongs to. Only leading spaces change: quoting, comments,
// key order and the spaces after a `-` stay as written. Linear in the text and the tree.
import { TextEdit } from '../syntax/edit';
import { lastAtOrBelow } from '../syntax/line-index';
import { SyntaxNode } from '../syntax/tree';

/** The text's lines: where each starts and how many spaces lead it. */
class Lines {
  readonly starts: number[] = [0];
  readonly indents: number[] = [];
  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    for (const start of this.starts) {
      let end = start;
      while (text.charCodeAt(end) === 32) end++;
      this.indents.push(end - start);
    }
  }
  lineOf(offset: number): number {
    return lastAtOrBelow(this.starts, offset);
  }
  /** The first character after the leading spaces. */
  firstChar(line: number): string {
    return this.text[this.starts[line] + this.indents[line]] ?? '';
  }
  isBlank(line: number): boolean {
    const c = this.firstChar(line);
    return c === '' || c === '\n' || c === '\r';
  }
  /** Whether only spaces come before `offset` on its line. */
  startsLine(offset: number): boolean {
    const line = this.lineOf(offset);
    return this.starts[line] + this.indents[line] === offset;
  }
}

const NONE = -1;

/** The column each line is moved to (NONE: not decided by the tree) and the shift of the others. */
class Layout {
  readonly target: Int32Array;
  readonly shift: Int32Array;
  readonly continued: Uint8Array;
  /** A blank line in a scalar: spaces beyond this many are text (a block scalar's), the others are not. */
  readonly blankText: Int32Array;
  /** The lines to format (Format Selection): a collection is moved only when all its lines are among them. */
  firstLine = 0;
  lastLine = Infinity;
  constructor(readonly lines: Lines, readonly step: number, readonly indentedSequences: boolean) {
    this.target = new Int32Array(lines.starts.length).fill(NONE);
    this.shift = new Int32Array(lines.starts.length);
    this.continued = new Uint8Array(lines.starts.length);
    this.blankText = new Int32Array(lines.starts.length).fill(2 ** 30);
  }
  delta(line: number): number {
    const target = this.target[line];
    return target !== NONE ? target - this.lines.indents[line] : this.shift[line];
  }
  /** Where a collection starting at `offset` goes when its parent cannot say: where it is, moved with its line. */
  movedColumn(offset: number): number {
    const line = this.lines.lineOf(offset);
    return offset - this.lines.starts[line] + this.delta(line);
  }
  /** A line placed once: a node reached again through an alias (`<<: *base`) is placed where it is written. */
  place(offset: number, column: number): void {
    const line = this.lines.lineOf(offset);
    if (this.lines.startsLine(offset) && this.target[line] === NONE) this.target[line] = Math.max(0, column);
  }
}

const isBlockCollection = (node: SyntaxNode) =>
  (node.kind === 'object' || node.kind === 'array') && !node.flow && (node.children?.length ?? 0) > 0;

/** Whether a child is written inside its parent (not an alias's copy of text written elsewhere). */
const writtenIn = (parent: SyntaxNode, child: SyntaxNode) => {
  const start = child.keyOffset >= 0 ? child.keyOffset : child.offset;
  return start >= parent.offset && child.end <= parent.end;
};

/** The `-` of a sequence item: the first one after the previous item (only spaces and comments between). */
function dashOf(text: string, array: SyntaxNode, index: number): number {
  if (index === 0) return array.offset;
  let i = array.children![index - 1].end;
  const end = array.children![index].offset;
  while (i < end) {
    const c = text[i];
    if (c === '-') return i;
    if (c === '#') while (i < end && text[i] !== '\n') i++;
    else i++;
  }
  return -1;
}

/** A member's value on the lines below its key (or a `-`): one step (or the `- ` width) in. */
function placeValueBelow(layout: Layout, value: SyntaxNode, column: number): void {
  if (isBlockCollection(value)) placeCollection(layout, value, column);
  else layout.place(value.offset, column);
}

function placeObject(layout: Layout, object: SyntaxNode, column: number): void {
  const { lines } = layout;
  for (const member of object.children!) {
    if (member.keyOffset < 0 || !writtenIn(object, member)) continue;
    layout.place(member.keyOffset, column);
    const below = lines.lineOf(member.offset) > lines.lineOf(member.keyOffset);
    if (!below) {
      if (isBlockCollection(member)) placeCollection(layout, member, layout.movedColumn(member.offset));
      continue;
    }
    const sequenceOut = member.kind === 'array' && !member.flow && !layout.indentedSequences;
    placeValueBelow(layout, member, column + (sequenceOut ? 0 : layout.step));
  }
}

function placeArray(layout: Layout, array: SyntaxNode, column: number): void {
  const { lines } = layout;
  const text = lines.text;
  array.children!.forEach((item, index) => {
    if (!writtenIn(array, item)) return;
    const dash = dashOf(text, array, index);
    if (dash < 0) return;
    layout.place(dash, column);
    if (lines.lineOf(item.offset) > lines.lineOf(dash)) placeValueBelow(layout, item, column + 2);
    // On the dash's line: the spaces after the `-` are kept, so the item's column is relative to it.
    else if (isBlockCollection(item)) placeCollection(layout, item, column + (item.offset - dash));
  });
}

function placeCollection(layout: Layout, node: SyntaxNode, column: number): void {
  const { lines } = layout;
  // Partly selected: it stays where it is (its siblings outside the selection with it); what is inside it may move.
  const selected = lines.lineOf(node.offset) >= layout.firstLine && lines.lineOf(node.end - 1) <= layout.lastLine;
  if (!selected) column = node.offset - lines.starts[lines.lineOf(node.offset)];
  if (node.kind === 'object') placeObject(layout, node, column);
  else placeArray(layout, node, column);
}

/** Lines inside a multi-line scalar or flow collection move with the line it starts on. */
function markContinuations(layout: Layout, node: SyntaxNode): void {
  if (isBlockCollection(node)) {
    for (const child of node.children!) if (writtenIn(node, child)) markContinuations(layout, child);
    return;
  }
  const { lines } = layout;
  if (node.length === 0) return;
  const first = lines.lineOf(node.offset);
  const last = lines.lineOf(node.end - 1);
  const isScalar = node.kind !== 'object' && node.kind !== 'array';
  const isBlockScalar = isScalar && node.style === 'block';
  const delta = isBlockScalar ? blockScalarDelta(layout, node, first, last) : layout.delta(first);
  const textColumn = isBlockScalar ? blockTextColumn(lines, first, last) : NONE;
  // A plain or quoted scalar's folded lines: one step in from its key, as the `yaml` package writes them.
  const foldedColumn = isScalar && node.style !== 'block' ? ownerColumn(layout, node, first) + layout.step : NONE;
  for (let line = first + 1; line <= last; line++) {
    layout.continued[line] = 1;
    if (textColumn !== NONE) layout.blankText[line] = textColumn;
    layout.target[line] = NONE;
    layout.shift[line] = foldedColumn !== NONE && !lines.isBlank(line) ? foldedColumn - lines.indents[line] : delta;
  }
}

/** The column a scalar's key (or its line's `-`) is moved to. */
function ownerColumn(layout: Layout, node: SyntaxNode, first: number): number {
  const { lines } = layout;
  if (node.keyOffset < 0) return lines.indents[first] + layout.delta(first);
  const keyLine = lines.lineOf(node.keyOffset);
  return node.keyOffset - lines.starts[keyLine] + layout.delta(keyLine);
}

/**
 * A block scalar's text goes one step in from its key (or `-`), unless its header fixes the
 * indentation (`|2`): then it moves with its key's line, as other continuations do.
 */
function blockScalarDelta(layout: Layout, node: SyntaxNode, first: number, last: number): number {
  const { lines } = layout;
  const moved = layout.delta(first);
  const header = lines.text.slice(node.offset, lines.starts[first + 1] ?? lines.text.length);
  const column = blockTextColumn(lines, first, last);
  if (/\d/.test(header.split('#')[0]) || column === NONE) return moved;
  return ownerColumn(layout, node, first) + layout.step - column;
}

/** The column of a block scalar's text: its first line that is not blank. */
function blockTextColumn(lines: Lines, first: number, last: number): number {
  let content = first + 1;
  while (content <= last && lines.isBlank(content)) content++;
  return content > last ? NONE : lines.indents[content];
}

/**
 * Lines the tree does not place (a comment, a merge key `<<: *base`): each goes with the next
 * placed line when indented as that one (a comment introduces what follows), else with the placed
 * line before when indented as that one; otherwise it stays.
 */
function placeRest(layout: Layout): void {
  const { lines, target } = layout;
  const count = lines.starts.length;
  const nextPlaced = new Int32Array(count + 1).fill(NONE);
  for (let line = count - 1; line >= 0; line--) nextPlaced[line] = target[line] !== NONE ? line : nextPlaced[line + 1];
  let previous = NONE;
  for (let line = 0; line < count; line++) {
    if (target[line] !== NONE) previous = line;
    if (target[line] !== NONE || layout.continued[line] || lines.isBlank(line)) continue;
    const next = nextPlaced[line + 1];
    const indent = lines.indents[line];
    if (next !== NONE && lines.indents[next] === indent) layout.shift[line] = layout.delta(next);
    else if (previous !== NONE && lines.indents[previous] === indent) layout.shift[line] = layout.delta(previous);
  }
}

/** Whether block sequences under a key are mostly written one step in (the default) or at the key's column. */
function sequencesIndented(lines: Lines, root: SyntaxNode): boolean {
  let indented = 0;
  let out = 0;
  const visit = (node: SyntaxNode) => {
    if (!isBlockCollection(node)) return;
    for (const child of node.children!) {
      if (!writtenIn(node, child)) continue;
      const sequenceBelowKey = child.kind === 'array' && child.keyOffset >= 0 && lines.startsLine(child.offset);
      if (sequenceBelowKey && isBlockCollection(child)) {
        const keyColumn = child.keyOffset - lines.starts[lines.lineOf(child.keyOffset)];
        if (child.offset - lines.starts[lines.lineOf(child.offset)] > keyColumn) indented++;
        else out++;
      }
      visit(child);
    }
  };
  visit(root);
  return indented >= out;
}

/**
 * Edits that re-indent a YAML text parsed as `root`, `step` spaces per level; only the lines
 * from `firstLine` to `lastLine` (all when not given).
 */
export function yamlIndentEdits(
  text: string, root: SyntaxNode, step: number, firstLine = 0, lastLine = Infinity,
): TextEdit[] {
  const lines = new Lines(text);
  const layout = new Layout(lines, step, sequencesIndented(lines, root));
  layout.firstLine = firstLine;
  layout.lastLine = lastLine;
  // A root after `---` or an anchor on its first line stays at its column.
  const rootColumn = lines.startsLine(root.offset) ? 0 : root.offset - lines.starts[lines.lineOf(root.offset)];
  if (isBlockCollection(root)) placeCollection(layout, root, rootColumn);
  markContinuations(layout, root);
  placeRest(layout);
  const edits: TextEdit[] = [];
  const last = Math.min(lastLine, lines.starts.length - 1);
  for (let line = Math.max(0, firstLine); line <= last; line++) {
    const indent = lines.indents[line];
    // A blank line outside a scalar keeps its spaces: nothing reads them.
    if (lines.isBlank(line) && !layout.continued[line]) continue;
    const delta = layout.delta(line);
    const textColumn = layout.blankText[line];
    const isText = !lines.isBlank(line) || indent > textColumn;
    const wanted = Math.max(0, isText ? indent + delta : Math.min(indent, textColumn + delta));
    if (wanted !== indent) edits.push({ offset: lines.starts[line], length: indent, newText: ' '.repeat(wanted) });
  }
  return edits;
}
