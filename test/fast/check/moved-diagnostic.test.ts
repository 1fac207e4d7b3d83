// A kept finding moved through the edits made since its check: its range, each fix's edits and its
// related places where the edits put them, in the document after the edits; what ends before every
// edit stays where it is (and a fix that does is the same fix).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { movedDiagnostic } from '../../../server/src/check/shift';
import { Diagnostic } from '../../../server/src/check/types';
import { SourceDocument } from '../../../server/src/model/documents';
import { parseText } from '../../../server/src/syntax/parse';

const A = '/work/a.yaml';
const B = '/work/b.yaml';
const TEXT = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /a:\n    get:\n      operationId: same\n';
const doc = (path: string, text: string) => new SourceDocument(path, parseText(text, 'yaml'));

function finding(at: SourceDocument, offset: number, length: number, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { rule: 'operation-id-unique', severity: 'error', message: 'm', doc: at, offset, length, fixes: [], related: [], tags: [], ...extra };
}

describe('moving a kept finding through edits', () => {
  const before = doc(A, TEXT);
  const other = doc(B, TEXT);
  const same = TEXT.indexOf('same');
  // Two characters typed in the title, above the operationId.
  const edit = { offset: TEXT.indexOf('T\n') + 1, length: 0, newText: 'xy' };
  const after = doc(A, TEXT.slice(0, edit.offset) + 'xy' + TEXT.slice(edit.offset));
  const edited = (path: string) => (path === A ? { doc: after, edits: [edit] } : undefined);

  it('keeps a finding before the edit where it is, with its fixes, in the new document', () => {
    const fix = { title: 'f', edits: [{ offset: 2, length: 1, newText: 'z' }] };
    const d = finding(before, 0, 7, { fixes: [fix], related: [{ doc: other, offset: same, length: 4, message: 'r' }] });
    const moved = movedDiagnostic(d, edited);
    assert.equal(moved.doc, after);
    assert.deepEqual([moved.offset, moved.length], [0, 7]);
    assert.equal(moved.fixes[0], fix, 'the same fix');
    assert.equal(moved.related, d.related, 'its related place is in a file not edited');
    assert.equal(d.doc, before, 'the finding of the last check is left as it was');
  });

  it('moves a finding after the edit, its fixes and its related places in the edited file', () => {
    const before0 = { title: 'before', edits: [{ offset: 0, length: 1, newText: 'o' }] };
    const rename = { title: 'rename', edits: [{ offset: same, length: 4, newText: 'same_2' }] };
    const d = finding(before, same, 4, { fixes: [before0, rename], related: [{ doc: before, offset: same - 2, length: 1, message: 'r' }, { doc: other, offset: 3, length: 1, message: 'o' }], tags: ['deprecated'] });
    const moved = movedDiagnostic(d, edited);
    assert.deepEqual([moved.doc, moved.offset, moved.length, moved.message, moved.rule, moved.severity, moved.tags], [after, same + 2, 4, 'm', 'operation-id-unique', 'error', d.tags]);
    assert.equal(moved.fixes[0], before0);
    assert.deepEqual(moved.fixes[1].edits, [{ offset: same + 2, length: 4, newText: 'same_2' }]);
    assert.deepEqual(moved.related.map((r) => [r.doc.path, r.offset]), [[A, same], [B, 3]]);
    assert.equal(moved.related[0].doc, after);
    assert.deepEqual([d.offset, d.fixes[1].edits[0].offset, d.related[0].offset], [same, same, same - 2], 'the finding of the last check is left as it was');
  });

  it('grows a finding the edit is inside of, and leaves one in an unedited file as it is', () => {
    const title = finding(before, TEXT.indexOf('T\n'), 1);
    assert.deepEqual([movedDiagnostic(title, edited).offset, movedDiagnostic(title, edited).length], [title.offset, 3]);
    const elsewhere = finding(other, same, 4);
    assert.equal(movedDiagnostic(elsewhere, edited), elsewhere);
    const pointsIn = finding(other, same, 4, { related: [{ doc: before, offset: same, length: 4, message: 'r' }] });
    const moved = movedDiagnostic(pointsIn, edited);
    assert.deepEqual([moved.doc, moved.offset, moved.related[0].doc, moved.related[0].offset], [other, same, after, same + 2]);
  });
});
