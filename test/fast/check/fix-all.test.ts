// Fix-all applies one fix per finding, the first (the safest), and never two that contradict each
// other: two findings whose fixes would declare the same parameter or write the same key get one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/model/documents';
import { checkDocument } from '../../../server/src/check/checker';
import { fixAll } from '../../../server/src/check/fix-all';
import { RULES as ALL_RULES } from '../../../server/src/rules/index';

// Every operation here lacks an operationId on purpose: its fix would crowd the texts compared.
const RULES = ALL_RULES.filter((r) => r.id !== 'operation-id-missing');

const FILE = '/virtual/openapi.yaml';

function fixed(text: string, outOfTime?: () => boolean): string {
  const check = (t: string) => checkDocument(new DocumentStore({ read: () => ({ text: t }) }), FILE, { rules: RULES }).diagnostics.filter((d) => d.doc.path === FILE);
  return fixAll(text, check, 10, outOfTime).text;
}

const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n';

describe('fix-all', () => {
  it('declares a misspelt path parameter once: renames it, and gives a method that appears later its own', () => {
    const text = HEAD + [
      '  /pets/{petId}:',
      '    get:',
      '      parameters:',
      '        - name: petid',
      '          in: path',
      '          required: true',
      '          schema:',
      '            type: string',
      '      responses:',
      "        '200':",
      '          description: OK',
      '    delet:',
      '      responses:',
      "        '204':",
      '          description: Deleted',
      '',
    ].join('\n');
    assert.equal(fixed(text), HEAD + [
      '  /pets/{petId}:',
      '    get:',
      '      parameters:',
      '        - name: petId',
      '          in: path',
      '          required: true',
      '          schema:',
      '            type: string',
      '      responses:',
      "        '200':",
      '          description: OK',
      '    delete:',
      '      responses:',
      "        '204':",
      '          description: Deleted',
      '      parameters:',
      '        - name: petId',
      '          in: path',
      '          required: true',
      '          schema:',
      '            type: string',
      '',
    ].join('\n'));
  });

  it('out of time, keeps the rounds done so far, each kept by the check after it', () => {
    const text = HEAD + '  /pets/{petId}:\n    delet:\n      responses:\n        \'204\':\n          description: Deleted\n';
    const check = (t: string) => checkDocument(new DocumentStore({ read: () => ({ text: t }) }), FILE, { rules: RULES }).diagnostics.filter((d) => d.doc.path === FILE);
    const all = fixAll(text, check);
    assert.ok(all.rounds >= 2, `${all.rounds} rounds`);
    let asked = 0;
    const oneRound = fixAll(text, check, 10, () => (asked++, true));
    assert.equal(asked, 1, 'asked once, after the first round');
    assert.equal(oneRound.rounds, 1);
    // The method renamed; its path parameter, the next round's fix, not declared yet.
    assert.equal(oneRound.text, text.replace('delet:', 'delete:'));
    assert.equal(fixAll(oneRound.text, check).text, all.text);
  });

  it('gives each duplicate operationId its own free name, all in one round', () => {
    const operation = (path: string, id: string) => `  ${path}:\n    get:\n      operationId: ${id}\n      responses:\n        '200':\n          description: OK\n`;
    const text = HEAD + operation('/a', 'list') + operation('/b', 'list') + operation('/c', 'list_2') + operation('/d', 'list') + operation('/e', 'list');
    const check = (t: string) => checkDocument(new DocumentStore({ read: () => ({ text: t }) }), FILE, { rules: RULES }).diagnostics.filter((d) => d.doc.path === FILE);
    const result = fixAll(text, check);
    assert.equal(result.text, HEAD + operation('/a', 'list') + operation('/b', 'list_3') + operation('/c', 'list_2') + operation('/d', 'list_4') + operation('/e', 'list_5'));
    assert.equal(result.rounds, 1);
  });

  it('renames two components whose names clean up alike to two names, not one', () => {
    const uses = (a: string, b: string) => "  /a:\n    get:\n      responses:\n        '200':\n          description: OK\n" +
      `          content:\n            application/json:\n              schema:\n                type: array\n                items: {$ref: '#/components/schemas/${a}'}\n` +
      `            text/plain:\n              schema: {$ref: '#/components/schemas/${b}'}\n`;
    const text = HEAD + uses('a+b', 'a;b') + 'components:\n  schemas:\n    a+b: {type: string}\n    a;b: {type: integer}\n';
    assert.equal(fixed(text), HEAD + uses('a_b', 'a_b_2') + 'components:\n  schemas:\n    a_b: {type: string}\n    a_b_2: {type: integer}\n');
  });

  it('renames a misspelt required field instead of adding a second one beside it', () => {
    const text = HEAD + "  /pets:\n    get:\n      responses:\n        '200':\n          descripton: The pets\n";
    assert.equal(fixed(text), HEAD + "  /pets:\n    get:\n      responses:\n        '200':\n          description: The pets\n");
  });

  it('gives one key the registered media type when two shorthands mean it', () => {
    const text = HEAD + "  /pets:\n    post:\n      requestBody:\n        content:\n          json: {}\n          application json: {}\n      responses:\n        '200':\n          description: OK\n";
    const after = fixed(text);
    assert.equal(after.match(/application\/json:/g)?.length, 1, after);
    assert.match(after, /application json: \{\}/);
  });

  it('moves the query string out of one of two keys with the same path, never writing the path twice', () => {
    const op = ['    get:', '      responses:', "        '200':", '          description: OK'];
    const text = HEAD + ['  /pets?limit=1:', ...op, '  /pets?offset=2:', ...op, ''].join('\n');
    const after = fixed(text);
    assert.equal(after.match(/^ {2}\/pets:$/gm)?.length, 1, after);
    assert.match(after, /^ {2}\/pets\?offset=2:$/m);
    assert.match(after, /- name: limit\n {8}in: query/);
  });

  it('leaves what only the author can decide: each of these findings keeps its text', () => {
    const ok = ["      responses:", "        '200':", '          description: OK'];
    const cases: [string, string[]][] = [
      // Bounds no value meets may be meant (a property that must not be sent).
      ['bounds-order', ['  /a:', '    get:', '      parameters:', '        - {name: q, in: query, schema: {type: string, minLength: 2, maxLength: 1}}', ...ok]],
      // A body on a 204 may mean the status code is wrong.
      ['empty-body-content', ['  /a:', '    get:', '      responses:', "        '204':", '          description: Done', '          content:', '            application/json: {schema: {type: object}}']],
      // A 64-bit integer sent as a string.
      ['format-type', ['  /a:', '    get:', '      parameters:', '        - {name: q, in: query, schema: {type: string, format: int64}}', ...ok]],
      // A default Try it out shows.
      ['constant-parameter', ['  /a:', '    get:', '      parameters:', '        - {name: v, in: header, required: true, schema: {type: string, enum: [v2], default: v2}}', ...ok]],
      // Which parameter name stays.
      ['equivalent-paths', ['  /a/{id}:', '    get:', '      parameters:', '        - {name: id, in: path, required: true, schema: {type: string}}', ...ok,
        '  /a/{key}:', '    delete:', '      parameters:', '        - {name: key, in: path, required: true, schema: {type: string}}', ...ok]],
    ];
    for (const [rule, lines] of cases) {
      const text = HEAD + lines.join('\n') + '\n';
      assert.ok(checkDocument(new DocumentStore({ read: () => ({ text }) }), FILE, { rules: RULES }).diagnostics.some((d) => d.rule === rule), `${rule} reports`);
      assert.equal(fixed(text), text, rule);
    }
    // A discriminator in a schema without composition: its mapping may be the only link to its schemas.
    const discriminator = HEAD + ["  /a:", "    get:", ...ok, "          content:", "            application/json:", "              schema: {$ref: '#/components/schemas/Pet'}",
      'components:', '  schemas:', '    Pet:', '      type: object', '      properties: {kind: {type: string}}', '      required: [kind]',
      '      discriminator:', '        propertyName: kind', "        mapping: {cat: '#/components/schemas/Cat'}", '    Cat:', '      type: object', ''].join('\n');
    assert.ok(checkDocument(new DocumentStore({ read: () => ({ text: discriminator }) }), FILE, { rules: RULES }).diagnostics.some((d) => d.rule === 'discriminator'));
    assert.match(fixed(discriminator), /\n {6}discriminator:\n {8}propertyName: kind\n/);
  });
});
