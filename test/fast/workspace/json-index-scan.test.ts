// The one-pass JSON reader of the indexing worker (json-index-scan.ts) gives exactly the index that
// the tree path gives (indexFile on syntax/json.ts's tree), entry by entry: every definition,
// operation, path, tag, security use, Link operationId and reference with its range, target, owner
// and flags. On generated descriptions and on tricky text (escapes in keys and values, unicode,
// surrogate pairs, `\/`, nesting, 100,000 siblings, a 1 MB string); and it declines (the tree path
// then indexes) what the tree counts as errors: invalid JSON, a repeated key, nesting past the limit.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runIndexJob } from '../../../server/src/server/runtime/index-job';
import { parseJson } from '../../../server/src/syntax/json';
import { MAX_DEPTH } from '../../../server/src/syntax/tree';
import { FileIndex, indexFile } from '../../../server/src/workspace/file-index';
import { scanJsonIndex } from '../../../server/src/workspace/json-index-scan';

const FILE = '/w/api/openapi.json';

/** An index as plain data: its references read back from the columns. */
function plain(index: FileIndex): unknown {
  return {
    ...index,
    lines: Array.from(index.lines as Uint32Array),
    refs: [...index.refs].map((r) => ({ raw: r.raw, role: r.role, span: { ...r.span }, targetFile: r.targetFile, pointer: r.pointer, owner: r.owner, expected: r.expected, inExtension: r.inExtension, pathKey: r.pathKey && { ...r.pathKey, span: { ...r.pathKey.span } } })),
  };
}

function treeIndex(text: string): FileIndex {
  return indexFile(FILE, parseJson(text));
}

/** The scanner indexes the text, and its index is the tree path's, list by list. */
function assertSame(text: string): FileIndex {
  const scanned = scanJsonIndex(FILE, text);
  assert.ok(scanned, 'the scanner declined a valid description');
  const tree = treeIndex(text);
  const a = plain(scanned) as Record<string, unknown>;
  const b = plain(tree) as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    // As JSON first (entries' fields are written in the same order by both): a deep comparison of
    // 100,000 entries, and its message when they differ, would take minutes.
    if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
    const [x, y] = [a[key], b[key]];
    if (!Array.isArray(x) || !Array.isArray(y)) {
      assert.deepStrictEqual(x, y, `${key} differs`);
      continue;
    }
    const at = y.findIndex((entry: unknown, i: number) => JSON.stringify(entry) !== JSON.stringify(x[i]));
    assert.deepStrictEqual([x.length, x[at]], [y.length, y[at]], `${key} differs at ${at}`);
  }
  assert.deepStrictEqual(Object.keys(a).sort(), Object.keys(b).sort());
  return scanned;
}

const PETSTORE = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1', 'x-logo': { $ref: '#/components/schemas/Pet' } },
  tags: [{ name: 'pets', description: 'd' }, { name: 7 }, { description: 'no name' }],
  security: [{ key: [], oauth: ['read'] }],
  paths: {
    '/pets': {
      $ref: './common.json#/paths/~1pets',
      get: {
        operationId: 'listPets', tags: ['pets', 3, 'more'], deprecated: true,
        parameters: [{ $ref: '#/components/parameters/Limit' }, { name: 'q', in: 'query', schema: { type: 'string', example: { $ref: 'not a ref' } } }],
        security: [{ oauth: [] }],
        responses: {
          200: {
            description: 'ok',
            links: { next: { operationId: 'listPets', operationRef: '#/paths/~1pets/get', $ref: '#/components/links/L' } },
            content: { 'application/json': { schema: { $ref: 'https://example.com/s.json#/Pet' }, examples: { a: { value: { $ref: 'free' } } } } },
          },
        },
        callbacks: { onEvent: { '{$request.body#/url}': { post: { operationId: 'cb', responses: { 200: { $ref: '#/components/responses/Ok' } } } } } },
      },
      'x-extra': { $ref: '#/components/schemas/Pet' },
    },
    '/pets/{id}': { $ref: 'item.json' },
    'x-ignored': {},
  },
  webhooks: { newPet: { post: { operationId: 'hook', deprecated: false, responses: {} } } },
  components: {
    schemas: {
      Pet: {
        deprecated: true,
        discriminator: { propertyName: 'kind', mapping: { dog: 'Dog', cat: '#/components/schemas/Cat', n: 5 } },
        properties: { friend: { $ref: '#/components/schemas/Pet' }, example: { type: 'string' }, default: { $ref: '#/x' } },
        example: { $ref: '#/components/schemas/Nope' },
        allOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: 'urn:uuid:1' }],
      },
      Dog: { $ref: '#/components/schemas/Pet' },
      Flag: true,
      Cat: [],
    },
    parameters: { Limit: { name: 'limit', in: 'query', schema: { $ref: 7 } } },
    pathItems: { Shared: { get: { operationId: 'shared', responses: {} } } },
    'x-private': { A: { $ref: '#/components/schemas/Pet' } },
  },
};

describe('json-index-scan: the same index as the tree path', () => {
  it('gives a description\'s every entry as the tree does (minified, pretty, CRLF, a byte order mark)', () => {
    const index = assertSame(JSON.stringify(PETSTORE));
    // What the user sees through the index: the entries are there, not empty lists that agree.
    assert.deepStrictEqual(index.definitions.map((d) => d.name), ['Pet', 'Dog', 'Flag', 'Cat', 'Limit', 'Shared']);
    assert.deepStrictEqual(index.operations.map((o) => o.operationId), ['listPets', 'cb', 'hook', 'shared']);
    assert.ok(index.refs.length >= 12);
    assertSame(JSON.stringify(PETSTORE, null, 2));
    assertSame(JSON.stringify(PETSTORE, null, '\t').replace(/\n/g, '\r\n'));
    assertSame('\ufeff' + JSON.stringify(PETSTORE, null, 1));
  });

  it('reads escaped keys and values, unicode and surrogate pairs as the tree does', () => {
    const text = JSON.stringify({
      openapi: '3.0.0', info: { title: 'é 😀', version: '1' },
      paths: { '/a\\/b/{id}': { get: { operationId: 'g\u00e9t\ud83d\ude00', tags: ['t\n"q"'], responses: {} } }, '/\u00e9': { $ref: '#/components/pathItems/\u00e9' } },
      components: { schemas: { 'A/B~C': { $ref: '#/components/schemas/A~1B~0C' }, 'caf\u00e9': { $ref: '#/components/schemas/caf%C3%A9' }, '😀': {} } },
    }).replace('"/a\\\\/b', '"/a\\/b').replace('"/\u00e9"', '"/\\u00e9"').replace('"paths"', '"p\\u0061ths"').replace('"$ref":"#/components/schemas/A~1B~0C"', '"\\u0024ref":"#\\/components\\/schemas\\/A~1B~0C"');
    assert.ok(text.includes('"/a\\/b') && text.includes('\\u00e9') && text.includes('p\\u0061ths') && text.includes('\\u0024ref'));
    const index = assertSame(text);
    assert.deepStrictEqual(index.paths.map((p) => p.path), ['/a/b/{id}', '/é']);
    assert.equal([...index.refs].find((r) => r.raw.startsWith('#/components/schemas/A'))!.raw, '#/components/schemas/A~1B~0C');
  });

  it('follows the places that decide what is kept: a Swagger 2.0 root, version forms, extensions, free values', () => {
    assertSame(JSON.stringify({ swagger: '2.0', info: {}, paths: { '/p': { get: { operationId: 'o', responses: { 200: { schema: { $ref: '#/definitions/A' } } } } } }, definitions: { A: { type: 'object' }, B: 1 }, parameters: { P: {} } }));
    const both = assertSame(JSON.stringify({ openapi: '3.1.0', swagger: '2.0', definitions: { A: {} }, components: { schemas: { S: {} } } }));
    assert.equal(both.version, '3.1');
    assert.deepStrictEqual(both.definitions.map((d) => d.name), ['A', 'S']);
    for (const version of ['3.1.0', '3.2.0', '3.0', 3.1, 3, true, null, { v: 1 }, ['3.1']]) {
      assertSame(JSON.stringify({ openapi: version, components: { schemas: { A: { $ref: '#/components/schemas/A' } } } }));
    }
    assertSame(JSON.stringify({ openapi: '3.0.0', 'x-a': { $ref: '#/x', nested: { $ref: '#/y' } }, paths: { '/p': { 'x-b': { get: { operationId: 'no' } }, summary: { $ref: '#/s' } } }, components: { examples: { E: { value: { $ref: '#/free' } } }, schemas: { S: { enum: [{ $ref: '#/e' }], properties: { enum: { $ref: '#/p' } } } } } }));
    assertSame('{"openapi":"3.0.0","components":{"schemas":{"N":-1.5e+3,"Z":0,"T":false,"U":null}},"paths":{}}');
    // A mapping whose key is `$ref`: its value is a mapping entry and, as the walk reads it, a reference too.
    const mapping = assertSame(JSON.stringify({ openapi: '3.0.3', paths: {}, components: { schemas: { A: { discriminator: { propertyName: 'k', mapping: { $ref: '#/components/schemas/B', b: 'B' } } }, B: {} } } }));
    assert.deepStrictEqual([...mapping.refs].map((r) => `${r.role}:${r.raw}`), ['mapping:#/components/schemas/B', 'mapping:B', 'ref:#/components/schemas/B']);
  });

  it('declines what the tree counts as errors, and what is no description; the job then indexes through the tree', () => {
    const declined = [
      '', '   ', '[]', '"openapi"', '{"openapi":"3.0.0",}', '{"openapi":"3.0.0"', '{"openapi":"3.0.0"} x', '{"openapi":"3.0.0","a":01}',
      '{"openapi":"3.0.0","a":"\\x"}', '{"openapi":"3.0.0","a":"\\u12G4"}', '{"openapi":"3.0.0","a":"tab\there"}', '{"openapi":"3.0.0","a":tru}',
      // Raw control characters in a value or a key, and strings the text ends in (the plain run stops at each).
      '{"openapi":"3.0.0","a":"nul\u0000"}', '{"openapi":"3.0.0","a":"\u001f"}', '{"openapi":"3.0.0","a\nb":1}', '{"openapi":"3.0.0","a":"abc', '{"openapi":"3.0.0","a":"abc\\',
      '{"openapi":"3.0.0","a":1,"a":2}', '{"openapi":"3.0.0","info":{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k3":0}}',
      '{"openapi":"3.0.0","p\\u0061ths":{},"paths":{}}', '{"info":{}}', '{"components":{"schemas":{"A":{}}}}',
      `{"openapi":"3.0.0","deep":${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}}`,
    ];
    for (const text of declined) assert.equal(scanJsonIndex(FILE, text), undefined, JSON.stringify(text.slice(0, 60)));
    // Through the job, a declined file is indexed as before: its errors counted, its entries kept.
    const repeated = '{"openapi":"3.0.0","components":{"schemas":{"A":{"$ref":"#/components/schemas/B"},"A":{}}}}';
    const dir = mkdtempSync(join(tmpdir(), 'json-index-scan-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, repeated);
      const outcome = runIndexJob({ path: file, maxBytes: 1 << 20, referenced: false });
      assert.ok('index' in outcome);
      assert.equal(outcome.index.syntaxErrors, 1);
      assert.deepStrictEqual([...outcome.index.refs].map((r) => [r.raw, r.span.offset]), [['#/components/schemas/B', repeated.indexOf('"#/components/schemas/B"')]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stays linear on 100,000 siblings, a 1 MB string and deep nesting, and equal to the tree', () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) paths[`/p${i}`] = i % 3 === 0 ? { $ref: `#/components/pathItems/P${i % 7}` } : { get: { operationId: `op${i}`, responses: {} } };
    const big = assertSame(JSON.stringify({ openapi: '3.0.0', paths, components: { schemas: { Big: { description: 'x'.repeat(1 << 20), $ref: '#/components/schemas/' + 'y'.repeat(1 << 20) } } } }));
    assert.equal(big.paths.length, 100_000);
    assert.equal(big.refs.length, 33_335);
    assert.equal(big.refs.at(big.refs.length - 1).span.length, (1 << 20) + 23);
    let deep: unknown = { $ref: '#/components/schemas/A' };
    for (let i = 0; i < (MAX_DEPTH * 2) / 3 - 10; i++) deep = i % 2 ? { properties: { p: deep } } : { items: deep };
    assertSame(JSON.stringify({ openapi: '3.0.0', components: { schemas: { A: deep } } }));
  });

  it('reads a file from its bytes as the tree reads its decoded text: characters past ASCII, line breaks, a byte order mark', () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-index-scan-bytes-'));
    try {
      const file = join(dir, 'openapi.json');
      // Two-, three- and four-byte characters before and inside what the index keeps, so that every
      // offset after them counts UTF-16 units, not bytes; lone CRs and CRLFs between tokens.
      const doc = {
        openapi: '3.0.3', info: { title: 'Tiere \u00e9\u4e2d\ud83d\ude00', version: '1' },
        paths: { '/t\u00e9r': { get: { operationId: 'h\u00e9\ud83d\ude00', tags: ['\u4e2d'], responses: { 200: { $ref: '#/components/responses/R\u00e9' } } } } },
        components: { schemas: { '\u00c9l\u00e8ve': { description: '\ud83d\ude00'.repeat(50), $ref: '#/components/schemas/\u4e2d' } }, responses: { 'R\u00e9': { description: 'ok' } } },
      };
      const text = JSON.stringify(doc, null, 1).replace(/\n/g, (_, at: number) => (at % 3 === 0 ? '\r' : at % 3 === 1 ? '\r\n' : '\n'));
      for (const written of [text, '\ufeff' + text]) {
        writeFileSync(file, written);
        const outcome = runIndexJob({ path: file, maxBytes: 1 << 20, referenced: false });
        assert.ok('index' in outcome);
        const tree = indexFile(file, parseJson(text));
        assert.equal(JSON.stringify(plain(outcome.index)), JSON.stringify(plain(tree)));
        const ref = [...outcome.index.refs].find((r) => r.raw === '#/components/schemas/\u4e2d')!;
        assert.equal(text.slice(ref.span.offset, ref.span.offset + ref.span.length), '"#/components/schemas/\u4e2d"');
        assert.equal(outcome.index.operations[0].operationId, 'h\u00e9\ud83d\ude00');
        assert.equal(outcome.index.length, text.length);
      }
      // The version key written with an escape: the text's look for `openapi` does not see it, so the
      // file is no description to the index, as before; nor is one whose bytes are not UTF-8.
      writeFileSync(file, '{"op\\u0065napi":"3.0.3","paths":{}}');
      assert.deepStrictEqual(runIndexJob({ path: file, maxBytes: 1 << 20, referenced: false }), { path: file, skipped: 'not-openapi', keys: ['openapi', 'paths'] });
      writeFileSync(file, Buffer.concat([Buffer.from('{"openapi":"3.0.3","info":{"title":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"},"paths":{}}')]));
      assert.deepStrictEqual(runIndexJob({ path: file, maxBytes: 1 << 20, referenced: false }), { path: file, skipped: 'encoding' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // A lone surrogate has no UTF-8 form: the tree path indexes such a text.
    assert.equal(scanJsonIndex(FILE, '{"openapi":"3.0.0","info":{"title":"\ud800"},"paths":{}}'), undefined);
  });

  it('equals the tree on generated descriptions', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const names = ['Pet', 'get', 'post', '$ref', 'x-a', 'properties', 'items', 'example', 'schema', 'mapping', 'tags', 'deprecated', 'operationId', 'name', 'components', 'schemas', 'paths', '/p', 'value', 'examples', 'security', 'links', 'discriminator', 'é\u0000'];
    const value = (depth: number): unknown => {
      const r = random(10);
      if (depth > 6 || r < 3) return [true, false, null, 1.5, 'Pet', '#/components/schemas/Pet', 'a/b'][random(7)];
      if (r < 5) return Array.from({ length: random(4) }, () => value(depth + 1));
      const object: Record<string, unknown> = {};
      for (let i = random(6); i > 0; i--) object[names[random(names.length)]] = random(4) === 0 ? `#/components/schemas/${names[random(names.length)]}` : value(depth + 1);
      return object;
    };
    for (let i = 0; i < 300; i++) {
      const doc = { openapi: '3.0.0', paths: { '/a': { get: value(2), post: value(2) }, '/b': value(1) }, components: { schemas: value(1), links: value(1) }, tags: value(1), x: value(0) };
      assertSame(JSON.stringify(doc, null, i % 2 ? 1 : undefined));
    }
  });
});
