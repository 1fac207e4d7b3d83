// The workspace layer's pieces on their own: rewriting references as text, fuzzy matching, and what
// the per-file index records.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, it } from 'node:test';
import { Worker } from 'worker_threads';
import { IndexJob, IndexReply, runIndexJob } from '../../../server/src/server/runtime/index-job';
import { fuzzyScore } from '../../../server/src/services/fuzzy';
import { drain } from '../../../server/src/syntax/steps';
import { parseText } from '../../../server/src/syntax/parse';
import { FileIndex, indexFile, positionIn } from '../../../server/src/workspace/file-index';
import { lineIndexOf } from '../../../server/src/syntax/line-index';
import { decodeIndexSteps } from '../../../server/src/workspace/index-transfer';
import { Located, WorkspaceIndex } from '../../../server/src/workspace/workspace-index';
import { relativeFilePart, scalarText, withPointerSegment } from '../../../server/src/workspace/ref-text';
import { largeDescription } from '../../helpers/large-description';
import { fixturePath, REPO_ROOT } from '../../helpers/paths';

describe('rewriting references', () => {
  it('replaces one pointer segment, escaping and percent-encoding it as the old one was', () => {
    assert.equal(withPointerSegment('#/paths/~1pets~1%7BpetId%7D/get', 1, '/pets/{id}'), '#/paths/~1pets~1%7Bid%7D/get');
    assert.equal(withPointerSegment('#/paths/~1pets~1{petId}/get', 1, '/pets/{id}'), '#/paths/~1pets~1{id}/get', 'literal braces stay literal');
    assert.equal(withPointerSegment('../a.yaml#/components/schemas/Pet', 2, 'Pet~v2'), '../a.yaml#/components/schemas/Pet~0v2');
    assert.equal(withPointerSegment('a.yaml#/components/schemas/Pet/properties/x', 2, 'Animal'), 'a.yaml#/components/schemas/Animal/properties/x');
  });

  it('names a file relative to the referencing one, with `./` as the author wrote it and URI escapes', () => {
    assert.equal(relativeFilePart('/w/api/openapi.yaml', '/w/shared/my file.yaml', '../x.yaml'), '../shared/my%20file.yaml');
    assert.equal(relativeFilePart('/w/a.yaml', '/w/b.yaml', './x.yaml'), './b.yaml');
    assert.equal(relativeFilePart('/w/a.yaml', '/w/b.yaml', 'x.yaml'), 'b.yaml');
    assert.equal(relativeFilePart('/w/a.yaml', '/w/a.yaml', './x.yaml'), '');
  });

  it('writes a new value in the scalar\'s quoting when that can hold it', () => {
    const plain = { style: 'plain' as const, flow: false };
    assert.equal(scalarText('yaml', './a.yaml#/B', plain), './a.yaml#/B');
    assert.equal(scalarText('yaml', '#/components/schemas/B', plain), "'#/components/schemas/B'", 'a plain `#` would start a comment');
    assert.equal(scalarText('yaml', '123', plain), "'123'", 'a plain number would be a number');
    assert.equal(scalarText('yaml', 'a,b', { style: 'plain', flow: true }), "'a,b'");
    assert.equal(scalarText('yaml', "it's", { style: 'double', flow: false }), '"it\'s"');
    assert.equal(scalarText('json', 'B', plain), '"B"');
  });
});

describe('fuzzy matching', () => {
  it('matches characters in order, and ranks starts, word starts and runs first', () => {
    assert.equal(fuzzyScore('xyz', 'listPets'), undefined);
    assert.ok(fuzzyScore('lp', 'listPets')! > fuzzyScore('lp', 'helpdesk')!);
    assert.ok(fuzzyScore('pet', 'Pet')! > fuzzyScore('pet', 'petstore_auth')!, 'the shorter name of equal matches');
    assert.ok(fuzzyScore('get /pets', 'GET /pets/{petId}') !== undefined, 'spaces in the query are ignored');
  });
});

describe('the index of one file', () => {
  it('records references with their spans, quoting and targets, in YAML flow and discriminator mappings', () => {
    const text = [
      'openapi: 3.0.3', 'info: {title: T, version: "1"}', 'paths:', '  /a:', '    get:', '      operationId: getA', '      tags: [a]',
      "      parameters: [{$ref: './p.yaml#/Id'}]", '      responses:', "        '200':", '          description: OK',
      'components:', '  schemas:', '    Pet:', '      discriminator:', '        propertyName: kind', '        mapping:', '          dog: Dog',
      '    Dog:', '      example: {$ref: not-a-reference}',
    ].join('\n');
    const index = indexFile('/w/openapi.yaml', parseText(text, 'yaml'));
    assert.equal(index.root, true);
    assert.deepEqual([...index.refs].map((r) => [r.raw, r.role, r.targetFile, r.pointer.join('/'), r.span.style, r.span.flow, text.slice(r.span.offset, r.span.offset + r.span.length)]), [
      ['./p.yaml#/Id', 'ref', '/w/p.yaml', 'Id', 'single', true, "'./p.yaml#/Id'"],
      ['Dog', 'mapping', '/w/openapi.yaml', 'components/schemas/Dog', 'plain', false, 'Dog'],
    ]);
    assert.deepEqual(index.definitions.map((d) => [d.pointer.join('/'), d.kind]), [['components/schemas/Pet', 'Schema'], ['components/schemas/Dog', 'Schema']]);
    assert.deepEqual(index.operations.map((o) => [o.method, o.path, o.operationId, o.tags.map((t) => t.name)]), [['get', '/a', 'getA', ['a']]]);
  });

  it('lists the entries of objects with thousands of members in document order (their members are walked by slices)', () => {
    const count = 3_000;
    const lines = ['openapi: 3.0.3', 'info: {title: T, version: "1"}', 'paths:'];
    for (let i = 0; i < count; i++) lines.push(`  /p${i}:`, '    get:', `      operationId: op${i}`, `      tags: [t${i}]`, "      responses: {'200': {$ref: '#/components/responses/R'}}");
    lines.push('  /ref:', "    $ref: './item.yaml'", 'components:', '  responses:', '    R: {description: OK}', '  schemas:');
    for (let i = 0; i < count; i++) lines.push(`    S${i}: {$ref: '#/components/schemas/S${(i + 1) % count}'}`);
    const text = lines.join('\n');
    const index = indexFile('/w/openapi.yaml', parseText(text, 'yaml'));
    const numbers = Array.from({ length: count }, (_, i) => i);
    assert.deepEqual(index.operations.map((o) => `${o.path} ${o.operationId} ${o.tags.map((t) => t.name)}`), numbers.map((i) => `/p${i} op${i} t${i}`));
    assert.deepEqual(index.paths.map((p) => p.path), [...numbers.map((i) => `/p${i}`), '/ref']);
    assert.deepEqual(index.definitions.map((d) => d.name), ['R', ...numbers.map((i) => `S${i}`)]);
    assert.deepEqual([...index.refs].map((r) => r.raw), [
      ...numbers.map(() => '#/components/responses/R'), './item.yaml', ...numbers.map((i) => `#/components/schemas/S${(i + 1) % count}`),
    ]);
    assert.equal(index.refs.at(count).pathKey?.name, '/ref');
    // Each schema's reference belongs to it (the definition it is written in).
    assert.deepEqual([...index.refs].slice(count + 1).map((r) => index.definitions[r.owner].name), numbers.map((i) => `S${i}`));
  });

  it('takes the line index the document already has, and finds the same positions', () => {
    const text = 'openapi: 3.0.3\r\ninfo: {title: T, version: "1"}\rpaths:\n  /a: {}\n';
    const plain = indexFile('/w/openapi.yaml', parseText(text, 'yaml'));
    const parsed = parseText(text, 'yaml');
    const lines = lineIndexOf(parsed);
    const reused = indexFile('/w/openapi.yaml', parsed);
    assert.equal(reused.lines, lines, 'no second pass over the text');
    for (let offset = 0; offset <= text.length; offset++) assert.deepEqual(positionIn(reused.lines, offset), positionIn(plain.lines, offset), `at ${offset}`);
    assert.deepEqual(reused.paths.map((p) => positionIn(reused.lines, p.key.offset)), [{ line: 3, character: 2 }]);
  });
});

describe('an index from the indexing worker', () => {
  /** The built worker's replies to jobs, in order. */
  async function viaWorker(jobs: IndexJob[]): Promise<IndexReply[]> {
    const worker = new Worker(path.join(REPO_ROOT, 'dist', 'index-worker.js'));
    try {
      const replies: IndexReply[] = [];
      await new Promise<void>((resolve, reject) => {
        worker.on('error', reject);
        worker.on('message', (reply: IndexReply) => replies.push(reply) === jobs.length && resolve());
        for (const job of jobs) worker.postMessage(job);
      });
      return replies;
    } finally {
      await worker.terminate();
    }
  }

  it('arrives as computed in this thread: every definition, operation, tag, security use, Link and reference', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-index-transfer-'));
    try {
      fs.writeFileSync(path.join(dir, 'openapi.yaml'), largeDescription(3000));
      const files = [
        path.join(dir, 'openapi.yaml'),
        ...['api/openapi.yaml', 'admin/openapi.json', 'shared/components.yaml', 'shared/schemas/Tag.yaml']
          .map((f) => fixturePath('fixtures', 'workspace', f)),
      ];
      const jobs = files.map((file) => ({ path: file, maxBytes: 20 * 1024 * 1024, referenced: true }));
      const replies = await viaWorker(jobs);
      for (const [i, job] of jobs.entries()) {
        const expected = runIndexJob(job) as { path: string; index: FileIndex };
        const reply = replies[i];
        assert.ok('encoded' in reply, `${job.path}: ${JSON.stringify(reply)}`);
        assert.ok(reply.encoded.ints instanceof Int32Array, 'the index travels as typed arrays');
        assert.deepStrictEqual(drain(decodeIndexSteps(reply.encoded)), expected.index, job.path);
      }
      // What the comparison covered: none of these lists was empty.
      const large = (runIndexJob(jobs[0]) as { index: FileIndex }).index;
      const { definitions, operations, paths, tags, securityUses, linkOperationIds, refs } = large;
      assert.deepEqual(
        [definitions, operations, paths, tags, securityUses, linkOperationIds, refs].map((list) => list.length),
        [54, 6000, 6000, 7, 3001, 3000, 18150],
      );
      assert.deepEqual([...new Set([...refs].map((r) => r.role))].sort(), ['mapping', 'operationRef', 'ref']);
      assert.ok([...refs].some((r) => r.pathKey) && [...refs].some((r) => r.inExtension) && operations.some((o) => o.deprecated));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the workspace index kept current file by file', () => {
  const W = '/w';
  const root = (paths: string, components: string) =>
    `openapi: 3.0.3\ninfo: {title: T, version: '1'}\nsecurity: [{key: []}]\npaths:\n${paths}components:\n${components}`;
  const op = (p: string, id: string, tag: string, ref: string) =>
    `  ${p}:\n    get:\n      operationId: ${id}\n      tags: [${tag}]\n      responses:\n        '200': {$ref: '${ref}'}\n`;
  const index = (file: string, text: string) => indexFile(`${W}/${file}`, parseText(text, 'yaml'));
  const files = {
    a: index('a.yaml', root(op('/a', 'getA', 'pets', '#/components/responses/R') + op('/b', 'shared', 'store', './frag.yaml#/X'),
      '  securitySchemes: {key: {type: apiKey, name: k, in: header}}\n' +
      "  responses:\n    R: {description: x, content: {a/b: {schema: {$ref: '#/components/schemas/A'}}}}\n" +
      '    R: {description: written twice}\n  schemas:\n    A: {type: string}\n    Unused: {type: string}\n')),
    a2: index('a.yaml', root(op('/c', 'getC', 'pets', '#/components/schemas/A'), '  schemas:\n    A: {type: string}\n')),
    b: index('b.yaml', root(op('/d', 'shared', 'pets', './a.yaml#/components/schemas/Unused'), '  schemas: {}\n')),
    frag: index('frag.yaml', "X:\n  type: object\n  properties:\n    y: {$ref: '#/Y'}\n" +
      "Y: {type: string}\nZ: {$ref: './a.yaml#/components/schemas/A'}\n"),
    large: indexFile(`${W}/large.yaml`, parseText(largeDescription(40), 'yaml')),
  };
  const sorted = (found: readonly Located<unknown>[]) => found.map((l) => `${l.file.path} ${JSON.stringify(l.entry)}`).sort();

  /** Every answer the index gives about its files, to compare two indexes. */
  function answers(ix: WorkspaceIndex): string[] {
    const out: string[] = [];
    const known = [...ix.all()].sort((x, y) => x.path.localeCompare(y.path));
    const paths = [...known.map((f) => f.path), `${W}/missing.yaml`, `${W}/shared.yaml`, `${W}/paths/mirror.yaml`];
    const roots = [...known.filter((f) => f.root).map((f) => f.path), `${W}/none.yaml`];
    for (const filePath of paths) {
      out.push(`into ${filePath}: ${sorted(ix.refsInto(filePath)).join('|')}`);
      out.push(`roots ${filePath}: ${ix.rootsReaching(filePath).sort()}`);
      out.push(`project ${filePath}: ${[...ix.projectOf(filePath)].sort()}`);
      out.push(`offers ${filePath}: ${ix.definitionsOf(filePath).map((d) => d.name)}`);
    }
    for (const file of known) {
      const inside = file.definitions.map((d) => [...d.pointer, 'properties', 'y']);
      const pointers = [[], ...file.definitions.map((d) => d.pointer), ...inside, ...[...file.refs].map((r) => r.pointer)];
      for (const pointer of pointers) {
        const at = `${file.path}#${pointer.join('/')}`;
        out.push(`to ${at}: ${sorted(ix.refsTo(file.path, pointer)).join('|')}`, `in ${at}: ${ix.definitionHolding(file.path, pointer)?.name}`);
        for (const checked of roots) {
          out.push(`reached ${checked} ${at}: ${ix.reachedFromOtherRoots(checked, file.path, pointer)}`);
        }
      }
      for (const o of file.operations) {
        const id = o.operationId ?? '';
        out.push(`op ${id}: ${sorted(ix.operationsWithId(id)).join('|')} ${sorted(ix.linksTo(id)).join('|')}`);
        for (const t of o.tags) {
          out.push(`tag ${t.name}: ${sorted(ix.tagUses(t.name)).join('|')}`, `declared ${sorted(ix.tagDeclarations(t.name)).join('|')}`);
        }
        out.push(`path ${ix.pathOf(file, o)}`);
      }
      for (const use of file.securityUses) out.push(`scheme ${use.name}: ${sorted(ix.schemeUses(use.name)).join('|')}`);
    }
    return out;
  }

  it('answers after each set, replacement and removal as an index built from its files at once', () => {
    const kept = new WorkspaceIndex();
    const steps: [string, (ix: WorkspaceIndex) => void][] = [
      ['all set', (ix) => [files.a, files.b, files.frag, files.large].forEach((f) => ix.set(f))],
      ['a replaced', (ix) => ix.set(files.a2)],
      ['frag removed', (ix) => ix.remove(files.frag.path)],
      ['frag and a back', (ix) => (ix.set(files.frag), ix.set(files.a))],
      ['large removed', (ix) => ix.remove(files.large.path)],
    ];
    let reachedSomething = false;
    for (const [label, step] of steps) {
      step(kept);
      const built = new WorkspaceIndex();
      for (const file of kept.all()) built.set(file);
      const got = answers(kept);
      assert.deepEqual(got, answers(built), label);
      reachedSomething ||= got.some((a) => a.startsWith('reached') && a.endsWith('true'));
    }
    assert.ok(reachedSomething, 'the comparison covered reachable definitions');
    // What unused-component reads, with every file set: `b` uses `a`'s Unused; only `a` uses the rest.
    kept.set(files.large);
    const reached = (checked: string, file: string, pointer: string) =>
      kept.reachedFromOtherRoots(`${W}/${checked}`, `${W}/${file}`, pointer.split('/'));
    assert.deepEqual([
      reached('a.yaml', 'a.yaml', 'components/schemas/Unused'), reached('b.yaml', 'a.yaml', 'components/schemas/Unused'),
      reached('a.yaml', 'a.yaml', 'components/schemas/A'), reached('b.yaml', 'a.yaml', 'components/responses/R'),
      reached('b.yaml', 'frag.yaml', 'Y'), reached('a.yaml', 'frag.yaml', 'X'),
    ], [true, false, false, true, true, false]);
  });

  it("finds a file's references into itself, asked before and after the file is indexed again", () => {
    // The index keeps a file's local references only in the file's own list: asked for, they are
    // gathered then, and an index of the file's new text must replace what was gathered.
    const ix = new WorkspaceIndex();
    ix.set(files.a);
    ix.set(files.b);
    const spanText = (located: readonly Located<{ raw: string; span: { offset: number } }>[]) =>
      located.map(({ file, entry }) => `${path.basename(file.path)}@${entry.span.offset} ${entry.raw}`).sort();
    const aText = root(op('/a', 'getA', 'pets', '#/components/responses/R') + op('/b', 'shared', 'store', './frag.yaml#/X'),
      '  securitySchemes: {key: {type: apiKey, name: k, in: header}}\n' +
      "  responses:\n    R: {description: x, content: {a/b: {schema: {$ref: '#/components/schemas/A'}}}}\n" +
      '    R: {description: written twice}\n  schemas:\n    A: {type: string}\n    Unused: {type: string}\n');
    const at = (needle: string) => aText.indexOf(needle);
    assert.deepEqual(spanText(ix.refsTo(`${W}/a.yaml`, ['components', 'schemas', 'A'])), [`a.yaml@${at("'#/components/schemas/A'")} #/components/schemas/A`]);
    assert.deepEqual(spanText(ix.refsInto(`${W}/a.yaml`)), [
      `a.yaml@${at("'#/components/responses/R'")} #/components/responses/R`,
      `a.yaml@${at("'#/components/schemas/A'")} #/components/schemas/A`,
      `b.yaml@${root(op('/d', 'shared', 'pets', './a.yaml#/components/schemas/Unused'), '').indexOf("'./a.yaml")} ./a.yaml#/components/schemas/Unused`,
    ].sort());
    assert.equal(ix.hasRefsInto(`${W}/a.yaml`), true);
    ix.set(files.a2);
    const a2Text = root(op('/c', 'getC', 'pets', '#/components/schemas/A'), '  schemas:\n    A: {type: string}\n');
    assert.deepEqual(spanText(ix.refsTo(`${W}/a.yaml`, ['components', 'schemas', 'A'])), [`a.yaml@${a2Text.indexOf("'#/components/schemas/A'")} #/components/schemas/A`]);
    assert.deepEqual(spanText(ix.refsTo(`${W}/a.yaml`, ['components', 'responses', 'R'])), [], 'the old text\'s reference is gone');
    ix.remove(`${W}/b.yaml`);
    assert.equal(ix.refsInto(`${W}/a.yaml`).length, 1, 'b.yaml\'s reference left with it');
    ix.set(files.frag);
    // frag.yaml refers to itself (#/Y) and to a.yaml; b.yaml, no longer set, is named by no one.
    assert.deepEqual([ix.hasRefsInto(`${W}/frag.yaml`), ix.hasRefsInto(`${W}/b.yaml`), ix.hasRefsInto(`${W}/a.yaml`)], [true, false, true]);
    assert.deepEqual(ix.definitionsOf(`${W}/frag.yaml`).map((d) => d.name), ['X', 'Y', 'Z'], 'its own #/Y offers its entries');
  });

  it('answers by operationId and tag as its files say when a file holds thousands of them, and then not', () => {
    // More than 4,096 operationIds: that file's share is kept apart instead of merged.
    const many = (count: number, extra: string) =>
      index('many.yaml', root(Array.from({ length: count }, (_, i) => op(`/m${i}`, i % 1000 === 0 ? 'shared' : `op${i}`, `t${i % 7}`, '#/x')).join('') + extra, '  schemas: {}\n'));
    const large = many(5_000, op('/late', 'getA', 'pets', '#/x'));
    const small = many(20, '');
    const ids = ['shared', 'getA', 'getC', 'op1', 'op4999', 'op19', 'nothing'];
    const tags = ['pets', 'store', 't0', 't6', 'none'];
    const kept = new WorkspaceIndex();
    const steps: [string, (ix: WorkspaceIndex) => void][] = [
      ['small files', (ix) => [files.a, files.b].forEach((f) => ix.set(f))],
      ['the large one', (ix) => ix.set(large)],
      ['a replaced beside it', (ix) => ix.set(files.a2)],
      ['it shrinks', (ix) => ix.set(small)],
      ['it grows', (ix) => ix.set(large)],
      ['a back', (ix) => ix.set(files.a)],
      ['it goes', (ix) => ix.remove(large.path)],
    ];
    for (const [label, step] of steps) {
      step(kept);
      const all = [...kept.all()];
      for (const id of ids) {
        const expected = all.flatMap((file) => file.operations.filter((o) => o.operationId === id).map((entry) => ({ file, entry })));
        assert.deepEqual(sorted(kept.operationsWithId(id)), sorted(expected), `${label}: ${id}`);
      }
      for (const tag of tags) {
        const expected = all.flatMap((file) => file.operations.flatMap((o) => o.tags.filter((t) => t.name === tag)).map((entry) => ({ file, entry })));
        assert.deepEqual(sorted(kept.tagUses(tag)), sorted(expected), `${label}: ${tag}`);
      }
    }
    assert.equal(large.operations.length, 5_001);
  });
});

describe('a file indexing skips as no OpenAPI document', () => {
  it('keeps its top-level keys, read line by line however long a line is', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-skipped-keys-'));
    try {
      const schema = path.join(dir, 'order.yaml');
      // A 1 MB line of blanks after a word: a key pattern run over the whole line backtracks for minutes.
      fs.writeFileSync(schema, `type: object\r\n"x-note": a\ndescription${' '.repeat(1 << 20)}x\n  nested: 1\n- item\nproperties: {}\n`);
      assert.deepEqual(runIndexJob({ path: schema, maxBytes: 4 << 20, referenced: false }), { path: schema, skipped: 'not-openapi', keys: ['type', 'x-note', 'properties'] });
      const json = path.join(dir, 'package.json');
      fs.writeFileSync(json, '{"name": "p", "scripts": {}}');
      assert.deepEqual(runIndexJob({ path: json, maxBytes: 4 << 20, referenced: false }), { path: json, skipped: 'not-openapi', keys: ['name', 'scripts'] });
      // A Swagger 2.0 document is no skipped file: a root of the index.
      const swagger = path.join(dir, 'legacy.yaml');
      fs.writeFileSync(swagger, "swagger: '2.0'\ninfo: {title: Old, version: '1'}\npaths: {}\n");
      const indexed = runIndexJob({ path: swagger, maxBytes: 4 << 20, referenced: false });
      assert.equal('index' in indexed && indexed.index.root, true, JSON.stringify(indexed));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
