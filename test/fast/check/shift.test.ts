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
import { Diagnostic } from '../../../server/src/check/types';
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
        shiftDiagnostics(result.diagnostics, absolute, updated, edit);
        assert.deepEqual(describeAll(result.diagnostics), describeAll(fresh), `edit ${i}: ${JSON.stringify(edit)} in ${JSON.stringify(String(node.key))}`);
        store = storeFor(text);
        store.replace(updated);
      }
      assert.ok(moved >= 30, `moved findings for ${moved} of 60 edits`);
    });
  }
});
