// Hostile and broken input: each gets a clear diagnostic, never a crash, and finishes in bounded
// time (the timeouts only catch hangs; speed is measured by `npm run bench`).
import assert from 'node:assert/strict';
import { RULES as ALL_RULES } from '../../../server/src/rules/index';

// Advice on every operation without an operationId would crowd these documents' findings.
const RULES = ALL_RULES.filter((r) => r.id !== 'operation-id-missing');
import * as path from 'path';
import { describe, it } from 'node:test';
import { decodeText, DocumentStore, FileRead } from '../../../server/src/model/documents';
import { checkDocument } from '../../../server/src/check/checker';
import { Diagnostic } from '../../../server/src/check/types';

const ROOT = path.resolve('/virtual/api');

/** Checks in-memory files (name -> text or bytes) with `openapi.<ext>` as the root. */
function check(files: Record<string, string | Uint8Array>, root = 'openapi.yaml') {
  const store = new DocumentStore({
    read(absolutePath: string): FileRead {
      const name = path.relative(ROOT, absolutePath);
      const content = files[name];
      if (content === undefined) return Object.keys(files).some((f) => f.startsWith(name + '/')) ? { reason: 'folder', message: `${absolutePath} is a folder, not a file.` } : { reason: 'missing', message: `${absolutePath} does not exist.` };
      return decodeText(typeof content === 'string' ? Buffer.from(content) : content);
    },
  });
  const result = checkDocument(store, path.join(ROOT, root), { rules: RULES });
  assert.deepEqual(result.crashes, [], 'no rule may crash');
  return result;
}

const summary = (ds: Diagnostic[], rule?: string) =>
  ds.filter((d) => !rule || d.rule === rule).map((d) => `${d.rule} ${path.relative(ROOT, d.doc.path)}@${d.offset}: ${d.message}`);

const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\n';

describe('bad input', { timeout: 120_000 }, () => {
  it('empty YAML and JSON files', () => {
    for (const name of ['openapi.yaml', 'openapi.json']) {
      assert.deepEqual(summary(check({ [name]: '' }, name).diagnostics), [`syntax ${name}@0: The document is empty.`]);
    }
  });

  it('a binary file', () => {
    const result = check({ 'openapi.yaml': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]) });
    assert.deepEqual(result.loadFailure, { reason: 'binary', message: 'The file is binary (it contains NUL bytes), not a YAML or JSON document.' });
  });

  it('invalid UTF-8, with the offset of the first bad byte', () => {
    const bytes = Buffer.concat([Buffer.from(HEAD + 'paths: {}\n# caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const result = check({ 'openapi.yaml': bytes });
    assert.deepEqual(result.loadFailure, { reason: 'encoding', offset: HEAD.length + 15, message: `The file is not valid UTF-8 (byte 0xe9 at byte offset ${HEAD.length + 15}).` });
  });

  it('a YAML alias bomb ("billion laughs") stops at the expansion budget', () => {
    let text = HEAD + 'paths: {}\nx-bomb:\n  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    const letters = 'abcdefghij';
    for (let i = 1; i < letters.length; i++) text += `  ${letters[i]}: &${letters[i]} [${Array(9).fill('*' + letters[i - 1]).join(',')}]\n`;
    const diagnostics = summary(check({ 'openapi.yaml': text }).diagnostics);
    assert.equal(diagnostics.length, 1, diagnostics.join('\n'));
    assert.match(diagnostics[0], /^syntax openapi\.yaml@\d+: Aliases expand to more than 100000 nodes; the rest of the expansion is not read\.$/);
  });

  it('10,000-deep nesting in JSON and YAML', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const json = check({ 'openapi.json': `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "x-deep": ${deep}}` }, 'openapi.json');
    // The array at depth 1000 (root object = depth 0, x-deep = 1) starts 999 characters into the run.
    const deepStart = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "x-deep": '.length;
    assert.deepEqual(summary(json.diagnostics), [`syntax openapi.json@${deepStart + 999}: Nesting deeper than 1000 levels is not checked.`]);
    const yaml = check({ 'openapi.yaml': HEAD + 'paths: {}\nx-deep: ' + deep + '\n' });
    assert.deepEqual(summary(yaml.diagnostics).map((d) => d.replace(/@\d+/, '')), ['syntax openapi.yaml: The document is nested too deeply to read; the deepest part is skipped.']);
    const broken = check({ 'openapi.json': deep.slice(0, -1) }, 'openapi.json');
    assert.deepEqual(summary(broken.diagnostics), ['syntax openapi.json@19999: Syntax error: unexpected character (the document is too deeply nested for a more precise message).']);
  });

  it('a 50 MB generated document', () => {
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    let i = 0;
    let size = 0;
    while (size < 52 * 1024 * 1024) {
      const schema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string', description: 'x'.repeat(200) } } };
      schemas[`Thing${i}`] = schema;
      paths[`/things${i}/{id}`] = {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { operationId: `getThing${i}`, responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } } } } } },
      };
      size += 900;
      i++;
    }
    // One planted fault, to show the check ran to the end.
    paths[`/things${i - 1}/{id}`] = { get: { responses: { '200': { description: 'OK' } } } };
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths, components: { schemas } }, null, 1);
    assert.ok(text.length > 50 * 1024 * 1024, `${text.length} bytes`);
    const result = check({ 'openapi.json': text }, 'openapi.json');
    // The planted path lost its schema reference too, so that schema is now unused.
    assert.deepEqual(summary(result.diagnostics).map((d) => d.replace(/@\d+/, '')).sort(), [
      `path-params-defined openapi.json: Path parameter "id" is not declared: add a parameter with "name: id" and "in: path".`,
      `unused-component openapi.json: "schemas/Thing${i - 1}" is never used: no operation references it, directly or through other components.`,
    ]);
  });

  it('$ref cycles of every length get ref-cycle on each $ref of the loop, and terminate', () => {
    for (let length = 1; length <= 8; length++) {
      let text = HEAD + "paths:\n  /x:\n    get:\n      parameters:\n        - $ref: '#/components/parameters/p0'\n      responses:\n        '200':\n          description: OK\ncomponents:\n  parameters:\n";
      for (let k = 0; k < length; k++) text += `    p${k}:\n      $ref: '#/components/parameters/p${(k + 1) % length}'\n`;
      const cycles = check({ 'openapi.yaml': text }).diagnostics.filter((d) => d.rule === 'ref-cycle');
      assert.equal(cycles.length, length, `a loop of ${length}`);
    }
  });

  it('a $ref cycle across files', () => {
    const result = check({
      'openapi.yaml': HEAD + "paths:\n  /x:\n    get:\n      parameters:\n        - $ref: 'a.yaml'\n      responses:\n        '200':\n          description: OK\n",
      'a.yaml': "$ref: 'b.yaml'\n",
      'b.yaml': "$ref: 'a.yaml'\n",
    });
    assert.deepEqual(summary(result.diagnostics, 'ref-cycle'), [
      'ref-cycle a.yaml@6: This "$ref" never reaches an object: the chain "b.yaml" -> "a.yaml" loops back on itself.',
      'ref-cycle b.yaml@6: This "$ref" never reaches an object: the chain "a.yaml" -> "b.yaml" loops back on itself.',
    ]);
  });

  it('a $ref to a missing file, a folder, and a file that is not YAML or JSON', () => {
    const result = check({
      'openapi.yaml': HEAD + "paths:\n  /x:\n    get:\n      parameters:\n        - $ref: 'missing.yaml'\n        - $ref: 'params'\n        - $ref: 'notes.txt'\n        - $ref: 'logo.png'\n      responses:\n        '200':\n          description: OK\n",
      'params/limit.yaml': 'name: limit\nin: query\n',
      'notes.txt': 'Some notes: here: that are: not YAML\n',
      'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
    });
    assert.deepEqual(summary(result.diagnostics, 'ref-unresolved').map((d) => d.replace(/@\d+/, '')), [
      'ref-unresolved openapi.yaml: "missing.yaml" does not resolve: the file "missing.yaml" does not exist.',
      'ref-unresolved openapi.yaml: "params" does not resolve: "params" is a folder, not a file.',
      'ref-unresolved openapi.yaml: "notes.txt" does not resolve: "notes.txt" is not a YAML or JSON document.',
      'ref-unresolved openapi.yaml: "logo.png" does not resolve: "logo.png" is not a YAML or JSON document.',
    ]);
  });

  it('an example against a pattern with nested quantifiers (exponential backtracking) finishes', () => {
    // From beezup.com's description: on a near-miss this pattern backtracks for hours.
    const pattern = String.raw`^(https?:\/\/)?([\da-z\.-]+)\.([a-z\.]{2,6})([\/\w \.-]*)*\/?$`;
    const text = HEAD + 'paths: {}\ncomponents:\n  schemas:\n    Url:\n      type: string\n      pattern: ' + JSON.stringify(pattern) + '\n      example: "http://www.example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"\n';
    const result = check({ 'openapi.yaml': text });
    assert.deepEqual(summary(result.diagnostics, 'example-valid'), [], 'the pattern is not tested, so nothing is reported');
  });

  it('Swagger 2.0 documents get exactly one diagnostic, OpenAPI 3.1 ones the 3.1 rules; other YAML gets none in editor mode', () => {
    const swagger = check({ 'openapi.yaml': 'swagger: "2.0"\ninfo:\n  title: T\n  version: 1\npaths:\n  pets: {}\n' });
    assert.deepEqual(summary(swagger.diagnostics).map((d) => d.split(':')[0]), ['openapi-version openapi.yaml@0']);
    const v31 = check({ 'openapi.yaml': 'openapi: 3.1.0\ninfo:\n  title: T\npaths:\n  pets: {}\n' });
    assert.deepEqual(v31.diagnostics.map((d) => [d.rule, d.severity]), [['required-field', 'error'], ['path-leading-slash', 'error']]);
    const store = new DocumentStore({ read: () => ({ text: 'services:\n  web:\n    image: nginx\n' }) });
    assert.deepEqual(checkDocument(store, '/virtual/docker-compose.yml', { rules: RULES, skipNonOpenApi: true }).diagnostics, []);
  });
});
