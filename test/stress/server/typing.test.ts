// Typing as an editor types: keystroke sequences (auto-closed pairs, typing over closers,
// Backspace, Enter with auto-indent, pasted lines, completion snippets inserted whole) into the
// JSON and YAML documents of every rule's fixtures and the examples. After every key the
// session's tree and syntax errors equal a fresh parse of the same text; at every pause (a random
// share of the keys, as typing between debounces, and the end of each sequence) the findings the
// session reports equal those of a fresh check.
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';
import { random } from '../../helpers/recheck';
import { Counts, fixtureDocuments, otherDocuments, REPORTED_JSON, REPORTED_JSON_PROPERTIES, REPORTED_YAML, TypingRun } from '../../helpers/typing-run';

/** The two sequences users reported, typed exactly. */
describe('typing the reported sequences', () => {
  for (const property of REPORTED_JSON_PROPERTIES) {
    it(`JSON: ${property} typed after operationId, then erased, equals a fresh check at every key`, () => {
      const counts = { sequences: 0, keys: 0, pauses: 0 };
      const root = path.join(REPO_ROOT, 'test', 'fixtures', 'typing', 'pets.json');
      const run = new TypingRun(root, new Map([[root, REPORTED_JSON]]), random(1), counts);
      const after = REPORTED_JSON.indexOf('"listPetsJson",') + '"listPetsJson",'.length;
      run.typist.moveTo(after);
      run.typist.enter();
      run.typist.typeString(property, () => run.pause());
      assert.deepEqual(run.session.check(root).diagnostics.map((d) => d.message), []);
      while (run.doc.text.length > REPORTED_JSON.length) {
        run.typist.backspace();
        run.pause();
      }
      assert.equal(run.doc.text, REPORTED_JSON);
    });
  }

  it('YAML: a flow mapping property typed key by key leaves no syntax error', () => {
    const counts = { sequences: 0, keys: 0, pauses: 0 };
    const root = path.join(REPO_ROOT, 'test', 'fixtures', 'typing', 'pets.yaml');
    const run = new TypingRun(root, new Map([[root, REPORTED_YAML]]), random(1), counts);
    run.typist.moveTo(REPORTED_YAML.indexOf('          type: integer') + '          type: integer'.length);
    run.typist.enter();
    run.typist.backspace();
    run.typist.typeString('name: { type: string, maxLength: 20 }', () => run.pause());
    assert.ok(run.doc.text.endsWith('        name: { type: string, maxLength: 20 }\n'), run.doc.text);
    assert.deepEqual(run.session.check(root).diagnostics.map((d) => `${d.rule} ${d.message}`), []);
  });
});

describe('typing as an editor types equals a fresh check', () => {
  const seed = Number(process.env.TYPING_SEED ?? 4242);
  const perDocument = Number(process.env.TYPING_SEQUENCES ?? 3);
  const counts: Counts = { sequences: 0, keys: 0, pauses: 0 };
  const started = Date.now();
  const documents = [...otherDocuments(), ...fixtureDocuments()];
  // Grouped so that one failing document names its group, and the groups run in a bounded time.
  const groups = new Map<string, typeof documents>();
  for (const d of documents) {
    const group = path.relative(REPO_ROOT, path.dirname(d.root));
    groups.set(group, [...(groups.get(group) ?? []), d]);
  }
  for (const [group, list] of groups) {
    it(`in ${group}`, () => {
      for (const { root, texts } of list) {
        const next = random(seed + path.relative(REPO_ROOT, root).length * 7919);
        const run = new TypingRun(root, texts, next, counts);
        for (let i = 0; i < perDocument; i++) run.sequence();
      }
    });
  }
  it('compared a bounded number of sequences and pauses', () => {
    const seconds = (Date.now() - started) / 1000;
    console.log(`typing: ${counts.sequences} sequences, ${counts.keys} keys, ${counts.pauses} pauses compared in ${seconds.toFixed(1)} s`);
    assert.ok(counts.sequences >= documents.length * perDocument, `${counts.sequences} sequences`);
    assert.ok(counts.pauses > counts.sequences, `${counts.pauses} pauses`);
  });
});
