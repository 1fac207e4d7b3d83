// Findings an incremental re-check keeps (whole, per object, through references) equal a fresh
// check's in the cases the randomized re-check tests met only by chance: related places in another
// edited file, values the merge fix compares, values inside free-form values that a `$ref` makes
// an object, and the example, default and required-name rules' findings kept across edits elsewhere.
import assert from 'node:assert/strict';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { Diagnostic } from '../../../server/src/check/types';
import { RULES } from '../../../server/src/rules/index';
import { OpenDocument, Session } from '../../../server/src/server/state/session';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { REPO_ROOT } from '../../helpers/paths';

const describeAll = (ds: readonly Diagnostic[]) =>
  ds.map((d) => JSON.stringify([d.doc.path, d.rule, d.severity, d.offset, d.length, d.message, d.fixes.map((f) => [f.title, f.edits]), d.related.map((r) => [r.doc.path, r.offset, r.length, r.message]), d.tags])).sort();

const FOLDER = path.join(REPO_ROOT, 'examples', 'recheck-kept');

/** A session with these texts open, checked once from the first. */
function openSession(files: Record<string, string[]>): { session: Session; docs: OpenDocument[]; root: string } {
  const session = new Session();
  const docs = Object.entries(files).map(([name, lines], version) => {
    const file = path.join(FOLDER, name);
    const doc = { uri: pathToFileURL(file).href, path: file, version, text: lines.join('\n') };
    session.open.set(doc.uri, doc);
    return doc;
  });
  session.check(docs[0].path);
  return { session, docs, root: docs[0].path };
}

/** Types a text right after the first occurrence of `after` in a document. */
function typeAfter(session: Session, doc: OpenDocument, after: string, text: string): ReturnType<Session['applyChanges']> {
  const at = doc.text.indexOf(after);
  assert.ok(at >= 0, `"${after}" is in ${path.basename(doc.path)}`);
  return replaceAt(session, doc, at + after.length, 0, text);
}

/** Replaces `length` characters at `offset` of a document, as an editor sends it. */
function replaceAt(session: Session, doc: OpenDocument, offset: number, length: number, text: string): ReturnType<Session['applyChanges']> {
  const lines = new LineIndex(doc.text);
  return session.applyChanges(doc, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset + length) }, text }]);
}

/** The root checked again by the session, and by a new session given the same texts. */
function checkBoth(session: Session, root: string, afterKept?: () => void): { kept: string[]; fresh: string[]; keptUnits: number; freshUnits: number } {
  const result = session.check(root);
  afterKept?.();
  const other = new Session();
  for (const doc of session.open.values()) other.open.set(doc.uri, { ...doc });
  const fresh = other.check(root);
  const units = (r: typeof result) => [...(r.perUnit?.values() ?? [])].reduce((n, list) => n + list.length, 0);
  return { kept: describeAll(result.diagnostics), fresh: describeAll(fresh.diagnostics), keptUnits: units(result), freshUnits: units(fresh) };
}

const HEAD = ['openapi: 3.0.3', 'info:', '  title: T', '  version: 1.0.0'];

describe('findings kept by an incremental re-check', () => {
  it('move their related places in another file edited since the last check', () => {
    const { session, docs, root } = openSession({
      'root.yaml': [
        ...HEAD, 'paths:', '  /b:', "    $ref: 'other.yaml#/paths/~1b'", '  /a:', '    get:', '      x-note: abc', '      operationId: dup',
        "      responses: {'200': {description: OK}}", '',
      ],
      'other.yaml': ['paths:', '  /b:', '    get:', '      operationId: dup', "      responses: {'200': {description: OK}}", ''],
    });
    // The root's operations are walked first: the duplicate is the other file's, the first use the root's.
    const before = session.results.get(root)!.diagnostics.find((d) => d.rule === 'operation-id-unique');
    assert.equal(before?.doc.path, docs[1].path);
    assert.equal(before?.related[0]?.doc.path, root);
    // A value no rule about operationIds reads, before the first use: its place moves by 3.
    assert.equal(typeAfter(session, docs[0], 'x-note: ab', 'xyz'), 'recheck');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    const after = session.results.get(root)!.diagnostics.find((d) => d.rule === 'operation-id-unique')!;
    assert.equal(after.related[0].offset, docs[0].text.indexOf('dup'));
  });

  it('stay in the file they are in when kept for an object of another file', () => {
    // The example's finding is in the referenced file; its Media Type is in the root.
    const { session, docs, root } = openSession({
      'media.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', '      operationId: listPets', '      responses:', "        '200':",
        '          description: OK', '          content:', '            application/json:',
        '              schema: {type: object, properties: {id: {type: integer}}}', "              examples: {e: {$ref: 'examples.yaml#/E'}}",
        '  /other:', '    get:', "      responses: {'200': {description: OK}}", '',
      ],
      'examples.yaml': ['E:', '  value: {id: abc}', ''],
    });
    const found = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'example-valid').map((d) => d.doc.path);
    assert.deepEqual(found(), [docs[1].path]);
    // A Parameter elsewhere: the analysis walks again, the Media Type's findings are kept.
    assert.equal(typeAfter(session, docs[0], '  /other:\n    get:\n', '      parameters: [{name: q, in: query, schema: {type: string}}]\n'), 'recheck');
    const { kept, fresh } = checkBoth(session, root);
    assert.ok(session.results.get(root)!.keptObjects! > 0);
    assert.deepEqual(kept, fresh);
    assert.deepEqual(found(), [docs[1].path]);
  });

  it('check a merge fix again after typing in a Path Item summary it compares, and only move findings for a schema description', () => {
    const { session, docs, root } = openSession({
      'twins.yaml': [
        ...HEAD, 'paths:', '  /pets/{id}:', '    summary: Pets', '    get:', '      operationId: getPet',
        '      parameters: [{name: id, in: path, required: true, schema: {type: string}}]', "      responses: {'200': {description: OK}}",
        '  /pets/{petId}:', '    summary: Pets', '    put:', '      operationId: putPet',
        '      parameters: [{name: petId, in: path, required: true, schema: {type: string}}]', "      responses: {'200': {description: OK}}",
        'components:', '  schemas:', '    Pet:', '      type: object', '      description: A pet', '',
      ],
    });
    const [doc] = docs;
    const merges = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'equivalent-paths').flatMap((d) => d.fixes.map((f) => f.title));
    assert.deepEqual(merges(), ['Merge into "/pets/{id}", renaming "petId" to "id"']);
    // The twins' summaries differ now: merging would lose one, so no merge is offered.
    assert.equal(typeAfter(session, doc, '/pets/{petId}:\n    summary: Pets', 'x'), 'recheck');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.deepEqual(merges(), []);
    // No rule reads a schema's description: its findings only move.
    assert.equal(typeAfter(session, doc, 'description: A p', 'x'), 'findings-unchanged');
    const moved = describeAll(session.results.get(root)!.diagnostics);
    assert.deepEqual(moved, checkBoth(session, root).fresh);
  });

  it('only move after typing in the free text of an extension, also where a $ref makes it an object', () => {
    const { session, docs, root } = openSession({
      'extension.yaml': [
        ...HEAD, 'paths:', "  /pets/{id}:", "    $ref: '#/x-paths/~1pets~1%7Bid%7D'", '  /pets/{petId}:', '    summary: Pets', '    put:',
        '      operationId: putPet', "      parameters: [{$ref: '#/x-parameters/petId'}]", "      responses: {'200': {description: OK}}",
        'x-paths:', '  /pets/{id}:', '    summary: Pets', '    get:', '      operationId: getPet',
        '      parameters: [{name: id, in: path, required: true, schema: {type: string}}]', "      responses: {'200': {description: OK}}",
        'x-parameters:', '  petId: {name: petId, in: path, required: true, description: The pet, schema: {type: string}}',
        'x-webhooks:', '  created:', '    post:', '      description: Someone created a pet', '      operationId: 7', '',
      ],
    });
    const [doc] = docs;
    const rules = () => [...new Set(session.results.get(root)!.diagnostics.map((d) => d.rule))].sort();
    assert.deepEqual(rules(), ['equivalent-paths']);
    // Read by no rule, as a referenced Path Item's summary and a Parameter's description are not.
    for (const [after, text] of [['Someone cr', 'x'], ['x-paths:\n  /pets/{id}:\n    summary: Pe', 'y'], ['description: The p', 'z']]) {
      assert.equal(typeAfter(session, doc, after, text), 'findings-unchanged', `after typing after "${after}"`);
      assert.deepEqual(describeAll(session.results.get(root)!.diagnostics), checkBoth(session, root).fresh, `after typing after "${after}"`);
    }
  });

  it("only move after typing in an Example Object's summary, and are checked again after typing in its value", () => {
    const { session, docs, root } = openSession({
      'example-summary.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', '      operationId: listPets', '      responses:', "        '200':", '          description: OK',
        '          content:', '            application/json:', '              schema: {type: object, properties: {id: {type: integer}}}',
        "              examples: {one: {$ref: '#/components/examples/One'}}", 'components:', '  examples:', '    One:',
        '      summary: One pet', '      value: {id: abc}', '',
      ],
    });
    const [doc] = docs;
    const found = () => describeAll(session.results.get(root)!.diagnostics.filter((d) => d.rule === 'example-valid'));
    assert.equal(found().length, 1);
    // Under `examples`, where an example's data is, but a field of the Example Object: free text.
    assert.equal(typeAfter(session, doc, 'summary: One', 'x'), 'findings-unchanged');
    assert.deepEqual(describeAll(session.results.get(root)!.diagnostics), checkBoth(session, root).fresh);
    // The same word in the example's value is data the example is checked by.
    assert.equal(typeAfter(session, doc, 'id: ab', '1'), 'recheck');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
  });

  it('are checked again when an edit moves an $id in or out of what is walked for schema resources', () => {
    const { session, docs, root } = openSession({
      'ids.yaml': [
        'openapi: 3.1.0', 'info:', '  title: T', '  version: 1.0.0', 'paths:', '  /pets:', '    get:', '      operationId: listPets', '      responses:', "        '200':",
        '          description: OK', '          content:', "            application/json: {schema: {$ref: 'https://example.com/schemas/pet#/properties/nam'}}",
        '          links:', '            Same:', '              operationId: listPets', '              requestBody: {$id: https://example.com/schemas/pet}',
        'components:', '  schemas:', '    Pet:', '      $id: https://example.com/schemas/pet', '      properties: {name: {type: string}}', '',
      ],
    });
    const [doc] = docs;
    const errors = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'ref-unresolved' && d.severity === 'error').length;
    // Two schemas claim the URI: which one is meant is not judged.
    assert.equal(errors(), 0);
    // The link's free-form value becomes an extension's, which is not walked.
    assert.equal(typeAfter(session, doc, 'listPets\n              ', 'x-'), 'recheck');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.equal(errors(), 1, 'the schema alone has the URI: its pointer fails');
  });

  it('are checked again after typing in a free-form value that a $ref makes an object of another kind', () => {
    // The Schema's example is a Parameter too: its `name` is the example's value as much as a name.
    const { session, docs, root } = openSession({
      'free-form.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', "      parameters: [{$ref: '#/components/schemas/Query/example'}]",
        "      responses: {'200': {description: OK}}", 'components:', '  schemas:', '    Query:', '      type: object',
        '      properties:', '        name: {type: string, enum: [limit]}', '      example:', '        name: limit', '        in: query', '',
      ],
    });
    assert.deepEqual(session.results.get(root)!.diagnostics.filter((d) => d.rule === 'example-valid'), []);
    assert.equal(typeAfter(session, docs[0], 'name: limit', 'x'), 'recheck');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.ok(kept.some((d) => d.includes('example-valid')), 'the example is no longer in the enum');
  });

  it('keep example and default findings whole after typing in values they do not read, counted once', () => {
    const { session, docs, root } = openSession({
      'examples.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', '      operationId: listPets', '      responses:', "        '200':",
        '          description: OK', '          content:', '            application/json:', '              x-note: abc',
        "              schema: {$ref: '#/components/schemas/Pet'}", '              example: {id: abc}',
        'components:', '  schemas:', '    Pet:', '      type: object', '      description: A pet', '      properties:',
        '        id:', '          type: integer', '          default: x', '',
      ],
    });
    const [doc] = docs;
    const runs = countRuns(['example-valid', 'default-type']);
    try {
      const found = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'example-valid' || d.rule === 'default-type');
      assert.deepEqual(found().map((d) => d.rule), ['example-valid', 'default-type']);
      // Three checks, so findings kept twice would double each time.
      for (const [after, text] of [['x-note: ab', 'x'], ['operationId: list', 'y'], ['description: A p', 'z']]) {
        runs.count = 0;
        assert.equal(typeAfter(session, doc, after, text), after.startsWith('description') ? 'findings-unchanged' : 'recheck');
        let ran = 0;
        const { kept, fresh, keptUnits, freshUnits } = checkBoth(session, root, () => (ran = runs.count));
        assert.deepEqual(kept, fresh, `after typing after "${after}"`);
        assert.equal(keptUnits, freshUnits, 'each finding is kept once');
        assert.equal(ran, 0, `neither rule ran after typing after "${after}"`);
      }
      assert.equal(found().length, 2);
      // A value they read: both run again.
      typeAfter(session, doc, '          type: integ', 'x');
      runs.count = 0;
      let ran = 0;
      const { kept, fresh } = checkBoth(session, root, () => (ran = runs.count));
      assert.deepEqual(kept, fresh);
      assert.ok(ran > 0);
    } finally {
      runs.restore();
    }
  });

  it('keep required-name findings after typing in an operationId, and check them again when the schema around a oneOf member changes', () => {
    const { session, docs, root } = openSession({
      'required.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', '      operationId: listPets', "      responses: {'200': {description: OK}}",
        'components:', '  schemas:', '    Pet:', '      type: object', '      properties:', '        nam: {type: string}', '      oneOf:',
        '        - required: [name]', '          properties: {tag: {type: string}}', '    Toy:', '      type: object', '      required: [label]',
        '      properties: {id: {type: string}}', '',
      ],
    });
    const [doc] = docs;
    const found = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'required-property-undefined').map((d) => d.message);
    assert.deepEqual(found(), ['"name" is required but not defined in "properties".', '"label" is required but not defined in "properties".']);
    const runs = countRuns(['required-property-undefined']);
    try {
      // A Schema read by no edit: the rule's findings are kept, and it runs on no schema.
      assert.equal(typeAfter(session, doc, 'operationId: list', 'x'), 'recheck');
      let ran = -1;
      const typed = checkBoth(session, root, () => (ran = runs.count));
      assert.deepEqual(typed.kept, typed.fresh);
      assert.equal(ran, 0);
      assert.equal(found().length, 2);
      // The property the oneOf member requires, now defined in the schema around it.
      runs.count = 0;
      typeAfter(session, doc, '        nam', 'e');
      const renamed = checkBoth(session, root, () => (ran = runs.count));
      assert.deepEqual(renamed.kept, renamed.fresh);
      assert.ok(ran > 0);
      assert.deepEqual(found(), ['"label" is required but not defined in "properties".']);
    } finally {
      runs.restore();
    }
  });

  it('check a required name again when the schema around it changes, also one no walk made a Schema (a $ref into its anyOf)', () => {
    const { session, docs, root } = openSession({
      'required-around.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', '      operationId: listPets', '      responses:', "        '200':", '          description: OK',
        '          content:', "            application/json: {schema: {$ref: '#/x-defs/Wrapper/anyOf/0'}}", 'x-defs:', '  Wrapper:', '    type: object',
        '    properties:', '      nam: {type: string}', '    anyOf:', '      - required: [name]', '        properties: {tag: {type: string}}', '',
      ],
    });
    const [doc] = docs;
    const found = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'required-property-undefined').map((d) => d.message);
    assert.deepEqual(found(), ['"name" is required but not defined in "properties".']);
    typeAfter(session, doc, '      nam', 'e');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.deepEqual(found(), []);
  });

  it('suggest the operationId a fresh check suggests after one is renamed, of two equally near', () => {
    // "listOwrPets" is three edits from both "list,wnerPets" (first in the document) and "listPets":
    // a fresh check names the first it meets; the renamed id must not move to the end of the list.
    const { session, docs, root } = openSession({
      'link-suggest.yaml': [
        ...HEAD, 'paths:', '  /owners/{id}/pets:', '    get:', '      operationId: listOwnerPets', '      responses:', "        '200':",
        '          description: OK', '          links:', '            pets:', '              operationId: listOwrPets',
        '  /pets:', '    get:', '      operationId: listPets', "      responses: {'200': {description: OK}}", '',
      ],
    });
    const [doc] = docs;
    const message = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'link-operation').map((d) => d.message);
    assert.deepEqual(message(), ['No operation has the operationId "listOwrPets". Did you mean "listOwnerPets"?']);
    assert.equal(replaceAt(session, doc, doc.text.indexOf('OwnerPets'), 1, ','), 'recheck');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.deepEqual(message(), ['No operation has the operationId "listOwrPets". Did you mean "list,wnerPets"?']);
  });

  it('show the second-document error when a "---" line is pasted, as a fresh check does', () => {
    const { session, docs, root } = openSession({
      'marker.yaml': [...HEAD, 'paths:', '  /pets:', '    get:', '      operationId: listPets', "      responses: {'200': {description: OK}}", 'components: {}', ''],
    });
    const [doc] = docs;
    typeAfter(session, doc, "{description: OK}}\n", '---\n');
    assert.ok(doc.text.includes("OK}}\n---\ncomponents"));
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    const syntax = session.results.get(root)!.diagnostics.filter((d) => d.rule === 'syntax');
    assert.deepEqual(syntax.map((d) => [d.offset, d.length, d.message]), [
      [doc.text.indexOf('---'), 3, 'A second YAML document starts here, but a description is one document: remove this "---" line, or move what follows it to a file of its own.'],
    ]);
  });

  it('show the error of a key typed at the end of the text below nested members where a fresh check shows it', () => {
    const { session, docs, root } = openSession({
      'last-key.yaml': [...HEAD, 'paths:', '  /pets:', '    get:', '      operationId: listPets', '      responses:', "        '200':", '          description: OK', ''],
    });
    const [doc] = docs;
    // A quoted key and then a character that is no colon: the whole text reads the line below as a key.
    typeAfter(session, doc, "'200'", '|');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.ok(session.results.get(root)!.diagnostics.some((d) => d.rule === 'syntax' && d.message.startsWith('Implicit map keys need to be followed by map values')));
  });

  it('write their fixes with the new indent unit after an edit changes it, as a fresh check does', () => {
    const { session, docs, root } = openSession({
      'indent-unit.yaml': ['openapi: 3.0.3', 'info:', '  title: T', "x-version: '1'", 'paths:', '  /pets:', '    get:', '      operationId: listPets', ''],
    });
    const [doc] = docs;
    const addResponses = () => session.results.get(root)!.diagnostics.find((d) => d.rule === 'required-field' && d.message.includes('"responses"'))!.fixes[0].edits[0].newText;
    assert.equal(addResponses(), "\n      responses:\n        '200':\n          description: OK");
    // The first indented line of the text, the unit fixes indent by, is now indented by four.
    typeAfter(session, doc, 'info:\n', '  ');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.equal(addResponses(), "\n      responses:\n          '200':\n              description: OK");
  });

  it('report a security scheme unused once the requirement naming it is renamed, and not once it is named again', () => {
    const { session, docs, root } = openSession({
      'scheme-use.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', '      security:', '        - other: []', '          api_key: []', "      responses: {'200': {description: OK}}",
        'components:', '  securitySchemes:', '    api_key: {type: apiKey, name: key, in: header}', '    other: {type: apiKey, name: key2, in: header}', '',
      ],
    });
    const [doc] = docs;
    const unused = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'unused-component').map((d) => d.message);
    assert.deepEqual(unused(), []);
    typeAfter(session, doc, '          api_key', ',');
    let { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.deepEqual(unused(), ['"securitySchemes/api_key" is never used: no operation references it, directly or through other components.']);
    const at = doc.text.indexOf('api_key,');
    replaceAt(session, doc, at + 7, 1, '');
    ({ kept, fresh } = checkBoth(session, root));
    assert.deepEqual(kept, fresh);
    assert.deepEqual(unused(), []);
  });

  it('check the scopes a requirement lists again when a scope under a misspelled flow name changes', () => {
    const { session, docs, root } = openSession({
      'scopes.yaml': [
        ...HEAD, 'security:', '  - petstore_auth: [read]', 'paths: {}', 'components:', '  securitySchemes:', '    petstore_auth:', '      type: oauth2', '      flows:',
        '        implicitt:', '          authorizationUrl: https://example.com/auth', '          scopes:', '            read: Read pets', '',
      ],
    });
    const [doc] = docs;
    const undeclared = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'security-scopes').map((d) => d.message);
    assert.deepEqual(undeclared(), []);
    typeAfter(session, doc, '            re', 'e');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.deepEqual(undeclared(), ['Scope "read" is not declared in any flow of the "petstore_auth" scheme. Did you mean "reead"?']);
  });

  it('write a removal fix again when a line break is typed over the end of the member it removes', () => {
    const parameter = (path: string, name: string, value: string, given: string) => [
      `  ${path}:`, '    get:', '      parameters:', `        - name: ${name}`, `          in: ${path.includes('{') ? 'path' : 'query'}`, '          required: true',
      '          schema:', '            type: string', `            enum: [${value}]`, `            default: ${given}`, '      responses:', "        '200':", '          description: OK',
    ];
    const { session, docs, root } = openSession({
      'constant.yaml': [...HEAD, 'paths:', ...parameter('/pets', 'version', 'v2', 'v2'), ...parameter('/pets/{kind}', 'kind', 'cat', 'dog'), ''],
    });
    const [doc] = docs;
    const removal = () => session.results.get(root)!.diagnostics.find((d) => d.rule === 'constant-parameter' && d.message.includes('"kind"'))!.fixes[0].edits[0];
    const before = removal();
    assert.equal(doc.text.slice(before.offset, before.offset + before.length), '            default: dog\n');
    // The line break after `default: dog` replaced by one with two spaces after it.
    const at = doc.text.indexOf('default: dog') + 'default: dog'.length;
    replaceAt(session, doc, at, 1, '\n  ');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    const after = removal();
    assert.equal(doc.text.slice(after.offset, after.offset + after.length), '            default: dog\n');
  });

  it('suggest the keys of the mapping a $ref stops at once an edit replaced that mapping', () => {
    const { session, docs, root } = openSession({
      'suggest.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', "      responses: {'200': {description: OK, content: {application/json: {schema: {$ref: '#/x-defs/Pets'}}}}}",
        'x-defs:', '  Pet1: {type: object}', 'x-end: 1', '',
      ],
    });
    const [doc] = docs;
    const unresolved = () => session.results.get(root)!.diagnostics.filter((d) => d.rule === 'ref-unresolved').map((d) => d.message);
    assert.deepEqual(unresolved(), ['"#/x-defs/Pets" does not resolve: "/x-defs" has no "Pets". Did you mean "#/x-defs/Pet1"?']);
    // A line typed into the indentation of `Pet1`: `x-defs` is empty, `Pet1` gone.
    typeAfter(session, doc, 'x-defs:\n ', '\n  x: 1');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.deepEqual(unresolved(), ['"#/x-defs/Pets" does not resolve: "/x-defs" has no "Pets".']);
  });

  it('suggest the nearest key again for an unquoted YAML $ref once a key on its path is renamed', () => {
    // Found by the session fuzz: `$ref: #/...` is a comment; the fix quoting it names the nearest keys
    // along its pointer, read from anywhere in the document.
    const { session, docs, root } = openSession({
      'comment-ref.yaml': [
        ...HEAD, 'paths:', '  /pets:', '    get:', '      responses:', "        '200':", '          description: OK', '          content:',
        '            application/json:', '              schema:', '                $ref: #/x-defs/Pets', 'x-defs:', '  Pet1: {type: object}', '',
      ],
    });
    const [doc] = docs;
    const quoteFix = () => session.results.get(root)!.diagnostics.find((d) => d.rule === 'ref-yaml-comment')!.fixes[0].title;
    assert.equal(quoteFix(), "Quote the reference: '#/x-defs/Pet1'");
    const at = doc.text.indexOf('Pet1');
    replaceAt(session, doc, at, 4, 'Pets2');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.equal(quoteFix(), "Quote the reference: '#/x-defs/Pets2'");
  });

  it("write a path merge's renames again after typing in a parameter name of an operation with a $ref beside its fields", () => {
    // Found by the session fuzz: no node of such an operation is a Parameter to the analysis, but
    // "Merge into" renames its path parameters.
    const { session, docs, root } = openSession({
      'merge-ref.yaml': [
        ...HEAD, 'paths:', '  /pets/{id}:', '    get:', '      operationId: getPet',
        '      parameters: [{name: id, in: path, required: true, schema: {type: string}}]', "      responses: {'200': {description: OK}}",
        '  /pets/{petId}:', '    delete:', "      $ref: '#/x-op'", '      operationId: deletePet', '      parameters:',
        '        - {name: petId, in: path, required: true, schema: {type: string}}', "      responses: {'204': {description: Deleted}}", 'x-op: {}', '',
      ],
    });
    const [doc] = docs;
    const mergeEdits = () => session.results.get(root)!.diagnostics.find((d) => d.rule === 'equivalent-paths')!.fixes[0].edits.length;
    assert.equal(mergeEdits(), 2, 'the merge moves the operation and renames its parameter');
    typeAfter(session, doc, '{name: pet', 'x');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.equal(mergeEdits(), 1, 'no parameter named petId is left to rename');
  });

  it('write a fix placed after the last member again when the recovery from a broken member reads the mapping shorter', () => {
    // Found by a chained random-edit fuzz: a `{` typed into a broken parameter list leaves the
    // operation (and its Path Item) ending before `responses`; "Add path parameter" inserts after
    // the Path Item's last member, which is no longer where the edit moved it.
    const { session, docs, root } = openSession({
      'reshaped.yaml': [
        'openapi: 3.0.3', 'info:', "  title: Fixtur'e", '  version: 1.0.0', 'paths:', '  /pets:', '    post:', '      operationId: createPet',
        '      responses:', "        '201':", '          description: Created', '          links::', '            GetPet.by-id_1:',
        '              operationId: getPet', '  /pets/{petId}:', '    get:', '      operationId: getPet', '      pa', '      format: int32rameters:',
        '        - name: petId', '          in: pa', '                required: true', '          schema: {type: st ring}', '      responses:',
        "        '200':", '        description: OK', '',
      ],
    });
    const [doc] = docs;
    const insertAt = () => session.results.get(root)!.diagnostics.find((d) => d.rule === 'path-params-defined')!.fixes[0].edits[0].offset;
    assert.equal(insertAt(), doc.text.length - 1);
    typeAfter(session, doc, '                required: true\n        ', '{');
    const { kept, fresh } = checkBoth(session, root);
    assert.deepEqual(kept, fresh);
    assert.equal(doc.text.slice(insertAt() - 15, insertAt()), '{type: st ring}', 'after the last member the recovery reads');
  });
});

/** Counts the calls of these rules' checkObject until restored. */
function countRuns(ids: string[]): { count: number; restore(): void } {
  const counter = { count: 0, restore: () => {} };
  const restores = ids.map((id) => {
    const rule = RULES.find((r) => r.id === id)!;
    const original = rule.checkObject!;
    rule.checkObject = (object, context) => (counter.count++, original.call(rule, object, context));
    return () => (rule.checkObject = original);
  });
  counter.restore = () => restores.forEach((restore) => restore());
  return counter;
}
