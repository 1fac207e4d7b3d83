// Format Document and Format Selection as an editor asks for them: YAML re-indented to the
// editor's tab size with comments and key order kept, its quotes made consistent; JSON by jsonc-parser's formatter;
// keys in the specification's order when `openapi30.format.orderKeys` is on; nothing for files
// that are not OpenAPI. Formatting never changes a document's findings, and a formatted document
// gets no edits.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { applyLspEdits } from '../../helpers/edits';
import { rootFixtures, stripAnnotations } from '../../helpers/fixtures';
import { LspClient } from '../../helpers/lsp-client';
import { fixturePath } from '../../helpers/paths';

const UNEVEN = `# Pets
openapi: 3.0.3
info:
    title: Pets
    version: 1.0.0
paths:
    /pets:
        get:
            # what the shop has
            operationId: listPets
            parameters:
            - name: limit
              in: query
              description: >
                  How many
                  to list.
              schema: {type: integer,
                       maximum: 100}
            responses:
                '200':
                    description: "The pets,
                      in order"
`;

const EVEN = `# Pets
openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      # what the shop has
      operationId: listPets
      parameters:
      - name: limit
        in: query
        description: >
          How many
          to list.
        schema: {type: integer,
                 maximum: 100}
      responses:
        '200':
          description: "The pets,
            in order"
`;

const UNORDERED = `paths:
  /pets:
    get:
      responses:
        '200':
          description: OK
      x-internal: true
      # the id clients call
      operationId: listPets
      summary: List pets
      tags: [pets]
info:
  title: Pets
  version: 1.0.0
openapi: 3.0.3
`;

const ORDERED = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      tags: [pets]
      summary: List pets
      # the id clients call
      operationId: listPets
      responses:
        '200':
          description: OK
      x-internal: true
`;

const options = (tabSize: number) => ({ tabSize, insertSpaces: true });

describe('formatting as an editor asks for it', { timeout: 120_000 }, () => {
  let dir: string;
  let client: LspClient;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-format-'));
    client = new LspClient();
    await client.initialize(dir);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const format = (uri: string, tabSize = 2) => client.request<TextEdit[] | null>('textDocument/formatting', { textDocument: { uri }, options: options(tabSize) });
  const opened = async (name: string, text: string) => {
    const uri = client.open(path.join(dir, name), text);
    await client.waitForDiagnostics(uri);
    return uri;
  };

  it('re-indents YAML to the tab size, one edit per line, keeping comments, quoting, flow text and folded lines in place', async () => {
    const uri = await opened('uneven.yaml', UNEVEN);
    const edits = (await format(uri))!;
    assert.equal(applyLspEdits(UNEVEN, edits), EVEN);
    // Only leading spaces are replaced: the first two edits, as the editor receives them.
    assert.deepEqual(edits.slice(0, 2), [
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } }, newText: '  ' },
      { range: { start: { line: 4, character: 0 }, end: { line: 4, character: 4 } }, newText: '  ' },
    ]);
    assert.ok(edits.every((e) => e.range.start.character === 0 && e.range.start.line === e.range.end.line && /^ *$/.test(e.newText)));
  });

  it('writes quoted strings and keys with the quote the document uses most, each edit one scalar', async () => {
    const text = `openapi: '3.0.3'\ninfo:\n  title: "Pets"\n  version: '1.0.0'\npaths:\n  /pets:\n    get:\n      responses:\n        "200":\n          description: 'The pets'\n`;
    const uri = await opened('quotes.yaml', text);
    const edits = (await format(uri))!;
    assert.deepEqual(edits, [
      { range: { start: { line: 2, character: 9 }, end: { line: 2, character: 15 } }, newText: "'Pets'" },
      { range: { start: { line: 8, character: 8 }, end: { line: 8, character: 13 } }, newText: "'200'" },
    ]);
    assert.equal(applyLspEdits(text, edits), text.replace('"Pets"', "'Pets'").replace('"200"', "'200'"));
  });

  it('sends no edits for a document already formatted', async () => {
    const uri = await opened('even.yaml', EVEN);
    assert.deepEqual(await format(uri), []);
  });

  it('formats the selected lines: a mapping wholly selected moves, one partly selected stays with its siblings', async () => {
    const uri = await opened('selected.yaml', UNEVEN);
    const rangeFormat = (range: unknown) => client.request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri }, range, options: options(2) });
    const info = await rangeFormat({ start: { line: 3, character: 0 }, end: { line: 5, character: 0 } });
    assert.deepEqual(info, [
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } }, newText: '  ' },
      { range: { start: { line: 4, character: 0 }, end: { line: 4, character: 4 } }, newText: '  ' },
    ]);
    // `title` alone: moving it would part it from `version`.
    assert.deepEqual(await rangeFormat({ start: { line: 3, character: 0 }, end: { line: 4, character: 0 } }), []);
    // The operation's lines: they move one step in from `get:`, which stays where it is.
    const operation = applyLspEdits(UNEVEN, await rangeFormat({ start: { line: 8, character: 0 }, end: { line: 22, character: 0 } }));
    assert.equal(operation.split('\n').slice(7, 10).join('\n'), '        get:\n          # what the shop has\n          operationId: listPets');
  });

  it('formats JSON with jsonc-parser at the tab size', async () => {
    const text = '{"openapi": "3.0.3",\n"info": {"title": "T", "version": "1.0.0"},\n  "paths": {}}\n';
    const uri = await opened('api.json', text);
    const edits = (await format(uri, 4))!;
    assert.equal(applyLspEdits(text, edits), '{\n    "openapi": "3.0.3",\n    "info": {\n        "title": "T",\n        "version": "1.0.0"\n    },\n    "paths": {}\n}\n');
  });

  it('leaves YAML that is not OpenAPI to other formatters', async () => {
    const uri = client.open(path.join(dir, 'docker-compose.yaml'), 'services:\n    web:\n        image: nginx\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await format(uri), null);
  });

  it('does not format a document that does not parse', async () => {
    const text = 'openapi: 3.0.3\ninfo:\n    title: [T\n';
    const uri = await opened('broken.yaml', text);
    assert.deepEqual(await format(uri), []);
  });
});

describe('formatting with openapi30.format.orderKeys', { timeout: 60_000 }, () => {
  let dir: string;
  let client: LspClient;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-format-order-'));
    client = new LspClient();
    client.connection.onRequest('workspace/configuration', () => [{ format: { orderKeys: true } }]);
    await client.initialize(dir);
  });

  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('puts the root\'s and the operations\' keys in the specification\'s order, comments with their keys, extensions last', async () => {
    const uri = client.open(path.join(dir, 'api.yaml'), UNORDERED);
    await client.waitForDiagnostics(uri);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: options(2) });
    assert.equal(applyLspEdits(UNORDERED, edits), ORDERED);
    // One edit from the first to the last character that changed, not the whole document.
    assert.equal(edits.length, 1);
  });
});

/** Every rule's root fixtures (YAML and JSON), the workspace fixture and the example. */
function fixtures(): string[] {
  const rules = fixturePath('rules');
  const files = fs.readdirSync(rules).sort().flatMap((rule) => rootFixtures(path.join(rules, rule)).map((f) => f.file));
  return [...files, fixturePath('fixtures', 'workspace', 'api', 'openapi.yaml'), fixturePath('fixtures', 'workspace', 'admin', 'openapi.json'),
    path.join(fixturePath('..'), 'examples', 'petstore', 'openapi.yaml')];
}

describe('formatting keeps what a document says', { timeout: 600_000 }, () => {
  let client: LspClient;
  before(async () => {
    client = new LspClient();
    // Every change a formatter may make at once: another tab size and keys ordered. No breaking
    // changes against git: the committed fixtures keep their annotations, which the texts opened
    // here do not, and the base arrives whenever git answers (before or after formatting).
    client.connection.onRequest('workspace/configuration', () => [{ format: { orderKeys: true }, breakingChanges: { base: 'off' } }]);
    await client.initialize(fixturePath('rules'));
  });
  after(() => client.stop());

  const findings = (list: { code?: unknown; message: string }[]) => list.map((d) => `${d.code}: ${d.message}`).sort();

  it('gives the same findings after formatting, and no edits when formatted again', async () => {
    let formatted = 0;
    for (const file of fixtures()) {
      const { text } = stripAnnotations(fs.readFileSync(file, 'utf8'), file);
      const uri = client.open(file, text);
      const before = await client.waitForDiagnostics(uri);
      const edits = await client.request<TextEdit[] | null>('textDocument/formatting', { textDocument: { uri }, options: options(4) });
      if (edits && edits.length > 0) {
        formatted++;
        const version = client.change(uri, [{ text: applyLspEdits(text, edits) }]);
        const after = await client.waitForDiagnostics(uri, (p) => p.version === version);
        assert.deepEqual(findings(after), findings(before), `${file}: findings changed by formatting`);
        const again = await client.request<TextEdit[] | null>('textDocument/formatting', { textDocument: { uri }, options: options(4) });
        assert.deepEqual(again, [], `${file}: formatting twice`);
      }
      client.close(uri);
    }
    assert.ok(formatted > 150, `${formatted} documents formatted`);
  });
});
