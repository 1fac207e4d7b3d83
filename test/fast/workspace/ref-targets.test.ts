// `$ref` targets of a kind across the workspace: named definitions of that kind with their pointer,
// then whole files whose top level is of that kind, indexed or known only by their top-level keys.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseText } from '../../../server/src/syntax/parse';
import { indexFile } from '../../../server/src/workspace/file-index';
import { refTargetsOfKind } from '../../../server/src/workspace/ref-targets';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';

function indexOf(files: Record<string, string>): WorkspaceIndex {
  const index = new WorkspaceIndex();
  for (const [file, text] of Object.entries(files)) index.set(indexFile(file, parseText(text, file.endsWith('.json') ? 'json' : 'yaml')));
  return index;
}

const shown = (targets: { file: string; pointer: readonly string[] }[]) => targets.map((t) => (t.pointer.length ? `${t.file}#/${t.pointer.join('/')}` : t.file));

describe('workspace $ref targets of a kind', () => {
  const index = indexOf({
    '/w/api.yaml': "openapi: 3.0.3\ninfo: {title: A, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Pet: {$ref: 'lib.yaml#/Tag'}\n  responses:\n    NotFound: {$ref: 'errors/not-found.yaml'}\n",
    '/w/lib.yaml': 'Tag: {type: string}\nColor: {type: string}\n',
    '/w/errors/not-found.yaml': 'description: Not found\n',
  });
  const unindexed = new Map<string, readonly string[]>([
    ['/w/models/order.yaml', ['type', 'properties', 'x-owner']],
    ['/w/.github/workflows/ci.yaml', ['name', 'on', 'jobs']],
    ['/w/lib.yaml', ['Tag', 'Color']],
  ]);

  it('lists components and entries referenced for the kind, then whole files of the kind', () => {
    assert.deepEqual(shown(refTargetsOfKind(index, 'Schema', new Set(), 100, unindexed)), [
      '/w/api.yaml#/components/schemas/Pet', '/w/lib.yaml#/Tag', '/w/models/order.yaml',
    ]);
    assert.deepEqual(shown(refTargetsOfKind(index, 'Response', new Set(), 100, unindexed)), [
      '/w/api.yaml#/components/responses/NotFound', '/w/errors/not-found.yaml',
    ]);
  });

  it('leaves out the files asked, and stops at the limit', () => {
    assert.deepEqual(shown(refTargetsOfKind(index, 'Schema', new Set(['/w/api.yaml', '/w/lib.yaml']), 100, unindexed)), ['/w/models/order.yaml']);
    assert.deepEqual(shown(refTargetsOfKind(index, 'Schema', new Set(), 2, unindexed)), ['/w/api.yaml#/components/schemas/Pet', '/w/lib.yaml#/Tag']);
  });
});
