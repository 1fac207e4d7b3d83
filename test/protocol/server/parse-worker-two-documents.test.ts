// Two large documents the server parses in its worker thread (YAML with tags, broken JSON): when
// a check waits for the worker on one and an edit of the other stops it, the next check asks the
// worker for the other's text first. That request stopped the worker's parse of the first, and the
// check, taking up the first's load again, kept "not read" as its model: the document counted as no
// OpenAPI root, so its findings and those of the files it reads were never published (the fuzz,
// seed 77: a fresh server showed them). Over the protocol, step by step.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient } from '../../helpers/lsp-client';

/** Paths in each document: enough that the worker's parse of the YAML one lasts (a second or more). */
const PATHS = 6000;

/** A YAML root the fast reader leaves to the worker (a tag on each description), with two findings. */
function yamlRoot(): string {
  const lines = ['openapi: 3.0.3', 'info: {title: T, version: 1.0.0}', 'paths:'];
  for (let i = 0; i < PATHS; i++) {
    lines.push(`  /a${i}:`, '    get:', `      operationId: getA${i}`, '      responses:');
    lines.push("        '200':", '          description: !!str OK');
  }
  lines.push('components:', '  schemas:', '    Color:', '      type: string', '      enum: [red, red]', '');
  return lines.join('\n');
}

/**
 * A JSON root with a trailing comma after its last member: the strict reader refuses it, the root is
 * no value it reads around (syntax/json-around.ts), and the worker reads it.
 */
function brokenJsonRoot(suffix: string): string {
  const operation = (i: number) => ({ operationId: `getB${i}`, responses: { '200': { description: `OK${suffix}` } } });
  const paths = Object.fromEntries(Array.from({ length: PATHS }, (_, i) => [`/b${i}`, { get: operation(i) }]));
  const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1.0.0' }, paths }, null, 2);
  return text.replace(/\n}$/, ',\n}');
}

/** What the user sees of a diagnostic: rule, range and message. */
const seen = ({ code, range: { start, end }, message }: Diagnostic) =>
  `${code} ${start.line}:${start.character}-${end.line}:${end.character} ${message}`;

describe('two documents parsed in the worker thread', { timeout: 180_000 }, () => {
  it('both get their findings when an edit of one stops the check waiting for the other', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-two-parses-'));
    const client = new LspClient();
    try {
      const yamlFile = path.join(dir, 'a.yaml');
      const jsonFile = path.join(dir, 'b.json');
      const yamlText = yamlRoot();
      fs.writeFileSync(yamlFile, yamlText);
      fs.writeFileSync(jsonFile, brokenJsonRoot(''));
      await client.initialize(dir);
      const jsonUri = client.open(jsonFile, brokenJsonRoot(''));
      await client.waitForDiagnostics(jsonUri, (p) => p.version === 1, 60_000);

      // The check after this open waits for the worker's parse of the YAML document...
      const since = client.marks.length;
      const yamlUri = client.open(yamlFile, yamlText);
      await client.waitForMark('waits for the parsing worker', since);
      // ...when the JSON document changes: that check stops, and the next one parses the new JSON
      // text before it takes up the YAML document's parse again.
      const version = client.change(jsonUri, [{ text: brokenJsonRoot('!') }]);

      const json = await client.waitForDiagnostics(jsonUri, (p) => p.version === version, 60_000);
      const yaml = await client.waitForDiagnostics(yamlUri, (p) => p.version === 1, 60_000);
      const lines = yamlText.split('\n');
      const color = lines.indexOf('    Color:');
      const enumLine = lines.indexOf('      enum: [red, red]');
      assert.deepEqual(yaml.map(seen), [
        `unused-component ${color}:4-${color}:9 "schemas/Color" is never used: ` +
          'no operation references it, directly or through other components.',
        `enum-type ${enumLine}:18-${enumLine}:21 This "enum" value is listed twice.`,
      ], client.marks.slice(since).map((m) => m.name).join(', '));
      const last = brokenJsonRoot('!').split('\n').length - 1;
      assert.deepEqual(json.map(seen), [`syntax ${last}:0-${last}:1 Property name expected.`]);
    } finally {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
