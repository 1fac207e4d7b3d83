// The injection grammar (syntaxes/openapi.injection.json) tokenized by vscode-textmate with
// Oniguruma, as VS Code does, over minimal YAML and JSON host grammars.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';
import { REPO_ROOT } from './helpers/paths';

const HOSTS: Record<string, object> = {
  'source.yaml': { scopeName: 'source.yaml', patterns: [{ match: '#.*$', name: 'comment.line.number-sign.yaml' }, { match: '^(\\s*)([^\\s:#][^:#]*?)(:)(?=\\s|$)', captures: { 2: { name: 'entity.name.tag.yaml' } } }] },
  'source.json': { scopeName: 'source.json', patterns: [{ match: '"(?:[^"\\\\]|\\\\.)*"', name: 'string.quoted.double.json' }] },
};

let registry: textmate.Registry;

before(async () => {
  const wasm = fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  registry = new textmate.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => {
      if (HOSTS[scope]) return textmate.parseRawGrammar(JSON.stringify(HOSTS[scope]), 'host.json');
      if (scope === 'openapi.injection') {
        const file = path.join(REPO_ROOT, 'syntaxes', 'openapi.injection.json');
        return textmate.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
      }
      return null;
    },
    getInjections: (scope) => (HOSTS[scope] ? ['openapi.injection'] : undefined),
  });
});

async function scopesOf(scope: string, line: string): Promise<[string, string][]> {
  const grammar = (await registry.loadGrammar(scope))!;
  const { tokens } = grammar.tokenizeLine(line, textmate.INITIAL);
  return tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes.slice(1).join(' ')]);
}

const scopeOf = (tokens: [string, string][], text: string) => tokens.find(([t]) => t === text)?.[1] ?? `no token ${JSON.stringify(text)} in ${JSON.stringify(tokens)}`;

describe('injection grammar', () => {
  it('marks $ref keys and values in YAML (quoted and plain) and JSON', async () => {
    const yaml = await scopesOf('source.yaml', "        - $ref: '#/components/parameters/limit'");
    assert.match(scopeOf(yaml, '$ref'), /keyword\.other\.reference\.openapi/);
    assert.match(scopeOf(yaml, "'#/components/parameters/limit'"), /markup\.underline\.link\.reference\.openapi/);
    const plain = await scopesOf('source.yaml', '  $ref: schemas/pet.yaml');
    assert.match(scopeOf(plain, 'schemas/pet.yaml'), /markup\.underline\.link\.reference\.openapi/);
    const flow = await scopesOf('source.yaml', "  items: {$ref: '#/components/schemas/Pet'}");
    assert.match(scopeOf(flow, "'#/components/schemas/Pet'"), /markup\.underline\.link\.reference\.openapi/);
    const json = await scopesOf('source.json', '{ "$ref": "#/components/schemas/Pet" }');
    assert.match(scopeOf(json, '"#/components/schemas/Pet"'), /markup\.underline\.link\.reference\.openapi/);
  });

  it('marks {name} in path keys, keeping the key a key', async () => {
    const yaml = await scopesOf('source.yaml', '  /pets/{petId}/photos/{photo_id}:');
    assert.match(scopeOf(yaml, 'petId'), /entity\.name\.tag\.yaml variable\.parameter\.path\.openapi/);
    assert.match(scopeOf(yaml, 'photo_id'), /variable\.parameter\.path\.openapi/);
    assert.match(scopeOf(yaml, '/pets/'), /^entity\.name\.tag\.yaml$/);
    const json = await scopesOf('source.json', '    "/users/{id}": {');
    assert.match(scopeOf(json, 'id'), /variable\.parameter\.path\.openapi/);
  });

  it('leaves comments, descriptions and non-path keys alone', async () => {
    const comment = await scopesOf('source.yaml', '# $ref: not a reference /pets/{id}:');
    assert.ok(comment.every(([, s]) => !s.includes('openapi')), JSON.stringify(comment));
    const description = await scopesOf('source.yaml', '      description: see {id}');
    assert.ok(description.every(([, s]) => !s.includes('openapi')), JSON.stringify(description));
  });
});
