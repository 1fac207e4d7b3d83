// Findings as LSP values, reused while the client would see them unchanged: a moved copy of a
// finding whose range, message, rule and severity are the same gives the value published before;
// any difference gives a new value with what the client must see.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Diagnostic } from '../../../server/src/check/types';
import { movedDiagnostic } from '../../../server/src/check/shift';
import { SourceDocument } from '../../../server/src/model/documents';
import { parseText } from '../../../server/src/syntax/parse';
import { LspDiagnostics, toLspDiagnostic } from '../../../server/src/server/lsp-types';

const FILE = '/work/api.yaml';
const TEXT = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /a:\n    get:\n      operationId: same\n';
const uriOf = (p: string) => `file://${p}`;
const doc = (text: string) => new SourceDocument(FILE, parseText(text, 'yaml'));

function finding(at: SourceDocument, text: string, message = 'The operationId "same" is used twice'): Diagnostic {
  const offset = at.source.slice(0, at.source.length).indexOf(text);
  return { rule: 'operation-id-unique', severity: 'error', message, doc: at, offset, length: text.length, fixes: [], related: [], tags: [] };
}

describe('findings as LSP values', () => {
  it('gives the value published before for a moved copy the client sees unchanged', () => {
    const before = doc(TEXT);
    const d = finding(before, 'same');
    const lsp = new LspDiagnostics();
    const first = lsp.convert(d, uriOf);
    assert.deepEqual(first, toLspDiagnostic(d, uriOf));
    // A character typed in the title, on a line above: the finding's document changes, not its place.
    const edit = { offset: TEXT.indexOf('T\n'), length: 0, newText: 'x' };
    const after = doc(TEXT.slice(0, edit.offset) + 'x' + TEXT.slice(edit.offset));
    const moved = movedDiagnostic(d, (p) => (p === FILE ? { doc: after, edits: [edit] } : undefined));
    assert.notEqual(moved, d);
    assert.equal(moved.offset, d.offset + 1);
    assert.equal(lsp.convert(moved, uriOf), first, 'same line and character: the same value');
  });

  it('gives a new value when the range, the message or the severity differ', () => {
    const before = doc(TEXT);
    const d = finding(before, 'same');
    const lsp = new LspDiagnostics();
    const first = lsp.convert(d, uriOf);
    // A line inserted above: the same finding one line down.
    const edit = { offset: TEXT.indexOf('paths:'), length: 0, newText: 'tags: []\n' };
    const after = doc(TEXT.slice(0, edit.offset) + edit.newText + TEXT.slice(edit.offset));
    const moved = movedDiagnostic(d, (p) => (p === FILE ? { doc: after, edits: [edit] } : undefined));
    const shifted = lsp.convert(moved, uriOf);
    assert.notEqual(shifted, first);
    assert.deepEqual(shifted, toLspDiagnostic(moved, uriOf));
    assert.equal(shifted.range.start.line, first.range.start.line + 1);
    const reworded = { ...moved, message: 'The operationId "samex" is used twice' };
    assert.deepEqual(lsp.convert(reworded, uriOf), toLspDiagnostic(reworded, uriOf));
    const warning = { ...reworded, severity: 'warning' as const };
    assert.deepEqual(lsp.convert(warning, uriOf), toLspDiagnostic(warning, uriOf));
    // Typed inside the range: it grows, and the client must see its new end.
    const inside = { offset: TEXT.indexOf('same') + 2, length: 0, newText: 'x' };
    const grown = doc(TEXT.slice(0, inside.offset) + 'x' + TEXT.slice(inside.offset));
    const longer = movedDiagnostic(d, (p) => (p === FILE ? { doc: grown, edits: [inside] } : undefined));
    assert.equal(lsp.convert(longer, uriOf).range.end.character, first.range.end.character + 1);
  });
});
