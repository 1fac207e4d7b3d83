import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { insertMember } from '../syntax/edit';

export default defineRule({
  id: 'responses-empty',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: '`responses` with no entry.',
  spec: ['Responses Object'],
  rationale:
    'The specification says the Responses Object MUST contain at least one response code: clients cannot know what the operation returns.',
  messages: { empty: 'An operation needs at least one response: add the response of a successful call, such as "200".' },
  kinds: ['Responses'],
  local: true,
  checkObject(object, context) {
    if (object.node.children!.some((c) => !String(c.key).startsWith('x-'))) return;
    context.report({
      at: { node: object.node, part: object.node.keyOffset >= 0 ? 'key' : 'value' },
      messageId: 'empty',
      fixes: [{ title: "Add a '200' response", edits: [insertMember(object.doc.parsed, object.node, '200', { description: 'OK' })] }],
    });
  },
});
