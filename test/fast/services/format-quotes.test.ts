// Format Document makes a YAML document's quoting consistent: quoted keys and values written with the
// quote the document uses most (or the one `openapi30.format.quotes` names), only where swapping the
// quotes keeps the value; plain scalars, block scalars, JSON and quoting that would change stay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { applyEdits } from '../../../server/src/syntax/edit';
import { parseText } from '../../../server/src/syntax/parse';
import { FormatOptions, formatEdits } from '../../../server/src/services/format';

const MIXED = `openapi: "3.0.3"
info:
  title: 'Pets'
  version: 1.0.0
paths:
  /pets:
    get:
      summary: "List pets"
      description: 'It''s the list'
      operationId: "list\\u0050ets"
      responses:
        '200':
          description: "The pets"
          content:
            'application/json':
              schema:
                $ref: '#/components/schemas/Pets'
        "404":
          description: 'Not "here"'
        default:
          description: "Multi
            line"
components:
  schemas:
    Pets:
      type: array
      items: {type: string, example: 'a tag'}
      description: |
        'Block text' keeps its "quotes".
`;

const options = (quotes?: FormatOptions['quotes']): FormatOptions => ({ tabSize: 2, insertSpaces: true, orderKeys: false, quotes });

function formatted(text: string, opts: FormatOptions, range?: { offset: number; length: number }, format: 'yaml' | 'json' = 'yaml'): string {
  return applyEdits(text, formatEdits(parseText(text, format), opts, range));
}

describe('Format Document: YAML quoting made consistent', () => {
  it('writes quoted scalars and keys with the quote the document uses most, where swapping keeps the value', () => {
    // Single quotes: 'Pets', '200', 'application/json', '#/components/...', 'a tag', 'It''s', 'Not "here"' (7); double: 6.
    const out = formatted(MIXED, options());
    assert.equal(out, `openapi: '3.0.3'
info:
  title: 'Pets'
  version: 1.0.0
paths:
  /pets:
    get:
      summary: 'List pets'
      description: 'It''s the list'
      operationId: "list\\u0050ets"
      responses:
        '200':
          description: 'The pets'
          content:
            'application/json':
              schema:
                $ref: '#/components/schemas/Pets'
        '404':
          description: 'Not "here"'
        default:
          description: "Multi
            line"
components:
  schemas:
    Pets:
      type: array
      items: {type: string, example: 'a tag'}
      description: |
        'Block text' keeps its "quotes".
`);
    assert.deepEqual(parseYaml(out), parseYaml(MIXED), 'the same value');
    assert.equal(formatted(out, options()), out, 'formatted once: nothing more to do');
  });

  it('follows the setting: double, single, or quoting kept', () => {
    const doubled = formatted(MIXED, options('double'));
    assert.match(doubled, /\n {8}"200":\n/);
    assert.match(doubled, /\$ref: "#\/components\/schemas\/Pets"/);
    assert.match(doubled, /description: 'It''s the list'/, 'a quote inside: kept');
    assert.match(doubled, /description: 'Not "here"'/);
    assert.deepEqual(parseYaml(doubled), parseYaml(MIXED));
    assert.match(formatted(MIXED, options('single')), /\n {8}'404':\n/);
    assert.equal(formatted(MIXED, options('keep')), MIXED);
  });

  it('changes nothing when both quotes are used alike, and leaves JSON as its formatter writes it', () => {
    const even = `openapi: '3.0.3'\ninfo:\n  title: "Pets"\n  version: 1.0.0\npaths: {}\n`;
    assert.equal(formatted(even, options()), even);
    const json = `{\n  "openapi": "3.0.3",\n  "info": { "title": "Pets", "version": "1.0.0" },\n  "paths": {}\n}\n`;
    assert.equal(formatted(json, options('single'), undefined, 'json').includes("'"), false);
  });

  it('Format Selection changes the quotes of the selected lines only', () => {
    const start = MIXED.indexOf('      summary:');
    const out = formatted(MIXED, options(), { offset: start + 10, length: 5 });
    assert.equal(out, MIXED.replace('summary: "List pets"', "summary: 'List pets'"));
  });
});
