// tag-parent on 100,000 tags: a chain of parents and one loop through all of them are each walked
// once (not once per tag), and the loop's finding names a few of its tags, not all of them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/check/checker';
import { DocumentStore } from '../../../server/src/model/documents';
import { RULES } from '../../../server/src/rules/index';

const FILE = '/virtual/openapi.yaml';
const TAGS = 100_000;
const tagParent = RULES.filter((r) => r.id === 'tag-parent');

/** Tags t0..tN-1, each the parent of the one before; the last one's parent closes a loop or not. */
function description(closeLoop: boolean): string {
  const lines = ['openapi: 3.2.0', 'info: {title: T, version: "1"}', 'paths: {}', 'tags:'];
  for (let i = 0; i < TAGS; i++) {
    const parent = i + 1 < TAGS ? `t${i + 1}` : closeLoop ? 't0' : undefined;
    lines.push(parent ? `  - {name: t${i}, parent: ${parent}}` : `  - {name: t${i}}`);
  }
  return lines.join('\n') + '\n';
}

function findings(text: string) {
  const started = performance.now();
  const result = checkDocument(new DocumentStore({ read: () => ({ text }) }), FILE, { rules: tagParent });
  return { diagnostics: result.diagnostics.filter((d) => d.rule === 'tag-parent'), ms: performance.now() - started };
}

describe('tag-parent on 100,000 tags', { timeout: 120_000 }, () => {
  it('reports nothing for a chain of 100,000 parents', () => {
    const { diagnostics } = findings(description(false));
    assert.deepEqual(diagnostics.map((d) => d.message), []);
  });

  it('reports a loop through 100,000 tags once, naming its first six tags', () => {
    const chain = findings(description(false));
    const loop = findings(description(true));
    assert.deepEqual(loop.diagnostics.map((d) => d.message), [
      'Tag "t0" is nested under itself through its parents ("t0" → "t1" → "t2" → "t3" → "t4" → "t5" → … → "t0"): a tag cannot be its own ancestor.',
    ]);
    assert.equal(loop.diagnostics[0].related.length, 5);
    // The same walk as the chain's: a loop must not cost a walk per tag.
    assert.ok(loop.ms < chain.ms * 3 + 500, `loop ${Math.round(loop.ms)} ms, chain ${Math.round(chain.ms)} ms`);
  });
});
