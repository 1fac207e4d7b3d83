// The deepest node whose member (key through value) contains an offset.
import { SyntaxNode } from '../syntax/tree';

export interface NodeAtOffset {
  node: SyntaxNode;
  /** Whether the offset is on the node's key rather than its value. */
  onKey: boolean;
}

export function nodeAt(root: SyntaxNode | undefined, offset: number): NodeAtOffset | undefined {
  if (!root || offset < root.offset || offset > root.end) return undefined;
  let node: SyntaxNode = root;
  for (;;) {
    const children: SyntaxNode[] | undefined = node.children;
    if (!children || children.length === 0) break;
    // Children are in source order: binary search for the last one starting at or before offset.
    let low = 0;
    let high = children.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (children[mid].memberStart <= offset) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    const child: SyntaxNode | undefined = found >= 0 ? children[found] : undefined;
    if (!child || offset > child.end) break;
    node = child;
  }
  const onKey = node.keyOffset >= 0 && offset >= node.keyOffset && offset <= node.keyOffset + node.keyLength;
  return { node, onKey };
}
