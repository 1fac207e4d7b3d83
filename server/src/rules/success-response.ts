import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { insertMember } from '../syntax/edit';

export default defineRule({
  id: 'success-response',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  description: 'An operation with no `2XX`/`3XX` response and no `default`.',
  spec: ['Responses Object'],
  rationale:
    'The specification says the responses SHOULD include the response for a successful call: without it clients do not know what the operation returns when it works.',
  messages: { none: 'This operation documents no successful response: add a "2XX" or "3XX" response, or "default".' },
  pickedFixes: 'The fix adds a "200" response with the description "OK": whether the operation has one, and what it returns, only the author knows.',
  kinds: ['Responses'],
  local: true,
  checkObject(object, context) {
    const codes = object.node.children!.map((c) => String(c.key)).filter((k) => !k.startsWith('x-'));
    if (codes.length === 0) return; // responses-empty
    if (codes.some((c) => /^[23]/.test(c) || c.toLowerCase() === 'default')) return;
    context.report({
      at: { node: object.node, part: object.node.keyOffset >= 0 ? 'key' : 'value' },
      messageId: 'none',
      fixes: object.node.get('200') ? [] : [{ title: "Add a '200' response", edits: [insertMember(object.doc.parsed, object.node, '200', { description: 'OK' })] }],
    });
  },
});
