import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'duplicate-tag',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A root tag name declared twice.',
  spec: ['OpenAPI Object'],
  rationale:
    'The specification says each tag name in the list MUST be unique: documentation tools merge or drop the second declaration, with its description.',
  messages: { duplicate: 'Tag "{name}" is already declared: tag names must be unique.' },
  kinds: ['Root'],
  // Tag names; a `$ref` in the list is no Tag object, and its `name` is a value of the root's `tags`.
  readsValue: ({ kinds, field }) =>
    (kinds.includes('Tag') && field === 'name') || (kinds.includes('Root') && field === 'tags'),
  checkObject(object, context) {
    const tags = object.node.get('tags');
    if (tags?.kind !== 'array') return;
    const first = new Map<string, { offset: number; length: number }>();
    for (const tag of tags.children!) {
      const name = tag.kind === 'object' ? tag.get('name') : undefined;
      if (name?.kind !== 'string') continue;
      const earlier = first.get(name.value as string);
      if (!earlier) first.set(name.value as string, { offset: name.offset, length: name.length });
      else {
        context.report({
          at: { node: name },
          messageId: 'duplicate',
          data: { name: name.value as string },
          related: [{ doc: object.doc, ...earlier, message: 'The first declaration.' }],
          fixes: [removalFix('Remove this declaration', object.doc.parsed, tag)],
        });
      }
    }
  },
});
