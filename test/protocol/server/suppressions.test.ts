// Suppressions in the documents: which findings each form silences, what is reported about them,
// and the quick fix that writes one. The rule's own fixtures (test/rules/unused-suppression/) show
// its findings; these tests show the findings of other rules going away and coming back.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, it } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { checkDocument } from '../../../server/src/check/checker';
import { suppressionsOf } from '../../../server/src/check/suppressions';
import { DocumentStore, isLoadFailure, SourceDocument } from '../../../server/src/model/documents';
import { RULES as ALL_RULES } from '../../../server/src/rules/index';

// Advice on every operation without an operationId would crowd these documents' findings.
const RULES = ALL_RULES.filter((r) => r.id !== 'operation-id-missing');
import { suppressionFix } from '../../../server/src/services/suppress';
import { applyEdits } from '../../../server/src/syntax/edit';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { LspClient } from '../../helpers/lsp-client';
import { pathToFileURL } from 'url';
import { Session } from '../../../server/src/server/state/session';

function check(files: Record<string, string>, root = Object.keys(files)[0]) {
  const store = new DocumentStore({ read: (p) => (p in files ? { text: files[p] } : { reason: 'missing', message: `${p} does not exist.` }) });
  const result = checkDocument(store, root, { rules: RULES });
  assert.deepEqual(result.crashes, []);
  const describe = result.diagnostics.map((d) => `${d.doc.path}:${d.doc.lineIndex.positionAt(d.offset).line + 1} ${d.rule}`);
  return { result, describe, rules: result.diagnostics.map((d) => d.rule) };
}

const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n';
const OK = "      responses:\n        '200':\n          description: OK\n";

describe('suppressions', () => {
  it('finds the findings they silence, without them', () => {
    const bare = HEAD + '  stores:\n    get:\n      cacheHint: 1\n' + OK;
    assert.deepEqual(check({ '/a.yaml': bare }).describe, ['/a.yaml:6 path-leading-slash', '/a.yaml:8 unknown-field']);
  });

  it('-next-line silences the next line with content, skipping blank and comment lines', () => {
    const text = HEAD + '  # openapi-check-disable-next-line path-leading-slash -- gateway\n\n  # other\n  stores:\n    get:\n' + OK;
    assert.deepEqual(check({ '/a.yaml': text }).describe, []);
  });

  it('-line silences its own line only, and only the rules it names', () => {
    const text = HEAD + '  stores: # openapi-check-disable-line unknown-field, path-leading-slash -- gateway\n    get:\n      cacheHint: 1\n' + OK;
    assert.deepEqual(check({ '/a.yaml': text }).describe, ['/a.yaml:6 unused-suppression', '/a.yaml:8 unknown-field']);
  });

  it('a block comment on a key silences the whole value; alone on its line, the key on the next line', () => {
    const onKey = HEAD + '  stores: # openapi-check-disable unknown-field, path-leading-slash -- gateway\n    get:\n      cacheHint: 1\n' + OK;
    assert.deepEqual(check({ '/a.yaml': onKey }).describe, []);
    const above = HEAD + '  # openapi-check-disable unknown-field -- gateway\n  /stores:\n    get:\n      cacheHint: 1\n' + OK + '  /other:\n    get:\n      cacheHint: 2\n' + OK;
    assert.deepEqual(check({ '/a.yaml': above }).describe, ['/a.yaml:15 unknown-field']);
  });

  it('x-openapi-check-disable silences its object (key included) and everything below, in JSON and YAML', () => {
    const json = JSON.stringify({
      openapi: '3.0.3', info: { title: 'T', version: '1' },
      paths: { stores: { 'x-openapi-check-disable': { 'path-leading-slash': 'gateway', 'unknown-field': 'ours' }, get: { cacheHint: 1, responses: { 200: { description: 'OK' } } } } },
    }, null, 2);
    assert.deepEqual(check({ '/a.json': json }).describe, []);
    const yaml = HEAD + '  stores:\n    x-openapi-check-disable:\n      path-leading-slash: gateway\n    get:\n      cacheHint: 1\n' + OK;
    assert.deepEqual(check({ '/a.yaml': yaml }).describe, ['/a.yaml:10 unknown-field']);
  });

  it('a marker inside a string or a block scalar is no directive', () => {
    const text = HEAD + "  stores:\n    description: 'see # openapi-check-disable-line path-leading-slash -- x'\n    summary: |\n      # openapi-check-disable path-leading-slash -- x\n    get:\n" + OK;
    assert.deepEqual(check({ '/a.yaml': text }).rules, ['path-leading-slash']);
  });

  it('works in referenced files, and a shared file\'s parts another root reads are not called unused', () => {
    const root = HEAD + "  /pets:\n    get:\n      parameters:\n        - $ref: 'shared.yaml#/Limit'\n" + OK;
    const param = (name: string, reason: string) =>
      `${name}:\n  name: ${name}\n  in: query\n  schema: {type: integer}\n  # openapi-check-disable-next-line unknown-field -- ${reason}\n  cacheHint: 1\n`;
    const shared = param('Limit', 'read by the gateway') + param('Other', 'another root uses this');
    assert.deepEqual(check({ '/a.yaml': root, '/shared.yaml': shared }).describe, []);
    const unused = param('Limit', 'read by the gateway').replace('cacheHint: 1', 'description: x');
    assert.deepEqual(check({ '/a.yaml': root, '/shared.yaml': unused }).describe, ['/shared.yaml:5 unused-suppression']);
  });

  it('a suppression of a rule that is off is neither used nor reported', () => {
    const text = HEAD + '  # openapi-check-disable-next-line unauthorized-response -- public API\n  /stores:\n    get:\n' + OK;
    assert.deepEqual(check({ '/a.yaml': text }).describe, []);
  });

  it('finds the suppressions of a document once per parsed text', () => {
    const store = new DocumentStore({ read: () => ({ text: HEAD + '  # openapi-check-disable-next-line path-leading-slash -- x\n  stores: {}\n' }) });
    const doc = store.get('/a.yaml') as SourceDocument;
    assert.equal(suppressionsOf(doc), suppressionsOf(doc));
    assert.equal(suppressionsOf(doc).all.length, 1);
  });

  it('a comment typed key by key silences its finding once complete, also when its middle is typed last', () => {
    const file = path.join(os.tmpdir(), 'typed-suppression.yaml');
    const text = HEAD + '  stores:\n    get:\n      cacheHint: 1\n' + OK;
    const session = new Session();
    const doc = { uri: pathToFileURL(file).href, path: file, version: 1, text };
    session.open.set(doc.uri, doc);
    const rules = () => session.check(file).diagnostics.map((d) => `${d.rule}@${d.offset}`).sort();
    const fresh = () => {
      const other = new Session();
      other.open.set(doc.uri, { ...doc });
      return other.check(file).diagnostics.map((d) => `${d.rule}@${d.offset}`).sort();
    };
    const type = (offset: number, typed: string) => {
      for (const ch of typed) {
        const at = new LineIndex(doc.text).positionAt(offset++);
        assert.notEqual(session.applyChanges(doc, [{ range: { start: at, end: at }, text: ch }]), 'full-parse');
        assert.deepEqual(rules(), fresh(), JSON.stringify(doc.text));
      }
    };
    assert.ok(rules().some((r) => r.startsWith('unknown-field@')));
    // The marker without its "k" first, then the "k": only that keystroke makes it one.
    const lineEnd = doc.text.indexOf('cacheHint: 1') + 'cacheHint: 1'.length;
    type(lineEnd, ' # openapi-chec-disable-line unknown-field -- legacy');
    assert.ok(rules().some((r) => r.startsWith('unknown-field@')));
    type(doc.text.indexOf('-chec-') + '-chec'.length, 'k');
    assert.ok(!rules().some((r) => r.startsWith('unknown-field@')), doc.text);
  });

  it('stays fast with many suppressions and many findings', () => {
    const parts = [HEAD];
    for (let i = 0; i < 5000; i++) parts.push(`  # openapi-check-disable-next-line path-leading-slash -- generated\n  p${i}:\n    get:\n      x${i}: 1\n` + OK);
    const started = performance.now();
    const { result } = check({ '/a.yaml': parts.join('') });
    const elapsed = performance.now() - started;
    assert.deepEqual(result.diagnostics.map((d) => d.rule), Array(5000).fill('unknown-field'));
    assert.ok(elapsed < 20_000, `${elapsed} ms`);
  });
});

describe('quick fix "Suppress <rule-id> on this line"', () => {
  function fixAndCheck(name: string, text: string, rule: string) {
    const store = new DocumentStore({ read: () => ({ text }) });
    const before = checkDocument(store, name, { rules: RULES });
    const d = before.diagnostics.find((x) => x.rule === rule)!;
    const fix = suppressionFix(d.doc, d.rule, d.offset)!;
    assert.equal(fix.title, `Suppress ${rule} on this line`);
    const after = applyEdits(text, fix.edits);
    return { after, rules: check({ [name]: after }).result.diagnostics.map((x) => `${x.rule}: ${x.message}`) };
  }

  it('writes a -next-line comment above the finding, indented like it, with a reason to fill in', () => {
    const text = HEAD + '  /stores:\n    get:\n      cacheHint: 1\n' + OK;
    const { after, rules } = fixAndCheck('/a.yaml', text, 'unknown-field');
    assert.equal(after, HEAD + '  /stores:\n    get:\n      # openapi-check-disable-next-line unknown-field -- <reason>\n      cacheHint: 1\n' + OK);
    assert.deepEqual(rules, ['unused-suppression: This suppression of unknown-field gives no reason: write why after \" -- \", so the exception can be reviewed.']);
  });

  it('adds the rule to a -next-line comment already there', () => {
    const text = HEAD + '  # openapi-check-disable-next-line unknown-field -- x\n  stores:\n    get:\n' + OK;
    const { after } = fixAndCheck('/a.yaml', text, 'path-leading-slash');
    assert.match(after, /# openapi-check-disable-next-line unknown-field, path-leading-slash -- x\n {2}stores:/);
  });

  it('writes x-openapi-check-disable on the object around the finding in JSON', () => {
    const text = '{\n  "openapi": "3.0.3",\n  "info": { "title": "T", "version": "1" },\n  "paths": {\n    "/stores": {\n      "get": {\n        "cacheHint": 1,\n        "responses": { "200": { "description": "OK" } }\n      }\n    }\n  }\n}\n';
    const { after, rules } = fixAndCheck('/a.json', text, 'unknown-field');
    assert.match(after, /"get": \{\n {8}"x-openapi-check-disable": \{\n {10}"unknown-field": "<reason>"\n {8}\},\n {8}"cacheHint": 1,/);
    assert.deepEqual(rules, ['unused-suppression: This suppression of unknown-field gives no reason: make its value a sentence that says why.']);
  });

  it('is not offered for syntax errors or for unused-suppression itself', () => {
    const store = new DocumentStore({ read: () => ({ text: HEAD }) });
    const doc = store.get('/a.yaml');
    assert.ok(!isLoadFailure(doc));
    assert.equal(suppressionFix(doc, 'syntax', 0), undefined);
    assert.equal(suppressionFix(doc, 'unused-suppression', 0), undefined);
  });
});

describe('suppressions in the editor', { timeout: 60_000 }, () => {
  it('honours them, and the quick fix writes one that silences the finding', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-suppress-'));
    const file = path.join(dir, 'api.yaml');
    const text = HEAD + '  # openapi-check-disable-next-line path-leading-slash -- the gateway adds it\n  stores:\n    get:\n      operationId: listStores\n      cacheHint: 1\n' + OK;
    fs.writeFileSync(file, text);
    const client = new LspClient();
    try {
      await client.initialize(dir);
      const uri = client.open(file, text);
      const codes = (ds: Diagnostic[]) => ds.map((d) => d.code).join(',');
      const diagnostics = await client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0);
      assert.equal(codes(diagnostics), 'unknown-field');
      const [unknown] = diagnostics;
      assert.deepEqual(unknown.range, { start: { line: 9, character: 6 }, end: { line: 9, character: 15 } });
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: unknown.range, context: { diagnostics: [unknown], only: ['quickfix'] },
      });
      const suppress = actions.find((a) => a.title === 'Suppress unknown-field on this line')!;
      assert.ok(suppress, actions.map((a) => a.title).join(', '));
      const [edit] = suppress.edit!.changes![uri];
      assert.deepEqual(edit, { range: { start: { line: 9, character: 0 }, end: { line: 9, character: 0 } }, newText: '      # openapi-check-disable-next-line unknown-field -- <reason>\n' });
      client.change(uri, [{ range: edit.range, text: edit.newText }]);
      const after = await client.waitForDiagnostics(uri, (p) => codes(p.diagnostics) === 'unused-suppression');
      assert.equal(after[0].message, 'This suppression of unknown-field gives no reason: write why after \" -- \", so the exception can be reviewed.');
      // Writing the reason leaves nothing.
      const lines = new LineIndex(applyEdits(text, [{ offset: new LineIndex(text).offsetAt(edit.range.start), length: 0, newText: edit.newText }]));
      const reasonAt = lines.text.toString().indexOf('<reason>');
      const start = lines.positionAt(reasonAt);
      client.change(uri, [{ range: { start, end: { line: start.line, character: start.character + 8 } }, text: 'read by the gateway' }]);
      await client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
    } finally {
      await client.stop();
    }
  });
});
