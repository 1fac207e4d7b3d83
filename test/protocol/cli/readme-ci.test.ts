// The README's "In CI" section works as written: every `openapi-check` command in it runs on a
// sample project, and the workflow files parse and upload the reports those commands write.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { cli, copyFixtures, tempDir } from '../../helpers/cli';
import { fixturePath, REPO_ROOT } from '../../helpers/paths';

const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## In CI\n'), readme.indexOf('\n## ', readme.indexOf('## In CI\n') + 1));
const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], text: m[2] }));

/** `npx openapi-check ...` in a shell line, a `run:` step or a GitLab script item, as argv. */
function commandsIn(text: string): string[][] {
  const commands: string[][] = [];
  for (const line of text.split('\n')) {
    const m = /(?:^|\s)npx openapi-check (.*?)(?:\s*\|\| true)?\s*$/.exec(line);
    if (!m) continue;
    // Shell words: single-quoted globs stay one word, unexpanded.
    commands.push([...m[1].matchAll(/'([^']*)'|(\S+)/g)].map((w) => w[1] ?? w[2]));
  }
  return commands;
}

/** A project like the README assumes: `apis/` with a split document, an error and a warning. */
function project(): string {
  const dir = tempDir();
  copyFixtures(fixturePath('bundle', 'split'), path.join(dir, 'apis', 'pets'));
  fs.cpSync(path.join(REPO_ROOT, 'examples', 'petstore'), path.join(dir, 'apis', 'store'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'apis', 'notes.yaml'), 'title: not an OpenAPI document\n');
  return dir;
}

describe('README "In CI"', () => {
  // The sharding block (a CI matrix's job, then the merge) runs in its own test, once per share.
  const isSharding = (b: { text: string }) => b.text.includes('--shard ');
  const sharding = blocks.find(isSharding);
  const workflows = blocks.filter((b) => b.lang === 'yaml');
  const all = blocks.filter((b) => !isSharding(b)).flatMap((b) => commandsIn(b.text));

  it('has the baseline command, a sharded matrix with its merge, a GitHub Actions workflow and a GitLab job', () => {
    assert.equal(blocks.length, 4);
    assert.ok(sharding, 'a block with --shard');
    assert.equal(workflows.length, 2);
    assert.ok(all.length >= 5, JSON.stringify(all));
    assert.ok(all[0].includes('--write-baseline'));
  });

  it('runs every command on a sample project, in order, with the outcome the section describes', () => {
    const dir = project();
    for (const args of all) {
      const r = cli(args, dir);
      assert.notEqual(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stderr.includes('Usage:'), false, r.stderr);
      const output = args[args.indexOf('--output') + 1];
      if (args.includes('--write-baseline')) {
        assert.equal(r.code, 0);
        assert.match(r.stdout, /^Wrote \d+ findings of 2 files to the baseline \.openapi-baseline\.json\.\n$/);
      } else if (args.includes('--baseline')) {
        // Nothing is new since the baseline was written.
        assert.equal(r.code, 0, r.stdout + r.stderr);
        assert.match(r.stdout + r.stderr, /Baseline: \d+ known findings not shown; 0 baselined findings are fixed now\./);
      } else {
        assert.equal(r.code, 1, 'the sample has errors');
      }
      if (args.includes('github')) assert.equal(r.stdout, 'No problems in 2 files.\nBaseline: ' + r.stdout.split('Baseline: ')[1]);
      if (args.includes('--output')) {
        const report = fs.readFileSync(path.join(dir, output), 'utf8');
        if (args.includes('sarif')) assert.ok(JSON.parse(report).runs[0].results.length > 0);
        if (args.includes('codeclimate')) assert.deepEqual(JSON.parse(report), []);
        if (args.includes('junit')) assert.match(report, /^<\?xml [^>]+>\n<testsuites name="openapi-check" tests="\d+" failures="[1-9]\d*"/);
      }
    }
    // After a new problem, the baseline runs fail and show it.
    const api = path.join(dir, 'apis', 'pets', 'openapi.yaml');
    fs.writeFileSync(api, fs.readFileSync(api, 'utf8').replace('  /pets:', '  pets:'));
    const github = all.find((a) => a.includes('github'))!;
    const r = cli(github, dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^::error file=apis\/pets\/openapi\.yaml,line=6,col=3,endLine=6,endColumn=7,title=path-leading-slash::/);
  });

  it('runs the sharded job of every share and the merge, which gives the findings of one run', () => {
    const dir = project();
    const [job, merge] = commandsIn(sharding!.text);
    const share = job.indexOf('--shard');
    const [, count] = job[share + 1].split('/');
    const outputs: string[] = [];
    for (let i = 1; i <= Number(count); i++) {
      const args = [...job];
      args[share + 1] = `${i}/${count}`;
      const out = args.indexOf('-o') + 1;
      args[out] = args[out].replace(/\d+/, String(i));
      outputs.push(args[out]);
      assert.notEqual(cli(args, dir).code, 2, args.join(' '));
    }
    // The shell expands `shard-*.sarif`; here the files are named.
    assert.equal(merge[0], 'merge');
    const mergeArgs = [merge[0], ...outputs, ...merge.slice(merge.indexOf('-o'))];
    const merged = cli(mergeArgs, dir);
    assert.equal(merged.code, 0, merged.stderr);
    const results = (file: string) => (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { runs: { results: unknown[] }[] }).runs[0].results.length;
    const whole = cli(['--format', 'sarif', '-o', 'whole.sarif', job[job.length - 1]], dir);
    assert.notEqual(whole.code, 2, whole.stderr);
    assert.ok(results('whole.sarif') > 0);
    assert.equal(results(merge[merge.indexOf('-o') + 1]), results('whole.sarif'));
  });

  it('has workflow files that parse and upload the reports the commands write', () => {
    const github = parseYaml(workflows[0].text) as { jobs: Record<string, { steps: { run?: string; uses?: string; with?: Record<string, string> }[] }> };
    const steps = Object.values(github.jobs)[0].steps;
    const sarifRun = steps.find((s) => s.run?.includes('--format sarif'))!;
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))!;
    assert.ok(sarifRun.run!.includes(`--output ${upload.with!.sarif_file}`));
    const gitlab = parseYaml(workflows[1].text) as Record<string, { script: string[]; artifacts: { reports: Record<string, string> } }>;
    const job = Object.values(gitlab)[0];
    for (const [kind, file] of Object.entries(job.artifacts.reports)) {
      assert.ok(job.script.some((line) => line.includes(`--output ${file}`) && line.includes(kind === 'codequality' ? 'codeclimate' : kind)), kind);
    }
  });
});
