// `openapi-check --shard I/N` and `openapi-check merge`, run as a CI matrix runs them: every input
// in exactly one shard, the shards' reports merged equal to one run's, a file that is no OpenAPI
// document checked in the role a root of another shard gives it, usage errors exit 2.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { cli, jsonFindings, tempDir } from '../../helpers/cli';

const ROOTS = 14;

/** Roots with findings of their own, two sharing a schemas file, and two files that are no OpenAPI document. */
function monorepo(): { dir: string; inputs: string[] } {
  const dir = tempDir();
  const inputs: string[] = [];
  fs.mkdirSync(path.join(dir, 'shared'));
  fs.writeFileSync(path.join(dir, 'shared', 'schemas.yaml'), 'Pet:\n  type: objekt\nError:\n  type: object\n  properties:\n    code: {type: integer, unknownKeyword: 1}\n');
  fs.writeFileSync(path.join(dir, 'shared', 'lonely.yaml'), 'Orphan:\n  type: string\n');
  // One file per root besides: some land in another shard than the root that references them.
  for (let i = 0; i < ROOTS; i++) fs.writeFileSync(path.join(dir, 'shared', `part-${i}.yaml`), `Part${i}:\n  type: strin\n`);
  for (let i = 0; i < ROOTS; i++) {
    const file = `api-${i}/openapi.yaml`;
    fs.mkdirSync(path.join(dir, `api-${i}`));
    const usesShared = i % 3 === 0;
    fs.writeFileSync(path.join(dir, file), [
      'openapi: 3.0.3', `info: {title: API ${i}, version: '1'}`, 'paths:', `  /items${i}:`, '    get:',
      ...(i % 2 === 0 ? [`      operationId: list${i}`] : []),
      '      responses:', "        '200':", '          description: OK', '          content:', '            application/json:',
      `              schema: {$ref: '${usesShared ? '../shared/schemas.yaml#/Pet' : '#/components/schemas/Item'}'}`,
      'components:', '  schemas:', '    Item: {type: object}', `    Unused${i}: {type: strng}`, `    Part: {$ref: '../shared/part-${i}.yaml#/Part${i}'}`,
    ].join('\n') + '\n');
    inputs.push(file);
  }
  inputs.push('shared/schemas.yaml', 'shared/lonely.yaml', ...Array.from({ length: ROOTS }, (_, i) => `shared/part-${i}.yaml`));
  return { dir, inputs };
}

const key = (f: { file: string; rule: string; severity: string; message: string; range: unknown }) => JSON.stringify([f.file, f.rule, f.severity, f.message, f.range]);

describe('openapi-check --shard', () => {
  const { dir, inputs } = monorepo();
  const whole = cli(['--format', 'json', '--jobs', '1', ...inputs], dir);
  const wholeFindings = jsonFindings(whole.stdout);

  it('has findings in roots, in the shared file in its role, and in the file nothing references as a root', () => {
    assert.equal(whole.code, 1, whole.stderr);
    const files = new Set(wholeFindings.map((f) => f.file));
    assert.ok(files.has('shared/schemas.yaml') && files.has('shared/lonely.yaml') && files.has('api-1/openapi.yaml'), [...files].join(' '));
    assert.ok(!wholeFindings.some((f) => f.file === 'shared/schemas.yaml' && /openapi/.test(f.message)), 'the referenced file is not checked as a root');
  });

  for (const count of [2, 3, 5]) {
    it(`over ${count} shards: each input in one shard, the merged reports equal one run's findings`, () => {
      const reports: string[] = [];
      const checkedBy = new Map<string, number[]>();
      for (let index = 1; index <= count; index++) {
        const report = path.join(dir, `shard-${index}-of-${count}.json`);
        const run = cli(['--format', 'json', '--jobs', '1', '--shard', `${index}/${count}`, '-o', report, ...inputs], dir);
        assert.ok(run.code === 0 || run.code === 1, run.stderr);
        reports.push(report);
        // The terminal's summary counts the files the shard checked.
        const checked = /in (\d+) files?/.exec(run.stdout)?.[1] ?? '0';
        const junit = cli(['--format', 'junit', '--jobs', '1', '--shard', `${index}/${count}`, ...inputs], dir).stdout;
        for (const [, name] of junit.matchAll(/<testsuite name="([^"]*)"/g)) {
          if (inputs.includes(name) && name.endsWith('openapi.yaml')) checkedBy.set(name, [...(checkedBy.get(name) ?? []), index]);
        }
        assert.ok(Number(checked) >= 0);
      }
      for (const input of inputs.filter((i) => i.endsWith('openapi.yaml'))) {
        assert.equal(checkedBy.get(input)?.length, 1, `${input} is checked by shards ${checkedBy.get(input)}`);
      }
      assert.ok(new Set([...checkedBy.values()].flat()).size > 1, 'the roots are spread over more than one shard');
      const merged = cli(['merge', ...reports], dir);
      assert.equal(merged.code, 0, merged.stderr);
      const mergedFindings = jsonFindings(merged.stdout);
      assert.deepEqual(mergedFindings.map(key).sort(), wholeFindings.map(key).sort());
      assert.equal(new Set(mergedFindings.map(key)).size, mergedFindings.length, 'each finding once');
    });
  }

  it('is the same share on every run, and counts every file once over the shards', () => {
    const summaries = [1, 2, 3].map((i) => cli(['--jobs', '1', '--shard', `${i}/3`, ...inputs], dir).stdout);
    const again = [1, 2, 3].map((i) => cli(['--jobs', '1', '--shard', `${i}/3`, ...[...inputs].reverse()], dir).stdout);
    assert.deepEqual(summaries.map((s) => s.split('\n').at(-2)), again.map((s) => s.split('\n').at(-2)), 'the order of the inputs does not matter');
    const counted = summaries.map((s) => Number(/in (\d+) files?/.exec(s)?.[1] ?? (/No problems in (\d+)/.exec(s)?.[1] ?? 0)));
    const wholeCount = Number(/in (\d+) files?/.exec(cli(['--jobs', '1', ...inputs], dir).stdout)?.[1]);
    assert.equal(counted.reduce((a, b) => a + b, 0), wholeCount);
  });

  it('merges SARIF into one run and JUnit suites of one file into one suite, each finding once', () => {
    const sarifs = [1, 2].map((i) => {
      const report = path.join(dir, `shard-${i}.sarif`);
      cli(['--format', 'sarif', '--jobs', '1', '--shard', `${i}/2`, '-o', report, ...inputs], dir);
      return report;
    });
    const merged = JSON.parse(cli(['merge', ...sarifs], dir).stdout) as { runs: { results: { ruleId: string; ruleIndex: number }[]; tool: { driver: { rules: { id: string }[] } } }[] };
    const single = JSON.parse(cli(['--format', 'sarif', '--jobs', '1', ...inputs], dir).stdout) as typeof merged;
    assert.equal(merged.runs.length, 1);
    const results = (log: typeof merged) => log.runs[0].results.map((r) => JSON.stringify(r)).sort();
    assert.deepEqual(results(merged), results(single));
    for (const r of merged.runs[0].results) assert.equal(merged.runs[0].tool.driver.rules[r.ruleIndex].id, r.ruleId);

    const junits = [1, 2].map((i) => {
      const report = path.join(dir, `shard-${i}.xml`);
      cli(['--format', 'junit', '--jobs', '1', '--shard', `${i}/2`, '-o', report, ...inputs], dir);
      return report;
    });
    const suites = (xml: string) => [...xml.matchAll(/<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)"/g)].map((m) => m.slice(1).join(' ')).sort();
    const mergedXml = cli(['merge', ...junits], dir).stdout;
    const singleXml = cli(['--format', 'junit', '--jobs', '1', ...inputs], dir).stdout;
    assert.deepEqual(suites(mergedXml), suites(singleXml));
    assert.equal(/<testsuites [^>]*tests="(\d+)" failures="(\d+)"/.exec(mergedXml)?.slice(1).join(' '), /<testsuites [^>]*tests="(\d+)" failures="(\d+)"/.exec(singleXml)?.slice(1).join(' '));
  });

  it('refuses a share that is not I/N with 1 <= I <= N, and reports of different formats, with exit code 2', () => {
    for (const bad of ['0/2', '3/2', '1/0', 'a/b', '1', '1/2/3']) {
      const run = cli(['--shard', bad, ...inputs], dir);
      assert.equal(run.code, 2, bad);
      assert.match(run.stderr, /--shard takes I\/N with 1 <= I <= N/);
    }
    assert.equal(cli(['--shard'], dir).code, 2);
    fs.writeFileSync(path.join(dir, 'a.json'), '[]\n');
    fs.writeFileSync(path.join(dir, 'b.xml'), '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="openapi-check" tests="0" failures="0" errors="0">\n\n</testsuites>\n');
    const mixed = cli(['merge', 'a.json', 'b.xml'], dir);
    assert.equal(mixed.code, 2);
    assert.match(mixed.stderr, /merge reports of one format/);
    assert.equal(cli(['merge'], dir).code, 2);
    assert.equal(cli(['merge', 'missing.json'], dir).code, 2);
  });
});
