// A request that needs a closed file parsed in the worker thread (YAML with anchors, broken JSON)
// waited for whatever the worker was parsing for a check: a definition waited 2-6 s in the fuzz
// behind a 4 MB broken JSON root's parse (1.5 s each). Its parse now goes to a second worker when
// the first is busy: here the definition is answered while the check's parse still runs.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import type { LocationLink } from 'vscode-languageserver-protocol';
import { LspClient } from './helpers/lsp-client';

/** Paths in the broken JSON root: about 10 MB, so its parse in the worker takes seconds. */
const ROOT_PATHS = 60_000;

/** A JSON root with a trailing comma: the strict reader refuses it and the worker reads it. */
function brokenJsonRoot(): string {
  const operation = (i: number) => ({ operationId: `get${i}`, responses: { '200': { description: `OK ${i}` } } });
  const paths = Object.fromEntries(Array.from({ length: ROOT_PATHS }, (_, i) => [`/p${i}`, { get: operation(i) }]));
  const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1.0.0' }, paths }, null, 2);
  return text.replace('"version": "1.0.0"', '"version": "1.0.0",');
}

/** Schemas in the closed YAML file: above the size the server parses in place (64 KB). */
const SCHEMAS = 1_000;

/** A closed YAML file the fast reader refuses (an anchor and an alias): the worker reads it. */
function anchoredSchemas(): string {
  const lines = ['components:', '  schemas:', '    Base: &base', '      type: object', '    Alias: *base'];
  for (let i = 0; i < SCHEMAS; i++) {
    lines.push(`    Schema${i}:`, '      type: string', `      description: Schema number ${i} of the components this file holds.`);
  }
  lines.push('    Pet:', '      type: object', '      properties:', '        name:', '          type: string', '');
  return lines.join('\n');
}

describe('a request on a file parsed in the worker thread', { timeout: 180_000 }, () => {
  it('is answered while a check\'s parse of another file runs, not after it', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-request-lane-'));
    const client = new LspClient({ OPENAPI_TRACE_TIMING: '1' });
    try {
      const rootFile = path.join(dir, 'root.json');
      const otherFile = path.join(dir, 'other.yaml');
      const other = anchoredSchemas();
      assert.ok(other.length > 64 * 1024, `${other.length} characters`);
      fs.writeFileSync(otherFile, other);
      const root = brokenJsonRoot();
      fs.writeFileSync(rootFile, root);
      await client.initialize(dir);
      // A fragment (no root checks it): no check reads the closed file it leads into.
      const fragment = client.open(path.join(dir, 'fragment.yaml'), "Thing:\n  $ref: './other.yaml#/components/schemas/Pet'\n");

      // The check after this open waits for the worker's parse of the root...
      const since = client.stderr.length;
      client.open(rootFile, root);
      const waiting = performance.now() + 60_000;
      while (!client.stderr.slice(since).includes('[timing] check waits for the parsing worker')) {
        assert.ok(performance.now() < waiting, `the check never waited for the worker:\n${client.stderr.slice(since)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // ...when the user asks for a definition that leads into the closed file.
      const started = performance.now();
      const links = await client.request<LocationLink[] | null>('textDocument/definition', {
        textDocument: { uri: fragment }, position: { line: 1, character: 40 },
      });
      const definitionMs = performance.now() - started;
      const rootParsed = client.stderr.slice(since).includes('[timing] check\'s wait for the parsing worker ended');
      let rootMs = definitionMs;
      while (!client.stderr.slice(since).includes('[timing] check\'s wait for the parsing worker ended') && performance.now() - started < 120_000) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        rootMs = performance.now() - started;
      }
      const figures = `the definition took ${Math.round(definitionMs)} ms; the root's parse ended ${Math.round(rootMs)} ms after it was asked`;
      t.diagnostic(figures);

      const lines = other.split('\n');
      const pet = lines.indexOf('    Pet:');
      assert.deepEqual(links?.map((l) => [l.targetUri, l.targetSelectionRange, l.targetRange]), [[
        pathToFileURL(otherFile).href,
        { start: { line: pet, character: 4 }, end: { line: pet, character: 7 } },
        { start: { line: pet, character: 4 }, end: { line: pet + 4, character: 22 } },
      ]]);
      // Before: the closed file's parse waited for the root's, then the definition for both.
      assert.ok(!rootParsed, `answered after the root's parse: ${figures}`);
      assert.ok(definitionMs * 1.5 < rootMs, figures);
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
