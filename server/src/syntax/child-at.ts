// Finding where an offset falls among things in source order (a collection's children, ranges
// sorted by start) by binary search: walking down a tree this way costs O(depth log width), so a
// lookup never scans a 100,000-member object.

/** Index of the last item whose start is at or before `offset` (-1 when none), in a list sorted by start. */
export function lastAtOrBefore<T>(items: readonly T[], offset: number, start: (item: T) => number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (start(items[mid]) <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** The child of a collection whose member (key through value) starts last at or before an offset. */
export function childStartingAtOrBefore<N extends { memberStart: number; children: N[] | undefined }>(node: N, offset: number): N | undefined {
  const children = node.children;
  if (!children || children.length === 0) return undefined;
  const index = lastAtOrBefore(children, offset, (child) => child.memberStart);
  return index >= 0 ? children[index] : undefined;
}

/** Where the first node after a node's subtree starts, in text order (Infinity if none). */
export function nextNodeStart<N extends { memberStart: number; parent: N | undefined; children: N[] | undefined }>(node: N): number {
  for (let n = node; n.parent; n = n.parent) {
    const siblings = n.parent.children!;
    const at = siblings.indexOf(n);
    if (at + 1 < siblings.length) return siblings[at + 1].memberStart;
  }
  return Infinity;
}
