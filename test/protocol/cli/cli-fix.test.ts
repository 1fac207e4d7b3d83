// `openapi-check --fix` and `--fix-dry-run`: the editor's fix-all from the command line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/check/checker';
import { readConfig } from '../../../server/src/check/config';
import { Rule } from '../../../server/src/check/types';
import { DocumentStore } from '../../../server/src/model/documents';
import { RULE_IDS, RULES } from '../../../server/src/rules/index';
import { FixtureFiles, fixedFileFor, rootFixtures, stripAnnotations } from '../../helpers/fixtures';
import { cli, copyFixtures, jsonFindings, tempDir } from '../../helpers/cli';
import { fixturePath, REPO_ROOT } from '../../helpers/paths';

/** Whether a fixture's findings of a rule offer only fixes applied when picked (Fix.picked). */
function fixturePickedOnly(rule: Rule, file: string): boolean {
  const config = readConfig({ rules: rule.offByDefault ? { [rule.id]: rule.severity } : {} }, RULE_IDS).config;
  const found = checkDocument(new DocumentStore(new FixtureFiles()), file, { rules: RULES, config }).diagnostics;
  return found.some((d) => d.rule === rule.id && d.fixes[0]?.picked);
}

describe('openapi-check --fix', () => {
  // Each fixture in a copy of its folder of its own, so fixes to a shared referenced file in one
  // do not reach another; one CLI run per rule.
  for (const rule of RULES) {
    const fixtures = rootFixtures(fixturePath('rules', rule.id)).filter((f) => f.kind === 'invalid' && fs.existsSync(fixedFileFor(f.file)));
    if (fixtures.length === 0) continue;
    // Fixes applied only when picked (a rule's, or some of its findings'): --fix leaves those
    // fixtures as they are (a fixture's fixes are all picked or none: rules.test.ts).
    const pickedFixture = (file: string) => rule.pickedFixes !== undefined || fixturePickedOnly(rule, file);
    const allPicked = fixtures.every(({ file }) => pickedFixture(file));
    it(allPicked ? `leaves every ${rule.id} fixture as it is (its fixes are applied only when picked)` : `turns every ${rule.id} fixture into its .fixed text, but those whose fixes are applied only when picked`, () => {
      const dir = tempDir();
      const roots: string[] = [];
      for (const { file } of fixtures) {
        const name = path.basename(file);
        copyFixtures(path.dirname(file), path.join(dir, name + '.d'));
        roots.push(path.join(name + '.d', name));
      }
      // The fixture's .fixed text has this rule's fixes alone: the others are turned off. The
      // suppressions of unused-suppression's fixtures name other rules, which must run for them.
      const rules: Record<string, string> = {};
      if (rule.id !== 'unused-suppression') for (const other of RULES) rules[other.id] = other.id === rule.id ? rule.severity : 'off';
      fs.writeFileSync(path.join(dir, 'only.json'), JSON.stringify({ rules }));
      const r = cli(['--fix', '--jobs', '1', '--config', 'only.json', ...roots], dir);
      assert.notEqual(r.code, 2, r.stderr);
      for (const { file } of fixtures) {
        const name = path.basename(file);
        const picked = pickedFixture(file);
        const expected = picked ? stripAnnotations(fs.readFileSync(file, 'utf8'), file).text : fs.readFileSync(fixedFileFor(file), 'utf8');
        assert.equal(fs.readFileSync(path.join(dir, name + '.d', name), 'utf8'), expected, `${name}: ${r.stdout}`);
        if (picked) assert.doesNotMatch(r.stdout, new RegExp(`^Fixed ${name.replace(/\./g, '\\.')}\\.d/`, 'm'));
        else assert.match(r.stdout, new RegExp(`^Fixed ${name.replace(/\./g, '\\.')}\\.d/${name.replace(/\./g, '\\.')}: \\d+ fix(es)? \\(${rule.id}( \\d+)?\\)$`, 'm'));
      }
    });
  }

  it('prints what it changed per file, applies fixes in referenced files, and reports what is left', () => {
    const dir = tempDir();
    fs.cpSync(path.join(REPO_ROOT, 'examples', 'petstore'), dir, { recursive: true });
    const r = cli(['--fix', 'openapi.yaml'], dir);
    const lines = r.stdout.split('\n');
    assert.match(lines[0], /^Fixed openapi\.yaml: \d+ fixes \(.*path-leading-slash.*\)$/);
    assert.equal(lines[1], 'Fixed schemas.yaml: 1 fix (ref-unresolved)');
    assert.match(fs.readFileSync(path.join(dir, 'schemas.yaml'), 'utf8'), /- \$ref: '#\/Pet'\n/);
    assert.match(fs.readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'), /\n {2}\/stores:\n/);
    // Then the report of what is left, which decides the exit code.
    const left = cli(['openapi.yaml'], dir);
    assert.equal(lines.filter((l) => !l.startsWith('Fixed ')).join('\n'), left.stdout);
    assert.equal(r.code, left.code);
    const again = cli(['--fix', 'openapi.yaml'], dir);
    assert.match(again.stdout, /^Nothing to fix\.\n/);
  });

  it('--fix-dry-run prints a unified diff, changes nothing, and reports what would be left', () => {
    const dir = tempDir();
    copyFixtures(fixturePath('rules', 'path-leading-slash'), dir);
    const before = fs.readFileSync(path.join(dir, 'invalid.yaml'), 'utf8');
    const r = cli(['--fix-dry-run', 'invalid.yaml'], dir);
    assert.equal(fs.readFileSync(path.join(dir, 'invalid.yaml'), 'utf8'), before);
    // The diff, then the report (its lines start with the file name or "No problems").
    const outLines = r.stdout.split('\n');
    const reportStart = outLines.findIndex((l) => l.startsWith('invalid.yaml:') || l.startsWith('No problems'));
    const diff = outLines.slice(0, reportStart).join('\n');
    const report = outLines.slice(reportStart).join('\n');
    assert.match(diff, /^--- a\/invalid\.yaml\n\+\+\+ b\/invalid\.yaml\n@@ -\d+,\d+ \+\d+,\d+ @@\n/);
    // Applying the diff's changes by hand gives what --fix writes.
    const fixed = cli(['--fix', 'invalid.yaml'], dir);
    assert.equal(fixed.code, r.code);
    const after = fs.readFileSync(path.join(dir, 'invalid.yaml'), 'utf8');
    const removed = diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---')).map((l) => l.slice(1));
    const added = diff.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1));
    for (const line of removed) assert.ok(before.split('\n').includes(line) && !after.split('\n').includes(line), line);
    for (const line of added) assert.ok(after.split('\n').includes(line), line);
    // The report after the diff is what --fix leaves.
    assert.equal(report, fixed.stdout.slice(fixed.stdout.indexOf('\n') + 1));
  });

  it('--fix-dry-run diffs of several files apply with git apply and give what --fix writes', () => {
    const dry = tempDir();
    const real = tempDir();
    fs.cpSync(path.join(REPO_ROOT, 'examples', 'petstore'), dry, { recursive: true });
    fs.cpSync(path.join(REPO_ROOT, 'examples', 'petstore'), real, { recursive: true });
    const r = cli(['--fix-dry-run', '--format', 'json', 'openapi.yaml'], dry);
    // With a machine format on stdout, the diff goes to stderr.
    assert.deepEqual(JSON.parse(r.stdout), JSON.parse(cli(['--fix', '--format', 'json', 'openapi.yaml'], real).stdout));
    assert.match(r.stderr, /^--- a\/openapi\.yaml\n[\s\S]*\n--- a\/schemas\.yaml\n/);
    fs.writeFileSync(path.join(dry, 'fix.diff'), r.stderr);
    const apply = spawnSync('git', ['apply', 'fix.diff'], { cwd: dry, encoding: 'utf8' });
    assert.equal(apply.status, 0, apply.stderr);
    for (const name of ['openapi.yaml', 'schemas.yaml']) assert.equal(fs.readFileSync(path.join(dry, name), 'utf8'), fs.readFileSync(path.join(real, name), 'utf8'));
  });

  it('does not fix suppressed findings, nor findings below --severity', () => {
    const dir = tempDir();
    const text = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  # openapi-check-disable-next-line path-leading-slash -- the gateway adds it\n  stores:\n    get:\n      operationId: listStores\n      responses:\n        200:\n          description: OK\n';
    fs.writeFileSync(path.join(dir, 'api.yaml'), text);
    fs.writeFileSync(path.join(dir, '.openapi-check.json'), JSON.stringify({ rules: { 'response-code-quoted': 'warning' } }));
    const r = cli(['--fix', '--severity', 'error', 'api.yaml'], dir);
    assert.equal(r.stdout, 'Nothing to fix.\nNo problems in 1 file.\n');
    assert.equal(fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8'), text);
    cli(['--fix', 'api.yaml'], dir);
    assert.equal(fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8'), text.replace('200:', "'200':"));
  });

  it('never leaves a file that parses worse: fixes that clash are applied in later rounds', () => {
    const dir = tempDir();
    // unknown-field renames `descripton`; response-description would add `description` beside it.
    fs.writeFileSync(path.join(dir, 'api.yaml'), "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          descripton: OK\n");
    const r = cli(['--fix', '--format', 'json', 'api.yaml'], dir);
    assert.deepEqual(jsonFindings(r.stdout).filter((f) => f.rule === 'syntax'), []);
    const after = fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8');
    assert.equal((after.match(/description:/g) ?? []).length, 1, after);
  });
});
