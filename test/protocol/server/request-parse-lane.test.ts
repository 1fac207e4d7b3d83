// A request that needs a closed file parsed in the worker thread (YAML with tags, broken JSON)
// waited for whatever the worker was parsing for a check: a definition waited 2-6 s in the fuzz
// behind a 4 MB broken JSON root's parse (1.5 s each). Its parse now goes to a second worker when
// the first is busy: here the definition is answered while the check's parse still runs. Fix-all
// on a large broken JSON root parses each fixed text in the worker: a check of another file now
// parses beside it rather than after it.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import type { CodeAction, Diagnostic, LocationLink } from 'vscode-languageserver-protocol';
import { applyLspEdits } from '../../helpers/edits';
import { LspClient } from '../../helpers/lsp-client';

/** Paths in the broken JSON root: about 10 MB, so its parse in the worker takes seconds. */
const ROOT_PATHS = 60_000;

/**
 * A JSON root with a trailing comma after its last member: the strict reader refuses it, the root is
 * no value it reads around (syntax/json-around.ts), and the worker reads it.
 * `undescribed`: the operation whose response has no description (a finding with a fix).
 */
function brokenJsonRoot(paths = ROOT_PATHS, prefix = 'p', undescribed = -1): string {
  const operation = (i: number) => ({ operationId: `get${prefix}${i}`, responses: { '200': i === undescribed ? {} : { description: `OK ${i}` } } });
  const entries = Object.fromEntries(Array.from({ length: paths }, (_, i) => [`/${prefix}${i}`, { get: operation(i) }]));
  const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1.0.0' }, paths: entries }, null, 2);
  return text.replace(/\n}$/, ',\n}');
}

/** Schemas in the closed YAML file: above the size the server parses in place (64 KB). */
const SCHEMAS = 1_000;

/** A closed YAML file the fast reader refuses (tags on more lines than it reads around): the worker reads it. */
function taggedSchemas(): string {
  const lines = ['components:', '  schemas:', '    Base:', '      type: !!str object', '      title: !!str a', '      description: !!str b', '      format: !!str c'];
  for (let i = 0; i < SCHEMAS; i++) {
    lines.push(`    Schema${i}:`, '      type: string', `      description: Schema number ${i} of the components this file holds.`);
  }
  lines.push('    Pet:', '      type: object', '      properties:', '        name:', '          type: string', '');
  return lines.join('\n');
}

describe('a request on a file parsed in the worker thread', { timeout: 180_000 }, () => {
  it('is answered while a check\'s parse of another file runs, not after it', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-request-lane-'));
    const client = new LspClient();
    try {
      const rootFile = path.join(dir, 'root.json');
      const otherFile = path.join(dir, 'other.yaml');
      const other = taggedSchemas();
      assert.ok(other.length > 64 * 1024, `${other.length} characters`);
      fs.writeFileSync(otherFile, other);
      const root = brokenJsonRoot();
      fs.writeFileSync(rootFile, root);
      await client.initialize(dir);
      // A fragment (no root checks it): no check reads the closed file it leads into.
      const fragment = client.open(path.join(dir, 'fragment.yaml'), "Thing:\n  $ref: './other.yaml#/components/schemas/Pet'\n");

      // The check after this open waits for the worker's parse of the root...
      const since = client.marks.length;
      client.open(rootFile, root);
      await client.waitForMark('waits for the parsing worker', since);
      // ...when the user asks for a definition that leads into the closed file.
      const started = performance.now();
      const links = await client.request<LocationLink[] | null>('textDocument/definition', {
        textDocument: { uri: fragment }, position: { line: 1, character: 40 },
      });
      const definitionMs = performance.now() - started;
      const checkWaitEnded = () => client.marks.slice(since).some((m) => m.name === 'wait for the parsing worker ended' && m.lane === 'checks');
      const rootParsed = checkWaitEnded();
      let rootMs = definitionMs;
      while (!checkWaitEnded() && performance.now() - started < 120_000) {
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

  it('parses another file for its check beside fix-all\'s parse of a fixed text, not after it', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-fix-all-lane-'));
    const client = new LspClient();
    try {
      // About 4 MB: each parse of a fixed text takes the worker a second or more.
      const root = brokenJsonRoot(24_000, 'p', 7);
      const rootUri = client.open(path.join(dir, 'root.json'), root);
      await client.initialize(dir);
      const missing = (p: { diagnostics: Diagnostic[] }) => p.diagnostics.some((d) => d.code === 'response-description');
      await client.waitForDiagnostics(rootUri, missing, 60_000);

      const since = client.marks.length;
      const fixAll = client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: rootUri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: ['source.fixAll'] },
      });
      await client.waitForMark('parse worker starts', since);
      // The user opens another large broken JSON root meanwhile.
      const second = brokenJsonRoot(6_000, 'q');
      const secondUri = client.open(path.join(dir, 'second.json'), second);
      const secondDiagnostics = await client.waitForDiagnostics(secondUri, () => true, 60_000);
      const actions = await fixAll;
      const trace = client.marks.slice(since).filter((m) => m.name.startsWith('parse worker'));
      t.diagnostic(trace.map((m) => `${m.name} ${m.kb} KB for ${m.for}`).join('; '));

      assert.deepEqual(secondDiagnostics.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character} ${d.message}`),
        [`syntax ${second.split('\n').length - 1}:0 Property name expected.`]);
      const fixed = actions.find((a) => a.kind === 'source.fixAll');
      assert.ok(fixed?.edit?.changes?.[rootUri], JSON.stringify(actions));
      assert.equal(applyLspEdits(root, fixed.edit.changes[rootUri]),
        root.replace('"/p7": {\n      "get": {\n        "operationId": "getp7",\n        "responses": {\n          "200": {}',
          '"/p7": {\n      "get": {\n        "operationId": "getp7",\n        "responses": {\n          "200": { "description": "OK" }'));
      // Before: the second root's text waited until fix-all's was parsed.
      const kb = (text: string) => text.length >> 10;
      const secondStarted = trace.findIndex((m) => m.name === 'parse worker starts' && m.kb === kb(second));
      const fixAllParsed = trace.findIndex((m) => m.name === 'parse worker answers' && m.kb === kb(root));
      assert.ok(secondStarted >= 0 && (fixAllParsed < 0 || secondStarted < fixAllParsed), JSON.stringify(trace));
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
