// The role a fragment file takes from the roots that reference it: which version's fields apply,
// and what a Swagger 2.0 root's `$ref` calls for where it stands.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore, SourceDocument } from '../../../server/src/model/documents';
import { fragmentVersion, swagger2KindCalledFor, swagger2KindInFragment } from '../../../server/src/services/fragment-role';

describe('fragmentVersion', () => {
  it("is the roots' version when they agree", () => {
    assert.equal(fragmentVersion(['3.1', '3.1']), '3.1');
    assert.equal(fragmentVersion(['2.0']), '2.0');
  });
  it("is 3.0's, which the others share, when they differ", () => {
    assert.equal(fragmentVersion(['3.1', '3.2']), '3.0');
    assert.equal(fragmentVersion(['2.0', '3.1']), '3.0');
  });
  it('is undefined when no root references the file', () => {
    assert.equal(fragmentVersion([]), undefined);
  });
});

describe('swagger2KindCalledFor', () => {
  const text = [
    "swagger: '2.0'", 'info: {title: T, version: 1.0.0}', 'paths:', '  /pets:', "    $ref: 'path.yaml'", '  /users:', '    get:', '      parameters:',
    "        - $ref: 'param.yaml'", '      responses:', "        '200':", '          description: OK', '          schema:', "            $ref: 'user.yaml'",
    'definitions:', '  Pet:', "    $ref: 'pet.yaml'", 'x-other:', "  $ref: 'other.yaml'", '',
  ].join('\n');
  const store = new DocumentStore({ read: () => ({ text }) });
  const root = store.get('/w/api.yaml') as SourceDocument;
  const at = (ref: string) => swagger2KindCalledFor(root, text.indexOf(ref) + 1);
  it('tells the 2.0 kind by where the $ref stands', () => {
    assert.equal(at("'path.yaml'"), 'PathItem');
    assert.equal(at("'param.yaml'"), 'Parameter');
    assert.equal(at("'user.yaml'"), 'Schema');
    assert.equal(at("'pet.yaml'"), 'Schema');
  });
  it('is undefined off the format\'s places', () => {
    assert.equal(at("'other.yaml'"), undefined);
  });
});

describe('swagger2KindInFragment', () => {
  const text = "type: object\nproperties:\n  owner:\n    $ref: 'owner.yaml'\n  tags:\n    type: array\n    items:\n      $ref: 'tag.yaml'\n";
  const store = new DocumentStore({ read: () => ({ text }) });
  const fragment = store.get('/w/pet.yaml') as SourceDocument;
  it('tells the kind below the places that reference the fragment', () => {
    assert.equal(swagger2KindInFragment(fragment, text.indexOf("'owner.yaml'") + 1, [{ pointer: [], kind: 'Schema' }]), 'Schema');
    assert.equal(swagger2KindInFragment(fragment, text.indexOf("'tag.yaml'") + 1, [{ pointer: [], kind: 'Schema' }]), 'Schema');
  });
  it('is undefined when nothing references the fragment', () => {
    assert.equal(swagger2KindInFragment(fragment, text.indexOf("'owner.yaml'") + 1, []), undefined);
  });
});
