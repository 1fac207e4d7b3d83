// The rule run pauses between findings: a document rule that reports 100,000 findings in one call
// (the syntax errors of a 4 MB document with as many duplicate keys) had them made into findings in
// that call, holding the language server for a second.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocumentSteps } from '../../../server/src/check/checker';
import { Rule } from '../../../server/src/check/types';
import { DocumentStore } from '../../../server/src/model/documents';
import { RULES } from '../../../server/src/rules/index';

const FILE = '/virtual/openapi.yaml';
const DUPLICATES = 5_000;
const TEXT = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-many:\n' +
  '  a: 1\n'.repeat(DUPLICATES + 1);

describe('the rule run', { timeout: 60_000 }, () => {
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

  it('pauses inside a document rule that yields between its findings', () => {
    let pauses = 0;
    const seen: number[] = [];
    const many: Rule = {
      id: 'many', severity: 'hint', description: '', messages: { one: 'Finding {n}.' },
      *checkDocument(_doc, context) {
        for (let n = 0; n < DUPLICATES; n++) {
          if (n === 0 || n === DUPLICATES - 1) seen.push(pauses);
          context.report({ at: { offset: n, length: 1 }, messageId: 'one', data: { n: String(n) } });
          yield;
        }
      },
    };
    const store = new DocumentStore({ read: () => ({ text: TEXT }) });
    const steps = checkDocumentSteps(store, FILE, { rules: [many] });
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    const found = step.value.diagnostics.filter((d) => d.rule === 'many');
    assert.deepEqual(found.map((d) => d.offset), Array.from({ length: DUPLICATES }, (_, n) => n));
    assert.equal(found[7].message, 'Finding 7.');
    assert.ok(seen[1] - seen[0] >= DUPLICATES / 256 - 1, `${seen[1] - seen[0]} pauses inside the rule`);
  });

  it('reads every syntax error with a pause after each (the syntax rule is a generator)', () => {
    const store = new DocumentStore({ read: () => ({ text: TEXT }) });
    const doc = store.get(FILE);
    assert.ok(!('reason' in doc));
    const reports: unknown[] = [];
    const context = { analysis: undefined as never, options: {}, report: (r: unknown) => void reports.push(r) };
    const pauses = RULES.find((r) => r.id === 'syntax')!.checkDocument!(doc, context);
    let between = 0;
    for (const _ of pauses ?? []) between++;
    assert.equal(reports.length, DUPLICATES);
    assert.equal(between, DUPLICATES);
  });
});
