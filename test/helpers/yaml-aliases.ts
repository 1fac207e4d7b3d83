// A YAML description with anchors and aliases, for the tests of what the editor does with them.
import assert from 'node:assert/strict';

/**
 * Anchors, aliases (of a mapping, of a scalar, in a sequence) and a merge key, as extensions at
 * the top level of a description.
 */
const ALIASES = [
  'x-shared: &shared', '  description: Shared text', '  summary: A summary', '  tags: [a, b]', 'x-copy: *shared',
  'x-list:', '  - &item one', '  - *item', '  - *shared', 'x-merged:', '  <<: *shared', '  title: Merged', '',
].join('\n');

/**
 * The text with ALIASES put before its `paths:` line: the blocks after the aliases stand alone (an
 * edit there is reparsed alone), the copies stay before them.
 */
export function withAliases(text: string): string {
  const at = text.search(/^paths:/m);
  assert.ok(at > 0, 'the description has paths');
  return text.slice(0, at) + ALIASES + text.slice(at);
}
