// Completion at a cursor (`|` in the fixture): what the user sees offered, in YAML and JSON.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as jsonc from 'jsonc-parser';
import { analyze } from '../../../server/src/model/analysis';
import { DocumentStore, isLoadFailure, SourceDocument } from '../../../server/src/model/documents';
import { CompletionItem, completionsAt, ReferencedAs } from '../../../server/src/services/completion';
import { NO_ROLE } from '../../../server/src/services/fragment-role';
import { checkDocument } from '../../../server/src/check/checker';
import { RULES } from '../../../server/src/rules/index';
import { fieldDoc } from '../../../server/src/model/field-docs';
import { ObjectKind, SPECS } from '../../../server/src/model/spec';
import { cursorContext } from '../../../server/src/services/cursor';
import { parseText } from '../../../server/src/syntax/parse';
import { indexFile } from '../../../server/src/workspace/file-index';
import { refTargetsOfKind } from '../../../server/src/workspace/ref-targets';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';

function complete(fixture: string, file = '/virtual/openapi.yaml', others: Record<string, string> = {}, workspaceFiles: string[] = [], referencedAs: ReferencedAs[] = []) {
  const offset = fixture.indexOf('|');
  const text = fixture.slice(0, offset) + fixture.slice(offset + 1);
  const store = new DocumentStore({ read: (p) => (p === file ? { text } : others[p] !== undefined ? { text: others[p] } : { reason: 'missing', message: 'missing' }) });
  const doc = store.get(file) as SourceDocument;
  const load = (p: string) => {
    const other = store.get(p);
    return isLoadFailure(other) ? undefined : other;
  };
  // The workspace's index, as the server keeps it: this document and the listed files it can read.
  const index = new WorkspaceIndex();
  for (const p of [file, ...workspaceFiles]) {
    const source = p === file ? text : others[p];
    if (source !== undefined) index.set(indexFile(p, parseText(source, p.endsWith('.json') ? 'json' : 'yaml')));
  }
  const targets = (kind: ObjectKind) => refTargetsOfKind(index, kind, new Set([file]), 2_000);
  const items = completionsAt(doc, offset, analyze(doc, store), targets, load, { ...NO_ROLE, referencedAs });
  return { items, labels: items.map((i) => i.label), text, offset };
}

const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\n';

describe('completion outside OpenAPI documents', () => {
  it('offers nothing in a GitHub Actions workflow, a Kubernetes manifest or a package.json', () => {
    const workflow = 'name: CI\non:\n  push:\n    branches: [main]\n|\njobs:\n  test:\n    runs-on: ubuntu-latest\n';
    assert.deepEqual(complete(workflow, '/virtual/.github/workflows/ci.yml').labels, []);
    assert.deepEqual(complete('apiVersion: v1\nkind: Service\nmetadata:\n  |\n', '/virtual/k8s/service.yaml').labels, []);
    assert.deepEqual(complete('{\n  "name": "app",\n  |\n}\n', '/virtual/package.json').labels, []);
  });

  it('offers the new-document snippet in an empty file, and over a first word typed in it', () => {
    assert.deepEqual(complete('|', '/virtual/new.yaml').labels, ['New OpenAPI 3.0 document']);
    const { items, text } = complete('op|', '/virtual/new.yaml');
    assert.deepEqual(items.map((i) => [i.label, i.replace]), [['New OpenAPI 3.0 document', { offset: 0, length: 2 }]]);
    assert.equal(text, 'op');
  });

  it('offers the fields of the role a file is referenced in when no open document reads it', () => {
    const schemaFile = 'type: object\nproperties:\n  id:\n    |\n';
    const { labels } = complete(schemaFile, '/virtual/pet.yaml', {}, [], [{ pointer: [], kind: 'Schema' }]);
    assert.ok(labels.includes('type') && labels.includes('format'), labels.join(','));
    assert.ok(!labels.includes('openapi') && !labels.includes('paths'), labels.join(','));
    assert.deepEqual(complete(schemaFile, '/virtual/pet.yaml').labels, [], 'a file nothing references gets nothing');
  });
});

describe('completion', () => {
  it('offers the fields of a Parameter not yet present, on an empty line (YAML)', () => {
    const { labels, items } = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: limit\n          |\n      responses:\n        \'200\':\n          description: OK\n');
    assert.ok(labels.includes('in') && labels.includes('schema') && labels.includes('required'), labels.join(','));
    assert.ok(!labels.includes('name'), 'name is already there');
    const inItem = items.find((i) => i.label === 'in')!;
    assert.deepEqual([inItem.insertText, inItem.snippet], ['in: ${1}', true], 'the cursor lands where the value goes');
    assert.match(inItem.detail!, /required/);
    assert.equal(inItem.documentation, 'Where the parameter is sent: `path`, `query`, `header` or `cookie`.\n\n' +
      '[Parameter Object](https://spec.openapis.org/oas/v3.0.3#parameter-object) in the OpenAPI 3.0.3 specification');
    const snippets = Object.fromEntries(items.map((i) => [i.label, i.insertText]));
    assert.equal(snippets.required, 'required: ${1|true,false|}');
    assert.equal(snippets.schema, 'schema:\n\t${1}', 'an object value starts its nested block');
    assert.equal(snippets.examples, 'examples:\n\t${1}');
  });

  it('documents every field of every object, briefly', () => {
    for (const [kind, spec] of SPECS) {
      for (const name of spec.fields.keys()) {
        const doc = fieldDoc(kind, name);
        assert.ok(doc, `${kind}.${name} has no documentation`);
        const sentences = doc.split(/(?<=[.!?])\s+(?=[A-Z`])/).length;
        assert.ok(sentences <= 3 && doc.length <= 220, `${kind}.${name}: one or two sentences, not ${JSON.stringify(doc)}`);
      }
    }
  });

  it('orders `in` values by what the parameter most likely is, and preselects the first', () => {
    const at = (path: string, name: string) => {
      const { items } = complete(HEAD + `paths:\n  ${path}:\n    get:\n      parameters:\n        - name: ${name}\n          in: |\n`);
      return [items.map((i) => i.label).join(' '), items.filter((i) => i.preselect).map((i) => i.label).join(), items[0].detail];
    };
    assert.deepEqual(at('/pets/{petId}', 'petId'), ['path query header cookie', 'path', '{petId} in the path is not declared yet']);
    assert.deepEqual(at('/pets/{petId}', 'X-Request-ID'), ['header query cookie path', 'header', 'a header name']);
    assert.deepEqual(at('/pets', 'limit'), ['query header cookie path', 'query', undefined]);
    // The path's parameter is declared already (at the path level): this one is something else.
    const declared = complete(HEAD + 'paths:\n  /pets/{petId}:\n    parameters:\n      - {name: petId, in: path, required: true, schema: {type: string}}\n    get:\n      parameters:\n        - name: fields\n          in: |\n');
    assert.deepEqual(declared.labels, ['query', 'path', 'header', 'cookie']);
    const undeclared = complete(HEAD + 'paths:\n  /pets/{petId}:\n    get:\n      parameters:\n        - in: |\n');
    assert.equal(undeclared.labels[0], 'path', 'no name yet, and the path has an undeclared parameter');
    assert.equal(undeclared.items[0].documentation, 'Part of the path, filling a `{name}` of the path template. Always required.');
  });

  it('offers `in` values and the styles allowed for the location, the default marked', () => {
    const inValues = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: limit\n          in: |\n');
    assert.deepEqual(inValues.labels, ['query', 'header', 'cookie', 'path']);
    const styles = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: filter\n          in: query\n          schema:\n            type: object\n          style: |\n');
    assert.deepEqual(styles.labels, ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);
    const form = styles.items.find((i) => i.label === 'form')!;
    assert.equal(form.preselect, true);
    assert.equal(form.detail, 'default for in: query');
    const arrayStyles = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: ids\n          in: query\n          schema:\n            type: array\n          style: |\n');
    assert.deepEqual(arrayStyles.labels, ['form', 'spaceDelimited', 'pipeDelimited'], 'deepObject is for objects only');
    const header = complete(HEAD + 'paths:\n  /pets:\n    get:\n      parameters:\n        - name: X-Id\n          in: header\n          style: |\n');
    assert.deepEqual(header.labels, ['simple']);
  });

  it('offers $ref targets of the right kind, quoted in YAML', () => {
    const { items } = complete(HEAD + "paths:\n  /pets:\n    get:\n      parameters:\n        - $ref: |\ncomponents:\n  parameters:\n    limit:\n      name: limit\n      in: query\n  schemas:\n    Pet:\n      type: object\n");
    assert.deepEqual(items.map((i) => [i.label, i.insertText]), [['#/components/parameters/limit', "'#/components/parameters/limit'"]]);
    const schemaRefs = complete(HEAD + "paths: {}\ncomponents:\n  schemas:\n    Pet:\n      type: object\n    Owner:\n      properties:\n        pet:\n          $ref: '#/c|'\n");
    assert.deepEqual(schemaRefs.labels, ['#/components/schemas/Pet', '#/components/schemas/Owner']);
    assert.deepEqual(schemaRefs.items[0].replace, { offset: schemaRefs.offset - 4, length: 5 }, "replaces the partial '#/c'");
  });

  it('offers $ref targets in other files already used for that kind of object', () => {
    const { labels } = complete(HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: 'schemas/pet.yaml#/Pet'\n        '404':\n          description: Not found\n          content:\n            application/json:\n              schema:\n                $ref: |\n", '/virtual/openapi.yaml', {
      '/virtual/schemas/pet.yaml': 'Pet:\n  type: object\nNewPet:\n  type: object\nError:\n  type: object\n',
    });
    assert.deepEqual(labels, ['schemas/pet.yaml#/Pet', 'schemas/pet.yaml#/NewPet', 'schemas/pet.yaml#/Error']);
  });

  it('offers the workspace\'s targets of the kind with their pointer, and a whole file only when it is of that kind', () => {
    const fixture = HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                $ref: 'schemas/pet.yaml#/Pet'\n        '404':\n          description: Not found\n          content:\n            application/json:\n              schema:\n                $ref: |\ncomponents:\n  schemas:\n    Error:\n      type: object\n";
    const others = {
      '/virtual/schemas/pet.yaml': 'Pet:\n  type: object\n',
      '/virtual/schemas/order.yaml': 'type: object\nproperties:\n  id: {type: integer}\nx-owner: shop\n',
      '/virtual/shared/error.json': '{"description": "An error", "content": {}}',
      '/virtual/common.yaml': 'components:\n  schemas:\n    Money: {type: number}\n  parameters:\n    limit: {name: limit, in: query}\n',
      '/virtual/other-api.yaml': 'openapi: 3.0.3\ninfo: {title: O, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Invoice: {type: object}\n',
      '/virtual/.github/workflows/ci.yaml': 'name: CI\non: push\njobs: {}\n',
    };
    const { labels, items } = complete(fixture, '/virtual/openapi.yaml', others, Object.keys(others));
    // Named targets first (a components container's, another API's), then whole files of the kind:
    // not the Response file, not the other API's root, not the workflow.
    assert.deepEqual(labels, [
      '#/components/schemas/Error', 'schemas/pet.yaml#/Pet', 'common.yaml#/components/schemas/Money',
      'other-api.yaml#/components/schemas/Invoice', 'schemas/order.yaml',
    ]);
    assert.equal(items.find((i) => i.label === 'schemas/order.yaml')!.insertText, "'schemas/order.yaml'");
    assert.equal(items.find((i) => i.label === 'schemas/order.yaml')!.detail, 'Schema Object');
    const responses = complete(HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '500':\n          $ref: |\n", '/virtual/openapi.yaml', others, Object.keys(others));
    assert.deepEqual(responses.labels, ['shared/error.json'], 'a Response file where a Response goes');
  });

  it('offers status codes with reason phrases, media types under content, methods not yet used', () => {
    const codes = complete(HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n        |\n");
    assert.ok(!codes.labels.includes('200'));
    assert.equal(codes.items.find((i) => i.label === '404')!.detail, 'Not Found');
    assert.equal(codes.items.find((i) => i.label === '404')!.insertText, "'404':\n\tdescription: ${1:Not Found}");
    const media = complete(HEAD + "paths:\n  /pets:\n    post:\n      requestBody:\n        content:\n          |\n");
    assert.ok(media.labels.includes('application/json') && media.labels.includes('multipart/form-data'));
    const methods = complete(HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: OK\n    |\n");
    assert.ok(methods.labels.includes('post') && methods.labels.includes('parameters') && !methods.labels.includes('get'));
  });

  it('offers types, formats for the type, and security scheme names', () => {
    const types = complete(HEAD + 'paths: {}\ncomponents:\n  schemas:\n    Id:\n      type: |\n');
    assert.deepEqual(types.labels, ['string', 'number', 'integer', 'boolean', 'array', 'object']);
    const formats = complete(HEAD + 'paths: {}\ncomponents:\n  schemas:\n    Id:\n      type: integer\n      format: |\n');
    assert.deepEqual(formats.labels, ['int32', 'int64']);
    const schemes = complete(HEAD + 'security:\n  - |\npaths: {}\ncomponents:\n  securitySchemes:\n    api_key: {type: apiKey, name: k, in: header}\n    oauth: {type: oauth2, flows: {}}\n');
    assert.deepEqual(schemes.labels, ['api_key', 'oauth']);
  });

  it('works in JSON: field names with quotes, values of `in`', () => {
    const json = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {"get": {"parameters": [{"name": "a", |}], "responses": {"200": {"description": "OK"}}}}}}';
    const fields = complete(json, '/virtual/openapi.json');
    assert.ok(fields.labels.includes('in') && !fields.labels.includes('name'), fields.labels.join(','));
    assert.equal(fields.items.find((i) => i.label === 'in')!.insertText, '"in": "${1}"');
    assert.equal(fields.items.find((i) => i.label === 'schema')!.insertText, '"schema": {${1}}');
    const values = complete('{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {"get": {"parameters": [{"name": "a", "in": "|"}]}}}}', '/virtual/openapi.json');
    assert.deepEqual(values.labels, ['query', 'header', 'cookie', 'path']);
    assert.equal(values.items[0].insertText, '"query"');
  });

  it('JSON: a field inserted between members brings the commas that keep the object valid', () => {
    const J = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/p": {"get": {';
    const end = '}}}}';
    const field = (fixture: string) => complete(fixture, '/virtual/openapi.json').items.find((i) => i.label === 'summary')!;
    // Before a member: a comma after the new one.
    const before = field(J + '| "responses": {"200": {"description": "OK"}}' + end);
    assert.equal(before.insertText, '"summary": "${1}",');
    assert.equal(before.additionalEdits, undefined);
    // After a member without a comma, the quotes typed (auto-closed): a comma after that member.
    const fixture = J + '"responses": {"200": {"description": "OK"}}\n  "|"' + end;
    const after = complete(fixture, '/virtual/openapi.json');
    const summary = after.items.find((i) => i.label === 'summary')!;
    assert.equal(summary.insertText, '"summary": "${1}"');
    assert.deepEqual(summary.additionalEdits, [{ offset: fixture.indexOf('}}\n') + 2, length: 0, newText: ',' }]);
    // Between members with their commas: nothing added.
    const between = field(J + '"operationId": "o", | "responses": {}' + end);
    assert.equal(between.insertText, '"summary": "${1}",', 'a member follows: its comma');
    const last = field(J + '"responses": {}, |' + end);
    assert.equal(last.insertText, '"summary": "${1}"');
    assert.equal(last.additionalEdits, undefined);
  });

  it('JSON: a completion before a dangling comma takes the comma out, and the result parses', () => {
    /** The text after accepting an item, its snippet placeholders left empty (what Tab past them gives). */
    const accepted = (result: ReturnType<typeof complete>, label: string) => {
      const item = result.items.find((i) => i.label === label)!;
      const inserted = item.insertText!.replace(/\$\{\d+(:[^}]*)?\}|\$0/g, '');
      const edits = [...(item.additionalEdits ?? []), { offset: item.replace.offset, length: item.replace.length, newText: inserted }]
        .sort((a, b) => b.offset - a.offset);
      let text = result.text;
      for (const e of edits) text = text.slice(0, e.offset) + e.newText + text.slice(e.offset + e.length);
      return { item, text };
    };
    const J = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/p": {"get": {';
    const end = '}}}}';
    // A key typed after the last member, a comma typed after it (`"|",` then `}`): the comma before comes, the one after goes.
    const keyFixture = J + '"responses": {"200": {"description": "OK"}}\n  "|",\n' + end;
    const key = accepted(complete(keyFixture, '/virtual/openapi.json'), 'summary');
    const comma = keyFixture.indexOf('",\n') + 1 - 1; // the fixture's `|` comes before it
    assert.deepEqual(key.item.additionalEdits, [
      { offset: keyFixture.indexOf('}}\n') + 2, length: 0, newText: ',' },
      { offset: comma, length: 1, newText: '' },
    ]);
    assert.equal(key.text, J + '"responses": {"200": {"description": "OK"}},\n  "summary": ""\n' + end);
    JSON.parse(key.text);
    // A value before `,]`: the same.
    const valueFixture = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {"get": {"parameters": [{"name": "a", "in": "|" ,}], "responses": {"200": {"description": "OK"}}}}}}';
    const value = accepted(complete(valueFixture, '/virtual/openapi.json'), 'query');
    assert.equal(value.text, valueFixture.replace('"|" ,}', '"query" }'));
    JSON.parse(value.text);
    // A comma followed by another member is no dangling comma: left alone.
    const between = complete(J + '"summary": "|", "responses": {}' + end, '/virtual/openapi.json');
    assert.equal(between.items.find((i) => i.label === 'summary'), undefined);
    const middle = complete('{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {"get": {"parameters": [{"name": "a", "in": "|", "required": true}], "responses": {}}}}}', '/virtual/openapi.json');
    assert.equal(middle.items.find((i) => i.label === 'query')!.additionalEdits, undefined);
  });

  it('JSON `"in": ""`: every location, in a component and in an operation, matched with the quote typed', () => {
    const J = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, ';
    const inComponent = complete(J + '"paths": {}, "components": {"parameters": {"a": {"name": "a", "in": "|"}}}}', '/virtual/openapi.json');
    assert.deepEqual(inComponent.items.map((i) => [i.label, i.filterText, i.insertText]), [
      ['query', '"query', '"query"'], ['path', '"path', '"path"'], ['header', '"header', '"header"'], ['cookie', '"cookie', '"cookie"'],
    ]);
    assert.deepEqual(inComponent.items[0].replace, { offset: inComponent.offset - 1, length: 2 }, 'both quotes are replaced');
    const inOperation = complete(J + '"paths": {"/p/{id}": {"get": {"parameters": [{"name": "id", "in": "|"}]}}}}', '/virtual/openapi.json');
    assert.deepEqual(inOperation.labels, ['path', 'query', 'header', 'cookie']);
    assert.ok(inOperation.items.every((i) => i.filterText.startsWith('"')));
  });

  it('works in YAML flow mappings', () => {
    const values = complete(HEAD + "paths:\n  /pets:\n    get:\n      parameters:\n        - {name: a, in: |}\n      responses:\n        '200':\n          description: OK\n");
    assert.deepEqual(values.labels, ['query', 'header', 'cookie', 'path']);
    const fields = complete(HEAD + "paths:\n  /pets:\n    get:\n      parameters:\n        - {name: a, |}\n      responses:\n        '200':\n          description: OK\n");
    assert.ok(fields.labels.includes('in') && fields.labels.includes('schema') && !fields.labels.includes('name'), fields.labels.join(','));
  });

  it('completes $ref in every quoting state, replacing the whole value and keeping the quote typed', () => {
    const others = {
      '/virtual/schemas.yaml': 'Pet:\n  type: object\nNewPet:\n  type: object\n',
      '/virtual/lib.yaml': 'openapi: 3.0.3\ninfo: {title: L, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Order: {type: object}\n',
    };
    const at = (value: string) => {
      const fixture = HEAD + `paths: {}\ncomponents:\n  schemas:\n    Pet: {type: object}\n    Owner:\n      properties:\n        pet:\n          $ref: ${value}\n`;
      const result = complete(fixture, '/virtual/openapi.yaml', others, ['/virtual/schemas.yaml', '/virtual/lib.yaml']);
      const replaced = (i: CompletionItem) => result.text.slice(i.replace.offset, i.replace.offset + i.replace.length);
      return result.items.map((i) => [i.label, i.insertText, i.filterText, replaced(i)]);
    };
    // The closing quote the editor auto-inserted is replaced too; the filter text starts with the
    // quote typed, as an editor matches the text from the start of the range to the cursor.
    assert.deepEqual(at("'#/|'")[0], ['#/components/schemas/Pet', "'#/components/schemas/Pet'", "'#/components/schemas/Pet", "'#/'"]);
    assert.deepEqual(at('"#/comp|"')[0], ['#/components/schemas/Pet', '"#/components/schemas/Pet"', '"#/components/schemas/Pet', '"#/comp"']);
    assert.deepEqual(at("'|'")[0], ['#/components/schemas/Pet', "'#/components/schemas/Pet'", "'#/components/schemas/Pet", "''"]);
    // Unquoted, `#` starts a comment: the reference is inserted quoted.
    assert.deepEqual(at('#/|')[0], ['#/components/schemas/Pet', "'#/components/schemas/Pet'", '#/components/schemas/Pet', '#/']);
    assert.deepEqual(at('|')[0], ['#/components/schemas/Pet', "'#/components/schemas/Pet'", '#/components/schemas/Pet', '']);
    // A file, with `./` kept when typed; a file#pointer lists that file's entries.
    assert.deepEqual(at("'./|'").filter(([label]) => !label.startsWith('#')), [
      ['./lib.yaml#/components/schemas/Order', "'./lib.yaml#/components/schemas/Order'", "'./lib.yaml#/components/schemas/Order", "'./'"],
    ]);
    assert.deepEqual(at("'schemas.yaml#/|'").filter(([label]) => label.startsWith('schemas.yaml#')).map(([label, insert]) => [label, insert]), [
      ['schemas.yaml#/Pet', "'schemas.yaml#/Pet'"], ['schemas.yaml#/NewPet', "'schemas.yaml#/NewPet'"],
    ]);
    assert.deepEqual(at('"./lib.yaml#/|"').filter(([label]) => label.startsWith('./lib.yaml#')).map(([label, insert]) => [label, insert]), [
      ['./lib.yaml#/components/schemas/Order', '"./lib.yaml#/components/schemas/Order"'],
    ], 'an OpenAPI document offers its components of the kind');
    const json = complete('{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {"A": {"type": "object"}, "B": {"items": {"$ref": "#/c|"}}}}}', '/virtual/openapi.json');
    assert.deepEqual([json.items[0].insertText, json.items[0].filterText, json.text.slice(json.items[0].replace.offset, json.items[0].replace.offset + json.items[0].replace.length)], ['"#/components/schemas/A"', '"#/components/schemas/A', '"#/c"']);
  });

  it('offers only a "New OpenAPI 3.0 document" snippet in an empty file, whose text checks clean', () => {
    for (const file of ['/virtual/new.yaml', '/virtual/new.json']) {
      const { items } = complete('|', file);
      assert.deepEqual(items.map((i) => [i.label, i.kind, i.snippet]), [['New OpenAPI 3.0 document', 'snippet', true]]);
      // The snippet with its placeholders' default text: a document with no finding at all.
      const text = items[0].insertText.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$0/g, '').replace(/\\\$/g, '$');
      const store = new DocumentStore({ read: () => ({ text }) });
      assert.equal((store.get(file) as SourceDocument).root?.get('openapi')?.stringValue, '3.0.3');
      assert.deepEqual(checkDocument(store, file, { rules: RULES }).diagnostics.map((d) => `${d.rule}: ${d.message}`), [], file);
    }
    assert.equal(complete('\n  |\n', '/virtual/blank.yml').labels.length, 1, 'whitespace only is empty too');
  });

  it('offers nothing in a document that is not OpenAPI, or in a free value', () => {
    assert.deepEqual(complete(HEAD + 'paths:\n  /pets:\n    get:\n      description: |\n').labels, []);
  });
});

describe('completion in a large JSON document', () => {
  // A description of 2,000 paths, pretty-printed: about 1 MB.
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 2_000; i++) {
    const responses = { '200': { description: 'OK' } };
    paths[`/items${i}`] = { get: { operationId: `get${i}`, tags: ['a', 'b'], responses } };
  }
  const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths }, null, 2);
  const doc = new SourceDocument('/virtual/large.json', parseText(text, 'json'));

  /** What jsonc says of an offset, over the whole text, as the cursor's context reports it. */
  const expectedAt = (whole: string, offset: number) => {
    const location = jsonc.getLocation(whole, offset);
    const path = [...location.path];
    const last = path.pop();
    return path.length === 0 && last === undefined ? undefined
      : location.isAtPropertyKey ? { path, key: String(last), position: 'key' }
        : typeof last === 'number' || last === undefined ? undefined : { path, key: last, position: 'value' };
  };
  const contextAt = (document: SourceDocument, offset: number) => {
    const context = cursorContext(document, offset);
    return context && { path: context.path, key: context.key, position: context.position };
  };
  const time = (work: () => unknown) => {
    const start = performance.now();
    for (let i = 0; i < 5; i++) work();
    return performance.now() - start;
  };

  it('finds the cursor\'s place as jsonc does over the whole text, scanning only the members around it', () => {
    assert.equal(doc.parsed.errors.length, 0);
    // Every offset of the last operation and around it, of a path in the middle, of the root's
    // members around "paths", and of the tags list: keys, values, array items, blanks.
    const middle = text.indexOf('"/items1000"');
    const tags = text.indexOf('"tags"', middle);
    const ranges = [[text.lastIndexOf('"/items1999"') - 40, text.length], [middle - 200, middle + 200], [0, text.indexOf('"paths"') + 30], [tags, tags + 60]];
    for (const [from, to] of ranges) {
      for (let offset = from; offset < to; offset++) {
        assert.deepEqual(contextAt(doc, offset), expectedAt(text, offset), `at ${offset}: ${JSON.stringify(text.slice(offset - 20, offset))}|`);
      }
    }
    // Near the end of the document the whole-text scan reads it all; the members around the cursor are few.
    const offset = text.lastIndexOf('"description"') + 3;
    const whole = time(() => jsonc.getLocation(text, offset));
    const scoped = time(() => cursorContext(doc, offset));
    const figures = `the cursor's place took ${scoped.toFixed(1)} ms, a scan of the text ${whole.toFixed(1)} ms`;
    assert.ok(scoped * 5 < whole, figures);
  });

  it('in a document broken where the user types, reads only the members around the cursor', () => {
    // A key being typed into the last operation, and a new root member after "paths": the object
    // around each is broken, the rest of the tree stands.
    const inOperation = text.lastIndexOf('"operationId"');
    const typed = text.slice(0, inOperation) + '"summ' + text.slice(inOperation);
    const rootEnd = typed.lastIndexOf('}');
    const broken = typed.slice(0, rootEnd) + ',\n  "comp' + typed.slice(rootEnd);
    const brokenDoc = new SourceDocument('/virtual/broken.json', parseText(broken, 'json'));
    assert.ok(brokenDoc.parsed.errors.length > 0);
    for (const offset of [inOperation + 5, broken.lastIndexOf('"comp') + 5]) {
      assert.deepEqual(contextAt(brokenDoc, offset), expectedAt(broken, offset), `at ${offset}: ${JSON.stringify(broken.slice(offset - 20, offset))}|`);
      const whole = time(() => jsonc.getLocation(broken, offset));
      const scoped = time(() => cursorContext(brokenDoc, offset));
      assert.ok(scoped * 5 < whole, `the cursor's place took ${scoped.toFixed(1)} ms, a scan of the text ${whole.toFixed(1)} ms`);
    }
  });
});
