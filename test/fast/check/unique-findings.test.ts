// A finding reached twice keeps the same copy whatever the order the copies come in: an edit
// re-checks some objects and keeps the findings of others, so the order differs from a fresh check's.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { describe, it } from 'node:test';
import { UniqueFindings } from '../../../server/src/check/unique-findings';
import { Diagnostic } from '../../../server/src/check/types';
import { LineIndex } from '../../../server/src/syntax/line-index';
import { REPO_ROOT } from '../../helpers/paths';
import { describeAll, fixtureSession, freshFindings } from '../../helpers/recheck';

const DIR = path.join(REPO_ROOT, 'test', 'rules', 'ref-siblings');

function edit(session: ReturnType<typeof fixtureSession>['session'], file: string, offset: number, length: number, newText: string): void {
  const doc = session.open.get(pathToFileURL(path.join(DIR, file)).href)!;
  const lines = new LineIndex(doc.text);
  session.applyChanges(doc, [{ range: { start: lines.positionAt(offset), end: lines.positionAt(offset + length) }, text: newText }]);
}

describe('one finding reached twice', () => {
  it('a path parameter missing from a Path Item with a $ref and operations beside it: every file equals a fresh check after edits in the referenced file', () => {
    const root = path.join(DIR, 'invalid-path-item.yaml');
    const { session } = fixtureSession(DIR, root);
    const files = fs.readdirSync(DIR).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.includes('.fixed')).map((f) => path.join(DIR, f));
    for (const file of files) session.check(file);
    const missing = () => session.check(root).diagnostics.filter((d) => d.rule === 'path-params-defined');
    // The referenced Path Item's parameter becomes a string: neither the local operations nor the
    // referenced one declare {petId}. The path is one finding; its parameter would go in the
    // referenced file's list (one beside the \$ref would be a second), so no fix is offered.
    for (const [offset, length, newText] of [[32, 0, 'type: object'], [13, 1, '']] as const) {
      edit(session, 'pet-path.yaml', offset, length, newText);
      for (const file of files) assert.deepEqual(describeAll(session.check(file).diagnostics), freshFindings(session, file), path.basename(file));
      assert.deepEqual(missing().map((d) => [d.message, d.fixes.map((f) => f.title), d.related.length]), [
        ['Path parameter "petId" is not declared: add a parameter with "name: petId" and "in: path".', [], 1],
      ]);
    }
  });

  it('keeps the copy with more fixes, then more related places, in either order', () => {
    const doc = { path: '/a.yaml' } as Diagnostic['doc'];
    const base: Diagnostic = { rule: 'r', severity: 'error', message: 'm', doc, offset: 3, length: 2, fixes: [], related: [], tags: [] };
    const withFix = { ...base, fixes: [{ title: 'Fix it', edits: [{ offset: 0, length: 0, newText: 'x' }] }] };
    const withRelated = { ...base, related: [{ doc, offset: 9, length: 1, message: 'there' }] };
    const other = { ...base, message: 'another' };
    for (const order of [[base, withRelated, withFix, other], [withFix, other, withRelated, base], [other, withRelated, base, withFix]]) {
      const unique = new UniqueFindings();
      for (const d of order) unique.add(d);
      assert.deepEqual(new Set(unique.kept), new Set([withFix, other]));
    }
    const unique = new UniqueFindings();
    for (const d of [withRelated, base]) unique.add(d);
    assert.deepEqual(unique.kept, [withRelated]);
  });
});
