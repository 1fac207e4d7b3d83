import { defineRule } from '../check/types';

export default defineRule({
  id: 'nullable-without-type',
  severity: 'warning',
  description: '`nullable: true` without `type` has no effect in OpenAPI 3.0.',
  spec: ['Schema Object'],
  rationale:
    'The specification adds null to the allowed values only when type is given in the same schema: without it, the null the author meant to allow stays forbidden.',
  messages: { noType: '"nullable: true" has no effect without "type" in the same schema: add the type.' },
  kinds: ['Schema'],
  members: ['nullable'],
  local: true,
  checkObject(object, context) {
    const nullable = object.node.get('nullable');
    if (nullable?.value !== true || object.node.get('type')) return;
    context.report({ at: { node: nullable, part: 'member' }, messageId: 'noType' });
  },
});
