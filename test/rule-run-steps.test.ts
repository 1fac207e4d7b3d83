// The rule run pauses between findings: a document rule that reports 100,000 findings in one call
// (the syntax errors of a 4 MB document with as many duplicate keys) had them made into findings in
// that call, holding the language server for a second.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocumentSteps } from '../server/src/check/checker';
import { Rule } from '../server/src/check/types';
import { DocumentStore } from '../server/src/model/documents';
import { RULES } from '../server/src/rules/index';

const FILE = '/virtual/openapi.yaml';
const DUPLICATES = 5_000;
const TEXT = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-many:\n' +
  '  a: 1\n'.repeat(DUPLICATES + 1);

describe('the rule run', () => {
  it('pauses while it makes a document rule\'s thousands of findings', () => {
    let pauses = 0;
    let atDocumentRules: number | undefined;
    let atObjectRules: number | undefined;
    // Document rules run before object rules; this one first of them.
    const before: Rule = {
      id: 'probe-before', severity: 'hint', description: '', messages: {},
      checkDocument: () => void (atDocumentRules ??= pauses),
    };
    const after: Rule = {
      id: 'probe-after', severity: 'hint', description: '', messages: {}, kinds: ['Root'],
      checkObject: () => void (atObjectRules ??= pauses),
    };
    const store = new DocumentStore({ read: () => ({ text: TEXT }) });
    const steps = checkDocumentSteps(store, FILE, { rules: [before, ...RULES, after] });
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    const syntax = step.value.diagnostics.filter((d) => d.rule === 'syntax');
    assert.equal(syntax.length, DUPLICATES);
    const firstDuplicate = TEXT.indexOf('  a: 1\n') + '  a: 1\n'.length + 2;
    const message = 'Duplicate key "a": only one of them can be read.';
    assert.deepEqual([syntax[0].offset, syntax[0].length, syntax[0].message], [firstDuplicate, 1, message]);
    assert.deepEqual(syntax.at(-1)!.offset, TEXT.lastIndexOf('  a: 1\n') + 2);
    const documentRulePauses = atObjectRules! - atDocumentRules!;
    assert.ok(documentRulePauses >= DUPLICATES / 256, `${documentRulePauses} pauses for ${DUPLICATES} findings`);
  });
});
