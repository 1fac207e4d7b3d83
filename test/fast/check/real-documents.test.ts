// Every OpenAPI 3.0 document of @readme/oas-examples (pinned in package.json) is checked with
// no crash and no `syntax` finding.
import assert from 'node:assert/strict';
import { RULES } from '../../../server/src/rules/index';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { diskFiles } from '../../../server/src/io/read-file';
import { DocumentStore } from '../../../server/src/model/documents';
import { checkDocument } from '../../../server/src/check/checker';
import { REPO_ROOT } from '../../helpers/paths';

const EXAMPLES = path.join(REPO_ROOT, 'node_modules', '@readme', 'oas-examples', '3.0');

describe('@readme/oas-examples 3.0', () => {
  const files = ['json', 'yaml'].flatMap((format) => fs.readdirSync(path.join(EXAMPLES, format)).filter((f) => /\.(json|ya?ml)$/.test(f)).map((f) => path.join(EXAMPLES, format, f)));

  it('has the pinned set of documents', () => {
    assert.ok(files.length >= 80, `${files.length} documents`);
  });

  for (const file of files) {
    it(path.relative(EXAMPLES, file), () => {
      const result = checkDocument(new DocumentStore(diskFiles), file, { rules: RULES });
      assert.equal(result.loadFailure, undefined);
      assert.deepEqual(result.crashes.map((c) => `${c.rule} at ${c.where}: ${c.error}`), []);
      assert.deepEqual(result.diagnostics.filter((d) => d.rule === 'syntax').map((d) => d.message), []);
      assert.equal(result.analysis?.status.kind, 'openapi-3.0', 'an OpenAPI 3.0 document');
    });
  }
});
