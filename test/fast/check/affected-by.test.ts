// Rules that name the objects an edit can affect (Rule.affectedBy) keep the findings of the others:
// typing in one operationId of 300 Operations calls operation-id-unique for the Operations of the
// ids it changed only (and operation-id-missing for the one without an id), and the findings equal
// a fresh check's.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'url';
import { RULES } from '../../../server/src/rules/index';
import { Session } from '../../../server/src/server/state/session';
import { describeAll, freshFindings } from '../../helpers/recheck';
import { drain } from '../../../server/src/syntax/steps';

const OPERATIONS = 300;

function document(): string {
  const lines = ['openapi: 3.0.3', 'info:', '  title: Many', "  version: '1'", 'paths:'];
  for (let i = 0; i < OPERATIONS; i++) {
    lines.push(`  /things${i}:`, '    get:', `      operationId: getThing${i}`, '      responses:', "        '200':", '          description: ok');
  }
  // One duplicate (reported on its second Operation) and one Operation without an id.
  lines.push('  /again:', '    get:', '      operationId: getThing7', '      responses:', "        '200':", '          description: ok');
  lines.push('  /nameless:', '    get:', '      responses:', "        '200':", '          description: ok');
  return lines.join('\n') + '\n';
}

describe('rules that name the objects an edit affects', () => {
  it('check again only the Operations of the operationIds a keystroke changed', () => {
    const session = new Session();
    const file = '/virtual/affected-by/openapi.yaml';
    const uri = pathToFileURL(file).href;
    const text = document();
    session.open.set(uri, { uri, path: file, version: 1, text });
    const first = session.check(file);
    // As the server does once the first check is published: trees cut into segments before the first edit.
    drain(session.segmentTreesSteps());
    const doc = session.open.get(uri)!;
    const operations = first.analysis!.byKind.get('Operation')!.length;
    assert.equal(operations, OPERATIONS + 2);
    // Counts the Operations each rule that names what it affects is called for.
    const calls = new Map<string, number>();
    const restore: (() => void)[] = [];
    for (const rule of RULES.filter((r) => r.id === 'operation-id-unique' || r.id === 'operation-id-missing')) {
      const checkObject = rule.checkObject!;
      rule.checkObject = (object, context) => {
        calls.set(rule.id, (calls.get(rule.id) ?? 0) + 1);
        return checkObject(object, context);
      };
      restore.push(() => (rule.checkObject = checkObject));
    }
    after(() => restore.forEach((r) => r()));
    const type = (offset: number, insert: string) => {
      calls.clear();
      const before = doc.text.slice(0, offset);
      const line = before.split('\n').length - 1;
      const character = offset - (before.lastIndexOf('\n') + 1);
      session.applyChanges(doc, [{ range: { start: { line, character }, end: { line, character } }, text: insert }]);
      const result = session.check(file);
      const called = Object.fromEntries(calls);
      assert.deepEqual(describeAll(result.diagnostics), freshFindings(session, file));
      return { ...result, called };
    };
    // getThing100 -> getThing100x: one Operation changes group.
    const at = doc.text.indexOf('getThing100\n') + 'getThing100'.length;
    const typed = type(at, 'x');
    assert.ok(typed.analysisReused);
    // The Operation typed in, by both (an edit may empty or fill its id); and by operation-id-missing
    // the one without an id (its suggestion avoids every id).
    assert.deepEqual(typed.called, { 'operation-id-unique': 1, 'operation-id-missing': 2 });
    // getThing7 -> getThing7x on the first of the duplicates: both of them are checked again, and
    // the duplicate is now the first of a free id.
    const dup = type(doc.text.indexOf('getThing7\n') + 'getThing7'.length, 'x');
    assert.deepEqual(dup.diagnostics.filter((d) => d.rule === 'operation-id-unique').length, 0);
    // The second is checked again by every rule too: its finding's related place was edited.
    assert.deepEqual(dup.called, { 'operation-id-unique': 2, 'operation-id-missing': 3 });
  });
});
