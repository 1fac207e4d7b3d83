// The injection grammar (syntaxes/openapi.injection.json) tokenized by vscode-textmate with
// Oniguruma, as VS Code does, over VS Code's own YAML and JSON grammars (test/fixtures/vscode-grammars,
// from VS Code 1.100.3): the scopes are those VS Code shows, for plain, single- and double-quoted
// keys and values, and the YAML grammar's own structure must survive the injection.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';
import { REPO_ROOT } from '../../helpers/paths';

const GRAMMARS = path.join(REPO_ROOT, 'test', 'fixtures', 'vscode-grammars');
let registry: textmate.Registry;

before(async () => {
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(GRAMMARS).filter((f) => f.endsWith('.json'))) {
    const file = path.join(GRAMMARS, name);
    files.set((JSON.parse(fs.readFileSync(file, 'utf8')) as { scopeName: string }).scopeName, file);
  }
  files.set('openapi.injection', path.join(REPO_ROOT, 'syntaxes', 'openapi.injection.json'));
  // package.json contributes the injection to the two grammars, as VS Code reads it.
  const injectTo = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    contributes: { grammars: { scopeName: string; injectTo: string[] }[] };
  }).contributes.grammars.find((g) => g.scopeName === 'openapi.injection')!.injectTo;
  const wasm = fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  registry = new textmate.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => {
      const file = files.get(scope);
      return file ? textmate.parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null;
    },
    getInjections: (scope) => (injectTo.includes(scope) ? ['openapi.injection'] : undefined),
  });
});

/** Every line's tokens as [text, scopes without the host's meta.* structure scopes]. */
async function tokenize(scope: string, text: string): Promise<[string, string][][]> {
  const grammar = (await registry.loadGrammar(scope))!;
  let state = textmate.INITIAL;
  return text.split('\n').map((line) => {
    const { tokens, ruleStack } = grammar.tokenizeLine(line, state);
    state = ruleStack;
    return tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes.filter((s) => !s.startsWith('meta.') && s !== scope).join(' ')]);
  });
}

const scopeOf = (line: [string, string][], text: string) => line.find(([t]) => t === text)?.[1] ?? `no token ${JSON.stringify(text)} in ${JSON.stringify(line)}`;
const REF = 'keyword.other.reference.openapi';
const LINK = 'markup.underline.link.reference.openapi';
const PARAM = 'variable.parameter.path.openapi';

describe('injection grammar over VS Code\'s YAML and JSON grammars', () => {
  it('marks $ref keys and values: plain, single- and double-quoted, block and flow (YAML)', async () => {
    const lines = await tokenize('source.yaml', [
      'a:',
      "  - $ref: '#/components/parameters/limit'",
      '  - $ref: "#/components/parameters/offset"',
      '  - $ref: schemas/pet.yaml',
      "  - '$ref': './common.yaml#/Error'",
      '  - "$ref": "#/components/schemas/Id"',
      "  - {$ref: '#/components/schemas/Pet'}",
      '  - {"$ref": "other.yaml"}',
    ].join('\n'));
    assert.equal(scopeOf(lines[1], '$ref'), `string.unquoted.plain.yaml entity.name.tag.yaml ${REF}`);
    assert.equal(scopeOf(lines[1], '#/components/parameters/limit'), `string.quoted.single.yaml ${LINK}`);
    assert.equal(scopeOf(lines[1], "'"), 'string.quoted.single.yaml punctuation.definition.string.begin.yaml', 'the quotes stay the string\'s');
    assert.equal(scopeOf(lines[2], '#/components/parameters/offset'), `string.quoted.double.yaml ${LINK}`);
    assert.equal(scopeOf(lines[3], 'schemas/pet.yaml'), `string.unquoted.plain.out.yaml ${LINK}`);
    assert.equal(scopeOf(lines[4], '$ref'), `string.quoted.single.yaml entity.name.tag.yaml ${REF}`);
    assert.equal(scopeOf(lines[4], './common.yaml#/Error'), `string.quoted.single.yaml ${LINK}`);
    assert.equal(scopeOf(lines[5], '$ref'), `string.quoted.double.yaml entity.name.tag.yaml ${REF}`);
    assert.equal(scopeOf(lines[5], '#/components/schemas/Id'), `string.quoted.double.yaml ${LINK}`);
    assert.equal(scopeOf(lines[6], '$ref'), `string.unquoted.plain.in.yaml entity.name.tag.yaml ${REF}`);
    assert.equal(scopeOf(lines[6], '#/components/schemas/Pet'), `string.quoted.single.yaml ${LINK}`);
    assert.equal(scopeOf(lines[7], 'other.yaml'), `string.quoted.double.yaml ${LINK}`);
  });

  it('marks {name} in path keys, plain and quoted, keeping the key a key (YAML)', async () => {
    const lines = await tokenize('source.yaml', ['paths:', '  /pets/{petId}:', "  '/stores/{storeId}':", '  "/users/{user_id}/photos/{photoId}": {}'].join('\n'));
    assert.equal(scopeOf(lines[1], '/pets/'), 'string.unquoted.plain.yaml entity.name.tag.yaml');
    assert.equal(scopeOf(lines[1], 'petId'), `string.unquoted.plain.yaml entity.name.tag.yaml ${PARAM}`);
    assert.equal(scopeOf(lines[1], '{'), 'string.unquoted.plain.yaml entity.name.tag.yaml punctuation.definition.template-expression.begin.openapi');
    assert.equal(scopeOf(lines[2], 'storeId'), `string.quoted.single.yaml entity.name.tag.yaml ${PARAM}`);
    assert.equal(scopeOf(lines[3], 'user_id'), `string.quoted.double.yaml entity.name.tag.yaml ${PARAM}`);
    assert.equal(scopeOf(lines[3], 'photoId'), `string.quoted.double.yaml entity.name.tag.yaml ${PARAM}`);
    for (const line of lines) assert.equal(scopeOf(line, ':'), 'punctuation.separator.map.value.yaml', 'the YAML grammar still sees the key');
  });

  it('leaves the YAML grammar\'s structure intact over a whole document: every key a key, nothing invalid', async () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'examples', 'petstore', 'openapi.yaml'), 'utf8');
    const lines = await tokenize('source.yaml', text);
    const textLines = text.split('\n');
    lines.forEach((line, i) => {
      assert.ok(line.every(([, s]) => !s.includes('invalid')), `line ${i + 1}: ${JSON.stringify(line)}`);
      const quotedRef = /\$ref: '([^']+)'/.exec(textLines[i]);
      if (quotedRef) assert.match(scopeOf(line, quotedRef[1]), new RegExp(LINK.replace(/\./g, '\\.')), `line ${i + 1}`);
      const pathKey = /^ {2}(\/\S*\{(\w+)\}\S*):$/.exec(textLines[i]);
      if (pathKey) assert.match(scopeOf(line, pathKey[2]), /variable\.parameter\.path\.openapi/, `line ${i + 1}`);
    });
    assert.equal(lines.filter((l) => l.some(([, s]) => s.includes(PARAM))).length, 2, 'both templated paths');
  });

  it('marks $ref and path keys in JSON without breaking the JSON grammar', async () => {
    const [line] = await tokenize('source.json', '{"/users/{id}": {"$ref": "#/components/pathItems/user", "x": 1}}');
    assert.equal(scopeOf(line, 'id'), `string.json support.type.property-name.json ${PARAM}`);
    assert.equal(scopeOf(line, '$ref'), `string.json support.type.property-name.json ${REF}`);
    assert.equal(scopeOf(line, '#/components/pathItems/user'), `string.quoted.double.json ${LINK}`);
    assert.equal(scopeOf(line, ','), 'punctuation.separator.dictionary.pair.json');
  });

  it('leaves comments, descriptions, values and non-path keys alone', async () => {
    const lines = await tokenize('source.yaml', [
      '# $ref: not a reference /pets/{id}:',
      'a:',
      '  description: see /pets/{id}',
      "  url: '/v1/{x}'",
      '  b: # $ref: commented out',
      '  $ref: #/a comment in YAML, not a reference',
      '  x{id}: 1',
    ].join('\n'));
    for (const line of lines) assert.ok(line.every(([t, s]) => !s.includes('openapi') || t === '$ref'), JSON.stringify(line));
    assert.equal(scopeOf(lines[5], '/a comment in YAML, not a reference'), 'comment.line.number-sign.yaml');
    const [json] = await tokenize('source.json', '{"description": "see /a/{b}", "ref": "#/x"}');
    assert.ok(json.every(([, s]) => !s.includes('openapi')), JSON.stringify(json));
  });
});
