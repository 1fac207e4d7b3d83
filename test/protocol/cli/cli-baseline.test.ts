// `--write-baseline` and `--baseline`: CI fails only on findings that are new.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { cli, jsonFindings, tempDir } from '../../helpers/cli';

const API = `openapi: 3.0.3
info:
  title: T
  version: 1.0.0
paths:
  stores:
    get:
      cacheHint: 1
      operationId: listStores
      responses:
        '200':
          description: OK
  /pets:
    get:
      cacheHint: 2
      operationId: listPets
      responses:
        '200':
          description: OK
`;

function project(): string {
  const dir = tempDir();
  // Severities fixed here, so the tests do not hang on the defaults.
  fs.writeFileSync(path.join(dir, '.openapi-check.json'), JSON.stringify({ rules: { 'unknown-field': 'warning', 'response-code-quoted': 'warning', 'path-leading-slash': 'error' } }));
  fs.mkdirSync(path.join(dir, 'apis'));
  fs.writeFileSync(path.join(dir, 'apis', 'api.yaml'), API);
  return dir;
}

describe('baseline', () => {
  it('--write-baseline records the findings as sorted JSON, one per line, paths relative to the baseline', () => {
    const dir = project();
    fs.mkdirSync(path.join(dir, 'ci'));
    const r = cli(['--write-baseline', 'ci/baseline.json', 'apis/api.yaml'], dir);
    assert.equal(r.code, 0, 'writing a baseline is not a failure');
    assert.equal(r.stdout, 'Wrote 3 findings of 1 file to the baseline ci/baseline.json.\n');
    const text = fs.readFileSync(path.join(dir, 'ci', 'baseline.json'), 'utf8');
    const lines = text.split('\n');
    assert.deepEqual(lines.slice(0, 3), ['{', '  "version": 1,', '  "findings": [']);
    assert.deepEqual(lines.slice(-3), ['  ]', '}', '']);
    const entries = JSON.parse(text).findings as { file: string; pointer: string; rule: string; hash: string; message: string }[];
    assert.deepEqual(entries.map((e) => [e.file, e.pointer, e.rule]), [
      ['../apis/api.yaml', '/paths/stores', 'path-leading-slash'],
      ['../apis/api.yaml', '/paths/stores/get/cacheHint', 'unknown-field'],
      ['../apis/api.yaml', '/paths/~1pets/get/cacheHint', 'unknown-field'],
    ]);
    assert.match(entries[0].hash, /^[0-9a-f]{16}$/);
    assert.equal(entries[1].message, jsonFindings(cli(['--format', 'json', 'apis/api.yaml'], dir).stdout)[1].message);
    // One entry per line: a change to the baseline is a change of lines.
    assert.equal(lines.filter((l) => l.startsWith('    {"file":')).length, 3);
    // Written again from the same findings, it is the same file.
    cli(['--write-baseline', 'ci/baseline.json', 'apis/api.yaml'], dir);
    assert.equal(fs.readFileSync(path.join(dir, 'ci', 'baseline.json'), 'utf8'), text);
  });

  it('round trip: write the baseline, edit the document, and only the new finding is reported', () => {
    const dir = project();
    cli(['--write-baseline', 'baseline.json', 'apis/api.yaml'], dir);
    const clean = cli(['--baseline', 'baseline.json', 'apis/api.yaml'], dir);
    assert.equal(clean.code, 0);
    assert.equal(clean.stdout, 'No problems in 1 file.\nBaseline: 3 known findings not shown; 0 baselined findings are fixed now.\n');
    // Unrelated edits move every line; a new problem is added.
    const edited = API.replace('info:\n', 'info:\n  description: |\n    Our pets.\n    More text.\n').replace('  /pets:\n', '  /owners:\n    get:\n      responses:\n        200:\n          description: OK\n      operationId: listOwners\n  /pets:\n');
    fs.writeFileSync(path.join(dir, 'apis', 'api.yaml'), edited);
    const r = cli(['--baseline', 'baseline.json', 'apis/api.yaml'], dir);
    const quoteMessage = jsonFindings(cli(['--format', 'json', 'apis/api.yaml'], dir).stdout).find((f) => f.rule === 'response-code-quoted')!.message;
    assert.equal(r.stdout, [
      `apis/api.yaml:19:9 warning response-code-quoted ${quoteMessage}`,
      '1 problem (0 errors, 1 warning, 0 information, 0 hints) in 1 file.',
      'Baseline: 3 known findings not shown; 0 baselined findings are fixed now.',
      '',
    ].join('\n'));
    assert.equal(r.code, 0, 'the exit code comes from the new findings alone (a warning)');
    // A new error fails the run; the baselined error does not.
    fs.writeFileSync(path.join(dir, 'apis', 'api.yaml'), edited.replace('  /owners:', '  owners:'));
    const failing = cli(['--format', 'json', '--baseline', 'baseline.json', 'apis/api.yaml'], dir);
    assert.equal(failing.code, 1);
    assert.deepEqual(jsonFindings(failing.stdout).map((f) => f.rule), ['path-leading-slash', 'response-code-quoted']);
    assert.equal(failing.stderr, 'Baseline: 3 known findings not shown; 0 baselined findings are fixed now.\n');
  });

  it('says how many baselined findings are fixed now', () => {
    const dir = project();
    cli(['--write-baseline', 'baseline.json', 'apis/api.yaml'], dir);
    fs.writeFileSync(path.join(dir, 'apis', 'api.yaml'), API.replace('      cacheHint: 2\n', ''));
    let r = cli(['--baseline', 'baseline.json', 'apis/api.yaml'], dir);
    assert.equal(r.stdout, 'No problems in 1 file.\nBaseline: 2 known findings not shown; 1 baselined finding is fixed now.\n');
    // An identity includes the pointer: renaming `stores` makes the finding under it a new one.
    fs.writeFileSync(path.join(dir, 'apis', 'api.yaml'), API.replace('  stores:', '  /stores:').replace('      cacheHint: 2\n', ''));
    r = cli(['--format', 'json', '--baseline', 'baseline.json', 'apis/api.yaml'], dir);
    assert.deepEqual(jsonFindings(r.stdout).map((f) => f.rule), ['unknown-field']);
    assert.equal(r.stderr, 'Baseline: 0 known findings not shown; 3 baselined findings are fixed now.\n');
  });

  it('counts findings that share an identity, and does not call the findings of unchecked files fixed', () => {
    const dir = project();
    fs.writeFileSync(path.join(dir, 'apis', 'other.yaml'), API);
    // Two equal unknown keys in one object: a duplicate key is also a syntax finding.
    fs.writeFileSync(path.join(dir, 'apis', 'api.yaml'), API.replace('      cacheHint: 2\n', '      cacheHint: 2\n      cacheHint: 3\n'));
    cli(['--write-baseline', 'baseline.json', 'apis/api.yaml', 'apis/other.yaml'], dir);
    const entries = JSON.parse(fs.readFileSync(path.join(dir, 'baseline.json'), 'utf8')).findings as { pointer: string; rule: string; count?: number }[];
    assert.ok(entries.some((e) => e.pointer === '/paths/~1pets/get/cacheHint' && e.rule === 'unknown-field' && e.count === 2), JSON.stringify(entries));
    const r = cli(['--baseline', 'baseline.json', 'apis/other.yaml'], dir);
    assert.equal(r.stdout, 'No problems in 1 file.\nBaseline: 3 known findings not shown; 0 baselined findings are fixed now.\n');
  });

  it('works from another folder: paths are relative to the baseline file', () => {
    const dir = project();
    cli(['--write-baseline', 'baseline.json', 'apis/api.yaml'], dir);
    const r = cli(['--baseline', '../baseline.json', 'api.yaml'], path.join(dir, 'apis'));
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^No problems in 1 file\.\nBaseline: 3 known findings not shown;/);
  });

  it('refuses a baseline it cannot read or understand', () => {
    const dir = project();
    fs.writeFileSync(path.join(dir, 'bad.json'), '{"findings": 3}');
    let r = cli(['--baseline', 'bad.json', 'apis/api.yaml'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'openapi-check: the baseline bad.json cannot be used: it has no `findings` list (write one with --write-baseline).\n');
    r = cli(['--baseline', 'missing.json', 'apis/api.yaml'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^openapi-check: cannot read the baseline missing\.json: ENOENT/);
  });
});
