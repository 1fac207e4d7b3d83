// Chains of `$ref`s through many files end in a diagnostic, never in silence: a chain longer than
// the bound is reported on its first `$ref`, and a loop is reported whatever its length.
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/check/checker';
import { MAX_CHAIN } from '../../../server/src/model/analysis';
import { DocumentStore, FileRead } from '../../../server/src/model/documents';
import { RULES } from '../../../server/src/rules/index';

const ROOT = path.resolve('/virtual/chains');
const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /pets:\n    get:\n      responses:\n        \'200\':\n          $ref: \'./r0.yaml\'\n';

/** A root whose response is `r0.yaml`, each `rN.yaml` a `$ref` to the next, `count` files. */
function chain(count: number, last: string) {
  const files = new Map<string, string>([[path.join(ROOT, 'openapi.yaml'), HEAD]]);
  for (let i = 0; i < count; i++) files.set(path.join(ROOT, `r${i}.yaml`), i === count - 1 ? last : `$ref: './r${i + 1}.yaml'\n`);
  const store = new DocumentStore({ read: (p): FileRead => (files.has(p) ? { text: files.get(p)! } : { reason: 'missing', message: `${p} does not exist.` }) });
  const started = Date.now();
  const result = checkDocument(store, path.join(ROOT, 'openapi.yaml'), { rules: RULES });
  assert.deepEqual(result.crashes, []);
  return { result, seconds: (Date.now() - started) / 1000 };
}

const found = (ds: { rule: string; doc: { path: string }; message: string }[], rule: string) =>
  ds.filter((d) => d.rule === rule).map((d) => `${path.relative(ROOT, d.doc.path)}: ${d.message}`);

describe('long $ref chains and loops', { timeout: 120_000 }, () => {
  it('reports a chain longer than the bound once, on its first $ref', () => {
    const { result } = chain(MAX_CHAIN + 6, 'description: the end\n');
    assert.deepEqual(found(result.diagnostics, 'ref-unresolved'), [
      `openapi.yaml: "./r0.yaml" starts a chain of more than ${MAX_CHAIN} references, which is not followed to its end: point it closer to the object it stands for.`,
    ]);
  });

  it('follows a chain within the bound to its end', () => {
    const { result } = chain(MAX_CHAIN - 2, 'description: the end\n');
    assert.deepEqual(found(result.diagnostics, 'ref-unresolved'), []);
    assert.deepEqual(found(result.diagnostics, 'ref-cycle'), []);
  });

  it('reports a loop through 1,000 files on each of its $refs, naming a few and the count', () => {
    const { result, seconds } = chain(1000, "$ref: './r0.yaml'\n");
    const cycles = found(result.diagnostics, 'ref-cycle');
    assert.equal(cycles.length, 1000);
    assert.equal(cycles[0], 'r0.yaml: This "$ref" never reaches an object: the chain "./r1.yaml" -> "./r2.yaml" -> "./r3.yaml" -> "./r4.yaml" -> "./r5.yaml" -> "./r6.yaml" -> "./r7.yaml" -> "./r8.yaml" -> ... (1000 references in all) loops back on itself.');
    assert.deepEqual(found(result.diagnostics, 'ref-unresolved'), [], 'the $ref that leads into the loop is not a chain too long');
    assert.ok(seconds < 30, `${seconds} s`);
  });

  it('reports a loop through 10,000 $refs in one document on each of them, storing the loop once', () => {
    const n = 10_000;
    let text = HEAD.replace("$ref: './r0.yaml'", "description: OK") + 'components:\n  parameters:\n';
    for (let i = 0; i < n; i++) text += `    P${i}:\n      $ref: '#/components/parameters/P${(i + 1) % n}'\n`;
    const file = path.join(ROOT, 'loop.yaml');
    const store = new DocumentStore({ read: (p): FileRead => (p === file ? { text } : { reason: 'missing', message: `${p} does not exist.` }) });
    const started = Date.now();
    const result = checkDocument(store, file, { rules: RULES });
    const seconds = (Date.now() - started) / 1000;
    const cycles = found(result.diagnostics, 'ref-cycle');
    assert.equal(cycles.length, n);
    // As many of the long names as fit in 200 characters, then the count.
    const names = (from: number) => Array.from({ length: 6 }, (_, k) => `"#/components/parameters/P${(from + k + 1) % n}"`).join(' -> ');
    assert.equal(cycles[0], `loop.yaml: This "$ref" never reaches an object: the chain ${names(0)} -> ... (10000 references in all) loops back on itself.`);
    assert.equal(cycles[n - 1], `loop.yaml: This "$ref" never reaches an object: the chain ${names(n - 1)} -> ... (10000 references in all) loops back on itself.`);
    // One array for the whole loop: each member knows only where it stands in it.
    const holders = result.analysis!.references.map((r) => r.holder);
    const loops = new Set(holders.map((h) => result.analysis!.loopAt(h)?.loop).filter((loop) => loop !== undefined));
    assert.equal(loops.size, 1);
    assert.equal([...loops][0]?.length, n);
    assert.ok(seconds < 15, `${seconds} s`);
  });

  it('reports a three-file loop as before', () => {
    const { result } = chain(3, "$ref: './r0.yaml'\n");
    assert.deepEqual(found(result.diagnostics, 'ref-cycle').sort(), [
      'r0.yaml: This "$ref" never reaches an object: the chain "./r1.yaml" -> "./r2.yaml" -> "./r0.yaml" loops back on itself.',
      'r1.yaml: This "$ref" never reaches an object: the chain "./r2.yaml" -> "./r0.yaml" -> "./r1.yaml" loops back on itself.',
      'r2.yaml: This "$ref" never reaches an object: the chain "./r0.yaml" -> "./r1.yaml" -> "./r2.yaml" loops back on itself.',
    ]);
  });
});
