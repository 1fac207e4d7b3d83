// The workspace-wide symbol index (symbol-index.ts): the answers of a query over its merged
// segments are the answers of the per-file walk it replaced, for prefix and fuzzy queries typed
// letter by letter, while files are set, edited and removed; and its bounds (a file of 100,000
// names, a name of 1 MB).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workspaceSymbols } from '../../../server/src/services/workspace-symbols';
import { parseText } from '../../../server/src/syntax/parse';
import { indexFile } from '../../../server/src/workspace/file-index';
import { MAX_MERGED, nameOf } from '../../../server/src/workspace/symbol-index';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';
import { workspaceSymbolsPerFile } from '../../helpers/workspace-symbols-per-file';

const WORDS = ['pet', 'store', 'user', 'customer', 'address', 'order', 'error', 'page', 'stat', 'set', 'invoice', 'item', 'refund', 'cs'];
const VERBS = ['get', 'list', 'create', 'delete', 'patch'];
let seed = 11;
const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 8) % n;
const word = () => WORDS[random(WORDS.length)];
const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
/** Names drawn from a small vocabulary in mixed case and separators: many files share names, some differ only in case. */
const schemaName = () => {
  const parts = Array.from({ length: 1 + random(3) }, word);
  const joined = parts.map((w, i) => (i > 0 || random(3) === 0 ? cap(w) : w)).join(random(5) === 0 ? '_' : '');
  return random(8) === 0 ? joined.toUpperCase() : `${joined}${random(4) === 0 ? random(20) : ''}`;
};

/** A root description (or, `fragment`, a file of schemas at its top) with generated names. */
function description(version: number, fragment = false): string {
  const schemas: Record<string, unknown> = {};
  for (let s = 0; s < 10 + random(30); s++) schemas[schemaName()] = { type: 'object' };
  if (fragment) return JSON.stringify(schemas);
  const paths: Record<string, unknown> = {};
  for (let p = 0; p < random(8); p++) {
    const item: Record<string, unknown> = {};
    for (const method of ['get', 'post']) {
      if (random(4) === 0) continue;
      item[method] = { ...(random(5) ? { operationId: `${VERBS[random(VERBS.length)]}${cap(word())}${cap(word())}${version % 3 ? p : ''}` } : {}), responses: { '200': { description: 'OK' } } };
    }
    paths[`/${word()}s/{id}/${word()}${p}`] = item;
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, tags: [{ name: word() }], paths, components: { schemas } });
}

const fileOf = (path: string, text: string) => indexFile(path, parseText(text, 'json'));
const answer = (symbols: { name: string; selection: { file: string; offset: number } }[]) => symbols.map((s) => `${s.selection.file}:${s.selection.offset} ${s.name}`);

const TYPED = ['getCustomerItem', 'cs', 'cst', 'OrderRe', 'pet', 'PetStore', 'ps', 'st', 'ERROR', 'refund_', 'GET /pets', 'post /', 'dlcs', 'xyz', 'i', 'e'];

/** Every query of TYPED typed letter by letter, at two limits: the new answer equals the old one. */
function assertSameAnswers(index: WorkspaceIndex, what: string): number {
  let compared = 0;
  for (const typed of TYPED) {
    for (let n = 1; n <= typed.length; n++) {
      const query = typed.slice(0, n);
      for (const limit of [256, 7]) {
        assert.deepEqual(answer(workspaceSymbols(index, query, limit)), answer(workspaceSymbolsPerFile(index, query, limit)), `${what}: '${query}' (limit ${limit})`);
        compared++;
      }
    }
  }
  return compared;
}

describe('the workspace-wide symbol index', () => {
  it('answers as the per-file walk did, for prefix and fuzzy queries typed letter by letter, while files are set, edited and removed', () => {
    const index = new WorkspaceIndex();
    const paths: string[] = [];
    for (let i = 0; i < 250; i++) {
      const path = `/w/api-${i}.json`;
      index.set(fileOf(path, description(i, i % 10 === 9)));
      paths.push(path);
    }
    // A root that references half the fragments by pointer: their schemas are offered, the others' are not.
    const refs: Record<string, unknown> = {};
    for (let i = 9; i < 250; i += 20) refs[`R${i}`] = { $ref: `./api-${i}.json#/x` };
    index.set(fileOf('/w/refs.json', JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, components: { schemas: refs } })));
    assert.ok(index.symbols.segments.length > 1, 'the names are in several segments');
    let compared = assertSameAnswers(index, 'as indexed');
    // Edits (names gone, names new) and removals, enough for segments to be merged and written again without the dead names.
    for (let round = 0; round < 3; round++) {
      for (let e = 0; e < 100; e++) {
        const path = paths[random(paths.length)];
        if (random(3) === 0) index.remove(path);
        else index.set(fileOf(path, description(round * 1000 + e, random(10) === 0)));
      }
      compared += assertSameAnswers(index, `after edits, round ${round}`);
    }
    assert.ok(compared > 500);
  });

  it('forgets an edited file\'s old names and finds its new ones; forgets a removed file', () => {
    const index = new WorkspaceIndex();
    const api = (schema: string, operationId: string) =>
      JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/x': { get: { operationId, responses: {} } } }, components: { schemas: { [schema]: {} } } });
    for (let i = 0; i < 50; i++) index.set(fileOf(`/w/other-${i}.json`, api(`Other${i}`, `getOther${i}`)));
    index.set(fileOf('/w/a.json', api('Walrus', 'getWalrus')));
    const found = (query: string) => workspaceSymbols(index, query).map((s) => `${s.selection.file} ${s.name}`);
    assert.deepEqual(found('walrus'), ['/w/a.json Walrus', '/w/a.json getWalrus (GET /x)']);
    index.set(fileOf('/w/a.json', api('Narwhal', 'listNarwhals')));
    assert.deepEqual(found('walrus'), []);
    assert.deepEqual(found('wlrs'), []);
    assert.deepEqual(found('narwhal'), ['/w/a.json Narwhal', '/w/a.json listNarwhals (GET /x)']);
    assert.deepEqual(found('lnrw'), ['/w/a.json listNarwhals (GET /x)']);
    index.remove('/w/a.json');
    assert.deepEqual(found('narwhal'), []);
    assert.deepEqual(found('lnrw'), []);
    assert.deepEqual(found('other49'), ['/w/other-49.json Other49', '/w/other-49.json getOther49 (GET /x)']);
  });

  it('keeps each segment sorted with distinct names, and few segments: no merge past its bound', () => {
    const index = new WorkspaceIndex();
    for (let i = 0; i < 300; i++) index.set(fileOf(`/w/api-${i}.json`, description(i)));
    for (let i = 0; i < 300; i += 3) index.remove(`/w/api-${i}.json`);
    const { segments } = index.symbols;
    let entries = 0;
    for (const segment of segments) {
      for (let g = 1; g < segment.count; g++) assert.ok(nameOf(segment, g - 1) < nameOf(segment, g), 'sorted and distinct');
      assert.equal(segment.first[segment.count], segment.slots.length);
      entries += segment.slots.length - segment.dead;
    }
    const live = [...index.all()].reduce((n, f) => n + f.operations.filter((o) => o.operationId !== undefined).length + f.operations.length + f.definitions.length + f.tags.length, 0);
    assert.equal(entries, live, 'every live name once, whatever was removed');
    // A binary counter of segments: about log2 of the names over a file's.
    assert.ok(segments.length <= 16, `${segments.length} segments`);
    assert.ok(segments.every((s) => s.slots.length <= MAX_MERGED || s.held.length === 1), 'merged segments hold at most MAX_MERGED names');
  });

  it('bounds: a file of 100,000 names, and a name of 1 MB', () => {
    const index = new WorkspaceIndex();
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) schemas[`${cap(WORDS[i % WORDS.length])}${cap(WORDS[(i >> 4) % WORDS.length])}${i}`] = {};
    schemas[`Huge${'x'.repeat(1 << 20)}Tail`] = {};
    let started = performance.now();
    index.set(fileOf('/w/big.json', JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, components: { schemas } })));
    const setMs = performance.now() - started;
    for (let i = 0; i < 20; i++) index.set(fileOf(`/w/small-${i}.json`, description(i)));
    started = performance.now();
    const huge = workspaceSymbols(index, 'hugex');
    assert.equal(huge.length, 1);
    assert.equal(huge[0].name.length, 4 + (1 << 20) + 4);
    const named = `${cap(WORDS[9999 % WORDS.length])}${cap(WORDS[(9999 >> 4) % WORDS.length])}9999`;
    const byPrefix = workspaceSymbols(index, named).map((s) => s.name);
    assert.equal(byPrefix[0], named, 'the exact name first');
    for (const query of ['hgtl', 'ps', 'cs', 'zq', named, named.slice(0, 5)]) {
      assert.deepEqual(answer(workspaceSymbols(index, query)), answer(workspaceSymbolsPerFile(index, query)), query);
    }
    const queryMs = performance.now() - started;
    // Edits of a small file beside the large one do not rewrite the large one's segment.
    const largeSegment = index.symbols.segments.find((s) => s.slots.length >= 100_000);
    started = performance.now();
    index.set(fileOf('/w/small-0.json', description(99)));
    const editMs = performance.now() - started;
    assert.ok(index.symbols.segments.includes(largeSegment!), 'the large file\'s segment is kept as it was');
    assert.ok(setMs < 5_000 && queryMs < 5_000 && editMs < 1_000, `set ${setMs} ms, queries ${queryMs} ms, edit ${editMs} ms`);
  });
});
