import { defineRule } from '../check/types';

export default defineRule({
  id: 'nullable-without-type',
  severity: 'warning',
  description: '`nullable: true` without `type` has no effect in OpenAPI 3.0 (§2 rule 3).',
  messages: { noType: '`nullable: true` has no effect without `type` in the same schema (OpenAPI 3.0.3): add the type.' },
  kinds: ['Schema'],
  local: true,
  checkObject(object, context) {
    const nullable = object.node.get('nullable');
    if (nullable?.value !== true || object.node.get('type')) return;
    context.report({ at: { node: nullable, part: 'member' }, messageId: 'noType' });
  },
});
