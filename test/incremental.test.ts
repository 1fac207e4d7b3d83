// Incremental reparse equals a full parse: after each of many random edits, the tree the fast path
// produces (when it takes the edit) has the same nodes, offsets and values as a fresh parse.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { reparseEdit } from '../server/src/syntax/incremental';
import { parseText } from '../server/src/syntax/parse';
import { SyntaxNode } from '../server/src/syntax/tree';
import { REPO_ROOT } from './helpers/paths';

function flatten(root: SyntaxNode | undefined): string[] {
  const out: string[] = [];
  const stack = root ? [root] : [];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(`${n.pointer} ${n.kind} ${n.offset}+${n.length} key@${n.keyOffset}+${n.keyLength} ${n.keyKind} ${n.keyStyle} ${n.style} ${n.flow} ${JSON.stringify(n.value)}`);
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

// A small deterministic generator, so a failure can be replayed.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32);
}

// Like typing: mostly letters, digits and spaces, with structure-changing characters mixed in.
const TYPED = 'abcdefghXYZ0189 .-_';
const STRUCTURAL = ':#\'"{}[],&*!|>\n';
const pick = (next: () => number) => {
  const set = next() < 0.85 ? TYPED : STRUCTURAL;
  return set[Math.floor(next() * set.length)];
};

describe('incremental YAML reparse', () => {
  for (const file of ['examples/petstore/openapi.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/complex-nesting.yaml']) {
    it(`equals a full parse after 400 random edits of ${path.basename(file)}`, () => {
      const next = random(file.length * 7919);
      let parsed = parseText(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), 'yaml');
      let fast = 0;
      let full = 0;
      for (let i = 0; i < 400; i++) {
        const text = parsed.text;
        // Mostly edits inside scalars (where the fast path applies), some anywhere.
        let offset = Math.floor(next() * text.length);
        if (next() < 0.8) {
          const scalars: SyntaxNode[] = [];
          const stack = parsed.root ? [parsed.root] : [];
          while (stack.length) {
            const n = stack.pop()!;
            if (n.kind === 'string') scalars.push(n);
            if (n.children) stack.push(...n.children);
          }
          const target = scalars[Math.floor(next() * scalars.length)];
          if (target) offset = target.offset + Math.floor(next() * (target.length + 1));
        }
        const length = next() < 0.3 ? Math.min(Math.floor(next() * 3), text.length - offset) : 0;
        const newText = next() < 0.25 && length > 0 ? '' : pick(next);
        const edit = { offset, length, newText };
        const expected = parseText(text.slice(0, offset) + newText + text.slice(offset + length), 'yaml');
        const incremental = reparseEdit(parsed, edit)?.parsed;
        if (incremental) {
          fast++;
          assert.equal(incremental.text, expected.text);
          assert.deepEqual(flatten(incremental.root), flatten(expected.root), `edit ${i}: ${JSON.stringify(edit)}`);
          assert.deepEqual(incremental.errors, expected.errors);
          parsed = incremental;
        } else {
          full++;
          // Go on from documents that parse, as an editor's user mostly does; a broken state is
          // still checked above, it just does not become the base of the next edit.
          if (expected.errors.length === 0) parsed = expected;
        }
      }
      assert.ok(fast >= 40, `the fast path took ${fast} of 400 edits`);
      assert.ok(full >= 40, `the full parse took ${full} of 400 edits`);
    });
  }
});
