// Inputs sized to make work that grows faster than the input visible: each was minutes (or a
// crash) before the algorithm was made linear or bounded. The time bounds are generous (a shared,
// loaded machine); they catch a return of the quadratic, not a slowdown. Speed itself is the
// bench's (`npm run bench`).
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { analyze } from '../../../server/src/model/analysis';
import { DocumentStore, isLoadFailure, SourceDocument } from '../../../server/src/model/documents';
import { parseRef } from '../../../server/src/model/ref';
import { checkDocument, checkDocumentSteps } from '../../../server/src/check/checker';
import { fixAllFiles, nonOverlappingEdits } from '../../../server/src/check/fix-all';
import { closest, editDistanceWithin, NameIndex } from '../../../server/src/check/suggest';
import { Diagnostic } from '../../../server/src/check/types';
import { RULES } from '../../../server/src/rules/index';
import { completionsAt } from '../../../server/src/services/completion';
import { definitionAt } from '../../../server/src/services/definition';
import { hoverAt } from '../../../server/src/services/hover';
import { codeLenses } from '../../../server/src/services/code-lens';
import { applyEdits } from '../../../server/src/syntax/edit';
import { parseText } from '../../../server/src/syntax/parse';
import { parseYamlWithPackage } from '../../../server/src/syntax/yaml';
import { indexFile } from '../../../server/src/workspace/file-index';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';

const ROOT = path.resolve('/virtual/hostile');
const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\n';
const JSON_HEAD = { openapi: '3.0.3', info: { title: 'T', version: '1.0.0' } };
/** Seconds any one case may take here; each took minutes (or never finished) before. */
const BOUND_MS = 15_000;

function storeOf(files: Record<string, string>): DocumentStore {
  return new DocumentStore({
    read: (absolutePath) => {
      const text = files[path.relative(ROOT, absolutePath)];
      return text === undefined ? { reason: 'missing', message: `${absolutePath} does not exist.` } : { text };
    },
  });
}

/** Runs `work` and asserts it took less than the bound; returns what it returned. */
function within<T>(what: string, work: () => T, bound = BOUND_MS): T {
  const start = performance.now();
  const result = work();
  const elapsed = performance.now() - start;
  if (process.env.HOSTILE_TIMES) process.stderr.write(`${what}: ${Math.round(elapsed)} ms\n`);
  assert.ok(elapsed < bound, `${what} took ${Math.round(elapsed)} ms (bound ${bound} ms)`);
  return result;
}

function check(files: Record<string, string>, root = 'openapi.yaml') {
  const store = storeOf(files);
  const result = within(`checking ${root}`, () => checkDocument(store, path.join(ROOT, root), { rules: RULES }));
  assert.deepEqual(result.crashes.map((c) => c.error.split('\n')[0]), [], 'no rule may crash');
  return { store, result, doc: result.document! };
}

const ofRule = (ds: readonly Diagnostic[], rule: string) => ds.filter((d) => d.rule === rule);
const count = (ds: readonly Diagnostic[]) => {
  const counts: Record<string, number> = {};
  for (const d of ds) counts[d.rule] = (counts[d.rule] ?? 0) + 1;
  return counts;
};

/** A JSON document from a plain value (the strict JSON parser reads it in one pass). */
const json = (value: object) => JSON.stringify({ ...JSON_HEAD, ...value }, null, 1);

const okResponse = { '200': { description: 'OK' } };

describe('hostile input stays linear or bounded', { timeout: 600_000 }, () => {
  it('10,000 YAML anchors and 10,000 aliases: one walk finds every alias its anchor', () => {
    const n = 10_000;
    let text = HEAD + 'paths: {}\nx-anchors:\n';
    for (let i = 0; i < n; i++) text += `  a${i}: &a${i} {type: string, description: number ${i}}\n`;
    text += 'x-aliases:\n';
    for (let i = 0; i < n; i++) text += `  b${i}: *a${n - 1 - i}\n`;
    assert.ok(text.length > 500_000, `${text.length} characters`);
    const { result, doc } = check({ 'openapi.yaml': text });
    assert.deepEqual(result.diagnostics, []);
    const aliases = doc.root!.get('x-aliases')!;
    assert.equal(aliases.children!.length, n);
    assert.equal(aliases.get('b0')!.get('description')!.value, `number ${n - 1}`);
    assert.equal(aliases.get(`b${n - 1}`)!.get('description')!.value, 'number 0');
  });

  it('an alias names the closest anchor before it; a redefined anchor, a cycle and an unknown alias read as before', () => {
    const parsed = parseYamlWithPackage('a: &x 1\nb: *x\nc: &x [2, *x]\nd: *x\ne: *y\n');
    const value = (key: string) => parsed.root!.get(key)!.toValue();
    assert.deepEqual([value('a'), value('b'), value('c'), value('d'), value('e')], [1, 1, [2, [2, null]], [2, null], null]);
    assert.deepEqual(parsed.errors.map((e) => `${e.code} ${e.message}`), [
      'ALIAS_CYCLE Alias *x refers to a node that contains it.',
      'ALIAS_CYCLE Alias *x refers to a node that contains it.',
      'BAD_ALIAS Unknown alias *y.',
    ]);
  });

  it('a 1 MB component name and a $ref to that name plus one character: no suggestion, a short message', () => {
    const name = 'N'.repeat(1 << 20);
    const text = json({
      paths: { '/x': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}X` } } } } } } } },
      components: { schemas: { [name]: { type: 'string' }, Pet: { type: 'object' } } },
    });
    const { result, store, doc } = check({ 'openapi.json': text }, 'openapi.json');
    const unresolved = ofRule(result.diagnostics, 'ref-unresolved');
    assert.equal(unresolved.length, 1);
    assert.match(unresolved[0].message, /^"#\/components\/schemas\/N{170,}…" does not resolve: "\/components\/schemas" has no "N{190,}…"\.$/);
    assert.ok(unresolved[0].message.length < 500, 'the message quotes the names cut');
    assert.deepEqual(unresolved[0].fixes, [], 'a 1 MB name gets no "did you mean"');
    // Completion in that `$ref` offers the other component, not a 1 MB name three times over.
    const analysis = analyze(doc, store);
    const at = text.indexOf(`${name}X"`) + 10;
    const items = within('completion', () => completionsAt(doc, at, analysis, () => [], () => undefined));
    assert.deepEqual(items.map((item) => item.label), ['#/components/schemas/Pet']);
    assert.ok(JSON.stringify(items).length < 2_000);
  });

  it('a $ref of 200,000 spaces: check, hover, definition and completion each read it once', () => {
    const spaces = ' '.repeat(200_000);
    const text = HEAD + "paths:\n  /x:\n    get:\n      responses:\n        '200':\n          description: OK\n" +
      "          content:\n            application/json:\n              schema:\n                $ref: '" + spaces + "'\n";
    const { store, result, doc } = check({ 'openapi.yaml': text });
    const syntax = ofRule(result.diagnostics, 'ref-syntax');
    // The span starts at the first space (a span of blanks is shown by its first character).
    assert.deepEqual(syntax.map((d) => [d.message, d.offset]), [['Not a valid URI reference: space must be percent-encoded.', text.indexOf(spaces)]]);
    assert.equal(syntax[0].fixes[0].edits[0].newText, `'${'%20'.repeat(200_000)}'`, 'one fix encodes every space');
    assert.ok(syntax[0].fixes[0].title.length <= 400, 'the fix title quotes the reference cut');
    assert.deepEqual(ofRule(result.diagnostics, 'ref-unresolved').map((d) => d.message.length < 500), [true]);
    const at = text.indexOf(spaces) + 100_000;
    const analysis = within('analysis', () => analyze(doc, store));
    within('hover', () => assert.equal(hoverAt(store, doc, at, analysis), undefined));
    within('definition', () => assert.equal(definitionAt(store, doc, at, analysis), undefined));
    const load = (p: string) => {
      const other = store.get(p);
      return isLoadFailure(other) ? undefined : other;
    };
    within('completion', () => completionsAt(doc, at, analysis, () => [], load));
  });

  it('a long $ref is parsed once for the walk, the index and the rules (250,000 spaces: 40-130 ms a parse)', () => {
    const long = ' '.repeat(250_000) + '#/components/schemas/Pet';
    const parsed = parseRef(long);
    assert.equal(parseRef(long.slice()), parsed, 'the same text: the same result, not parsed again');
    assert.deepEqual(parsed.pointer, ['components', 'schemas', 'Pet']);
    assert.equal(parsed.syntaxProblems[0].suggestion, '%20'.repeat(250_000) + '#/components/schemas/Pet');
    const short = '#/components/schemas/Pet';
    assert.notEqual(parseRef(short), parseRef(short), 'short ones are parsed each time (nothing kept for them)');
  });

  it('a $ref with 100,000 bad "%" and one with 100,000 bad "~": one finding each, one fix for all', () => {
    const percents = '%'.repeat(100_000);
    const tildes = '~'.repeat(100_000);
    const text = json({
      paths: { '/x': { get: { parameters: [{ $ref: `#/components/parameters/a${percents}` }, { $ref: `#/components/parameters/b${tildes}` }], responses: okResponse } } },
    });
    const { result } = check({ 'openapi.json': text }, 'openapi.json');
    const syntax = ofRule(result.diagnostics, 'ref-syntax');
    assert.deepEqual(syntax.map((d) => d.message), ['"%" must start a percent-escape of two hex digits ("%25" for a literal "%").']);
    assert.equal(syntax[0].length, 100_000);
    assert.equal(syntax[0].fixes[0].edits[0].newText, JSON.stringify(`#/components/parameters/a${'%25'.repeat(100_000)}`));
    const escape = ofRule(result.diagnostics, 'ref-pointer-escape');
    assert.deepEqual(escape.map((d) => d.message), ['"~" in a JSON Pointer must be escaped as "~0" (and "/" as "~1").']);
    assert.equal(escape[0].length, 100_000);
    assert.equal(escape[0].fixes[0].edits[0].newText, JSON.stringify(`#/components/parameters/b${'~0'.repeat(100_000)}`));
  });

  it('a $ref into `paths` with 100,000 segments: the raw-slash suggestion stays bounded', () => {
    const text = json({
      paths: { '/a/b': { get: { parameters: [{ $ref: `#/paths/${'a/'.repeat(100_000)}b/get/parameters/0` }], responses: okResponse } } },
    });
    const { result } = check({ 'openapi.json': text }, 'openapi.json');
    assert.deepEqual(ofRule(result.diagnostics, 'ref-unresolved').map((d) => d.message.slice(0, 60)), [`"#/paths/${'a/'.repeat(100)}`.slice(0, 60)]);
  });

  it('100,000 unused components: one hint each, and a fix-all round of their removals removes all but the last', () => {
    const n = 100_000;
    let text = HEAD + "paths:\n  /x:\n    get:\n      responses:\n        '200':\n          description: OK\ncomponents:\n  schemas:\n";
    for (let i = 0; i < n; i++) text += `    S${i}:\n      type: string\n`;
    const { result, doc } = check({ 'openapi.yaml': text });
    const unused = ofRule(result.diagnostics, 'unused-component');
    assert.equal(unused.length, n);
    // Fix all leaves these removals (applied only when picked): as 100,000 removals it would apply.
    assert.deepEqual(nonOverlappingEdits(unused), []);
    const removals = unused.map((d) => ({ ...d, fixes: d.fixes.map((f) => ({ ...f, picked: false })) }));
    const fixed = within('fix-all round', () => applyEdits(doc.text, nonOverlappingEdits(removals)));
    // The last removal would empty the map: the next round writes `schemas: {}` for it.
    assert.equal(fixed, HEAD + "paths:\n  /x:\n    get:\n      responses:\n        '200':\n          description: OK\ncomponents:\n  schemas:\n" +
      `    S${n - 1}:\n      type: string\n`);
  });

  it('fix-all undoes a round of 200,000 fixes that breaks the syntax, and retries with fewer', () => {
    const text = 'a\n'.repeat(200_000);
    const doc = new SourceDocument(path.join(ROOT, 'x.yaml'), parseText(text, 'yaml'));
    const fixable: Diagnostic[] = Array.from({ length: 200_000 }, (_, i) => ({
      rule: 'r', severity: 'warning', message: `m${i}`, doc, offset: 2 * i, length: 1, related: [], tags: [],
      fixes: [{ title: 't', edits: [{ offset: 2 * i, length: 0, newText: 'b' }] }],
    }));
    const syntaxError: Diagnostic = { ...fixable[0], rule: 'syntax', fixes: [] };
    // Every changed text reads worse than the original: each round is undone.
    const result = within('fix-all', () => fixAllFiles((texts) => (texts.size > 0 ? [syntaxError, ...fixable] : fixable)));
    assert.deepEqual([result.applied.length, result.texts.size], [0, 0]);
  });

  it('an enum of 100,000 values with 50,000 duplicates', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => ({ v: i % 50_000, tags: ['a', i % 50_000] }));
    const text = json({ paths: {}, components: { schemas: { E: { type: 'object', enum: values } } } });
    const { result } = check({ 'openapi.json': text }, 'openapi.json');
    assert.deepEqual(count(result.diagnostics), { 'enum-type': 50_000, 'unused-component': 1 });
  });

  it('100,000 keys beside a $ref: each reported, one fix removes them all', () => {
    let text = HEAD + "paths:\n  /x:\n    get:\n      responses:\n        '200':\n          $ref: '#/components/responses/Ok'\n";
    for (let i = 0; i < 100_000; i++) text += `          k${i}: 1\n`;
    text += 'components:\n  responses:\n    Ok:\n      description: OK\n';
    const { result } = check({ 'openapi.yaml': text });
    const siblings = ofRule(result.diagnostics, 'ref-siblings');
    assert.equal(siblings.length, 100_000);
    assert.equal(siblings[0].fixes[0].edits.length, 100_000);
  });

  it('100,000 unknown fields of one object: reported between pauses, and in the document\'s order', () => {
    const fields = Array.from({ length: 100_000 }, (_, i) => `  f${99_999 - i}: v\n`).join('');
    const store = storeOf({ 'openapi.yaml': HEAD.replace('info:\n', 'info:\n' + fields) + 'paths: {}\n' });
    // Driven the way the language server drives it: a pause where the clock says (every ~4 ms).
    const steps = checkDocumentSteps(store, path.join(ROOT, 'openapi.yaml'), { rules: RULES });
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    const unknown = ofRule(step.value.diagnostics, 'unknown-field');
    assert.equal(unknown.length, 100_000);
    assert.deepEqual(unknown.slice(0, 2).map((d) => d.message), [
      '"f99999" is not a field of the Info Object: remove it, or name it "x-f99999" to keep it as an extension.',
      '"f99998" is not a field of the Info Object: remove it, or name it "x-f99998" to keep it as an extension.',
    ]);
    assert.ok(unknown.every((d, i) => i === 0 || unknown[i - 1].offset < d.offset), 'sorted by offset');
    // One call of the rule made them all, and one block gathered and sorted them: a few pauses in all.
    assert.ok(pauses >= 30, `${pauses} pauses`);
  });

  it('100,000 paths: each rule on the Paths object pauses every few hundred paths', () => {
    // Half without their leading slash, half like "/items{id}/" beside "/items{id}": findings with fixes.
    const paths = Array.from({ length: 50_000 }, (_, i) => `  items${i}/{id}: {}\n  /x${i}/{id}/: {get: {responses: {'200': {description: OK}}}}\n`).join('');
    const store = storeOf({ 'openapi.yaml': HEAD + 'paths:\n' + paths });
    const doc = store.get(path.join(ROOT, 'openapi.yaml')) as SourceDocument;
    const analysis = analyze(doc, store);
    const pathsObject = analysis.objects.find((o) => o.kind === 'Paths')!;
    const pauses: Record<string, number> = {};
    let reported = 0;
    for (const rule of RULES.filter((r) => r.kinds?.includes('Paths'))) {
      const steps = rule.checkObject!(pathsObject, { analysis, options: {}, report: () => reported++ });
      pauses[rule.id] = 0;
      for (const _ of steps ?? []) pauses[rule.id]++;
    }
    // One call over every path held the language server for 0.1-0.5 s each on 200,000 paths.
    for (const [rule, count] of Object.entries(pauses)) assert.ok(count >= 100, `${rule}: ${count} pauses`);
    assert.ok(reported >= 50_000, `${reported} findings`);
  });

  it('10,000 security requirements with near misses among 10,000 schemes', () => {
    const n = 10_000;
    const paths: Record<string, unknown> = {};
    const schemes: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      schemes[`scheme${i}`] = { type: 'apiKey', in: 'header', name: `X-Key-${i}` };
      paths[`/p${i}`] = { get: { security: [{ [`schem${i}`]: [] }], responses: okResponse } };
    }
    const { result } = check({ 'openapi.json': json({ paths, components: { securitySchemes: schemes } }) }, 'openapi.json');
    const undefinedSchemes = ofRule(result.diagnostics, 'security-scheme-defined');
    assert.equal(undefinedSchemes.length, n);
    assert.equal(undefinedSchemes[0].message, 'Security scheme "schem0" is not defined in "components.securitySchemes". Did you mean "scheme0"?');
  });

  it('10,000 links with an operationRef each, among 10,000 operations', () => {
    const n = 10_000;
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const links = { next: { operationRef: `#/paths/~1p${(i + 1) % n}/get` }, broken: { operationRef: `#/paths/~1q${i}/get` } };
      paths[`/p${i}`] = { get: { operationId: `op${i}`, responses: { '200': { description: 'OK', links } } } };
    }
    const { result } = check({ 'openapi.json': json({ paths }) }, 'openapi.json');
    assert.deepEqual(count(result.diagnostics), { 'link-operation': n });
    assert.equal(ofRule(result.diagnostics, 'link-operation')[0].message, '"operationRef" "#/paths/~1q0/get" does not point at an operation.');
  });

  it('a path of 20,000 template names and 20,000 stray path parameters', () => {
    const n = 20_000;
    const template = Array.from({ length: n }, (_, i) => `{p${i}}`).join('/');
    const parameters = Array.from({ length: n }, (_, i) => ({ name: `q${i}`, in: 'path', required: true, schema: { type: 'string' } }));
    const { result } = check({ 'openapi.json': json({ paths: { [`/${template}?a={q0}`]: { get: { parameters, responses: okResponse } } } }) }, 'openapi.json');
    const counts = count(result.diagnostics);
    assert.equal(counts['path-params-defined'], n);
    assert.equal(counts['path-params-used'], n - 1, '{q0} is in the query string: path-query-string says so');
  });

  it('a discriminator of 10,000 alternatives mapping 10,000 values, one to a schema it does not list', () => {
    const n = 10_000;
    const schemas: Record<string, unknown> = { Stray: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } } };
    const oneOf: unknown[] = [];
    const mapping: Record<string, string> = { stray: 'Stray' };
    for (let i = 0; i < n; i++) {
      schemas[`S${i}`] = { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } };
      oneOf.push({ $ref: `#/components/schemas/S${i}` });
      mapping[`v${i}`] = `S${i}`;
    }
    schemas.Base = { oneOf, discriminator: { propertyName: 'kind', mapping } };
    // Each mapping against the list, not against each alternative: 70 s before the list was made once.
    const { result } = check({ 'openapi.json': json({ paths: {}, components: { schemas } }) }, 'openapi.json');
    assert.deepEqual(ofRule(result.diagnostics, 'discriminator').map((d) => d.message), [
      'Mapping "stray" points at "Stray", which is not one of the "oneOf" alternatives: every schema the discriminator can select must be listed there.',
    ]);
  });

  it('a schema requiring 10,000 names that are not among its 10,000 properties', () => {
    const n = 10_000;
    const properties = Object.fromEntries(Array.from({ length: n }, (_, i) => [`prop${i}`, { type: 'string' }]));
    const required = Array.from({ length: n }, (_, i) => `prap${i}`);
    const { result } = check({ 'openapi.json': json({ paths: {}, components: { schemas: { S: { type: 'object', properties, required } } } }) }, 'openapi.json');
    const undefinedNames = ofRule(result.diagnostics, 'required-property-undefined');
    assert.equal(undefinedNames.length, n);
    assert.equal(undefinedNames[0].fixes[0].title, 'Change to "prop0"');
  });

  it('names of Object\'s own members as types, formats, flows, codes and keys: no crash, no "native code"', () => {
    const text = [
      'openapi: 3.0.3',
      'info:',
      '  title: T',
      '  version: 1.0.0',
      'paths:',
      '  /x:',
      '    get:',
      '      parameters:',
      '        - name: a',
      '          in: constructor',
      '          style: toString',
      '          schema:',
      '            type: constructor',
      '            format: __proto__',
      '        - name: b',
      '          in: query',
      '          style: constructor',
      '          schema:',
      '            type: string',
      '            format: toString',
      '      responses:',
      '        constructor:',
      '          description: OK',
      '        toString:',
      '          description: OK',
      '      security:',
      '        - oa: [constructor]',
      'components:',
      '  schemas:',
      '    S:',
      '      type: toString',
      '      format: constructor',
      '      constructor: 1',
      '      valueOf: 2',
      '  securitySchemes:',
      '    oa:',
      '      type: oauth2',
      '      flows:',
      '        constructor:',
      '          authorizationUrl: https://x',
      '        __proto__:',
      '          tokenUrl: https://x',
      '        toString: {}',
      '    k:',
      '      type: constructor',
      '      in: __proto__',
      '      name: x',
      '    h:',
      '      type: toString',
      '      constructor: 1',
    ].join('\n') + '\n';
    const { result } = check({ 'openapi.yaml': text });
    const garbled = result.diagnostics.filter((d) => /native code|\[object Object\]|function /.test(d.message));
    assert.deepEqual(garbled.map((d) => d.message), []);
    assert.ok(result.diagnostics.some((d) => d.message === '"type: constructor" is not a security scheme type: use apiKey, http, oauth2 or openIdConnect.'));
  });

  it('10,000 operations sharing one operationId, beside op_2 ... op_10000', () => {
    const n = 10_000;
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) paths[`/a${i}`] = { get: { operationId: 'op', responses: okResponse } };
    for (let i = 2; i <= n; i++) paths[`/b${i}`] = { get: { operationId: `op_${i}`, responses: okResponse } };
    const { result } = check({ 'openapi.json': json({ paths }) }, 'openapi.json');
    const duplicates = ofRule(result.diagnostics, 'operation-id-unique');
    assert.equal(duplicates.length, n - 1);
    assert.equal(duplicates[0].fixes[0].title, `Rename to "op_${n + 1}"`);
  });

  it('200,000 repeated keys in YAML read by the yaml package', () => {
    let text = HEAD + 'paths: {}\nx-anchor: &a 1\nx-many:\n';
    for (let i = 0; i < 200_000; i++) text += '  k: 1\n';
    const parsed = within('parse', () => parseText(text, 'yaml'));
    assert.equal(parsed.errors.length, 199_999);
    assert.equal(parsed.errors[0].message, 'Duplicate key "k": only one of them can be read.');
  });

  it('10,000 members with repeated keys in block YAML, flow YAML and JSON', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => (i % 1000 === 999 ? `k${i - 999}` : `k${i}`));
    const texts = {
      block: keys.map((k) => `${k}: 1\n`).join(''),
      flow: `x-flow: {${keys.map((k) => `${k}: 1`).join(', ')}}\n`,
      json: `{${keys.map((k) => `"${k}": 1`).join(', ')}}`,
    };
    for (const [form, text] of Object.entries(texts)) {
      const parsed = within('parse', () => parseText(text, form === 'json' ? 'json' : 'yaml'));
      const members = form === 'flow' ? parsed.root!.get('x-flow')! : parsed.root!;
      const repeated = keys.flatMap((_, i) => (i % 1000 === 999 ? [i] : []));
      assert.deepEqual(parsed.errors.map((e) => [e.message, text.slice(e.offset, e.offset + e.length)]),
        repeated.map((i) => [`Duplicate key "${keys[i]}": only one of them can be read.`, form === 'json' ? `"${keys[i]}"` : keys[i]]), form);
      // The first member of a repeated key is the one read.
      assert.equal(members.get('k1000')!.keyOffset, members.children![1000].keyOffset, form);
      assert.equal(members.get('k0')!.keyOffset, members.children![0].keyOffset, form);
    }
  });

  it('an example of 200,000 items against an enum of 10,000 values', () => {
    const options = Array.from({ length: 10_000 }, (_, i) => `v${i}`);
    const example = Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? `v${i % 10_000}` : `w${i}`));
    const schema = { type: 'array', items: { type: 'string', enum: options }, example };
    const { result } = check({ 'openapi.json': json({ paths: {}, components: { schemas: { List: schema } } }) }, 'openapi.json');
    const invalid = ofRule(result.diagnostics, 'example-valid');
    assert.equal(invalid.length, 100_000);
    assert.match(invalid[0].message, /^"example\[1\]": "w1" is not one of the enum values \["v0","v1",/);
  });

  it('hover on a $ref to a component of 200,000 lines shows the first lines only (YAML and JSON)', () => {
    let yaml = HEAD + "paths:\n  /x:\n    get:\n      responses:\n        '200':\n          $ref: '#/components/responses/Big'\ncomponents:\n  responses:\n    Big:\n      description: OK\n      headers:\n";
    for (let i = 0; i < 100_000; i++) yaml += `        H${i}:\n          schema: {type: string}\n`;
    const headers = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`H${i}`, { schema: { type: 'string' } }]));
    const jsonText = json({ paths: { '/x': { get: { responses: { '200': { $ref: '#/components/responses/Big' } } } } }, components: { responses: { Big: { description: 'OK', headers } } } });
    for (const [name, text] of [['openapi.yaml', yaml], ['openapi.json', jsonText]]) {
      const store = storeOf({ [name]: text });
      const doc = store.get(path.join(ROOT, name)) as SourceDocument;
      const hover = within(`hover in ${name}`, () => hoverAt(store, doc, text.indexOf('#/components/responses/Big') + 5));
      const lines = hover!.contents.split('\n');
      assert.ok(lines.length < 25, `${lines.length} lines`);
      assert.equal(lines[lines.length - 2], '…');
    }
  });

  it('YAML completion on lines that make backtracking regexes quadratic', () => {
    const lines = [HEAD + 'paths: {}', 'x-dashes:'];
    for (let i = 0; i < 200; i++) lines.push('  ' + '- '.repeat(2_000) + 'x');
    lines.push('x-wide: ' + ','.repeat(50_000) + '}');
    lines.push('a' + ' '.repeat(100_000) + 'x');
    const text = lines.join('\n');
    const store = storeOf({ 'openapi.yaml': text });
    const doc = store.get(path.join(ROOT, 'openapi.yaml')) as SourceDocument;
    const analysis = analyze(doc, store);
    within('completion at the end of a line of spaces', () => completionsAt(doc, text.length, analysis));
    within('completion after 50,000 commas and a brace', () => completionsAt(doc, text.lastIndexOf('}') + 1, analysis));
  });

  it('$ref completion with 5,000 components and 5,000 references into a library file', () => {
    const n = 5_000;
    const library: Record<string, unknown> = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`L${i}`, { type: 'string' }]));
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      schemas[`S${i}`] = { type: 'string' };
      paths[`/p${i}`] = { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: `lib.json#/L${i % 500}` } } } } } } };
    }
    paths['/typing'] = { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '' } } } } } } };
    const text = json({ paths, components: { schemas } });
    const store = storeOf({ 'openapi.json': text, 'lib.json': JSON.stringify(library) });
    const doc = store.get(path.join(ROOT, 'openapi.json')) as SourceDocument;
    const analysis = analyze(doc, store);
    const at = text.indexOf('"$ref": ""') + '"$ref": "'.length;
    const items = within('completion', () => completionsAt(doc, at, analysis, () => Array.from({ length: 2_000 }, (_, i) => ({ file: path.join(ROOT, `f${i}.json`), pointer: [] }))));
    assert.equal(items.length, n + 500 + 2_000);
    assert.deepEqual([items[0].label, items[n].label, items[n + 500].label], ['#/components/schemas/S0', 'lib.json#/L0', 'f0.json']);
  });

  it('code lens on a file of 20,000 components', () => {
    const schemas = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`S${i}`, { $ref: `#/components/schemas/S${(i + 1) % 20_000}` }]));
    const file = path.join(ROOT, 'openapi.json');
    const index = new WorkspaceIndex();
    index.set(indexFile(file, parseText(json({ paths: {}, components: { schemas } }), 'json')));
    const lenses = within('code lens', () => codeLenses(index, file));
    assert.equal(lenses.length, 20_000);
    assert.ok(lenses.every((l) => l.count === 1));
  });
});

describe('suggestions', () => {
  /** Levenshtein distance, the whole table. */
  function fullDistance(a: string, b: string): number {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0];
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length];
  }

  it('the banded edit distance is the full one up to its limit', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const word = () => Array.from({ length: random(9) }, () => 'abc'[random(3)]).join('');
    for (let i = 0; i < 20_000; i++) {
      const [a, b, limit] = [word(), word(), random(4)];
      assert.equal(editDistanceWithin(a, b, limit), Math.min(fullDistance(a, b), limit + 1), `${a} ${b} ${limit}`);
    }
  });

  it('the nearest name: same letters in another case first, then fewest edits, then the first listed', () => {
    const index = new NameIndex(['Pets', 'pet', 'Pat', 'Pot', 'Petstore', 'N'.repeat(1000)]);
    assert.equal(index.nearest('PET'), 'pet');
    assert.equal(index.nearest('Pe'), 'pet', 'one insertion');
    assert.equal(index.nearest('Pit'), 'pet', 'one substitution from pet, Pat and Pot: the first listed');
    assert.equal(index.nearest('Pox'), 'Pot');
    assert.equal(index.nearest('Petstor'), 'Petstore');
    assert.equal(index.nearest('Pet'), 'pet', 'case differs: not the name itself');
    assert.equal(index.nearest('pet'), 'Pets', 'the name itself is not a suggestion');
    assert.equal(index.nearest('N'.repeat(999)), undefined, 'no suggestion for a name longer than the bound');
    assert.equal(closest('zzzz', ['Pets']), undefined);
  });
});
