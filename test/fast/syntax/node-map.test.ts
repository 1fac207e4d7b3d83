// Maps keyed by syntax nodes (syntax/node-map.ts) split into shards past a size: they must answer
// as a Map does, and a regular document's objects must spread over the shards.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NodeMap } from '../../../server/src/syntax/node-map';
import { parseText } from '../../../server/src/syntax/parse';
import { SHARD_COUNT, SyntaxNode } from '../../../server/src/syntax/tree';

/** A document of `count` path items, each written the same way. */
function regularPaths(count: number): SyntaxNode[] {
  let text = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n';
  for (let i = 0; i < count; i++) text += `  /p${i}:\n    get:\n      responses:\n        '200': {description: OK}\n`;
  return parseText(text, 'yaml').root!.get('paths')!.children!;
}

describe('NodeMap', () => {
  it('answers get, has, size, values and delete as a Map, before and after it splits', () => {
    const nodes = regularPaths(40_000);
    const map = new NodeMap<number>();
    const reference = new Map<SyntaxNode, number>();
    nodes.forEach((node, i) => {
      map.set(node, i);
      reference.set(node, i);
      if (i % 9_999 === 0 || i === nodes.length - 1) {
        assert.equal(map.size, reference.size);
        assert.deepEqual([...map.values()].sort((a, b) => a - b), [...reference.values()]);
      }
    });
    for (let i = 0; i < nodes.length; i += 3) assert.equal(map.delete(nodes[i]), true);
    assert.equal(map.delete(nodes[0]), false);
    for (let i = 0; i < nodes.length; i++) {
      assert.equal(map.get(nodes[i]), i % 3 === 0 ? undefined : i);
      assert.equal(map.has(nodes[i]), i % 3 !== 0);
    }
    assert.equal(map.size, nodes.length - Math.ceil(nodes.length / 3));
    map.set(nodes[0], -1);
    assert.equal(map.get(nodes[0]), -1);
    map.clear();
    assert.equal(map.size, 0);
    assert.equal(map.get(nodes[1]), undefined);
  });

  it('spreads the path items of a regular document evenly over the shards', () => {
    const nodes = regularPaths(SHARD_COUNT * 100);
    const counts = new Array<number>(SHARD_COUNT).fill(0);
    for (const node of nodes) counts[node.shard]++;
    // 100 per shard on average; counting nodes round the clock put them all in 16 shards.
    assert.ok(Math.max(...counts) < 200 && Math.min(...counts) > 30, `shard sizes from ${Math.min(...counts)} to ${Math.max(...counts)}`);
  });
});
