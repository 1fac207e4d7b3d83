// The document a conversion writes, before it is text: ordered maps, sequences and scalars that
// remember the source node each was written from (for its comments and quoting, and so that a
// `$ref` to that node can be pointed at the place it moved to), and `$ref` values that are only
// written once every file is converted.
import { ScalarValue, SyntaxNode } from '../../syntax/tree';

export type Out = OutMap | OutSeq | OutScalar | OutRef;

interface OutBase {
  /** The source node this one was written from. */
  source?: SyntaxNode;
  /** Set when the tree is finished: where the node sits (see `finishTree`). */
  parent?: OutMap | OutSeq;
  keyInParent?: string | number;
  /** Notes about this node, written before it as comments in YAML output (array items). */
  notes?: string[];
}

export interface OutPair {
  key: string;
  value: Out;
  /** The source member the pair was written from: its comments and its key's style go with it. */
  member?: SyntaxNode;
  /** Other source members whose comments go before this pair (constructs it replaces). */
  commentsFrom?: SyntaxNode[];
  /** Notes about this pair, written before it as comments in YAML output. */
  notes?: string[];
  /** YAML: the key was written as a number (`200:`). */
  numericKey?: boolean;
}

export interface OutMap extends OutBase {
  kind: 'map';
  pairs: OutPair[];
  flow?: boolean;
}

export interface OutSeq extends OutBase {
  kind: 'seq';
  items: Out[];
  flow?: boolean;
}

export type YamlScalarStyle = 'plain' | 'single' | 'double' | 'literal' | 'folded';

export interface OutScalar extends OutBase {
  kind: 'scalar';
  value: ScalarValue;
  style?: YamlScalarStyle;
  /** A number's digits as the source wrote them (`1.50`), when they say more than its value. */
  numberText?: string;
}

/** Where a `$ref` points: a source node (wherever it ends up) or a node of the output itself. */
export type RefTarget =
  | { kind: 'source'; node: SyntaxNode; docPath: string; fragment: boolean }
  | { kind: 'out'; node: Out }
  | { kind: 'text'; text: string };

export interface OutRef extends OutBase {
  kind: 'ref';
  target: RefTarget;
  /** The `$ref` as the source wrote it: kept when the target is where it was. */
  raw?: string;
  /** The output file the ref is written in (set by `finishTree`). */
  file?: string;
  /** YAML: how the source quoted the `$ref`. */
  style?: YamlScalarStyle;
}

export function map(pairs: OutPair[] = [], source?: SyntaxNode): OutMap {
  return { kind: 'map', pairs, source };
}

export function seq(items: Out[] = [], source?: SyntaxNode): OutSeq {
  return { kind: 'seq', items, source };
}

export function scalar(value: ScalarValue, source?: SyntaxNode): OutScalar {
  return { kind: 'scalar', value, source };
}

export function pair(key: string, value: Out, member?: SyntaxNode): OutPair {
  return { key, value, member };
}

export function get(out: OutMap, key: string): OutPair | undefined {
  return out.pairs.find((p) => p.key === key);
}

/** Puts `value` under `key`, replacing the value of a pair that has that key. */
export function set(out: OutMap, key: string, value: Out, member?: SyntaxNode): OutPair {
  const existing = get(out, key);
  if (existing) {
    existing.value = value;
    return existing;
  }
  const added = pair(key, value, member);
  out.pairs.push(added);
  return added;
}

/** Nodes in a tree (for output budgets), counting at most `limit`. */
export function countNodes(root: Out, limit: number): number {
  let count = 0;
  const stack: Out[] = [root];
  while (stack.length > 0 && count < limit) {
    const node = stack.pop()!;
    count++;
    if (node.kind === 'map') for (const p of node.pairs) stack.push(p.value);
    else if (node.kind === 'seq') for (const item of node.items) stack.push(item);
  }
  return count;
}

/** Sets each node's parent and key, and each `$ref`'s file: pointers are read from them. */
export function finishTree(root: Out, file: string): void {
  const stack: Out[] = [root];
  root.parent = undefined;
  root.keyInParent = undefined;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'ref') node.file = file;
    else if (node.kind === 'map') {
      for (const p of node.pairs) {
        p.value.parent = node;
        p.value.keyInParent = p.key;
        stack.push(p.value);
      }
    } else if (node.kind === 'seq') {
      node.items.forEach((item, i) => {
        item.parent = node;
        item.keyInParent = i;
        stack.push(item);
      });
    }
  }
}

/** The root of the tree a finished node is in, and the JSON Pointer segments from it. */
export function placeOf(node: Out): { root: Out; segments: (string | number)[] } {
  const segments: (string | number)[] = [];
  let at: Out = node;
  while (at.parent) {
    segments.push(at.keyInParent!);
    at = at.parent;
  }
  return { root: at, segments: segments.reverse() };
}

/** The node a pointer leads to in a finished tree, if any. */
export function follow(root: Out, segments: readonly string[]): Out | undefined {
  let at: Out | undefined = root;
  for (const segment of segments) {
    if (!at) return undefined;
    if (at.kind === 'map') at = get(at, segment)?.value;
    else if (at.kind === 'seq') at = /^\d+$/.test(segment) ? at.items[Number(segment)] : undefined;
    else return undefined;
  }
  return at;
}
