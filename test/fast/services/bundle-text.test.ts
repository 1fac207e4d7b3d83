// A bundle's text written in steps (the language server's Bundle to a File) is the text the CLI
// writes, character for character, in YAML and in JSON: on awkward values (line breaks, quotes,
// long and multi-line keys, nested sequences, empty containers, many members) and on ReadMe's
// 3.0 examples, and it pauses on a large document.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { REPO_ROOT } from '../../helpers/paths';
import { Json } from '../../../server/src/services/bundle';
import { bundleTextSteps, prettyJsonSteps, yamlTextSteps, YAML_TEXT_OPTIONS } from '../../../server/src/services/bundle-text';
import { drain, Steps } from '../../../server/src/syntax/steps';

const yamlOf = (value: Json) => stringify(value, YAML_TEXT_OPTIONS);
const jsonOf = (value: Json) => JSON.stringify(value, null, 2) + '\n';
const joined = (steps: Steps<string[]>) => drain(steps).join('');

function assertSameText(value: Json, label: string): void {
  assert.equal(joined(yamlTextSteps(value)), yamlOf(value), `${label}: YAML`);
  assert.equal(joined(prettyJsonSteps(value)), jsonOf(value), `${label}: JSON`);
}

const manyMembers = (n: number): Json => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', enum: [`a${i}`, i] }]));

const AWKWARD: Record<string, Json> = {
  'scalars at the top': 'just a string',
  'an empty mapping': {},
  'an empty sequence at the top': [],
  'a sequence at the top': [{ a: 1, b: { c: [1, 2] } }, 'x', [1, [2, 3]], {}],
  'line breaks, trailing spaces, empty lines': {
    info: {
      description: 'First line\n\nThird line after an empty one\n  indented line\ntrailing space \n',
      summary: 'ends with line breaks\n\n\n',
      title: ' leading space',
      other: 'a\r\nwindows line',
      tab: 'a\tb',
      nested: { deeper: { text: '|\n  not a block\n- nor a dash\n# nor a comment' } },
    },
  },
  'values that would read as another type': {
    paths: { '/a': { get: { parameters: [{ name: 'yes', in: 'query', example: 'no' }, { name: '0o17', example: '1e3' }, { name: 'null', example: '~' }] } } },
    numbers: { '200': { description: '200' }, '-1': [-1, 0.5, 1e21, -0], 'true': true, '': '' },
  },
  'keys that need quoting': {
    components: { schemas: { 'a: b': { type: 'object' }, '- dash': { type: 'string' }, '#hash': { items: { type: 'x' } }, '"quoted"': { enum: ["it's"] }, "'single'": { a: { b: 1 } } } },
  },
  'a long key and a multi-line key': {
    paths: { ['/' + 'x'.repeat(1100)]: { get: { summary: 'long' } }, '/a\nb': { get: { summary: 'two lines' } }, ['k'.repeat(1100)]: [{ a: 1 }] },
  },
  'sequences of sequences and of mappings': {
    a: { b: [[1, 2], [[3]], [{ c: { d: [{ e: 1, f: [1, { g: 2 }] }] } }], [], {}] },
    tags: [{ name: 'x', description: 'multi\nline' }, { name: 'y', externalDocs: { url: 'https://example.com' } }],
  },
  'unicode': { info: { title: 'Café ☕ 😀', description: '日本語\n😀 on a line' }, '😀': { '✓': ['ü'] } },
  'many members deep below': { components: { schemas: { Big: { type: 'object', properties: { deep: { properties: manyMembers(300) } } } } } },
  'a long enum': { components: { schemas: { E: { enum: Array.from({ length: 500 }, (_, i) => (i % 3 ? `v${i}` : i)) } } } },
};

describe('a bundle written as text in steps', () => {
  for (const [label, value] of Object.entries(AWKWARD)) {
    it(`writes the CLI's text: ${label}`, () => assertSameText(value, label));
  }

  it('writes the CLI\'s text for every OpenAPI 3.0 example of @readme/oas-examples', () => {
    const folder = path.join(REPO_ROOT, 'node_modules', '@readme', 'oas-examples', '3.0');
    let count = 0;
    for (const format of ['json', 'yaml']) {
      for (const name of fs.readdirSync(path.join(folder, format), { recursive: true }) as string[]) {
        if (!name.endsWith(`.${format}`)) continue;
        const text = fs.readFileSync(path.join(folder, format, name), 'utf8');
        const value = (format === 'json' ? JSON.parse(text) : parse(text)) as Json;
        assertSameText(value, name);
        count++;
      }
    }
    assert.ok(count >= 80, `${count} examples`);
  });

  it('pauses while it writes a large document, in either format', () => {
    const large: Json = { openapi: '3.0.3', paths: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`/p${i}`, { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: manyMembers(20) } } } } } }])) };
    for (const format of ['yaml', 'json'] as const) {
      const steps = bundleTextSteps(large, format);
      let pauses = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) pauses++;
      assert.ok(pauses > 5, `${format}: ${pauses} pauses`);
      assert.equal(step.value.join(''), format === 'yaml' ? yamlOf(large) : jsonOf(large));
    }
  });
});
