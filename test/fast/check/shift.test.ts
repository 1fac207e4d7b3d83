// Moving findings instead of re-checking after a free-text edit equals a fresh full check: after
// random typing inside descriptions, summaries and titles, the moved findings (ranges, messages,
// fixes, related places) are exactly those a new check reports.
import assert from 'node:assert/strict';
import { RULES } from '../../../server/src/rules/index';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { DocumentStore, SourceDocument } from '../../../server/src/model/documents';
import { checkDocument } from '../../../server/src/check/checker';
import { isFreeText, shiftDiagnostics } from '../../../server/src/check/shift';
import { Diagnostic, Fix, RelatedInformation } from '../../../server/src/check/types';
import { parseText } from '../../../server/src/syntax/parse';
import { reparseEdit } from '../../../server/src/syntax/incremental';
import { SyntaxNode } from '../../../server/src/syntax/tree';
import { REPO_ROOT } from '../../helpers/paths';

const describeAll = (ds: Diagnostic[]) =>
  ds.map((d) => JSON.stringify([d.rule, d.offset, d.length, d.message, d.fixes.map((f) => f.edits), d.related.map((r) => [r.offset, r.length, r.message])])).sort();

describe('findings moved after a free-text edit', () => {
  for (const file of ['examples/petstore/openapi.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml', 'node_modules/@readme/oas-examples/3.0/yaml/readme-extensions.yaml']) {
    it(`equal a fresh check after 60 edits of ${path.basename(file)}`, () => {
      const absolute = path.join(REPO_ROOT, file);
      let text = fs.readFileSync(absolute, 'utf8');
      const storeFor = (t: string) => new DocumentStore({ read: (p) => (p === absolute ? { text: t } : { reason: 'missing', message: 'missing' }) });
      let store = storeFor(text);
      let result = checkDocument(store, absolute, { rules: RULES });
      let seed = 12345;
      const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      let moved = 0;
      for (let i = 0; i < 60; i++) {
        const doc = store.get(absolute) as SourceDocument;
        const free: SyntaxNode[] = [];
        const stack = doc.root ? [doc.root] : [];
        while (stack.length) {
          const n = stack.pop()!;
          if (n.kind === 'string' && isFreeText(n)) free.push(n);
          if (n.children) stack.push(...n.children);
        }
        const node = free[Math.floor(next() * free.length)];
        if (!node) break;
        const quote = node.style === 'plain' ? 0 : 1;
        const offset = node.offset + quote + Math.floor(next() * Math.max(1, node.length - 2 * quote));
        const edit = { offset, length: 0, newText: 'abc XYZ'[Math.floor(next() * 7)] };
        const reparsed = reparseEdit(doc.parsed, edit);
        text = text.slice(0, offset) + edit.newText + text.slice(offset);
        const fresh = checkDocument(storeFor(text), absolute, { rules: RULES }).diagnostics;
        if (!reparsed) {
          store = storeFor(text);
          result = checkDocument(store, absolute, { rules: RULES });
          continue;
        }
        moved++;
        const updated = new SourceDocument(absolute, reparsed.parsed);
        shiftDiagnostics([[result.diagnostics]], absolute, updated, edit);
        assert.deepEqual(describeAll(result.diagnostics), describeAll(fresh), `edit ${i}: ${JSON.stringify(edit)} in ${JSON.stringify(String(node.key))}`);
        store = storeFor(text);
        store.replace(updated);
      }
      assert.ok(moved >= 30, `moved findings for ${moved} of 60 edits`);
    });
  }
});

describe('findings moved through one edit', () => {
  const before = new SourceDocument('/api.yaml', parseText('a: 1\n', 'yaml'));
  const after = new SourceDocument('/api.yaml', parseText('xa: 1\n', 'yaml'));
  const other = new SourceDocument('/other.yaml', parseText('b: 2\n', 'yaml'));
  const finding = (offset: number, fixes: Fix[], related: RelatedInformation[]): Diagnostic => ({
    rule: 'r', severity: 'warning', message: 'm', doc: before, offset, length: 2, fixes, related, tags: [],
  });

  it('move a fix and a related place that several findings share once, also across two checks', () => {
    const sharedEdit = { offset: 20, length: 3, newText: 'x' };
    const sharedFix: Fix = { title: 'Fix', edits: [sharedEdit] };
    const sharedPlace: RelatedInformation = { doc: before, offset: 30, length: 4, message: 'here' };
    const first = finding(10, [sharedFix], [sharedPlace]);
    const second = finding(12, [sharedFix], [sharedPlace]);
    const third = finding(14, [sharedFix], [sharedPlace]);
    shiftDiagnostics([[[first], [second]], [[third]]], '/api.yaml', after, { offset: 5, length: 0, newText: 'ab' });
    assert.deepEqual([first, second, third].map((d) => [d.offset, d.doc === after]), [[12, true], [14, true], [16, true]]);
    for (const d of [first, second, third]) {
      assert.deepEqual(d.fixes[0].edits, [{ offset: 22, length: 3, newText: 'x' }]);
      assert.deepEqual([d.related[0].offset, d.related[0].doc === after], [32, true]);
    }
  });

  it('keep ranges before the edit, widen those around it, and leave other files alone', () => {
    const fixEdit = { offset: 2, length: 10, newText: '' };
    const elsewhere: RelatedInformation = { doc: other, offset: 40, length: 1, message: 'there' };
    const around = finding(0, [{ title: 'Fix', edits: [fixEdit] }], [elsewhere]);
    around.length = 8;
    const beforeEdit = finding(1, [], []);
    shiftDiagnostics([[[around, beforeEdit]]], '/api.yaml', after, { offset: 5, length: 1, newText: 'abc' });
    assert.deepEqual([around.offset, around.length, beforeEdit.offset, beforeEdit.length], [0, 10, 1, 2]);
    assert.deepEqual(around.fixes[0].edits, [{ offset: 2, length: 12, newText: '' }]);
    assert.deepEqual([around.related[0].offset, around.related[0].doc === other], [40, true]);
  });
});
