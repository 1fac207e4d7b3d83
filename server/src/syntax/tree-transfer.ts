// A parsed text's tree as a few flat arrays, to hand it from a worker thread to the server's
// thread: typed arrays move without a copy, and one string holds every key and string value. The
// receiving side builds the nodes again in steps, so a large tree never holds the message loop.
import { stepClock, Steps } from './steps';
import { duplicateKeySteps, keysCheckedInSteps, NodeKind, ParsedText, SourceFormat, SyntaxError, SyntaxNode } from './tree';

const KINDS: NodeKind[] = ['object', 'array', 'string', 'number', 'boolean', 'null'];
const KIND_BITS = 3;

/** Integers per node, in pre-order: kind and flags, offset, length, key offset, key length, children, key, value. */
const FIELDS = 8;
const NO_STRING = -1;
/** Strings up to this length are stored once however often they occur (keys, enum values, types). */
const SHARED_STRING_MAX = 64;

export interface EncodedTree {
  nodes: Int32Array;
  numbers: Float64Array;
  /** Every stored string, end to end, and where each ends. */
  strings: string;
  stringEnds: Int32Array;
}

/** A ParsedText without its text (the receiver has it). */
export interface EncodedParse {
  tree: EncodedTree | undefined;
  errors: SyntaxError[];
  selfContainedBlocks: boolean | undefined;
}

export function encodeParse(parsed: ParsedText): EncodedParse {
  return { tree: parsed.root && encodeTree(parsed.root), errors: parsed.errors, selfContainedBlocks: parsed.selfContainedBlocks };
}

/** The buffers to transfer (not copy) with a message holding this parse. */
export function transferables(encoded: EncodedParse): ArrayBuffer[] {
  const tree = encoded.tree;
  return tree ? [tree.nodes.buffer as ArrayBuffer, tree.numbers.buffer as ArrayBuffer, tree.stringEnds.buffer as ArrayBuffer] : [];
}

function encodeTree(root: SyntaxNode): EncodedTree {
  const fields: number[] = [];
  const numbers: number[] = [];
  const strings: string[] = [];
  const ends: number[] = [];
  const shared = new Map<string, number>();
  let length = 0;
  const store = (s: string): number => {
    const known = s.length <= SHARED_STRING_MAX ? shared.get(s) : undefined;
    if (known !== undefined) return known;
    strings.push(s);
    ends.push((length += s.length));
    if (s.length <= SHARED_STRING_MAX) shared.set(s, ends.length - 1);
    return ends.length - 1;
  };
  // Pre-order with a stack, not recursion: trees may be MAX_DEPTH deep.
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const children = node.children;
    let value = 0;
    if (node.kind === 'string') value = store(node.value as string);
    else if (node.kind === 'number') value = numbers.push(node.value as number) - 1;
    else if (node.kind === 'boolean') value = node.value ? 1 : 0;
    const key = node.parent?.kind === 'object' ? store(node.key as string) : NO_STRING;
    fields.push(
      KINDS.indexOf(node.kind) | (node.packedFlags << KIND_BITS), node.offset, node.length, node.keyOffset, node.keyLength,
      children ? children.length : 0, key, value,
    );
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return { nodes: Int32Array.from(fields), numbers: Float64Array.from(numbers), strings: strings.join(''), stringEnds: Int32Array.from(ends) };
}

/** The tree again, built in steps; `text` is the source the offsets point into. */
export function* decodeParseSteps(encoded: EncodedParse, text: string, format: SourceFormat): Steps<ParsedText> {
  const root = encoded.tree ? yield* decodeTreeSteps(encoded.tree) : undefined;
  const parsed: ParsedText = { format, text, root, errors: encoded.errors };
  if (encoded.selfContainedBlocks !== undefined) parsed.selfContainedBlocks = encoded.selfContainedBlocks;
  return parsed;
}

function* decodeTreeSteps(tree: EncodedTree): Steps<SyntaxNode | undefined> {
  const { nodes, numbers, strings, stringEnds } = tree;
  const decoded: (string | undefined)[] = new Array(stringEnds.length);
  const string = (i: number) => (decoded[i] ??= strings.slice(i === 0 ? 0 : stringEnds[i - 1], stringEnds[i]));
  let root: SyntaxNode | undefined;
  // The collections being filled, and how many children each still expects.
  const open: SyntaxNode[] = [];
  const expected: number[] = [];
  const count = nodes.length / FIELDS;
  const due = stepClock();
  const large: SyntaxNode[] = [];
  for (let i = 0; i < count; i++) {
    if (due()) yield;
    const at = i * FIELDS;
    const kind = KINDS[nodes[at] & ((1 << KIND_BITS) - 1)];
    const parent = open.length > 0 ? open[open.length - 1] : undefined;
    const node = new SyntaxNode(kind, nodes[at + 1], nodes[at + 2], parent);
    node.packedFlags = nodes[at] >>> KIND_BITS;
    node.keyOffset = nodes[at + 3];
    node.keyLength = nodes[at + 4];
    const value = nodes[at + 7];
    if (kind === 'string') node.value = string(value);
    else if (kind === 'number') node.value = numbers[value];
    else if (kind === 'boolean') node.value = value === 1;
    if (parent) {
      node.key = parent.kind === 'object' ? string(nodes[at + 6]) : parent.children!.length;
      parent.children!.push(node);
      expected[expected.length - 1]--;
    } else root = node;
    const children = nodes[at + 5];
    if (children > 0) {
      open.push(node);
      expected.push(children);
    }
    while (expected.length > 0 && expected[expected.length - 1] === 0) {
      const done = open.pop()!;
      expected.pop();
      if (done.kind === 'object' && keysCheckedInSteps(done)) large.push(done);
    }
  }
  // Large objects get their key index in steps, as after a parse in this thread (the worker
  // reported their duplicate keys already).
  yield* duplicateKeySteps(large, []);
  return root;
}
