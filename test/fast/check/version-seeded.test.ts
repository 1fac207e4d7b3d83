// Seeded faults that the OpenAPI 3.1 and 3.2 texts forbid (test/fixtures/versions/seeded-*.yaml), each
// annotated under the characters it must be reported at: every error and warning of the check is one of the
// annotations and every annotation is reported, so a fault the rules of a version stop catching, or a
// finding on what the version allows, fails here.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/model/documents';
import { checkDocument } from '../../../server/src/check/checker';
import { RULES } from '../../../server/src/rules/index';
import { FixtureFiles } from '../../helpers/fixtures';
import { fixturePath } from '../../helpers/paths';

const DIR = fixturePath('fixtures', 'versions');

describe('seeded faults of OpenAPI 3.1 and 3.2', () => {
  const files = fs.readdirSync(DIR).filter((f) => /^seeded-3[12]\.yaml$/.test(f)).sort();
  it('has a document of each version', () => assert.deepEqual(files, ['seeded-31.yaml', 'seeded-32.yaml']));
  for (const name of files) {
    it(`reports exactly the annotated errors and warnings of ${name}`, () => {
      const file = path.join(DIR, name);
      const fixtures = new FixtureFiles();
      const result = checkDocument(new DocumentStore(fixtures), file, { rules: RULES });
      assert.deepEqual(result.crashes, []);
      assert.equal(result.analysis?.version, name.includes('31') ? '3.1' : '3.2');
      const actual = result.diagnostics
        .filter((d) => d.severity === 'error' || d.severity === 'warning')
        .map((d) => {
          const start = d.doc.lineIndex.positionAt(d.offset);
          const end = d.doc.lineIndex.positionAt(d.offset + d.length);
          return `${start.line + 1}:${start.character}-${end.character} ${d.severity} ${d.rule}: ${d.message}`;
        })
        .sort();
      const expected = (fixtures.expected.get(file) ?? []).map((e) => `${e.line + 1}:${e.character}-${e.endCharacter} ${e.severity} ${e.rule}: ${e.message}`).sort();
      assert.ok(expected.length >= 10, 'a fault of every kind');
      assert.deepEqual(actual, expected);
    });
  }
});
