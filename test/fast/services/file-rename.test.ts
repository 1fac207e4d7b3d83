// Renaming or moving a file rewrites every reference to it, a discriminator's mapping values among
// them: a mapping left naming the old file points at a file that does not exist.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileRenameEdits } from '../../../server/src/services/file-rename';
import { parseText } from '../../../server/src/syntax/parse';
import { indexFile } from '../../../server/src/workspace/file-index';
import { WorkspaceIndex } from '../../../server/src/workspace/workspace-index';

const ROOT = '/w/api.yaml';
const TEXT = [
  'openapi: 3.0.3',
  'info: {title: T, version: "1"}',
  'paths: {}',
  'components:',
  '  schemas:',
  '    Pet:',
  '      oneOf:',
  "        - $ref: './pets/dog.yaml'",
  "        - $ref: 'pets/cat.yaml#/Cat'",
  '        - $ref: "#/components/schemas/Bird"',
        "        - $ref: 'fish.yaml'",
  '      discriminator:',
  '        propertyName: kind',
  '        mapping:',
  '          dog: ./pets/dog.yaml',
  "          cat: 'pets/cat.yaml#/Cat'",
  '          bird: Bird',
  '          fish: fish.yaml',
  '    Bird: {type: object}',
  '',
].join('\n');

/** The root's text after the rename's edits. */
function renamed(from: string, to: string): string {
  const index = new WorkspaceIndex();
  index.set(indexFile(ROOT, parseText(TEXT, 'yaml')));
  const edits = fileRenameEdits(index, [{ from, to }]).get(ROOT) ?? [];
  let text = TEXT;
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) text = text.slice(0, edit.offset) + edit.newText + text.slice(edit.offset + edit.length);
  return text;
}

const lines = (text: string, ...starts: string[]) => text.split('\n').filter((l) => starts.some((s) => l.trimStart().startsWith(s))).map((l) => l.trim());

describe('renaming a file a discriminator maps to', () => {
  it('rewrites a mapping value that is a file name, as the $ref', () => {
    assert.deepEqual(lines(renamed('/w/fish.yaml', '/w/salmon.yaml'), "- $ref: 'f", "- $ref: 's", 'fish:'), ["- $ref: 'salmon.yaml'", 'fish: salmon.yaml']);
  });

  it('rewrites the mapping value with the $ref', () => {
    assert.deepEqual(lines(renamed('/w/pets/dog.yaml', '/w/pets/canine.yaml'), '- $ref', 'dog:', 'cat:', 'bird:'), [
      "- $ref: './pets/canine.yaml'",
      "- $ref: 'pets/cat.yaml#/Cat'",
      '- $ref: "#/components/schemas/Bird"',
      "- $ref: 'fish.yaml'",
      'dog: ./pets/canine.yaml',
      "cat: 'pets/cat.yaml#/Cat'",
      'bird: Bird',
    ]);
  });

  it('rewrites every mapping into a folder that moves, and leaves a schema name alone', () => {
    assert.deepEqual(lines(renamed('/w/pets', '/w/animals'), 'dog:', 'cat:', 'bird:', 'fish:'), [
      'dog: ./animals/dog.yaml',
      "cat: 'animals/cat.yaml#/Cat'",
      'bird: Bird',
      'fish: fish.yaml',
    ]);
  });

  it('rewrites the paths when the root itself moves, and leaves a schema name alone', () => {
    assert.deepEqual(lines(renamed(ROOT, '/w/v1/api.yaml'), 'dog:', 'cat:', 'bird:', 'fish:'), [
      'dog: ../pets/dog.yaml',
      "cat: '../pets/cat.yaml#/Cat'",
      'bird: Bird',
      'fish: ../fish.yaml',
    ]);
  });
});
