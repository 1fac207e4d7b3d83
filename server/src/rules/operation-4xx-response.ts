import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { insertMember } from '../syntax/edit';

export default defineRule({
  id: 'operation-4xx-response',
  severity: 'information',
  versions: OPENAPI_VERSIONS,
  offByDefault: true,
  description: 'An operation that documents no client error: no `4XX` response and no `400`-`499`.',
  spec: ['Responses Object', 'HTTP Status Codes'],
  rationale:
    'Every operation can fail because of the request: documenting at least one client error tells clients what an invalid request returns, so they can report it instead of guessing.',
  messages: { missing: 'This operation documents no client error: add a 4XX response, such as "400" for an invalid request.' },
  kinds: ['Operation'],
  local: true,
  checkObject(object, context) {
    const responses = object.node.get('responses');
    if (responses?.kind !== 'object' || responses.children!.length === 0) return; // required-field, responses-empty
    if (responses.children!.some((c) => /^4(\d\d|XX)$/.test(String(c.key)))) return;
    context.report({
      at: { node: responses, part: 'key' },
      messageId: 'missing',
      fixes: [{ title: "Add a '400' response", edits: [insertMember(object.doc.parsed, responses, '400', { description: 'Bad Request' })] }],
    });
  },
});
