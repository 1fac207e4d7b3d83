// A fixed sample of the real-world corpus (all of @readme/oas-examples and the 200 directory
// documents listed in corpus-sample.txt): no crash, and findings per document and rule equal the
// committed snapshot, so a change in what we report on real documents shows in review.
// UPDATE_SNAPSHOTS=1 node scripts/test.mjs corpus-sample rewrites the snapshot.
import assert from 'node:assert/strict';
import { RULES } from '../../../server/src/rules/index';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import { diskFiles } from '../../../server/src/io/read-file';
import { DocumentStore } from '../../../server/src/model/documents';
import { checkDocument } from '../../../server/src/check/checker';
import { REPO_ROOT } from '../../helpers/paths';
import { corpusSample, corpusSampleList, installCorpus } from '../../helpers/corpus';

const SNAPSHOT = path.join(REPO_ROOT, 'test', 'corpus-sample.snapshot.json');

type Snapshot = Record<string, Record<string, number>>;

describe('corpus sample', { timeout: 600_000 }, () => {
  before(() => {
    assert.ok(installCorpus(), 'the pinned corpus installs');
  });

  it('checks every sample document without a crash, with the snapshot\'s findings per rule', () => {
    assert.equal(corpusSampleList().length, 200);
    const documents = corpusSample();
    const actual: Snapshot = {};
    const crashes: string[] = [];
    for (const { name, file } of documents) {
      const result = checkDocument(new DocumentStore(diskFiles), file, { rules: RULES });
      crashes.push(...result.crashes.map((c) => `${name}: ${c.rule}: ${c.error.split('\n')[0]}`));
      if (result.loadFailure) crashes.push(`${name}: ${result.loadFailure.message}`);
      const counts: Record<string, number> = {};
      for (const d of result.diagnostics) counts[`${d.rule} ${d.severity}`] = (counts[`${d.rule} ${d.severity}`] ?? 0) + 1;
      actual[name] = Object.fromEntries(Object.entries(counts).sort());
    }
    assert.deepEqual(crashes, []);
    if (process.env.UPDATE_SNAPSHOTS === '1') fs.writeFileSync(SNAPSHOT, JSON.stringify(actual, null, 1) + '\n');
    const expected = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')) as Snapshot;
    const total = (s: Snapshot) => {
      const sum: Record<string, number> = {};
      for (const counts of Object.values(s)) for (const [k, n] of Object.entries(counts)) sum[k] = (sum[k] ?? 0) + n;
      return Object.fromEntries(Object.entries(sum).sort());
    };
    // Totals first (the readable diff), then per document.
    assert.deepEqual(total(actual), total(expected));
    assert.deepEqual(actual, expected);
  });
});
