// A Map keyed by syntax nodes that never grows into one large table. A JavaScript Map doubles its
// table when full and moves every entry in that one call: at 500,000 nodes (a 30 MB document) one
// `set` held the language server's thread for 40-200 ms. Past a size, the entries are split by the
// nodes' shard numbers (SyntaxNode.shard) into maps a few hundredths the size.
import { SHARD_COUNT, SyntaxNode } from './tree';

/** Entries kept in one Map; the split costs about as much as one growth of a Map this size. */
const SPLIT_AT = 16_384;

export class NodeMap<V> {
  private whole: Map<SyntaxNode, V> | undefined = new Map();
  private shards: Map<SyntaxNode, V>[] | undefined;

  get size(): number {
    if (this.whole) return this.whole.size;
    let size = 0;
    for (const shard of this.shards!) size += shard.size;
    return size;
  }

  get(node: SyntaxNode): V | undefined {
    return this.whole ? this.whole.get(node) : this.shards![node.shard].get(node);
  }

  has(node: SyntaxNode): boolean {
    return this.whole ? this.whole.has(node) : this.shards![node.shard].has(node);
  }

  set(node: SyntaxNode, value: V): this {
    const whole = this.whole;
    if (!whole) {
      this.shards![node.shard].set(node, value);
      return this;
    }
    whole.set(node, value);
    if (whole.size >= SPLIT_AT) this.split(whole);
    return this;
  }

  delete(node: SyntaxNode): boolean {
    return this.whole ? this.whole.delete(node) : this.shards![node.shard].delete(node);
  }

  clear(): void {
    this.whole = new Map();
    this.shards = undefined;
  }

  /** The values, in no particular order once the map is split. */
  *values(): IterableIterator<V> {
    if (this.whole) yield* this.whole.values();
    else for (const shard of this.shards!) yield* shard.values();
  }

  private split(whole: Map<SyntaxNode, V>): void {
    const shards: Map<SyntaxNode, V>[] = [];
    for (let i = 0; i < SHARD_COUNT; i++) shards.push(new Map());
    for (const [node, value] of whole) shards[node.shard].set(node, value);
    this.shards = shards;
    this.whole = undefined;
  }
}
