import { defineRule } from '../check/types';

const WITHOUT_BODY = new Set(['get', 'head', 'delete', 'options', 'trace']);

export default defineRule({
  id: 'request-body-method',
  severity: 'warning',
  description: '`requestBody` on GET, HEAD, DELETE, OPTIONS, TRACE.',
  spec: ['Operation Object'],
  rationale:
    'The specification supports requestBody only in methods where HTTP defines a body\'s meaning, and says it SHALL be ignored elsewhere: many servers and proxies drop it.',
  messages: { body: 'A "{method}" operation should not have a "requestBody": request bodies are for POST, PUT and PATCH, and many servers and proxies drop them here.' },
  kinds: ['Operation'],
  checkObject(object, context) {
    const method = object.node.key;
    const body = object.node.get('requestBody');
    if (!body || typeof method !== 'string' || !WITHOUT_BODY.has(method) || object.parent?.kind !== 'PathItem') return;
    context.report({ at: { node: body, part: 'key' }, messageId: 'body', data: { method: method.toUpperCase() } });
  },
});
