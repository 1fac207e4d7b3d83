// The built CLI as users and CI run it: formats, exit codes, many files, unreadable input, config.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describe, it } from 'node:test';
import { CLI, REPO_ROOT } from '../../helpers/paths';

function cli(args: string[], cwd = REPO_ROOT) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const EXAMPLE = 'examples/petstore/openapi.yaml';
const CLEAN = 'test/rules/syntax/valid.yaml';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-check-'));
}

describe('openapi-check', () => {
  it('prints path:line:col severity rule message lines and a summary, exit 1 on errors', () => {
    const r = cli([EXAMPLE]);
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.ok(lines.includes('examples/petstore/openapi.yaml:71:3 error path-leading-slash Path "stores?region=eu" must start with "/": paths are relative to the server URL.'), r.stdout);
    assert.ok(lines.includes('examples/petstore/schemas.yaml:14:13 error ref-unresolved "#/Pett" does not resolve: the document root has no "Pett". Did you mean "#/Pet"?'), r.stdout);
    assert.match(lines[lines.length - 1], /^\d+ problems? \(\d+ errors?, \d+ warnings?, \d+ information, \d+ hints?\) in 1 file and 1 file it references\.$/);
    for (const line of lines.slice(0, -1)) assert.match(line, /^\S+:\d+:\d+ (error|warning|information|hint) [a-z0-9-]+ .+$/);
  });

  it('exits 0 when there is no error-level finding', () => {
    const r = cli([CLEAN]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, 'No problems in 1 file.\n');
  });

  it('writes the JSON contract, 0-based LSP ranges, referenced files named by their own path', () => {
    const r = cli(['--format', 'json', EXAMPLE]);
    assert.equal(r.code, 1);
    const findings = JSON.parse(r.stdout) as { file: string; rule: string; severity: string; message: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }[];
    for (const f of findings) assert.deepEqual(Object.keys(f), ['file', 'rule', 'severity', 'message', 'range']);
    const slash = findings.find((f) => f.rule === 'path-leading-slash')!;
    assert.deepEqual(slash, {
      file: EXAMPLE,
      rule: 'path-leading-slash',
      severity: 'error',
      message: 'Path "stores?region=eu" must start with "/": paths are relative to the server URL.',
      range: { start: { line: 70, character: 2 }, end: { line: 70, character: 18 } },
    });
    const inOther = findings.find((f) => f.file !== EXAMPLE)!;
    assert.equal(inOther.file, path.join('examples', 'petstore', 'schemas.yaml'));
    assert.deepEqual(inOther.range, { start: { line: 13, character: 12 }, end: { line: 13, character: 20 } });
  });

  it('writes SARIF 2.1.0 with rule metadata and 1-based regions', () => {
    const r = cli(['--format=sarif', EXAMPLE]);
    assert.equal(r.code, 1);
    const sarif = JSON.parse(r.stdout);
    assert.equal(sarif.version, '2.1.0');
    const run = sarif.runs[0];
    assert.equal(run.tool.driver.name, 'openapi-check');
    const ruleIds = run.tool.driver.rules.map((r: { id: string }) => r.id);
    assert.ok(ruleIds.includes('path-leading-slash') && ruleIds.includes('syntax'));
    for (const rule of run.tool.driver.rules) {
      assert.ok(rule.shortDescription.text.length > 0);
      assert.match(rule.defaultConfiguration.level, /^(error|warning|note)$/);
    }
    const result = run.results.find((x: { ruleId: string }) => x.ruleId === 'path-leading-slash');
    assert.equal(result.level, 'error');
    assert.equal(run.tool.driver.rules[result.ruleIndex].id, 'path-leading-slash');
    assert.match(result.partialFingerprints['openapiCheck/v1'], /^[0-9a-f]{16}$/);
    assert.deepEqual(result.locations[0].physicalLocation, {
      artifactLocation: { uri: EXAMPLE },
      region: { startLine: 71, startColumn: 3, endLine: 71, endColumn: 19 },
    });
  });

  it('checks many files in one process', () => {
    const r = cli(['--format', 'json', EXAMPLE, CLEAN, 'test/rules/path-leading-slash/invalid.json']);
    assert.equal(r.code, 1);
    const files = new Set((JSON.parse(r.stdout) as { file: string }[]).map((f) => f.file));
    assert.ok(files.has(EXAMPLE) && files.has('test/rules/path-leading-slash/invalid.json'), [...files].join(', '));
  });

  it('exits 2 with a clear message for a missing file or a folder, still checking the others', () => {
    const r = cli(['no/such/file.yaml', 'examples', CLEAN]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot check no\/such\/file\.yaml: no\/such\/file\.yaml does not exist\./);
    assert.match(r.stderr, /cannot check examples: examples is a folder, not a file\./);
    assert.equal(r.stdout, 'No problems in 1 file; 2 files could not be checked.\n');
  });

  it('--help prints the usage with every option, --version the version; both exit 0', () => {
    const help = cli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: openapi-check \[options\] FILE\|GLOB\.\.\.\n {7}openapi-check bundle ROOT/);
    for (const option of ['--format', '--output', '--config', '--severity', '--max-warnings', '--baseline', '--write-baseline', '--fix', '--fix-dry-run', '--jobs', '--dereference']) {
      assert.ok(help.stdout.includes(option), option);
    }
    assert.equal(cli(['bundle', '--help']).stdout, help.stdout);
    const version = cli(['--version']);
    assert.equal(version.code, 0);
    assert.equal(version.stdout, JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version + '\n');
  });

  it('reads every argument after -- as a file', () => {
    const r = cli(['--format', 'json', '--', '--not-an-option.yaml'], tempDir());
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot check --not-an-option\.yaml: --not-an-option\.yaml does not exist\./);
  });

  it('exits 2 on usage errors', () => {
    for (const args of [[], ['--format', 'xml', CLEAN], ['--bogus', CLEAN], ['--config']]) {
      const r = cli(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /Usage: openapi-check/);
    }
  });

  it('reports a binary file as a syntax finding', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'logo.yaml'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
    const r = cli(['--format', 'json', 'logo.yaml'], dir);
    assert.equal(r.code, 1);
    assert.deepEqual(JSON.parse(r.stdout), [
      { file: 'logo.yaml', rule: 'syntax', severity: 'error', message: 'The file is binary (it contains NUL bytes), not a YAML or JSON document.', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
    ]);
  });

  it('reads severities from the nearest configuration file, or from --config', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'api'));
    fs.copyFileSync(path.join(REPO_ROOT, 'test/rules/path-leading-slash/invalid.yaml'), path.join(dir, 'api', 'openapi.yaml'));
    let r = cli(['--format', 'json', 'api/openapi.yaml'], dir);
    assert.equal(r.code, 1);
    assert.ok((JSON.parse(r.stdout) as { rule: string }[]).some((f) => f.rule === 'path-leading-slash'));

    fs.writeFileSync(path.join(dir, '.openapi-check.json'), JSON.stringify({ rules: { 'path-leading-slash': 'warning' } }));
    r = cli(['--format', 'json', 'api/openapi.yaml'], dir);
    const severities = (JSON.parse(r.stdout) as { rule: string; severity: string }[]).filter((f) => f.rule === 'path-leading-slash').map((f) => f.severity);
    assert.deepEqual(severities, ['warning', 'warning']);

    fs.writeFileSync(path.join(dir, 'strict.yaml'), 'rules:\n  path-leading-slash: off\n');
    r = cli(['--format', 'json', '--config', 'strict.yaml', 'api/openapi.yaml'], dir);
    assert.deepEqual((JSON.parse(r.stdout) as { rule: string }[]).filter((f) => f.rule === 'path-leading-slash'), []);
  });

  it('warns about unknown rule ids in the configuration', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'c.json'), JSON.stringify({ rules: { 'no-such-rule': 'off' } }));
    const r = cli(['--config', 'c.json', path.join(REPO_ROOT, CLEAN)], dir);
    assert.equal(r.code, 0);
    assert.match(r.stderr, /Unknown rule id `no-such-rule`/);
  });
});
