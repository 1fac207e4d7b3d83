// The OpenAPI 3.1 corpus (test/corpus/v31-packages.json): real 3.1 documents of pinned npm packages, checked
// by the 3.1 rules and compared with the verdicts judged by hand against the 3.1.1 text
// (test/corpus/v31-verdicts.json): every error has a verdict, none judged false is reported (unless its
// group is still open), none judged true went missing. The figures (documents, errors, judged true and
// false, warnings) go to .corpus/v31-summary.json; the keys of unjudged errors to .corpus/v31-unjudged.json.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';
import { checkCorpusDocument } from '../../tools/corpus-worker';
import { findingKey, judge, unexpectedFalse, UnseenFinding, Verdicts, verdictsProblems } from '../../tools/unseen-judge';

const V31_DIR = path.join(REPO_ROOT, '.corpus', 'v31');
const LIST = path.join(REPO_ROOT, 'test', 'corpus', 'v31-packages.json');

interface PinnedPackage {
  name: string;
  version: string;
  documents: string[];
}

const packages = (JSON.parse(fs.readFileSync(LIST, 'utf8')) as { packages: PinnedPackage[] }).packages;
const verdicts = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'test', 'corpus', 'v31-verdicts.json'), 'utf8')) as Verdicts;

/** Package and path inside it of a file under .corpus/v31/. */
function place(file: string): { name: string; path: string } {
  const parts = path.relative(V31_DIR, file).split(path.sep);
  const nameLength = parts[0].startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, nameLength).join('/'), path: parts.slice(nameLength).join('/') };
}

describe('the OpenAPI 3.1 corpus', { timeout: 300_000 }, () => {
  const findings: UnseenFinding[] = [];
  const crashes: string[] = [];
  const versions = new Map<string, string>();

  before(() => {
    const install = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'unseen-install.mjs'), '--list', LIST, '--into', V31_DIR], { stdio: 'inherit' });
    assert.equal(install.status, 0, 'the 3.1 corpus packages install');
    for (const p of packages) {
      for (const document of p.documents) {
        const file = path.join(V31_DIR, ...p.name.split('/'), document);
        const result = checkCorpusDocument(file);
        crashes.push(...result.crashes.map((c) => `${p.name} ${document}: ${c}`));
        if (result.loadFailure) crashes.push(`${p.name} ${document}: ${result.loadFailure}`);
        const version = /^\s*["']?openapi["']?\s*:\s*["']?([\d.]+)/m.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '?';
        versions.set(`${p.name} ${document}`, version);
        for (const f of result.findings) findings.push({ ...f, package: place(f.file).name, path: place(f.file).path });
      }
    }
    const judgement = judge(findings, verdicts);
    const count = (severity: string) => findings.filter((f) => f.severity === severity).length;
    const summary = {
      documents: versions.size,
      versions: Object.fromEntries([...new Set(versions.values())].map((v) => [v, [...versions.values()].filter((x) => x === v).length])),
      errors: judgement.errors,
      judgedTrue: judgement.judgedTrue,
      judgedFalse: [...judgement.judgedFalse.values()].flat().length,
      unjudged: judgement.unjudged.size,
      warnings: count('warning'),
      information: count('information'),
      hints: count('hint'),
    };
    fs.writeFileSync(path.join(REPO_ROOT, '.corpus', 'v31-summary.json'), JSON.stringify(summary, null, 2) + '\n');
    fs.writeFileSync(path.join(REPO_ROOT, '.corpus', 'v31-unjudged.json'),
      JSON.stringify(Object.fromEntries([...judgement.unjudged].map(([key, f]) => [key, `line ${f.line}: ${f.message}`])), null, 2) + '\n');
  });

  it('holds real 3.1 documents of several packages', () => {
    assert.ok(packages.length >= 3, `${packages.length} packages`);
    assert.ok(versions.size >= 20, `${versions.size} documents`);
    assert.deepEqual([...versions].filter(([, v]) => !v.startsWith('3.1')).map(([d]) => d), [], 'documents that are not 3.1');
  });

  it('has a consistent verdicts file', () => {
    assert.deepEqual(verdictsProblems(verdicts), []);
  });

  it('checks every document without a crash', () => {
    assert.deepEqual(crashes, []);
  });

  it('checks them by the 3.1 rules: no "not checked" finding, and 3.0-only rules stay silent', () => {
    const versionFindings = findings.filter((f) => f.rule === 'openapi-version');
    assert.deepEqual(versionFindings.map((f) => `${f.package} ${f.path}: ${f.message}`), []);
    assert.ok(findings.some((f) => f.rule === 'operation-id-missing'), 'the rules of every version ran');
    const only30 = ['nullable-without-type', 'swagger2-construct', 'array-items'];
    assert.deepEqual(findings.filter((f) => only30.includes(f.rule)).map((f) => `${f.package} ${f.path}: ${f.rule}`), []);
  });

  it('reports no error that has no verdict', () => {
    const unjudged = [...judge(findings, verdicts).unjudged].map(([key, f]) => `${key} (line ${f.line}: ${f.message})`);
    assert.deepEqual(unjudged, [], 'judge these and add their keys to test/corpus/v31-verdicts.json');
  });

  it('reports no error judged false, except those of groups still open', () => {
    assert.deepEqual(unexpectedFalse(judge(findings, verdicts), verdicts), [], 'groups judged false and fixed, reported again');
  });

  it('still reports every error judged true', () => {
    const stale = judge(findings, verdicts).stale;
    assert.deepEqual(stale.filter((key) => verdicts.groups[verdicts.findings[key]].verdict), [], 'errors judged true no longer reported');
    assert.ok(findings.filter((f) => f.severity === 'error').every((f) => verdicts.findings[findingKey(f)] !== undefined));
  });
});
