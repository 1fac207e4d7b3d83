// `openapi-check bundle ROOT`: one self-contained document from a split one.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { bundle } from '../../../server/src/services/bundle';
import { cli, copyFixtures, jsonFindings, tempDir } from '../../helpers/cli';
import { fixturePath, REPO_ROOT } from '../../helpers/paths';

type Doc = { components: Record<string, Record<string, unknown>>; paths: Record<string, unknown> };

function split(): string {
  const dir = tempDir();
  fs.cpSync(fixturePath('bundle', 'split'), dir, { recursive: true });
  return dir;
}

/** Every `$ref` value in a plain value. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

describe('openapi-check bundle', () => {
  it('moves external targets into components by their names, rewrites the refs, keeps local ones', () => {
    const dir = split();
    const r = cli(['bundle', 'openapi.yaml', '-o', 'out.yaml'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    const doc = parseYaml(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')) as Doc;
    assert.deepEqual(Object.keys(doc.components.schemas), ['Error', 'Owner', 'pet', 'Error2']);
    assert.deepEqual(Object.keys(doc.components.parameters), ['limit', 'petId']);
    // The root's `Owner: {$ref: schemas/owner.yaml}` becomes the schema itself.
    assert.deepEqual((doc.components.schemas.Owner as { properties: { pets: unknown } }).properties.pets, { type: 'array', items: { $ref: '#/components/schemas/pet' } });
    // A recursive schema stays a reference to itself; a file's reference into the root points into the bundle.
    const pet = doc.components.schemas.pet as { properties: Record<string, unknown> };
    assert.deepEqual(pet.properties.parent, { $ref: '#/components/schemas/pet' });
    assert.deepEqual(pet.properties.owner, { $ref: '#/components/schemas/Owner' });
    // A Path Item has no components map: it is written in place.
    assert.equal((doc.paths['/pets'] as { get: { operationId: string } }).get.operationId, 'listPets');
    assert.deepEqual((doc.paths['/pets'] as { get: { responses: { default: unknown } } }).get.responses.default, { $ref: '#/components/responses/Error' });
    // Every reference is local and resolves.
    for (const ref of refs(doc)) assert.match(ref, /^#\/components\/[a-zA-Z]+\/[\w.-]+$/);
    assert.equal(cli(['out.yaml'], dir).stdout, 'No problems in 1 file.\n');
  });

  it('resolves a name clash with a suffix and reports it', () => {
    const dir = split();
    const r = cli(['bundle', 'openapi.yaml', '-o', 'out.json'], dir);
    assert.equal(r.stderr, 'openapi-check bundle: common.yaml#/schemas/Error is bundled as components/schemas/Error2: Error was taken.\n');
    const doc = JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8')) as Doc;
    assert.deepEqual(doc.components.schemas.Error2, { type: 'object', properties: { code: { type: 'integer' } } });
    assert.deepEqual((doc.components.schemas.pet as { properties: { error: unknown } }).properties.error, { $ref: '#/components/schemas/Error2' });
  });

  it('writes YAML or JSON: --format, else the output\'s extension, else the root\'s format; standard output without -o', () => {
    const dir = split();
    const yaml = cli(['bundle', 'openapi.yaml'], dir);
    assert.match(yaml.stdout, /^openapi: 3\.0\.3\ninfo:\n/);
    const json = cli(['bundle', '--format', 'json', 'openapi.yaml'], dir);
    assert.deepEqual(JSON.parse(json.stdout), parseYaml(yaml.stdout));
    cli(['bundle', 'openapi.yaml', '--output', 'b.json'], dir);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'b.json'), 'utf8')), JSON.parse(json.stdout));
    cli(['bundle', 'openapi.yaml', '-o', 'b.txt', '-f', 'json'], dir);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'b.txt'), 'utf8')), JSON.parse(json.stdout));
  });

  it('--dereference writes every target in place, except a $ref met again inside its own target', () => {
    const dir = split();
    const r = cli(['bundle', '--dereference', '--format', 'json', 'openapi.yaml'], dir);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout) as Doc;
    const listPets = (doc.paths['/pets'] as { get: { parameters: unknown[] } }).get;
    assert.deepEqual(listPets.parameters, [{ name: 'limit', in: 'query', schema: { type: 'integer' } }]);
    // pet -> owner -> pets -> pet is a cycle: those references stay, and point at components.
    const left = refs(doc.paths);
    assert.ok(left.length > 0 && left.every((ref) => ref === '#/components/schemas/pet' || ref === '#/components/schemas/Owner'), left.join(', '));
    fs.writeFileSync(path.join(dir, 'deref.json'), r.stdout);
    assert.deepEqual(jsonFindings(cli(['--format', 'json', '--severity', 'warning', 'deref.json'], dir).stdout), []);
  });

  it('--dereference stays bounded: schemas that double at each level, a chain deeper than the stack', () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) schemas[`S${i}`] = { type: 'object', properties: { a: { $ref: `#/components/schemas/S${i + 1}` }, b: { $ref: `#/components/schemas/S${i + 1}` } } };
    schemas.S40 = { type: 'string' };
    const wide = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, components: { schemas } });
    const request = { root: '/wide.json', dereference: true, outDir: '/', show: (p: string) => p, outputBudget: 20_000 };
    const result = bundle({ read: () => ({ text: wide }) }, request);
    assert.deepEqual(result.notes, ['targets are written in place up to 20000 nodes and 64 levels; past that, $refs stay references.']);
    // Every $ref left points at a schema the bundle keeps.
    const out = JSON.parse(result.text!) as Doc;
    const count = (v: unknown): number => (v && typeof v === 'object' ? 1 + Object.values(v).reduce<number>((n, c) => n + count(c), 0) : 1);
    assert.ok(count(out) < 25_000, `${count(out)} nodes`);
    for (const ref of refs(out)) assert.ok(ref.replace('#/components/schemas/', '') in out.components.schemas, ref);
    // A chain of 5,000 schemas: 64 levels written in place, then references.
    const chain: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) chain[`C${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/C${i + 1}` } } };
    chain.C5000 = { type: 'string' };
    const deep = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, components: { schemas: chain } });
    const chained = bundle({ read: () => ({ text: deep }) }, { ...request, root: '/deep.json', outputBudget: undefined });
    assert.equal(chained.notes.length, 1);
    assert.ok(JSON.parse(chained.text!));
  });

  it('keeps a $ref that does not resolve, written to work from where the output goes, and says so', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'api'));
    fs.writeFileSync(path.join(dir, 'api', 'openapi.yaml'), "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /a:\n    get:\n      parameters:\n        - $ref: 'missing.yaml#/limit'\n      responses:\n        '200':\n          description: OK\n");
    const r = cli(['bundle', 'api/openapi.yaml', '-o', 'out.yaml'], dir);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, 'openapi-check bundle: api/openapi.yaml#/paths/~1a/get/parameters/0: missing.yaml#/limit does not resolve; it stays a $ref.\n');
    assert.match(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8'), /- \$ref: api\/missing\.yaml#\/limit\n/);
  });

  it('fails with exit code 2 on a missing root and on usage errors', () => {
    const dir = tempDir();
    const missing = cli(['bundle', 'nope.yaml'], dir);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, 'openapi-check bundle: cannot bundle nope.yaml: nope.yaml does not exist.\n');
    for (const args of [['bundle'], ['bundle', 'a.yaml', 'b.yaml'], ['bundle', '--format', 'xml', 'a.yaml'], ['bundle', '--fix', 'a.yaml']]) {
      const r = cli(args, dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /Usage: openapi-check/);
    }
  });

  // The bundle is the same API: it checks with the same findings as the split files, except those
  // about how the files are laid out or spelled, which a bundle cannot keep:
  //  - the YAML spelling of the source (`200:` unquoted, a `$ref` emptied by an unquoted `#`: the
  //    bundle writes the value it read, which is an empty `$ref`), and syntax;
  //  - `ref-*` findings quote the `$ref` as written, which the bundle rewrites: compared by rule.
  const SPLIT_ROOTS = [
    'bundle/split/openapi.yaml',
    'rules/operation-id-unique/invalid.yaml',
    'rules/ref-not-allowed/invalid.yaml',
    'rules/ref-syntax/valid.yaml',
    'rules/ref-syntax/invalid.yaml',
    'rules/ref-target-kind/invalid-other-file.yaml',
    'rules/ref-target-kind/valid.yaml',
    'rules/ref-unresolved/valid.yaml',
    'rules/ref-unresolved/invalid.yaml',
    '../examples/petstore/openapi.yaml',
  ];
  const SPELLING = new Set(['syntax', 'response-code-quoted', 'ref-yaml-comment']);
  const EMPTIED_REF = '"$ref" must be a string (a URI reference), not empty.';
  function comparable(findings: ReturnType<typeof jsonFindings>): string[] {
    return findings
      .filter((f) => !SPELLING.has(f.rule))
      .filter((f) => f.message !== EMPTIED_REF)
      .map((f) => (f.rule.startsWith('ref-') ? f.rule : `${f.rule}: ${f.message}`))
      .sort();
  }
  for (const root of SPLIT_ROOTS) {
    it(`checks the bundle of ${root} with the findings of the split files`, () => {
      const dir = tempDir();
      const source = path.join(REPO_ROOT, 'test', root);
      copyFixtures(path.dirname(source), dir);
      const name = path.basename(source);
      const before = jsonFindings(cli(['--format', 'json', name], dir).stdout);
      const bundled = cli(['bundle', name, '-o', 'bundled' + path.extname(name)], dir);
      assert.equal(bundled.code, 0, bundled.stderr);
      const after = jsonFindings(cli(['--format', 'json', 'bundled' + path.extname(name)], dir).stdout);
      assert.deepEqual(comparable(after), comparable(before));
      assert.ok(after.every((f) => f.file === 'bundled' + path.extname(name)), 'the bundle references no other file that resolves');
      // A `$ref` emptied by an unquoted `#` is still one in the bundle.
      const emptied = before.filter((f) => f.rule === 'ref-yaml-comment').length;
      assert.equal(after.filter((f) => f.message === EMPTIED_REF).length, emptied);
    });
  }
});
