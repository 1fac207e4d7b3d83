// The packages of the unseen-documents check marked "slice" (test/corpus/unseen-packages.json), checked
// against the verdicts judged by hand (test/corpus/unseen-verdicts.json): every error has a verdict, no
// error judged false is reported unless its group is still open, an open group whose errors are all gone
// is marked fixed, and no error judged true went missing. `npm run corpus -- --only unseen` runs all
// packages and writes the keys of errors without a verdict to .corpus/unseen-unjudged.json.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';
import { checkCorpusDocument } from '../../tools/corpus-worker';
import { findingKey, judge, unexpectedFalse, UnseenFinding, Verdicts, verdictsProblems } from '../../tools/unseen-judge';

const UNSEEN_DIR = path.join(REPO_ROOT, '.corpus', 'unseen');

interface UnseenPackage {
  name: string;
  version: string;
  slice?: boolean;
  documents: string[];
}

const packages = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'test', 'corpus', 'unseen-packages.json'), 'utf8')) as { packages: UnseenPackage[] })
  .packages.filter((p) => p.slice);
const verdicts = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'test', 'corpus', 'unseen-verdicts.json'), 'utf8')) as Verdicts;

/** Package and path inside it of a file under .corpus/unseen/. */
function place(file: string): { name: string; path: string } {
  const parts = path.relative(UNSEEN_DIR, file).split(path.sep);
  const nameLength = parts[0].startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, nameLength).join('/'), path: parts.slice(nameLength).join('/') };
}

function groupsOf(keys: Iterable<string>): string[] {
  return [...new Set([...keys].map((key) => verdicts.findings[key]))].sort();
}

describe('unseen documents, the slice', { timeout: 120_000 }, () => {
  const findings: UnseenFinding[] = [];
  const crashes: string[] = [];

  before(() => {
    const names = packages.map((p) => p.name);
    const install = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'unseen-install.mjs'), ...names], { stdio: 'inherit' });
    assert.equal(install.status, 0, 'the slice packages install');
    for (const p of packages) {
      for (const document of p.documents) {
        const result = checkCorpusDocument(path.join(UNSEEN_DIR, ...p.name.split('/'), document));
        crashes.push(...result.crashes.map((c) => `${p.name} ${document}: ${c}`));
        if (result.loadFailure) crashes.push(`${p.name} ${document}: ${result.loadFailure}`);
        for (const f of result.findings) findings.push({ ...f, package: place(f.file).name, path: place(f.file).path });
      }
    }
  });

  it('holds several packages and every false group of the verdicts', () => {
    assert.ok(packages.length >= 5, `${packages.length} packages`);
    const falseGroups = Object.entries(verdicts.groups).filter(([, g]) => !g.verdict).map(([id]) => id);
    const inSlice = new Set(Object.entries(verdicts.findings)
      .filter(([key]) => packages.some((p) => key.startsWith(`${p.name} `))).map(([, id]) => id));
    assert.deepEqual(falseGroups.filter((id) => !inSlice.has(id)), [], 'false groups with no finding in the slice');
  });

  it('has a consistent verdicts file', () => {
    assert.deepEqual(verdictsProblems(verdicts), []);
  });

  it('checks every document without a crash', () => {
    assert.deepEqual(crashes, []);
  });

  it('reports no error that has no verdict', () => {
    const unjudged = [...judge(findings, verdicts).unjudged].map(([key, f]) => `${key} (line ${f.line}: ${f.message})`);
    assert.deepEqual(unjudged, [], 'judge these and add their keys to test/corpus/unseen-verdicts.json');
  });

  it('reports no error judged false, except those of groups still open', () => {
    const judgement = judge(findings, verdicts);
    assert.deepEqual(unexpectedFalse(judgement, verdicts), [], 'groups judged false and fixed, reported again');
  });

  it('still reports every error judged true and every open false group', () => {
    const inSlice = (key: string) => packages.some((p) => key.startsWith(`${p.name} `));
    const stale = judge(findings, verdicts, inSlice).stale;
    const lostTrue = stale.filter((key) => verdicts.groups[verdicts.findings[key]].verdict);
    assert.deepEqual(lostTrue, [], 'errors judged true no longer reported (or reported with another message or place)');
    const stillReported = new Set(findings.filter((f) => f.severity === 'error').map((f) => verdicts.findings[findingKey(f)]));
    const fixed = groupsOf(stale.filter((key) => !verdicts.groups[verdicts.findings[key]].verdict))
      .filter((id) => verdicts.groups[id].open && !stillReported.has(id));
    assert.deepEqual(fixed, [], 'open groups with no error left: remove their "open" so that they stay fixed');
  });
});
