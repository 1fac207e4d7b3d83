// The incremental re-check's plan at its own boundary (check/edit-planner.ts): how an edit
// reparsed in place is classified, when it only moves the findings of the last check, and which
// findings a re-check keeps. Plain data in and out: a store, a check, an edit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument, CheckResult } from '../../../server/src/check/checker';
import { changeOf, editOnlyMovesFindings, EditsSinceCheck } from '../../../server/src/check/edit-planner';
import { DocumentStore, SourceDocument } from '../../../server/src/model/documents';
import { RULES } from '../../../server/src/rules/index';
import { reparseEdit } from '../../../server/src/syntax/incremental';
import { drain } from '../../../server/src/syntax/steps';

const FILE = '/virtual/api.yaml';
const DOC = [
  'openapi: 3.0.3',
  'info:',
  '  title: Pets',
  '  version: 1.0.0',
  'paths:',
  '  /pets:',
  '    get:',
  '      description: Lists the pets',
  '      responses:',
  "        '200':",
  '          description: OK',
  'components:',
  '  schemas:',
  '    Pet:',
  '      type: object',
  '      description: A pet',
  '',
].join('\n');

/** The document checked, and an edit of it reparsed in place (the tree is edited: one use per check). */
function checkedThenEdited(text: string, at: string, offsetInAt: number, length: number, newText: string) {
  const store = new DocumentStore({ read: () => ({ text }) });
  const result: CheckResult = checkDocument(store, FILE, { rules: RULES, skipNonOpenApi: true });
  const before = store.get(FILE) as SourceDocument;
  const edit = { offset: text.indexOf(at) + offsetInAt, length, newText };
  const reparsed = reparseEdit(before.parsed, edit);
  assert.ok(reparsed, `the edit ${JSON.stringify(edit)} is reparsed in place`);
  return { result, before, reparsed, edit };
}

describe('edit planner', () => {
  it('classifies an edit: a scalar typed in, a free-text member added, a $ref changed', () => {
    const value = checkedThenEdited(DOC, 'type: object', 'type: obj'.length, 0, 'x');
    assert.equal(changeOf(value.result.analysis!, value.reparsed.replaced, value.reparsed.nodes), 'value');
    const member = checkedThenEdited(DOC, '      description: A pet', '      description: A pet'.length, 0, '\n      example: {}');
    assert.equal(changeOf(member.result.analysis!, member.reparsed.replaced, member.reparsed.nodes), 'member');
    const withRef = DOC.replace('      type: object\n', "      allOf:\n        - $ref: '#/components/schemas/Pet'\n");
    const ref = checkedThenEdited(withRef, "$ref: '#/components/schemas/Pet'", '$ref: '.length + 1, 0, 'x');
    assert.equal(changeOf(ref.result.analysis!, ref.reparsed.replaced, ref.reparsed.nodes), 'structure');
  });

  it('lets typing inside free text only move the findings, and nothing else', () => {
    const last = (r: CheckResult) => [{ result: r, since: new EditsSinceCheck() }];
    const inside = checkedThenEdited(DOC, 'description: Lists the pets', 'description: Lists'.length, 0, ' all');
    assert.equal(editOnlyMovesFindings(last(inside.result), RULES, FILE, inside.before, inside.reparsed, inside.edit), true);
    // `type` is no free text: rules read it.
    const typed = checkedThenEdited(DOC, 'type: object', 'type: obj'.length, 0, 'x');
    assert.equal(editOnlyMovesFindings(last(typed.result), RULES, FILE, typed.before, typed.reparsed, typed.edit), false);
    // The unused Pet component's fix removes the member up to the end of its description's value:
    // text typed after a trailing blank joins the value, and that end moves though the edit is past it.
    const blank = DOC.replace('description: A pet\n', 'description: A pet \n');
    const after = checkedThenEdited(blank, 'description: A pet ', 'description: A pet '.length, 0, 'x');
    assert.equal(after.reparsed.node.value, 'A pet x');
    assert.equal(editOnlyMovesFindings(last(after.result), RULES, FILE, after.before, after.reparsed, after.edit), false);
    const waiting = new EditsSinceCheck();
    waiting.record(FILE, inside.edit, inside.reparsed.replaced, inside.reparsed.nodes, 'value');
    const again = checkedThenEdited(DOC, 'description: Lists the pets', 'description: Lists'.length, 0, ' all');
    assert.equal(editOnlyMovesFindings([{ result: again.result, since: waiting }], RULES, FILE, again.before, again.reparsed, again.edit), false,
      'edits waiting for a re-check: the findings move through all of them then');
  });

  it('keeps the findings of objects an edit did not touch, moved, and checks the touched ones again', () => {
    const { result, reparsed, edit } = checkedThenEdited(DOC, 'title: Pets', 'title: Pe'.length, 0, 'XX');
    const since = new EditsSinceCheck();
    since.record(FILE, edit, reparsed.replaced, reparsed.nodes, changeOf(result.analysis!, reparsed.replaced, reparsed.nodes));
    const store = new DocumentStore({ read: () => ({ text: reparsed.parsed.text }) });
    store.replace(new SourceDocument(FILE, reparsed.parsed));
    const earlier = drain(since.earlierFindings(result, store))!;
    const objects = result.analysis!.objects;
    assert.equal(earlier.forObject(objects.find((o) => o.kind === 'Info')!, result.analysis!), undefined, 'the Info object is checked again');
    const operation = objects.find((o) => o.kind === 'Operation')!;
    const before = result.perUnit!.get(operation) ?? [];
    assert.deepEqual(before.map((d) => d.rule), ['operation-id-missing']);
    const kept = earlier.forObject(operation, result.analysis!)!;
    assert.deepEqual(kept.map((d) => [d.rule, d.offset]), before.map((d) => [d.rule, d.offset + 2]), 'the operation keeps its finding, two characters on');
  });
});
