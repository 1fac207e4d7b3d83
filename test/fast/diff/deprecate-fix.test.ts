// "Deprecate instead of removing": the text a removal's quick fix writes back, in each place it can
// go (the path item, `paths` for a whole path, the operation's parameters), YAML and JSON, and a
// parameter the base only referenced (`$ref`), which comes back resolved since a `$ref` takes no
// `deprecated` beside it in 3.0.
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { deprecateInsteadOfRemoving } from '../../../server/src/diff/deprecate-fix';
import { diffSides } from '../../../server/src/diff/diff';
import { createSide, DiffSide } from '../../../server/src/diff/side';
import { DocumentStore, isLoadFailure } from '../../../server/src/model/documents';
import { applyEdits } from '../../../server/src/syntax/edit';

function side(text: string, file: string): DiffSide {
  const store = new DocumentStore({ read: (p) => (p === file ? { text } : { reason: 'missing', message: `${p} does not exist.` }) });
  const doc = store.get(file);
  if (isLoadFailure(doc)) throw new Error(doc.message);
  return createSide(store, doc);
}

/** The new text after the fix of the one change of `kind`, and whether the diff is then empty of that kind. */
function restored(baseText: string, newText: string, kind: string, name = 'openapi.yaml'): string {
  const file = path.join('/mem', name);
  const base = side(baseText, file);
  const next = side(newText, file);
  const change = diffSides(base, next).changes.find((c) => c.kind === kind);
  assert.ok(change, `no ${kind} change`);
  const edit = deprecateInsteadOfRemoving(change, base, next.root);
  assert.ok(edit, 'no edit');
  const fixed = applyEdits(newText, [edit]);
  const again = diffSides(base, side(fixed, file)).changes.filter((c) => c.level !== 'info');
  assert.deepEqual(again.map((c) => c.kind), [], 'the fixed text still breaks clients');
  return fixed;
}

const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\n';
const PETS = "  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n";
const STORES = "  /stores:\n    get:\n      summary: Stores\n      responses:\n        '200':\n          description: OK\n";

describe('deprecate instead of removing', () => {
  it('puts a whole removed path back under paths, in YAML', () => {
    const fixed = restored(HEAD + 'paths:\n' + PETS + STORES, HEAD + 'paths:\n' + PETS, 'operation-removed');
    assert.equal(fixed, HEAD + 'paths:\n' + PETS + STORES.replace('      summary: Stores\n', '      summary: Stores\n      deprecated: true\n'));
  });

  it('puts back a parameter the base referenced, resolved, with deprecated: true', () => {
    const components = 'components:\n  parameters:\n    Limit:\n      name: limit\n      in: query\n      schema:\n        type: integer\n';
    const base = HEAD + "paths:\n  /pets:\n    get:\n      parameters:\n        - $ref: '#/components/parameters/Limit'\n" +
      "      responses:\n        '200':\n          description: OK\n" + components;
    const fixed = restored(base, HEAD + 'paths:\n' + PETS + components, 'parameter-removed');
    assert.equal(fixed, HEAD + 'paths:\n' + PETS.trimEnd() + '\n      parameters:\n        - name: limit\n          in: query\n' +
      '          deprecated: true\n          schema:\n            type: integer\n' + components);
  });

  it('appends to the parameters left, in JSON', () => {
    const operation = (parameters: object[]) => JSON.stringify({
      openapi: '3.0.3', info: { title: 'T', version: '1' },
      paths: { '/pets': { get: { parameters, responses: { 200: { description: 'OK' } } } } },
    }, null, 2);
    const limit = { name: 'limit', in: 'query', schema: { type: 'integer' } };
    const sort = { name: 'sort', in: 'query', schema: { type: 'string' } };
    const fixed = restored(operation([sort, limit]), operation([sort]), 'parameter-removed', 'openapi.json');
    assert.deepEqual(JSON.parse(fixed).paths['/pets'].get.parameters, [sort, { name: 'limit', in: 'query', deprecated: true, schema: { type: 'integer' } }]);
  });
});
