// A fragment file (one that names no version) is completed and hovered by the version of the roots
// that reference it: Swagger 2.0 fields in a file only a 2.0 root references, 3.1's in one a 3.1 root
// references, and 3.0's (the fields the versions share) when roots of different versions reference it.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, Hover } from 'vscode-languageserver-protocol';
import { LspClient } from '../../helpers/lsp-client';

const SWAGGER_ROOT = `swagger: '2.0'
info:
  title: Old pets
  version: 1.0.0
paths:
  /pets:
    $ref: 'old-path.yaml'
definitions:
  Pet:
    $ref: 'old-pet.yaml'
`;

const ROOT_31 = `openapi: 3.1.0
info:
  title: New pets
  version: 1.0.0
paths:
  /pets:
    get:
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                $ref: 'pet-31.yaml'
components:
  schemas:
    Shared:
      $ref: 'shared.yaml'
`;

const ROOT_30 = `openapi: 3.0.3
info:
  title: Older pets
  version: 1.0.0
paths: {}
components:
  schemas:
    Shared:
      $ref: 'shared.yaml'
`;

// Each fragment: an object with one field, and a line to complete under it.
const OLD_PATH = 'get:\n  responses:\n    \'200\':\n      description: The pets\n\n';
const SCHEMA = 'type: object\n\n';
// A 2.0 schema file whose property is in a file of its own: that one is 2.0's too.
const OLD_PET = "type: object\n\nproperties:\n  owner:\n    $ref: 'old-owner.yaml'\n";

describe('a fragment file completed by the version of the roots that reference it', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;
  const uriOf = (name: string) => client.open(path.join(dir, name), fs.readFileSync(path.join(dir, name), 'utf8'));

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-fragment-version-'));
    const files: Record<string, string> = {
      'old.yaml': SWAGGER_ROOT, 'new.yaml': ROOT_31, 'older.yaml': ROOT_30,
      'old-path.yaml': OLD_PATH, 'old-pet.yaml': OLD_PET, 'old-owner.yaml': SCHEMA, 'pet-31.yaml': SCHEMA, 'shared.yaml': SCHEMA,
    };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    client = new LspClient();
    await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
    // The roots stay closed: the workspace index tells who references each fragment, and in what version.
    await client.waitForProgressEnd(60_000);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const labels = async (uri: string, line: number, character: number) => {
    const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line, character } });
    return items.map((i) => i.label).sort();
  };

  it("offers Swagger 2.0's fields in a Schema file only a 2.0 root references", async () => {
    const uri = uriOf('old-pet.yaml');
    const got = await labels(uri, 1, 0);
    // 2.0 Schema fields: discriminator as a string, readOnly, xml; none of 3.0's (nullable, oneOf, writeOnly...).
    assert.ok(got.includes('discriminator') && got.includes('readOnly') && got.includes('allOf'), got.join(' '));
    for (const field of ['nullable', 'oneOf', 'anyOf', 'not', 'writeOnly', 'deprecated', 'const', 'examples']) assert.ok(!got.includes(field), field);
    // Values of 2.0: `type: file` exists there.
    assert.ok((await labels(uri, 0, 6)).includes('file'));
    client.close(uri);
  });

  it("offers Swagger 2.0's fields in a Schema file a 2.0 schema file references", async () => {
    const uri = uriOf('old-owner.yaml');
    const got = await labels(uri, 1, 0);
    assert.ok(got.includes('discriminator') && got.includes('readOnly'), got.join(' '));
    for (const field of ['nullable', 'oneOf', 'writeOnly']) assert.ok(!got.includes(field), field);
    client.close(uri);
  });

  it("offers Swagger 2.0's fields in a Path Item file only a 2.0 root references", async () => {
    const uri = uriOf('old-path.yaml');
    // Path Item: 2.0's methods (no trace), no servers/summary/description (3.0's).
    assert.deepEqual(await labels(uri, 4, 0), ['$ref', 'delete', 'head', 'options', 'parameters', 'patch', 'post', 'put']);
    // Inside the operation: 2.0's consumes/produces/schemes, no requestBody or callbacks.
    const operation = await labels(uri, 2, 2);
    assert.ok(operation.includes('consumes') && operation.includes('produces') && operation.includes('schemes'), operation.join(' '));
    assert.ok(!operation.includes('requestBody') && !operation.includes('callbacks') && !operation.includes('servers'));
    client.close(uri);
  });

  it("offers 3.1's fields and values in a Schema file a 3.1 root references, and hover links 3.1's text", async () => {
    const uri = uriOf('pet-31.yaml');
    const got = await labels(uri, 1, 0);
    for (const field of ['const', 'examples', 'prefixItems', '$defs', 'if', 'then', 'unevaluatedProperties']) assert.ok(got.includes(field), field);
    assert.ok(!got.includes('nullable'), 'no nullable in 3.1');
    assert.deepEqual(await labels(uri, 0, 6), ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    assert.match((hover.contents as { value: string }).value,
      /^\*\*type\*\* .* — Schema Object\n[\s\S]*\[Schema Object\]\(https:\/\/spec\.openapis\.org\/oas\/v3\.1\.1#schema-object\) in the OpenAPI 3\.1\.1 specification$/);
    client.close(uri);
  });

  it("offers 3.0's fields, which both share, in a file a 3.0 and a 3.1 root reference", async () => {
    const uri = uriOf('shared.yaml');
    const got = await labels(uri, 1, 0);
    assert.ok(got.includes('oneOf') && got.includes('nullable'), got.join(' '));
    for (const field of ['const', 'prefixItems', '$defs']) assert.ok(!got.includes(field), field);
    assert.deepEqual(await labels(uri, 0, 6), ['array', 'boolean', 'integer', 'number', 'object', 'string']);
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
    assert.match((hover.contents as { value: string }).value, /\(https:\/\/spec\.openapis\.org\/oas\/v3\.0\.3#schema-object\) in the OpenAPI 3\.0\.3 specification$/);
    client.close(uri);
  });
});
