// Requests on a file the editor has not opened (or that follow a `$ref` into one no check has
// read) parse it in slices: the server answers other requests meanwhile. It used to parse it in
// one block: a completion on a closed 3 MB description held every other request for seconds.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import type { CodeAction, CompletionItem, Hover, LocationLink } from 'vscode-languageserver-protocol';
import { applyWorkspaceEdit } from '../../helpers/edits';
import { largeDescription } from '../../helpers/large-description';
import { LspClient } from '../../helpers/lsp-client';

describe('requests on a large closed file', { timeout: 180_000 }, () => {
  /** About 3 MB of YAML: parsing it takes the server a second or more. */
  const PATHS = 4_000;
  const SMALL = [
    'openapi: 3.0.3', 'info: {title: Small, version: 1.0.0}', 'paths:', '  /pets:', '    get:', '      responses:',
    "        '200':", '          description: OK', 'components:', '  schemas:', '    Pet:', '      type: string',
  ].join('\n') + '\n';

  /** A hover on `type: string` in SMALL. */
  const hover = (client: LspClient, uri: string) => client.request<Hover | null>('textDocument/hover', {
    textDocument: { uri }, position: { line: 11, character: 8 },
  });

  /**
   * A server on a folder with the large file closed and indexed, and SMALL open and checked;
   * `body` runs with them, then the server stops and the folder goes.
   */
  const withLargeClosedFile = async (body: (setup: { client: LspClient; large: string; largePath: string; small: string }) => Promise<void>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-closed-'));
    const client = new LspClient();
    try {
      const large = largeDescription(PATHS);
      const largePath = path.join(dir, 'large.yaml');
      fs.writeFileSync(largePath, large);
      await client.initialize(dir, undefined, { window: { workDoneProgress: true } });
      await client.waitForProgressEnd(60_000);
      const small = client.open(path.join(dir, 'small.yaml'), SMALL);
      await client.waitForDiagnostics(small, () => true);
      await body({ client, large, largePath, small });
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('answers requests on other documents while it parses the file, then answers from it', async (t) => {
    await withLargeClosedFile(async ({ client, large, largePath, small }) => {
      const hoverSmall = () => hover(client, small);
      assert.ok(await hoverSmall(), 'a hover on the open document (type: string)');

      // A completion inside the closed file's first operation (after `operationId: `), and at once a
      // hover on the open document.
      const largeUri = pathToFileURL(largePath).href;
      const idLine = large.split('\n').findIndex((l) => l.includes('operationId: getItem0'));
      const completion = { textDocument: { uri: largeUri }, position: { line: idLine, character: 6 } };
      const started = performance.now();
      const first = client.request<CompletionItem[]>('textDocument/completion', completion);
      await hoverSmall();
      const hoverMs = performance.now() - started;
      await first;

      // Asked again until the parse is done: then the items of an Operation, as from a file parsed at once.
      let items: CompletionItem[] = [];
      while (items.length === 0 && performance.now() - started < 120_000) {
        items = await client.request<CompletionItem[]>('textDocument/completion', completion);
        if (items.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const parseMs = performance.now() - started;
      const labels = items.map((i) => i.label);
      assert.ok(labels.includes('summary') && labels.includes('requestBody'), `items: ${labels.join(', ')}`);
      const figures = `the hover took ${Math.round(hoverMs)} ms, the parse ${Math.round(parseMs)} ms`;
      t.diagnostic(figures);
      // Before: the hover waited for the whole parse (a machine's load slows both alike).
      assert.ok(hoverMs * 4 < parseMs, figures);

      // Definition in the closed file, now parsed: `#/components/schemas/Item0` to its key.
      const refLine = large.split('\n').findIndex((l) => l.includes("$ref: '#/components/schemas/Item0'"));
      const character = large.split('\n')[refLine].indexOf('Item0');
      const links = await client.request<LocationLink[]>('textDocument/definition', {
        textDocument: { uri: largeUri }, position: { line: refLine, character },
      });
      const itemLine = large.split('\n').findIndex((l) => l === '    Item0:');
      assert.deepEqual(links.map((l) => [l.targetUri, l.targetSelectionRange.start.line]), [[largeUri, itemLine]]);
    });
  });

  it('goes to a definition in a large file nobody has read yet once it is parsed, answering other requests meanwhile', async (t) => {
    await withLargeClosedFile(async ({ client, large, largePath, small }) => {
      // A fragment (no root checks it), so no check has parsed the large file it leads into.
      const fragment = client.open(path.join(path.dirname(largePath), 'fragment.yaml'), "Thing:\n  $ref: './large.yaml#/components/schemas/Item7'\n");

      const started = performance.now();
      const definition = client.request<LocationLink[] | null>('textDocument/definition', {
        textDocument: { uri: fragment }, position: { line: 1, character: 40 },
      });
      await hover(client, small);
      const hoverMs = performance.now() - started;
      const links = await definition;
      const definitionMs = performance.now() - started;
      const figures = `the hover took ${Math.round(hoverMs)} ms, the definition ${Math.round(definitionMs)} ms`;
      t.diagnostic(figures);
      // Before: the definition answered nothing after 50 ms, while the parse went on.
      const itemLine = large.split('\n').findIndex((l) => l === '    Item7:');
      assert.deepEqual(links?.map((l) => [l.targetUri, l.targetSelectionRange.start.line, l.targetSelectionRange.start.character]),
        [[pathToFileURL(largePath).href, itemLine, 4]]);
      assert.ok(hoverMs * 4 < definitionMs, figures);
    });
  });

  it('works out fix-all on a large document in slices, answering other requests meanwhile', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-fix-all-'));
    const client = new LspClient();
    const hoverOn = (uri: string) => hover(client, uri);
    try {
      fs.writeFileSync(path.join(dir, 'shared.yaml'), 'Audit: {type: object}\nKind: {type: string}\n');
      fs.mkdirSync(path.join(dir, 'paths'));
      fs.writeFileSync(path.join(dir, 'paths', 'mirror.yaml'), "get:\n  responses:\n    '200': {description: OK}\n");
      await client.initialize(dir);
      const small = client.open(path.join(dir, 'small.yaml'), SMALL);
      await client.waitForDiagnostics(small, () => true);
      // One status code unquoted (and a tag the operations use, not declared).
      const fixed = largeDescription(PATHS);
      const large = fixed.replace("        '200':\n", '        200:\n');
      const largeUri = client.open(path.join(dir, 'openapi.yaml'), large);
      const quoted = (p: { diagnostics: { code?: unknown }[] }) => p.diagnostics.some((d) => d.code === 'response-code-quoted');
      await client.waitForDiagnostics(largeUri, quoted, 120_000);

      const started = performance.now();
      const fixAll = client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: largeUri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: ['source.fixAll'] },
      });
      await hoverOn(small);
      const hoverMs = performance.now() - started;
      const actions = await fixAll;
      const fixAllMs = performance.now() - started;
      const figures = `the hover took ${Math.round(hoverMs)} ms, fix-all ${Math.round(fixAllMs)} ms`;
      t.diagnostic(figures);
      assert.deepEqual(actions.map((a) => a.kind), ['source.fixAll']);
      const largePath = path.join(dir, 'openapi.yaml');
      const after = applyWorkspaceEdit(actions[0].edit!, (p) => (p === largePath ? large : fs.readFileSync(p, 'utf8')));
      // The code quoted; the tag the operations use declared; each discriminator's property required.
      const required = (line: string) => (line.startsWith("        next: {$ref: '#/components/schemas/Item")
        ? `${line}\n      required:\n        - kind` : line);
      const withTag = fixed.replace('\nsecurity:\n', '\n  - name: items\nsecurity:\n');
      const expected = withTag.split('\n').map(required).join('\n');
      assert.ok(after.get(largePath) === expected, 'fix-all made other edits');
      // Before: the hover waited for fix-all's checks of the whole document.
      assert.ok(hoverMs * 4 < fixAllMs, figures);
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
