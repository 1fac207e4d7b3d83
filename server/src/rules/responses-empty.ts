import { defineRule } from '../check/types';

export default defineRule({
  id: 'responses-empty',
  severity: 'error',
  description: '`responses` with no entry (§7.1).',
  messages: { empty: 'An operation needs at least one response (§7.1).' },
  kinds: ['Responses'],
  local: true,
  checkObject(object, context) {
    if (object.node.children!.some((c) => !String(c.key).startsWith('x-'))) return;
    context.report({ at: { node: object.node, part: object.node.keyOffset >= 0 ? 'key' : 'value' }, messageId: 'empty' });
  },
});
