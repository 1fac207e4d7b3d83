// `openapi-check diff` as CI runs it: the whole catalog against real git repositories made here
// (`HEAD:openapi.yaml` against the working tree), each format's exact output, exit codes, shallow
// clones, the configuration's levels and the baseline.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { cli, tempDir } from '../../helpers/cli';
import { changeLine, DiffCase, diffCases, expectedLines, LineRange } from '../../helpers/diff-fixtures';

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function newRepository(): string {
  const dir = tempDir();
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'test@example.invalid');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'commit.gpgsign', 'false');
  return dir;
}

function copyTree(from: string, to: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
      copyTree(source, target);
    } else fs.copyFileSync(source, target);
  }
}

/** The working tree emptied (but .git) and filled with a folder's files. */
function replaceWorkingTree(repo: string, from: string): void {
  for (const entry of fs.readdirSync(repo))
    if (entry !== '.git') fs.rmSync(path.join(repo, entry), { recursive: true, force: true });
  copyTree(from, repo);
}

interface JsonChange {
  id: string;
  level: string;
  message: string;
  base?: { file: string; range: LineRange };
  new?: { file: string; range: LineRange };
  operation?: string;
}

/** A case committed as the base and laid in the working tree as the new version. */
function caseRepository(c: DiffCase): string {
  const repo = newRepository();
  copyTree(path.join(c.dir, 'base'), repo);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  replaceWorkingTree(repo, path.join(c.dir, 'new'));
  return repo;
}

describe('openapi-check diff against git', () => {
  for (const c of diffCases()) {
    it(`${c.kind}/${c.name}: HEAD:${c.baseRoot} against the working tree reports changes.txt`, () => {
      const repo = caseRepository(c);
      const status = git(repo, 'status', '--porcelain');
      const r = cli(['diff', `HEAD:${c.baseRoot}`, c.newRoot, '--format', 'json', '--fail-on', 'none'], repo);
      assert.equal(r.code, 0, r.stderr);
      const changes = JSON.parse(r.stdout) as JsonChange[];
      for (const change of changes) {
        assert.deepEqual(Object.keys(change), [
          'id',
          'level',
          'message',
          ...(change.base ? ['base'] : []),
          ...(change.new ? ['new'] : []),
          ...(change.operation ? ['operation'] : []),
        ]);
        if (change.base) assert.match(change.base.file, /^HEAD:/, 'a committed file is named REF:path');
      }
      const lines = changes.map((change) =>
        changeLine({
          ...change,
          base: change.base && { ...change.base, file: change.base.file.replace(/^HEAD:/, '') },
        }),
      );
      assert.deepEqual(lines, expectedLines(c));
      assert.equal(git(repo, 'status', '--porcelain'), status, 'the working tree is left as it was');
    });
  }
});

const BASE = `openapi: 3.0.3
info: {title: Pets, version: 1.0.0}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200': {description: OK}
    post:
      operationId: addPet
      responses:
        '201': {description: Created}
`;
const NEW = `openapi: 3.0.3
info: {title: Pets, version: 1.1.0}
paths:
  /pets:
    get:
      operationId: listPets
      deprecated: true
      responses:
        '200': {description: OK}
`;

function project(base = BASE, next = NEW): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'base.yaml'), base);
  fs.writeFileSync(path.join(dir, 'new.yaml'), next);
  return dir;
}

const REMOVED =
  'POST /pets was removed without being deprecated first: clients that call it get an error. Mark it deprecated: true in a release before removing it.';
const DEPRECATED = 'GET /pets is now deprecated: clients should move off it before it is removed.';

describe('openapi-check diff formats', () => {
  it('text: file:line:column level kind message, then a summary; exit 1 on a breaking change', () => {
    const r = cli(['diff', 'base.yaml', 'new.yaml'], project());
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        `new.yaml:4:3 breaking operation-removed ${REMOVED}`,
        `new.yaml:7:7 info operation-deprecated ${DEPRECATED}`,
        '2 changes (1 breaking, 0 warnings, 1 info) from base.yaml to new.yaml.',
        '',
      ].join('\n'),
    );
    assert.equal(r.stderr, '');
  });

  it('json: the contract, places on both sides, 0-based ranges', () => {
    const r = cli(['diff', 'base.yaml', 'new.yaml', '--format', 'json'], project());
    assert.equal(r.code, 1);
    assert.deepEqual(JSON.parse(r.stdout), [
      {
        id: 'operation-removed',
        level: 'breaking',
        message: REMOVED,
        base: { file: 'base.yaml', range: { start: { line: 8, character: 4 }, end: { line: 8, character: 8 } } },
        new: { file: 'new.yaml', range: { start: { line: 3, character: 2 }, end: { line: 3, character: 7 } } },
        operation: 'POST /pets',
      },
      {
        id: 'operation-deprecated',
        level: 'info',
        message: DEPRECATED,
        base: { file: 'base.yaml', range: { start: { line: 4, character: 4 }, end: { line: 4, character: 7 } } },
        new: { file: 'new.yaml', range: { start: { line: 6, character: 6 }, end: { line: 6, character: 16 } } },
        operation: 'GET /pets',
      },
    ]);
  });

  it('github: workflow annotations on the new version, breaking changes as errors', () => {
    const r = cli(['diff', 'base.yaml', 'new.yaml', '--format', 'github'], project());
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        `::error file=new.yaml,line=4,col=3,endLine=4,endColumn=8,title=operation-removed::${REMOVED}`,
        `::notice file=new.yaml,line=7,col=7,endLine=7,endColumn=17,title=operation-deprecated::${DEPRECATED}`,
        '2 changes (1 breaking, 0 warnings, 1 info) from base.yaml to new.yaml.',
        '',
      ].join('\n'),
    );
  });

  it('sarif: the change kinds as rules, results at the new version', () => {
    const r = cli(['diff', 'base.yaml', 'new.yaml', '--format', 'sarif'], project());
    assert.equal(r.code, 1);
    const run = JSON.parse(r.stdout).runs[0];
    const rule = run.tool.driver.rules.find((x: { id: string }) => x.id === 'operation-removed');
    assert.equal(rule.defaultConfiguration.level, 'error');
    assert.match(rule.help.markdown, /See docs\/diff\/operation-removed\.md\.$/);
    assert.deepEqual(
      run.results.map((x: { ruleId: string; level: string; message: { text: string } }) => [
        x.ruleId,
        x.level,
        x.message.text,
      ]),
      [
        ['operation-removed', 'error', REMOVED],
        ['operation-deprecated', 'note', DEPRECATED],
      ],
    );
    assert.deepEqual(run.results[0].locations[0].physicalLocation, {
      artifactLocation: { uri: 'new.yaml' },
      region: { startLine: 4, startColumn: 3, endLine: 4, endColumn: 8 },
    });
  });

  it('junit: a failing case per kind in the new version', () => {
    const r = cli(['diff', 'base.yaml', 'new.yaml', '--format', 'junit'], project());
    assert.equal(r.code, 1);
    assert.match(r.stdout, /<testsuites name="openapi-check" tests="2" failures="2" errors="0">/);
    assert.match(
      r.stdout,
      /<testcase classname="new.yaml" name="operation-removed">\n {6}<failure type="error" message="1 operation-removed finding">new.yaml:4:3 error POST \/pets was removed/,
    );
  });

  it('markdown: a changelog grouped by level and operation', () => {
    const r = cli(['diff', 'base.yaml', 'new.yaml', '--format', 'markdown'], project());
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        '## API changes from `base.yaml` to `new.yaml`',
        '',
        '**1 breaking**, 0 warnings, 1 other.',
        '',
        '### Breaking changes (1)',
        '',
        '#### POST /pets',
        '',
        `- ${REMOVED} (\`operation-removed\`, new.yaml:4)`,
        '',
        '### Other changes (1)',
        '',
        '#### GET /pets',
        '',
        `- ${DEPRECATED} (\`operation-deprecated\`, new.yaml:7)`,
        '',
      ].join('\n'),
    );
  });

  it('-o writes the report to a file and the summary to the terminal', () => {
    const dir = project();
    const r = cli(['diff', 'base.yaml', 'new.yaml', '--format', 'json', '-o', 'changes.json'], dir);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '2 changes (1 breaking, 0 warnings, 1 info) from base.yaml to new.yaml.\n');
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'changes.json'), 'utf8')).length, 2);
  });
});

describe('openapi-check diff exit codes', () => {
  it('--fail-on sets the level that fails', () => {
    const dir = project();
    assert.equal(cli(['diff', 'base.yaml', 'new.yaml', '--fail-on', 'none'], dir).code, 0);
    const onlyInfo = project(
      BASE,
      BASE.replace('operationId: listPets', 'operationId: listPets\n      deprecated: true'),
    );
    assert.equal(cli(['diff', 'base.yaml', 'new.yaml'], onlyInfo).code, 0);
    assert.equal(cli(['diff', 'base.yaml', 'new.yaml', '--fail-on', 'warning'], onlyInfo).code, 0);
    const warning = project(
      BASE.replace(
        "'201': {description: Created}",
        "'201': {description: Created}\n        '409': {description: Conflict}",
      ),
      BASE,
    );
    assert.equal(cli(['diff', 'base.yaml', 'new.yaml'], warning).code, 0);
    assert.equal(cli(['diff', 'base.yaml', 'new.yaml', '--fail-on', 'warning'], warning).code, 1);
    const same = cli(['diff', 'base.yaml', 'base.yaml'], dir);
    assert.deepEqual([same.code, same.stdout], [0, 'No changes from base.yaml to base.yaml.\n']);
  });

  it('exits 2 on usage errors and on input that cannot be read or compared', () => {
    const dir = project();
    fs.writeFileSync(path.join(dir, 'swagger.yaml'), 'swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths: {}\n');
    fs.writeFileSync(path.join(dir, 'broken.yaml'), 'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0\npaths: {}\n');
    const cases: [string[], RegExp][] = [
      [['diff', 'base.yaml'], /diff takes two documents, BASE and NEW, not 1\./],
      [['diff', 'base.yaml', 'new.yaml', '--format', 'codeclimate'], /Unknown format "codeclimate" for diff/],
      [
        ['diff', 'base.yaml', 'new.yaml', '--fail-on', 'error'],
        /--fail-on takes breaking, warning, none, not "error"\./,
      ],
      [
        ['diff', 'base.yaml', 'missing.yaml'],
        /^openapi-check diff: cannot read missing\.yaml: missing\.yaml does not exist\.\n$/,
      ],
      [
        ['diff', 'swagger.yaml', 'new.yaml'],
        /^openapi-check diff: swagger\.yaml is a Swagger 2\.0 document: openapi-check diff compares OpenAPI 3\.0 documents\.\n$/,
      ],
      [
        ['diff', 'base.yaml', 'broken.yaml'],
        /^openapi-check diff: broken\.yaml has syntax errors \(line \d+: .+\): check it with openapi-check broken\.yaml and fix them first\.\n$/,
      ],
      [['diff', 'HEAD:base.yaml', 'new.yaml'], /is not inside a git repository, so "HEAD:\.\.\." cannot be read\./],
    ];
    for (const [args, message] of cases) {
      const r = cli(args, dir);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '');
    }
  });
});

describe('openapi-check diff with git revisions', () => {
  function history(): string {
    const repo = newRepository();
    fs.mkdirSync(path.join(repo, 'api'));
    fs.writeFileSync(
      path.join(repo, 'api', 'openapi.yaml'),
      BASE.replace("'200': {description: OK}", "'200': {$ref: './responses.yaml#/Ok'}"),
    );
    fs.writeFileSync(
      path.join(repo, 'api', 'responses.yaml'),
      'Ok:\n  description: OK\n  headers:\n    X-Rate-Limit: {schema: {type: integer}}\n',
    );
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'one');
    git(repo, 'branch', 'release');
    fs.writeFileSync(
      path.join(repo, 'api', 'openapi.yaml'),
      NEW.replace("'200': {description: OK}", "'200': {$ref: './responses.yaml#/Ok'}"),
    );
    fs.writeFileSync(path.join(repo, 'api', 'responses.yaml'), 'Ok:\n  description: OK\n');
    git(repo, 'commit', '-q', '-am', 'two');
    return repo;
  }

  it('reads both sides and the files they reference at their revisions, from a subfolder too', () => {
    const repo = history();
    const r = cli(['diff', 'release:api/openapi.yaml', 'HEAD:./openapi.yaml'], path.join(repo, 'api'));
    assert.equal(r.code, 1, r.stderr);
    assert.equal(
      r.stdout,
      [
        `HEAD:./openapi.yaml:4:3 breaking operation-removed ${REMOVED}`,
        'HEAD:api/responses.yaml:1:1 warning response-header-removed The header "X-Rate-Limit" of the response 200 of GET /pets was removed: clients that read it get nothing.',
        `HEAD:./openapi.yaml:7:7 info operation-deprecated ${DEPRECATED}`,
        '3 changes (1 breaking, 1 warning, 1 info) from release:api/openapi.yaml to HEAD:./openapi.yaml.',
        '',
      ].join('\n'),
    );
  });

  it('in a shallow clone without the base revision, says which fetch brings it', () => {
    const repo = history();
    const clone = tempDir();
    git(clone, 'clone', '-q', '--depth=1', '--single-branch', '--branch', 'main', `file://${repo}`, 'work');
    const work = path.join(clone, 'work');
    const r = cli(['diff', 'origin/release:api/openapi.yaml', 'api/openapi.yaml'], work);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      'openapi-check diff: the revision "origin/release" is not in this clone: it is a shallow clone (CI checkouts fetch only the commit they build). ' +
        'Fetch it first: git fetch --depth=1 origin release (or git fetch --unshallow for the whole history), ' +
        'or check out with the history (GitHub Actions: actions/checkout with fetch-depth: 0).\n',
    );
    const back = cli(['diff', 'HEAD~1:api/openapi.yaml', 'api/openapi.yaml'], work);
    assert.equal(back.code, 2);
    assert.match(
      back.stderr,
      /the revision "HEAD~1" is not in this clone: .* Fetch it first: git fetch --unshallow, or check out/,
    );
    git(work, 'fetch', '-q', '--depth=1', 'origin', 'release:refs/remotes/origin/release');
    assert.equal(cli(['diff', 'origin/release:api/openapi.yaml', 'api/openapi.yaml'], work).code, 1);
  });

  it('a file missing at the revision, or a folder, is an input that cannot be read', () => {
    const repo = history();
    const r = cli(['diff', 'HEAD:api/nothing.yaml', 'api/openapi.yaml'], repo);
    assert.deepEqual(
      [r.code, r.stderr],
      [2, 'openapi-check diff: cannot read HEAD:api/nothing.yaml: HEAD:api/nothing.yaml does not exist.\n'],
    );
    const folder = cli(['diff', 'HEAD:api', 'api/openapi.yaml'], repo);
    assert.deepEqual([folder.code, folder.stderr], [2, 'openapi-check diff: cannot read HEAD:api: HEAD:api is a folder, not a file.\n']);
    const top = cli(['diff', 'HEAD:.', 'api/openapi.yaml'], repo);
    assert.deepEqual([top.code, top.stderr], [2, "openapi-check diff: cannot read HEAD:.: HEAD:. is the repository's top folder, not a file.\n"]);
  });
});

describe('openapi-check diff configuration and baseline', () => {
  it('the configuration next to NEW sets levels', () => {
    const dir = project();
    fs.writeFileSync(
      path.join(dir, '.openapi-check.yaml'),
      'diff:\n  operation-removed: warning\n  operation-deprecated: off\n',
    );
    const r = cli(['diff', 'base.yaml', 'new.yaml'], dir);
    assert.equal(r.code, 0);
    assert.equal(
      r.stdout,
      `new.yaml:4:3 warning operation-removed ${REMOVED}\n1 change (0 breaking, 1 warning, 0 info) from base.yaml to new.yaml.\n`,
    );
  });

  it('--write-baseline records the changes; --baseline then reports only new ones', () => {
    const dir = project();
    const written = cli(['diff', 'base.yaml', 'new.yaml', '--write-baseline', 'diff-baseline.json'], dir);
    assert.deepEqual([written.code, written.stdout], [0, 'Wrote 2 changes to the baseline diff-baseline.json.\n']);
    const entries = JSON.parse(fs.readFileSync(path.join(dir, 'diff-baseline.json'), 'utf8')).findings;
    assert.deepEqual(
      entries.map((e: { file: string; pointer: string; rule: string }) => [e.file, e.pointer, e.rule]),
      [
        ['new.yaml', '/paths/~1pets', 'operation-removed'],
        ['new.yaml', '/paths/~1pets/get/deprecated', 'operation-deprecated'],
      ],
    );
    const known = cli(['diff', 'base.yaml', 'new.yaml', '--baseline', 'diff-baseline.json'], dir);
    assert.deepEqual(
      [known.code, known.stdout],
      [
        0,
        'No changes from base.yaml to new.yaml.\nBaseline: 2 known changes not shown; 0 baselined changes are gone now.\n',
      ],
    );
    fs.writeFileSync(path.join(dir, 'new.yaml'), NEW.replace('    get:', '    put:'));
    const fresh = cli(['diff', 'base.yaml', 'new.yaml', '--baseline', 'diff-baseline.json', '--fail-on', 'none'], dir);
    assert.equal(fresh.code, 0);
    assert.match(fresh.stdout, /^new\.yaml:4:3 breaking operation-removed GET \/pets was removed/);
    assert.match(fresh.stdout, /Baseline: 1 known change not shown; 1 baselined change is gone now\.\n$/);
  });

  it('reports an accepted change as accepted, not as a change', () => {
    const dir = project(
      BASE,
      NEW.replace('paths:\n', '# openapi-check-accept operation-removed -- POST moved to /v2/pets\npaths:\n'),
    );
    const r = cli(['diff', 'base.yaml', 'new.yaml'], dir);
    assert.equal(r.code, 0);
    assert.equal(
      r.stdout,
      [
        `new.yaml:8:7 info operation-deprecated ${DEPRECATED}`,
        '1 change (0 breaking, 0 warnings, 1 info) from base.yaml to new.yaml.',
        '1 accepted change (acknowledged in the new version) not shown.',
        '',
      ].join('\n'),
    );
  });
});
