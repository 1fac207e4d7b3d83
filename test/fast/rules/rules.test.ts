// Fixture tests for every rule: test/rules/<rule-id>/valid*.{yaml,json} must not trigger the rule,
// invalid* must trigger exactly the annotated diagnostics, and <name>.fixed.<ext> is the text
// after applying the first fix of each of them (which must then be gone).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/model/documents';
import { checkDocument } from '../../../server/src/check/checker';
import { readConfig } from '../../../server/src/check/config';
import { RULE_IDS, RULES } from '../../../server/src/rules/index';
import { Diagnostic } from '../../../server/src/check/types';
import { fixAll } from '../../../server/src/check/fix-all';
import { applyEdits } from '../../../server/src/syntax/edit';
import { detectFormat, parseText } from '../../../server/src/syntax/parse';
import { FixtureFiles, fixedFileFor, fixedText, rootFixtures } from '../../helpers/fixtures';
import { fixturePath } from '../../helpers/paths';

const RULES_DIR = fixturePath('rules');

function describeDiagnostic(d: Diagnostic): string {
  const start = d.doc.lineIndex.positionAt(d.offset);
  const end = d.doc.lineIndex.positionAt(d.offset + d.length);
  return `${path.basename(d.doc.path)}:${start.line + 1}:${start.character}-${end.line + 1}:${end.character} ${d.severity} ${d.rule}: ${d.message}`;
}

/** Rules that are off by default are turned on in their own fixtures; others keep each finding's own severity. */
function configFor(rule: string) {
  const found = RULES.find((r) => r.id === rule);
  return readConfig({ rules: found?.offByDefault ? { [rule]: found.severity } : {} }, RULE_IDS).config;
}

export function checkFixture(rule: string, file: string) {
  const files = new FixtureFiles();
  const store = new DocumentStore(files);
  const result = checkDocument(store, file, { rules: RULES, config: configFor(rule) });
  assert.equal(result.crashes.length, 0, `rule crashes: ${result.crashes.map((c) => c.error).join('\n')}`);
  const actual = result.diagnostics.filter((d) => d.rule === rule);
  return { files, result, actual };
}

const ruleDirs = fs.existsSync(RULES_DIR) ? fs.readdirSync(RULES_DIR).filter((d) => fs.statSync(path.join(RULES_DIR, d)).isDirectory()).sort() : [];

for (const rule of ruleDirs) {
  describe(`rule ${rule}`, () => {
    for (const { file, kind } of rootFixtures(path.join(RULES_DIR, rule))) {
      it(`${kind === 'valid' ? 'does not trigger on' : 'reports'} ${path.basename(file)}`, () => {
        const { files, actual } = checkFixture(rule, file);
        const expected = [...files.expected.entries()].flatMap(([f, list]) => list.filter((e) => e.rule === rule).map((e) => ({ ...e, file: f })));
        const expectedLines = expected
          .map((e) => `${path.basename(e.file)}:${e.line + 1}:${e.character}-${e.line + 1}:${e.endCharacter} ${e.severity} ${e.rule}: ${e.message}`)
          .sort();
        const actualLines = actual.map(describeDiagnostic).sort();
        if (kind === 'valid') assert.deepEqual(actualLines, [], 'a valid fixture must not trigger the rule');
        else assert.ok(expectedLines.length > 0, 'an invalid fixture must annotate at least one diagnostic of its rule');
        assert.deepEqual(actualLines, expectedLines);

        const fixed = fixedFileFor(file);
        const fixable = actual.filter((d) => d.fixes.length > 0 && d.doc.path === file);
        if (!fs.existsSync(fixed)) {
          assert.equal(fixable.length, 0, `${path.basename(file)} has fixable diagnostics: add ${path.basename(fixed)} with the fixed text`);
          return;
        }
        assert.ok(fixable.length > 0, `${path.basename(fixed)} exists but no diagnostic offers a fix`);
        const text = files.texts.get(file)!;
        // Fix-all as the editor runs it: first fixes, re-check, repeat.
        const recheck = (t: string) => {
          const store = new DocumentStore({ read: (p) => (p === file ? { text: t } : files.read(p)), readRemote: (url) => files.readRemote(url) });
          return checkDocument(store, file, { rules: RULES, config: configFor(rule) }).diagnostics.filter((d) => d.rule === rule && d.doc.path === file);
        };
        // A rule whose fixes are applied only when picked (Rule.pickedFixes): Fix all leaves them,
        // and the fixed text is the one with each finding's first fix picked.
        const picked = fixable.filter((d) => d.fixes[0].picked);
        assert.ok(picked.length === 0 || picked.length === fixable.length, 'a fixture\'s fixes are all applied by Fix all, or all only when picked');
        if (picked.length) assert.equal(fixAll(text, recheck).text, text, 'Fix all applies no fix that is applied only when picked');
        const after = fixedText(text, recheck);
        assert.equal(after, fs.readFileSync(fixed, 'utf8'));
        // The fixes leave the document parseable, and only diagnostics without a fix remain.
        const reparsed = parseText(after, detectFormat(file, after));
        assert.deepEqual(reparsed.errors.map((e) => e.message), [], 'the fixed text must parse');
        assert.deepEqual(recheck(after).filter((d) => d.fixes.length > 0).map(describeDiagnostic), [], 'the fixes must remove the diagnostics they fix');
        const unfixable = actual.filter((d) => d.doc.path === file && d.fixes.length === 0).map((d) => d.message).sort();
        const remaining = recheck(after).map((d) => d.message).sort();
        assert.deepEqual(remaining, unfixable, 'exactly the diagnostics without a fix remain');

        // Alternative fixes: <name>.fixed.2.<ext> is the text after the second fix of each diagnostic that has one.
        const second = fixable.filter((d) => d.fixes.length > 1);
        const fixed2 = fixedFileFor(file).replace(/\.fixed\./, '.fixed.2.');
        assert.equal(fs.existsSync(fixed2), second.length > 0, second.length ? `add ${path.basename(fixed2)} for the second fixes` : `${path.basename(fixed2)} has no second fix to show`);
        if (second.length) {
          const after2 = applyEdits(text, second.flatMap((d) => d.fixes[1].edits));
          assert.equal(after2, fs.readFileSync(fixed2, 'utf8'));
          assert.deepEqual(parseText(after2, detectFormat(file, after2)).errors.map((e) => e.message), [], 'the second fixes must parse');
          // Each second fix removes its own diagnostic: what remains is what it did not address.
          const expectedLeft = actual.filter((d) => d.doc.path === file && !second.includes(d)).map((d) => d.message).sort();
          assert.deepEqual(recheck(after2).map((d) => d.message).sort(), expectedLeft, 'the second fixes must remove the diagnostics they fix');
        }
      });
    }
  });
}
