import { SchemaValidator } from '../model/validate';
import { defineRule } from '../check/types';
import { firstLineSpan } from '../check/report';

export default defineRule({
  id: 'default-type',
  severity: 'error',
  description: '`default` matches the schema: its type, enum, bounds and formats (OpenAPI 3.0 semantics).',
  spec: ['Schema Object'],
  rationale:
    'The specification says the default MUST conform to the schema\'s type. Clients and servers substitute the default for a missing value; a default the schema rejects is a value the API itself would reject.',
  messages: { invalid: '"default{path}": {message}.' },
  kinds: ['Schema'],
  localThroughRefs: true,
  checkObject(object, context) {
    const value = object.node.get('default');
    if (!value) return;
    for (const error of new SchemaValidator(context.analysis).validate(value, object.node, object.doc)) {
      context.report({ at: firstLineSpan(object.doc, error.node), messageId: 'invalid', data: { path: error.path, message: error.message } });
    }
  },
});
