// A key being typed, over stdio as any editor sends it: `descr` typed key by key under an operation
// (YAML) or `"descr"` with its auto-closed quote (JSON) publishes, at each keystroke, nothing on its
// line and no syntax error the half-typed key caused; the rest at once. When typing pauses, the
// server publishes again what a fresh check finds. A value being typed, and a key's findings once
// the hold is off, are not held.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { tempDir } from '../../helpers/cli';
import { freshShown, shown } from '../../helpers/fresh-check';
import { LspClient } from '../../helpers/lsp-client';

// Long enough that each keystroke's publish comes well within it on a loaded machine.
const HOLD_MS = 2000;

const YAML = [
  'openapi: 3.0.3',
  'info:',
  '  title: Pets',
  '  version: 1.0.0',
  'paths:',
  '  /pets:',
  '    get:',
  '      operationId: listPets',
  '      responses:',
  "        '200':",
  '          description: OK',
  '',
].join('\n');

const JSON_TEXT = [
  '{',
  '  "openapi": "3.0.3",',
  '  "info": { "title": "Pets", "version": "1.0.0" },',
  '  "paths": {',
  '    "/pets": {',
  '      "get": {',
  '        "operationId": "listPets",',
  '        "responses": { "200": { "description": "OK" } }',
  '      }',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

const at = (line: number, character: number) => ({ line, character });
const insert = (line: number, character: number, text: string) => ({ range: { start: at(line, character), end: at(line, character) }, text });

describe('the findings of a key being typed wait for a pause, for every client', { timeout: 60_000 }, () => {
  const dir = tempDir();
  let client: LspClient;
  before(async () => {
    client = new LspClient();
    await client.initialize(dir, { typingHoldMs: HOLD_MS });
  });
  after(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Types `keys` one by one from (line, character); the diagnostics published for each version. */
  async function type(uri: string, line: number, character: number, keys: string): Promise<Diagnostic[][]> {
    const published: Diagnostic[][] = [];
    for (const [i, key] of [...keys].entries()) {
      const version = client.change(uri, [insert(line, character + i, key)]);
      published.push(await client.waitForDiagnostics(uri, (p) => p.version === version));
    }
    return published;
  }

  it('YAML: `descr` typed under an operation shows nothing on its line until the pause, then what a fresh check shows', async () => {
    const file = path.join(dir, 'pets.yaml');
    const withError = YAML.replace('  version: 1.0.0', '  x-version: 1.0.0');
    const uri = client.open(file, withError);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    const opened = client.change(uri, [insert(8, 0, '      \n')]);
    await client.waitForDiagnostics(uri, (p) => p.version === opened);

    const each = await type(uri, 8, 6, 'descr');
    const text = withError.replace('      responses:', '      descr\n      responses:');
    const fresh = freshShown(file, new Map([[file, text]]), file);
    assert.ok(fresh.some((d) => d.startsWith('syntax 1 8:6') && d.endsWith('Implicit keys need to be on a single line.')), fresh.join('\n'));
    for (const diagnostics of each) assert.deepEqual(diagnostics.filter((d) => d.range.start.line === 8 || d.code === 'syntax'), []);
    // A finding elsewhere is published with every keystroke, not held.
    for (const diagnostics of each) assert.deepEqual(diagnostics.filter((d) => d.code === 'required-field').map((d) => d.range.start.line), [1]);
    const paused = await client.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'syntax'), 10_000);
    assert.deepEqual(shown(paused), fresh);
  });

  it('JSON: `"descr"` typed with its auto-closed quote holds "not a field" and the colon expected on the next line', async () => {
    const file = path.join(dir, 'pets.json');
    const uri = client.open(file, JSON_TEXT);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    // A new line, then `"` auto-closed to `""`, then the name typed inside the quotes.
    const line = client.change(uri, [insert(6, 34, '\n        ""')]);
    const afterQuotes = await client.waitForDiagnostics(uri, (p) => p.version === line);
    const each = [afterQuotes, ...(await type(uri, 7, 9, 'descr'))];
    const text = JSON_TEXT.replace('"operationId": "listPets",', '"operationId": "listPets",\n        "descr"');
    const fresh = freshShown(file, new Map([[file, text]]), file);
    assert.ok(fresh.some((d) => d.startsWith('unknown-field 1 7:8')), fresh.join('\n'));
    assert.ok(fresh.some((d) => d.startsWith('syntax 1 8:8') && d.endsWith('Colon expected.')), fresh.join('\n'));
    for (const diagnostics of each) assert.deepEqual(diagnostics.filter((d) => d.range.start.line === 7 || d.code === 'syntax'), []);
    const paused = await client.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'unknown-field'), 10_000);
    assert.deepEqual(shown(paused), fresh);
  });

  it('a value being typed is not held: `type: strin` is reported at once', async () => {
    const file = path.join(dir, 'value.yaml');
    const text = YAML.replace("          description: OK\n", "          description: OK\n          content:\n            application/json:\n              schema:\n                type: \n");
    const uri = client.open(file, text);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    const each = await type(uri, 14, 22, 'strin');
    assert.deepEqual(each.at(-1)!.filter((d) => d.range.start.line === 14).map((d) => d.code), ['schema-type']);
  });
});
