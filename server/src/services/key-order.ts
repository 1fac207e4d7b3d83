// Keys in the specification's order (openapi30.format.orderKeys): the root's fields and every
// operation's, as the 3.0.3 specification lists them; other keys (extensions, unknown fields) after
// them in their order. A member moves with its text as written: YAML with the comments right above
// it, JSON with the separators staying where they were.
import { HTTP_METHODS, ObjectKind, specOf } from '../model/spec';
import { TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';

/** The objects whose keys are ordered: the root and every operation (in paths and in callbacks). */
function orderedObjects(root: SyntaxNode): { node: SyntaxNode; kind: ObjectKind }[] {
  const found: { node: SyntaxNode; kind: ObjectKind }[] = [{ node: root, kind: 'Root' }];
  const operationsOf = (paths: SyntaxNode | undefined) => {
    for (const pathItem of paths?.kind === 'object' ? paths.children! : []) {
      if (pathItem.kind !== 'object') continue;
      for (const method of HTTP_METHODS) {
        const operation = pathItem.get(method);
        if (operation?.kind !== 'object') continue;
        found.push({ node: operation, kind: 'Operation' });
        for (const callback of objectMembers(operation.get('callbacks'))) operationsOf(callback);
      }
    }
  };
  operationsOf(root.get('paths'));
  for (const callback of objectMembers(root.get('components')?.get('callbacks'))) operationsOf(callback);
  return found;
}

const objectMembers = (node: SyntaxNode | undefined) => (node?.kind === 'object' ? node.children! : []);

/** The members in the specification's order, or undefined when they already are. */
function specOrder(node: SyntaxNode, kind: ObjectKind): SyntaxNode[] | undefined {
  const fields = [...specOf(kind).fields.keys()];
  const rank = (member: SyntaxNode) => {
    const at = fields.indexOf(String(member.key));
    return at < 0 ? fields.length : at;
  };
  const members = node.children!;
  const sorted = members.map((member, index) => ({ member, index, rank: rank(member) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.member);
  return sorted.some((member, i) => member !== members[i]) ? sorted : undefined;
}

const lineStartOf = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;

function lineEndAfter(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline < 0 ? text.length : newline + 1;
}

/** A YAML block member's lines: the comment lines right above its key through its value's last line. */
function yamlMemberSpan(text: string, member: SyntaxNode): { start: number; end: number } {
  let start = lineStartOf(text, member.keyOffset);
  const column = member.keyOffset - start;
  for (;;) {
    if (start === 0) break;
    const above = lineStartOf(text, start - 1);
    const line = text.slice(above, start);
    if (!/^\s*#/.test(line) || line.length - line.trimStart().length !== column) break;
    start = above;
  }
  return { start, end: lineEndAfter(text, Math.max(member.keyOffset, member.end - 1)) };
}

/** The edit that writes a YAML block mapping's members in a new order, or undefined when it cannot. */
function reorderYaml(text: string, node: SyntaxNode, order: SyntaxNode[]): TextEdit | undefined {
  const members = node.children!;
  const startsItsLine = (m: SyntaxNode) => m.keyOffset >= 0 && text.slice(lineStartOf(text, m.keyOffset), m.keyOffset).trim() === '';
  if (node.flow || !members.every(startsItsLine)) return undefined;
  const spans = members.map((member) => yamlMemberSpan(text, member));
  // Each member runs to where the next one starts (blank lines and comments after it go with it).
  const blocks = new Map<SyntaxNode, string>();
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  members.forEach((member, i) => {
    const end = i + 1 < members.length ? spans[i + 1].start : spans[i].end;
    const block = text.slice(spans[i].start, end);
    blocks.set(member, block.endsWith('\n') ? block : block + newline);
  });
  const start = spans[0].start;
  const end = spans[spans.length - 1].end;
  let written = order.map((member) => blocks.get(member)).join('');
  // The last member had no line break (the end of the text): the new last one has none either.
  if (!text.slice(start, end).endsWith('\n')) written = written.slice(0, -newline.length);
  return { offset: start, length: end - start, newText: written };
}

/** The edit that writes a JSON object's members in a new order, the text between them staying. */
function reorderJson(text: string, node: SyntaxNode, order: SyntaxNode[]): TextEdit | undefined {
  const members = node.children!;
  if (members.some((m) => m.keyOffset < 0)) return undefined;
  let written = '';
  members.forEach((member, i) => {
    if (i > 0) written += text.slice(members[i - 1].end, member.keyOffset);
    written += text.slice(order[i].keyOffset, order[i].end);
  });
  const start = members[0].keyOffset;
  return { offset: start, length: members[members.length - 1].end - start, newText: written };
}

/** Edits that put the root's and the operations' keys in the specification's order (none overlap). */
export function keyOrderEdits(text: string, root: SyntaxNode | undefined, format: 'yaml' | 'json'): TextEdit[] {
  // Only a root document: a referenced file's keys are not the root's fields.
  if (root?.kind !== 'object' || !root.get('openapi')) return [];
  const edits: TextEdit[] = [];
  for (const { node, kind } of orderedObjects(root)) {
    const order = specOrder(node, kind);
    if (!order) continue;
    const edit = format === 'yaml' ? reorderYaml(text, node, order) : reorderJson(text, node, order);
    if (edit) edits.push(edit);
  }
  // An operation inside a reordered root moves with it: its own reordering is done on the next pass.
  const inside = (edit: TextEdit, other: TextEdit) => other.offset <= edit.offset && edit.offset + edit.length <= other.offset + other.length;
  return edits.filter((edit) => !edits.some((other) => other !== edit && inside(edit, other)));
}
