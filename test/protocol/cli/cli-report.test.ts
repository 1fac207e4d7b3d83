// The report formats CI systems read, where the report goes, which findings it holds and when the
// run fails: --format github|junit|codeclimate, --output, --severity, --max-warnings; and the
// inputs: quoted globs, files that are no OpenAPI document, --jobs.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { formatGithub } from '../../../server/src/cli/formats/github';
import { Finding } from '../../../server/src/cli/findings';
import { FileJob } from '../../../server/src/cli/check-files';
import { checkInProcesses } from '../../../server/src/cli/parallel';
import { EMPTY_CONFIG } from '../../../server/src/check/config';
import { cli, copyFixtures, jsonFindings, tempDir } from '../../helpers/cli';
import { REPO_ROOT } from '../../helpers/paths';
import { DocumentStore } from '../../../server/src/model/documents';
import { diskFiles } from '../../../server/src/io/read-file';
import { checkDocument } from '../../../server/src/check/checker';
import { RULES } from '../../../server/src/rules/index';

const EXAMPLE = 'examples/petstore/openapi.yaml';
const CLEAN = 'test/rules/syntax/valid.yaml';
const HEAD = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n';

/**
 * A document with one warning (unknown-field, made a warning by the folder's configuration, so the
 * tests do not hang on default severities) and, unless `withError` is false, one error
 * (path-leading-slash).
 */
function writeApi(dir: string, name: string, withError = true): void {
  const pathKey = withError ? 'stores' : '/stores';
  fs.writeFileSync(path.join(dir, '.openapi-check.json'), JSON.stringify({ rules: { 'unknown-field': 'warning', 'path-leading-slash': 'error' } }));
  fs.writeFileSync(path.join(dir, name), `${HEAD}  ${pathKey}:\n    get:\n      cacheHint: 1\n      operationId: listStores\n      responses:\n        '200':\n          description: OK\n`);
}

/** The summary line of the text report of a file (what the terminal shows). */
const summaryOf = (file: string) => cli([file]).stdout.trimEnd().split('\n').pop() + '\n';

describe('report formats', () => {
  it('github: one workflow command per finding, 1-based, with the rule as title', () => {
    const r = cli(['--format', 'github', EXAMPLE]);
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.ok(lines.includes('::error file=examples/petstore/openapi.yaml,line=71,col=3,endLine=71,endColumn=19,title=path-leading-slash::Path "stores?region=eu" must start with "/": paths are relative to the server URL.'), r.stdout);
    assert.equal(lines[lines.length - 1] + '\n', summaryOf(EXAMPLE));
    const findings = jsonFindings(cli(['--format', 'json', EXAMPLE]).stdout);
    assert.equal(lines.length - 1, findings.length);
    lines.slice(0, -1).forEach((line, i) => {
      const f = findings[i];
      const command = f.severity === 'error' ? 'error' : f.severity === 'warning' ? 'warning' : 'notice';
      assert.ok(line.startsWith(`::${command} file=${f.file},line=${f.range.start.line + 1},col=${f.range.start.character + 1},`), line);
      assert.ok(line.endsWith(`,title=${f.rule}::${f.message}`), line);
    });
  });

  it('github: escapes what the runner would read as markup, and maps information and hints to notices', () => {
    const finding: Finding = {
      file: 'a,b:c.yaml', path: '/a', pointer: '', rule: 'unused-component', severity: 'hint', message: '100% sure\nsecond line',
      range: { start: { line: 0, character: 0 }, end: { line: 1, character: 2 } },
    };
    assert.equal(formatGithub([finding]), '::notice file=a%2Cb%3Ac.yaml,line=1,col=1,endLine=2,endColumn=3,title=unused-component::100%25 sure%0Asecond line\n');
  });

  it('junit: a suite per file, a failing case per rule with its findings, a passing case for a clean file', () => {
    const r = cli(['--format', 'junit', EXAMPLE, CLEAN]);
    assert.equal(r.code, 1);
    const xml = r.stdout;
    assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="openapi-check" tests="(\d+)" failures="(\d+)" errors="0">\n/);
    const [, tests, failures] = /tests="(\d+)" failures="(\d+)"/.exec(xml)!;
    assert.equal((xml.match(/<testcase /g) ?? []).length, Number(tests));
    assert.equal((xml.match(/<failure /g) ?? []).length, Number(failures));
    assert.match(xml, /<testsuite name="test\/rules\/syntax\/valid\.yaml" tests="1" failures="0" errors="0">\n {4}<testcase classname="test\/rules\/syntax\/valid\.yaml" name="openapi-check"\/>\n/);
    assert.match(xml, /<testcase classname="examples\/petstore\/openapi\.yaml" name="path-leading-slash">\n {6}<failure type="error" message="1 path-leading-slash finding">examples\/petstore\/openapi\.yaml:71:3 error Path "stores\?region=eu" must start with "\/": paths are relative to the server URL\.<\/failure>/);
    // Markup in messages is escaped: every `<` belongs to an element.
    assert.doesNotMatch(xml.replace(/<\/?(\?xml|testsuites|testsuite|testcase|failure)\b[^>]*>/g, ''), /[<>]/);
    assert.match(xml, /\n<\/testsuites>\n$/);
  });

  it('codeclimate: GitLab code quality issues whose fingerprints survive unrelated edits', () => {
    const dir = tempDir();
    writeApi(dir, 'api.yaml');
    const r = cli(['--format', 'codeclimate', 'api.yaml'], dir);
    assert.equal(r.code, 1);
    const issues = JSON.parse(r.stdout) as { check_name: string; description: string; severity: string; fingerprint: string; location: { path: string; lines: { begin: number } } }[];
    assert.deepEqual(issues.map((i) => [i.check_name, i.severity, i.location.path, i.location.lines.begin]), [
      ['path-leading-slash', 'major', 'api.yaml', 6],
      ['unknown-field', 'minor', 'api.yaml', 8],
    ]);
    assert.equal(issues[1].description, jsonFindings(cli(['--format', 'json', 'api.yaml'], dir).stdout)[1].message);
    assert.equal(new Set(issues.map((i) => i.fingerprint)).size, 2);
    // A line added above moves the findings, not their fingerprints.
    const text = fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8');
    fs.writeFileSync(path.join(dir, 'api.yaml'), text.replace('info:\n', 'info:\n  description: Moved down\n'));
    const moved = JSON.parse(cli(['--format', 'codeclimate', 'api.yaml'], dir).stdout) as typeof issues;
    assert.deepEqual(moved.map((i) => i.location.lines.begin), [7, 9]);
    assert.deepEqual(moved.map((i) => i.fingerprint), issues.map((i) => i.fingerprint));
  });

  it('--output writes the report to a file; the summary still goes to the terminal', () => {
    const dir = tempDir();
    const r = cli(['--format', 'sarif', '--output', path.join(dir, 'out.sarif'), EXAMPLE]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^15 problems \(\d+ errors?, \d+ warnings?, \d+ information, \d+ hints?\) in 1 file and 1 file it references\.\n$/);
    assert.equal(r.stdout, summaryOf(EXAMPLE));
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'out.sarif'), 'utf8')).runs[0].results.length, 15);
    const text = cli(['-o', path.join(dir, 'out.txt'), EXAMPLE]);
    assert.equal(text.stdout, summaryOf(EXAMPLE));
    assert.equal(fs.readFileSync(path.join(dir, 'out.txt'), 'utf8'), cli([EXAMPLE]).stdout);
  });

  it('--severity drops lower findings from the report and from the exit code', () => {
    const dir = tempDir();
    writeApi(dir, 'api.yaml', false);
    const all = cli(['--format', 'json', 'api.yaml'], dir);
    assert.deepEqual(jsonFindings(all.stdout).map((f) => f.severity), ['warning']);
    const errors = cli(['--severity', 'error', 'api.yaml'], dir);
    assert.equal(errors.stdout, 'No problems in 1 file.\n');
    assert.equal(errors.code, 0);
    assert.deepEqual(jsonFindings(cli(['--format', 'json', '--severity=warning', 'api.yaml'], dir).stdout).map((f) => f.rule), ['unknown-field']);
    const hints = cli(['--format', 'json', '--severity', 'hint', EXAMPLE]);
    assert.equal(jsonFindings(hints.stdout).length, jsonFindings(cli(['--format', 'json', EXAMPLE]).stdout).length);
  });

  it('--max-warnings N fails the run over N warnings', () => {
    const dir = tempDir();
    writeApi(dir, 'a.yaml', false);
    writeApi(dir, 'b.yaml', false);
    assert.equal(cli(['a.yaml', 'b.yaml'], dir).code, 0);
    assert.equal(cli(['--max-warnings', '2', 'a.yaml', 'b.yaml'], dir).code, 0);
    const over = cli(['--max-warnings', '1', 'a.yaml', 'b.yaml'], dir);
    assert.equal(over.code, 1);
    assert.match(over.stdout, /\n2 warnings: more than --max-warnings 1\.\n$/);
    const json = cli(['--format', 'json', '--max-warnings=0', 'a.yaml'], dir);
    assert.equal(json.code, 1);
    assert.equal(json.stderr, '1 warnings: more than --max-warnings 0.\n');
    assert.equal(jsonFindings(json.stdout).length, 1);
  });

  it('refuses bad values with a usage error', () => {
    for (const args of [['--severity', 'fatal'], ['--max-warnings', '-1'], ['--max-warnings', 'x'], ['--jobs', '0'], ['--fix', '--fix-dry-run'], ['--baseline', 'a', '--write-baseline', 'b'], ['--format', 'xml']]) {
      const r = cli([...args, CLEAN]);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /^openapi-check: .+\n\nUsage: openapi-check/, args.join(' '));
    }
  });
});

describe('inputs', () => {
  function tree(): string {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'apis', 'v1'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'apis', 'node_modules'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'apis', '.cache'), { recursive: true });
    writeApi(dir, 'apis/a.yaml');
    writeApi(dir, 'apis/v1/b.yaml');
    writeApi(dir, 'apis/v1/c.json.yaml');
    fs.writeFileSync(path.join(dir, 'apis', 'v1', 'd.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} }));
    fs.writeFileSync(path.join(dir, 'apis', 'docker-compose.yml'), 'services:\n  web:\n    image: nginx\n');
    fs.writeFileSync(path.join(dir, 'apis', 'logo.yaml'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
    writeApi(dir, 'apis/node_modules/dep.yaml');
    writeApi(dir, 'apis/.cache/old.yaml');
    return dir;
  }

  it('expands quoted globs itself, sorted, skipping files that are no OpenAPI document without a word', () => {
    const dir = tree();
    const r = cli(['--format', 'json', 'apis/**/*.{yaml,yml,json}'], dir);
    assert.equal(r.stderr, '');
    assert.deepEqual([...new Set(jsonFindings(r.stdout).map((f) => f.file))], ['apis/a.yaml', 'apis/v1/b.yaml', 'apis/v1/c.json.yaml']);
    const text = cli(['apis/**/*.{yaml,yml,json}'], dir);
    assert.match(text.stdout, /in 4 files\.\n$/);
    assert.match(cli(['apis/*.yaml'], dir).stdout, /in 1 file\.\n$/);
    assert.match(cli(['apis/v1/[bc]*'], dir).stdout, /in 2 files\.\n$/);
    assert.match(cli(['apis/v?/*.json'], dir).stdout, /^No problems in 1 file\.\n$/);
  });

  it('goes into node_modules and dot folders only when the pattern names them', () => {
    const dir = tree();
    assert.deepEqual([...new Set(jsonFindings(cli(['--format', 'json', 'apis/node_modules/*.yaml', 'apis/.cache/**/*.yaml'], dir).stdout).map((f) => f.file))], ['apis/node_modules/dep.yaml', 'apis/.cache/old.yaml']);
  });

  it('checks a file named directly even when it is no OpenAPI document', () => {
    const dir = tree();
    const r = cli(['--format', 'json', 'apis/docker-compose.yml', 'apis/logo.yaml'], dir);
    assert.deepEqual(jsonFindings(r.stdout).map((f) => [f.file, f.rule]), [['apis/docker-compose.yml', 'openapi-version'], ['apis/logo.yaml', 'syntax']]);
  });

  it('fails with exit code 2 when a glob matches nothing', () => {
    const r = cli(['apis/**/*.yaml', CLEAN], tempDir());
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'openapi-check: no file matches apis/**/*.yaml.\n');
  });

  it('--jobs: worker processes report the same, in the same order, as one thread', () => {
    const args = ['--format', 'json', 'test/rules/*/invalid*.{yaml,json}', EXAMPLE];
    const one = cli(['--jobs', '1', ...args]);
    const two = cli(['--jobs', '2', ...args]);
    assert.ok(jsonFindings(one.stdout).length > 300);
    assert.equal(two.stdout, one.stdout);
    assert.equal(two.code, one.code);
    // More threads than files: one per file.
    assert.equal(cli(['-j', '7', 'test/rules/path-*/invalid.yaml']).stdout, cli(['-j', '1', 'test/rules/path-*/invalid.yaml']).stdout);
  });

  it('--jobs: a missing file among many still fails with exit code 2 and its message', () => {
    const r = cli(['--jobs', '2', CLEAN, 'no/such.yaml', EXAMPLE]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'openapi-check: cannot check no/such.yaml: no/such.yaml does not exist.\n');
    assert.match(r.stdout, /in 2 files and 1 file they reference; 1 file could not be checked\.\n$/);
  });
});

describe('worker processes that die', () => {
  const job = (file: string): FileJob => ({ file, absolute: path.resolve(file), viaGlob: false, config: EMPTY_CONFIG });
  const setup = { cwd: process.cwd(), overlay: [] };

  it('fail their file with the reason, and the next file is checked by a new worker', async () => {
    const dir = tempDir();
    const dies = path.join(dir, 'dies.js');
    // Dies on its first file; the script is run again for the worker that takes over.
    const mark = path.join(dir, 'died-once');
    fs.writeFileSync(dies, `const fs = require('fs');
process.on('message', (message) => {
  if ('setup' in message) return;
  if (!fs.existsSync(${JSON.stringify(mark)})) { fs.writeFileSync(${JSON.stringify(mark)}, ''); process.exit(3); }
  process.send({ index: message.index, outcome: { skipped: false, findings: [], crashes: [], documents: [] } });
});\n`);
    const outcomes = await checkInProcesses([job('a.yaml'), job('b.yaml')], setup, 1, dies);
    assert.deepEqual(outcomes.map((o) => o.notChecked), ['its worker process stopped with exit code 3 before the check ended.', undefined]);

    const throws = path.join(dir, 'throws.js');
    fs.writeFileSync(throws, `process.on('message', (m) => { if (!('setup' in m)) throw new RangeError('boom'); });\n`);
    const [thrown] = await checkInProcesses([job('a.yaml')], setup, 1, throws);
    assert.match(thrown.notChecked ?? '', /^its worker process stopped with exit code 1 before the check ended:\n[^]*RangeError: boom\n {4}at /);

    const killed = path.join(dir, 'killed.js');
    fs.writeFileSync(killed, `process.on('message', (m) => { if (!('setup' in m)) process.kill(process.pid, 'SIGKILL'); });\n`);
    const [gone] = await checkInProcesses([job('a.yaml')], setup, 1, killed);
    assert.equal(gone.notChecked, 'its worker process was killed (SIGKILL: the system may be out of memory) before the check ended.');

    // What V8 writes before it aborts a process whose heap is full.
    const aborts = path.join(dir, 'aborts.js');
    fs.writeFileSync(aborts, `process.on('message', (m) => {
  if ('setup' in m) return;
  process.stderr.write('\\n<--- JS stacktrace --->\\n\\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\\n');
  process.abort();
});\n`);
    const [full] = await checkInProcesses([job('a.yaml')], setup, 1, aborts);
    assert.match(full.notChecked ?? '', /^checking it needs more memory than Node\.js allows here \(a heap of \d+ MB\)\. Give Node\.js more/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('where findings land in a report', () => {
  it('names every file the same way: relative to the current folder, a root given as ./x and the files it references alike', () => {
    const dir = tempDir();
    try {
      fs.mkdirSync(path.join(dir, 'api', 'paths'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'api', 'openapi.yaml'), `${HEAD}  /things:\n    $ref: 'paths/things.yaml'\n  stores:\n    get:\n      operationId: listStores\n      responses:\n        '200':\n          description: OK\n`);
      fs.writeFileSync(path.join(dir, 'api', 'paths', 'things.yaml'), "get:\n  operationId: listThings\n  responses:\n    '200':\n      description: OK\n  x: 1\n");
      const files = (args: string[]) => jsonFindings(cli(['--format', 'json', ...args], dir).stdout).map((f) => `${f.file} ${f.rule}`).sort();
      const expected = ['api/openapi.yaml path-leading-slash', 'api/paths/things.yaml unknown-field'];
      assert.deepEqual(files(['./api/openapi.yaml']), expected);
      assert.deepEqual(files([path.join(dir, 'api', 'openapi.yaml')]), expected);
      assert.deepEqual(files(['api/../api/openapi.yaml']), expected);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts a path template with no parameter at the template in the root, with the operation in the referenced file beside it', () => {
    const dir = tempDir();
    try {
      copyFixtures(path.join(REPO_ROOT, 'test', 'rules', 'path-params-defined'), dir);
      const store = new DocumentStore(diskFiles);
      const result = checkDocument(store, path.join(dir, 'invalid-referenced-item.yaml'), { rules: RULES });
      const found = result.diagnostics.filter((d) => d.rule === 'path-params-defined');
      assert.deepEqual(found.map((d) => [path.basename(d.doc.path), d.doc.source.slice(d.offset, d.offset + d.length)]), [['invalid-referenced-item.yaml', '{thingId}']]);
      assert.deepEqual(found[0].related.map((r) => [path.basename(r.doc.path), r.doc.source.slice(r.offset, r.offset + r.length), r.message]), [
        ['thing-path.yaml', 'get', 'The "get" operation, which declares no "thingId".'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
