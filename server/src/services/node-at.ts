// The deepest node whose member (key through value) contains an offset.
import { childStartingAtOrBefore } from '../syntax/child-at';
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
    const child = childStartingAtOrBefore(node, offset);
    if (!child || offset > child.end) break;
    node = child;
  }
  const onKey = node.keyOffset >= 0 && offset >= node.keyOffset && offset <= node.keyOffset + node.keyLength;
  return { node, onKey };
}
