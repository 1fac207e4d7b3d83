// The diff layer on its fixtures (test/diff/<kind>/<case>/: the exact change list, ids, levels,
// places on both sides and messages), the semantic no-ops (nothing reported), configuration and
// acknowledgements, and bounds: recursive schemas, `$ref` loops across files, 100,000 paths.
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { readDiffConfig } from '../../../server/src/diff/config';
import { diffSides } from '../../../server/src/diff/diff';
import { KIND_IDS } from '../../../server/src/diff/kinds/index';
import { DiffSession } from '../../../server/src/diff/session';
import { createSide, DiffSide } from '../../../server/src/diff/side';
import { reparseEdit } from '../../../server/src/syntax/incremental';
import { SyntaxNode } from '../../../server/src/syntax/tree';
import { DocumentStore, FileRead, isLoadFailure, SourceDocument } from '../../../server/src/model/documents';
import { diffCases, expectedLines, NO_CHANGE, runCase } from '../../helpers/diff-fixtures';

describe('diff fixtures', () => {
  for (const c of diffCases()) {
    it(`${c.kind}/${c.name}: ${c.kind === NO_CHANGE ? 'reports nothing' : 'reports exactly changes.txt'}`, () => {
      const { lines, result } = runCase(c);
      assert.deepEqual(result.crashes, []);
      assert.equal(result.truncated, false);
      const expected = expectedLines(c);
      if (c.kind === NO_CHANGE) assert.deepEqual(expected, [], 'a no-change fixture expects nothing');
      else
        assert.ok(
          expected.some((l) => l.split(' ')[1] === c.kind),
          `changes.txt shows a change of kind ${c.kind}`,
        );
      assert.deepEqual(lines, expected);
    });
  }
});

/** A side over texts in memory (absolute paths under /mem). */
function side(files: Record<string, string>, root = 'openapi.yaml'): DiffSide {
  const read = (p: string): FileRead => {
    const name = path.relative('/mem', p);
    return name in files ? { text: files[name] } : { reason: 'missing', message: `${p} does not exist.` };
  };
  const store = new DocumentStore({ read });
  const doc = store.get(path.join('/mem', root));
  if (isLoadFailure(doc)) throw new Error(doc.message);
  return createSide(store, doc);
}

const HEAD = 'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\n';
const simple = (operations: string) => `${HEAD}paths:\n  /pets:\n${operations}`;
const GET = "    get:\n      operationId: listPets\n      responses:\n        '200': {description: OK}\n";
const POST = "    post:\n      operationId: addPet\n      responses:\n        '201': {description: Created}\n";

describe('diff configuration and acknowledgements', () => {
  it('the diff section sets a level or turns a kind off; unknown kinds and levels are problems', () => {
    const { config, problems } = readDiffConfig(
      { diff: { 'operation-removed': 'warning', 'operation-added': 'off', nope: 'info', 'parameter-added': 'loud' } },
      KIND_IDS,
    );
    assert.deepEqual(problems, [
      'Unknown change kind `nope`.',
      'Change kind `parameter-added`: level must be one of off, breaking, warning, info.',
    ]);
    const result = diffSides(side({ 'openapi.yaml': simple(GET) }), side({ 'openapi.yaml': simple(POST) }), { config });
    assert.deepEqual(
      result.changes.map((c) => [c.kind, c.level]),
      [['operation-removed', 'warning']],
    );
  });

  it('x-openapi-check-accept accepts a change in JSON, with its reason', () => {
    const base = side(
      {
        'openapi.json': JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'T', version: '1' },
          paths: {
            '/pets': {
              get: { responses: { 200: { description: 'OK' } } },
              post: { responses: { 201: { description: 'OK' } } },
            },
          },
        }),
      },
      'openapi.json',
    );
    const next = side(
      {
        'openapi.json': JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'T', version: '1' },
          paths: {
            '/pets': {
              'x-openapi-check-accept': { 'operation-removed': 'moved to /animals' },
              get: { responses: { 200: { description: 'OK' } } },
            },
          },
        }),
      },
      'openapi.json',
    );
    const result = diffSides(base, next);
    assert.deepEqual(result.changes, []);
    assert.deepEqual(
      result.accepted.map((a) => [a.change.kind, a.reason]),
      [['operation-removed', 'moved to /animals']],
    );
  });

  it('keeps a base side for several new versions (what the editor does on every edit)', () => {
    const base = side({ 'openapi.yaml': simple(GET + POST) });
    assert.deepEqual(
      diffSides(base, side({ 'openapi.yaml': simple(GET) })).changes.map((c) => c.operation),
      ['POST /pets'],
    );
    assert.deepEqual(
      diffSides(base, side({ 'openapi.yaml': simple(POST) })).changes.map((c) => c.operation),
      ['GET /pets'],
    );
    assert.deepEqual(diffSides(base, side({ 'openapi.yaml': simple(GET + POST) })).changes, []);
  });
});

describe('diff bounds', () => {
  it('compares 100,000 paths in linear time', () => {
    const paths = (n: number, skip: number) => {
      const lines = [HEAD, 'paths:\n'];
      for (let i = 0; i < n; i++)
        if (i !== skip) lines.push(`  /p${i}:\n    get:\n      responses:\n        '200': {description: OK}\n`);
      return lines.join('');
    };
    const base = side({ 'openapi.yaml': paths(100_000, -1) });
    const next = side({ 'openapi.yaml': paths(100_000, 77_777) });
    const started = performance.now();
    const result = diffSides(base, next);
    const took = performance.now() - started;
    assert.deepEqual(
      result.changes.map((c) => c.message),
      [
        'GET /p77777 was removed without being deprecated first: clients that call it get an error. Mark it deprecated: true in a release before removing it.',
      ],
    );
    assert.ok(took < 10_000, `took ${Math.round(took)} ms`);
  });

  it('ends on $ref loops that pass through no schema, across files', () => {
    const files = (type: string) => ({
      'openapi.yaml': `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: 'a.yaml#/A'}\n  /loop: {$ref: 'b.yaml#/Loop'}\n`,
      'a.yaml': `A: {$ref: 'b.yaml#/B'}\nC: {type: ${type}}\n`,
      'b.yaml': "B: {$ref: 'a.yaml#/A'}\nLoop: {$ref: 'a.yaml#/Loop2'}\n",
    });
    const result = diffSides(side(files('string')), side(files('integer')));
    assert.deepEqual(result.changes, []);
    assert.deepEqual(result.crashes, []);
  });

  it("compares a schema nested 400 levels deep (800 nodes, within the parser's bound), and a schema that contains itself", () => {
    const deep = (leaf: string) => {
      let schema = `{type: ${leaf}}`;
      for (let i = 0; i < 400; i++) schema = `{type: object, properties: {p: ${schema}}}`;
      return `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: ${schema}\n`;
    };
    const result = diffSides(side({ 'openapi.yaml': deep('string') }), side({ 'openapi.yaml': deep('integer') }));
    assert.deepEqual(
      result.changes.map((c) => c.kind),
      ['response-type-changed'],
    );
    // The path of 400 properties is cut to its last 120 characters.
    const shownPath = '…' + new Array(60).fill('p').join('.');
    assert.equal(
      result.changes[0].message,
      `"${shownPath}" in the response 200 of GET /a (application/json): the type changed from string to integer: clients that expect string now get integer.`,
    );
    const recursive = (extra: string) =>
      `${HEAD}paths:\n  /a:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: {$ref: '#/components/schemas/N'}\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/N'}\n` +
      `components:\n  schemas:\n    N:\n      type: object\n      properties:\n        next: {$ref: '#/components/schemas/N'}\n        all: {type: array, items: {$ref: '#/components/schemas/N'}}\n        either: {oneOf: [{$ref: '#/components/schemas/N'}, {type: string}]}\n${extra}`;
    const changed = diffSides(
      side({ 'openapi.yaml': recursive('') }),
      side({ 'openapi.yaml': recursive('      required: [next]\n') }),
    );
    assert.deepEqual(
      changed.changes.map((c) => `${c.kind} ${c.message}`),
      [
        'request-property-became-required Property "next" of the request body of POST /a (application/json) is now required: requests without it are rejected.',
      ],
    );
  });
});

describe('diff session (the editor re-diffs after an edit)', () => {
  const BASE_DOC = `${HEAD}paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pet'}
    post:
      operationId: addPet
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Pet'}
      responses:
        '201': {description: Created}
  /stores:
    get:
      operationId: listStores
      parameters:
        - {name: limit, in: query, schema: {type: integer, maximum: 100}}
      responses:
        '200': {description: OK}
components:
  schemas:
    Pet:
      type: object
      properties:
        name: {type: string, maxLength: 50}
`;

  /** The new version after edits, reparsed incrementally as the editor does, in a store of its own. */
  function editedSide(store: DocumentStore, file: string, text: string, edits: { from: string; to: string }[]) {
    let doc = store.get(file) as SourceDocument;
    const replaced: SyntaxNode[] = [];
    for (const { from, to } of edits) {
      const offset = doc.text.indexOf(from);
      assert.ok(offset >= 0, from);
      const reparsed = reparseEdit(doc.parsed, { offset, length: from.length, newText: to });
      assert.ok(reparsed, 'the edit reparses incrementally');
      replaced.push(reparsed.replaced);
      doc = new SourceDocument(file, reparsed.parsed);
      store.replace(doc);
    }
    return {
      side: createSide(store, doc),
      edits: replaced.map((node) => ({ replaced: node })),
      text: doc.text,
      original: text,
    };
  }

  const lines = (result: ReturnType<typeof diffSides>) =>
    result.changes.map((c) => `${c.kind} ${c.operation} ${c.new?.offset}:${c.new?.length} ${c.message}`);

  it('compares again only the operations an edit touched, and gets what a whole diff gets', () => {
    const base = side({ 'openapi.yaml': BASE_DOC });
    const session = new DiffSession(base);
    const file = '/mem/openapi.yaml';
    const store = new DocumentStore({ read: () => ({ text: BASE_DOC }) });
    const first = session.diff(createSide(store, store.get(file) as SourceDocument));
    assert.deepEqual(first.changes, []);
    assert.equal(session.compared, 3);

    // An edit inside GET /stores: only it is compared again.
    const one = editedSide(store, file, BASE_DOC, [{ from: 'maximum: 100', to: 'maximum: 10' }]);
    const afterOne = session.rediff(one.side, one.edits);
    assert.equal(session.compared, 1);
    assert.deepEqual(lines(afterOne), lines(diffSides(base, side({ 'openapi.yaml': one.text }))));
    assert.deepEqual(
      afterOne.changes.map((c) => c.kind),
      ['request-constraint-tightened'],
    );

    // An edit of the schema both /pets operations read: both are compared again, the change found once.
    const two = editedSide(store, file, BASE_DOC, [{ from: 'maxLength: 50', to: 'maxLength: 20' }]);
    const afterTwo = session.rediff(two.side, two.edits);
    assert.equal(session.compared, 2);
    assert.deepEqual(lines(afterTwo), lines(diffSides(base, side({ 'openapi.yaml': two.text }))));
    assert.deepEqual(
      afterTwo.changes.map((c) => `${c.kind} ${c.operation}`),
      ['request-constraint-tightened POST /pets', 'request-constraint-tightened GET /stores'],
    );

    // An edit before everything moves the kept changes' places with their nodes.
    const three = editedSide(store, file, BASE_DOC, [{ from: 'title: T', to: 'title: The pet store' }]);
    const afterThree = session.rediff(three.side, three.edits);
    assert.equal(session.compared, 0);
    assert.deepEqual(lines(afterThree), lines(diffSides(base, side({ 'openapi.yaml': three.text }))));
  });
});
