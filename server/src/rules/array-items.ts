import { insertMember } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'array-items',
  severity: 'error',
  description: '`type: array` without `items`.',
  spec: ['Schema Object'],
  rationale:
    'The specification says items MUST be present when the type is array: without it, validators and code generators cannot know what the array holds.',
  messages: { missing: 'A schema of "type: array" must have "items": use "items: {}" to allow any item.' },
  versionNote:
    'OpenAPI 3.0 only. In OpenAPI 3.1 and 3.2 the Schema Object is JSON Schema 2020-12, where `items` is optional beside `type: array` (an array schema without it allows any items, and `prefixItems` may describe them instead): a 3.0 reading would report valid 3.1 and 3.2 schemas, so the rule is silent there.',
  kinds: ['Schema'],
  members: ['type'],
  local: true,
  checkObject(object, context) {
    const type = object.node.get('type');
    if (type?.value !== 'array' || object.node.get('items')) return;
    context.report({ at: { node: type, part: 'member' }, messageId: 'missing', fixes: [{ title: 'Add "items: {}"', edits: [insertMember(object.doc.parsed, object.node, 'items', {})] }] });
  },
});
