import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'parameter-query-only-field',
  severity: 'warning',
  description: '`allowReserved` or `allowEmptyValue` on a parameter that is not `in: query`.',
  spec: ['Parameter Object'],
  rationale:
    'The specification defines these fields for query parameters only: elsewhere they have no effect, so the behaviour the author expected does not happen.',
  messages: { queryOnly: '"{field}" applies only to "in: query" parameters; it is ignored on "in: {in}".' },
  kinds: ['Parameter'],
  local: true,
  checkObject(object, context) {
    const location = object.node.get('in')?.stringValue;
    if (!location || location === 'query') return;
    for (const field of ['allowReserved', 'allowEmptyValue']) {
      const member = object.node.get(field);
      if (!member) continue;
      context.report({ at: { node: member, part: 'key' }, messageId: 'queryOnly', data: { field, in: location }, fixes: [removalFix(`Remove "${field}"`, object.doc.parsed, member)] });
    }
  },
});
