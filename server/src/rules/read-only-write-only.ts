import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'read-only-write-only',
  severity: 'error',
  description: 'A Schema with both `readOnly: true` and `writeOnly: true`.',
  spec: ['Schema Object'],
  rationale:
    'The specification says a property MUST NOT be marked as both readOnly and writeOnly: it could be sent neither in requests nor in responses, so generated clients and servers drop it.',
  messages: { both: 'A property cannot be both "readOnly" and "writeOnly": keep the one that says where it is sent.' },
  versionNote:
    'OpenAPI 3.0 only: its text says a property MUST NOT be marked both `readOnly` and `writeOnly`. OpenAPI 3.1 and 3.2 drop that MUST: the two are JSON Schema 2020-12 annotations, and 2020-12 forbids neither together, so a 3.1 or 3.2 document with both is not reported.',
  kinds: ['Schema'],
  members: ['readOnly'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const readOnly = node.get('readOnly');
    const writeOnly = node.get('writeOnly');
    if (readOnly?.value !== true || writeOnly?.value !== true) return;
    const second = readOnly.offset > writeOnly.offset ? readOnly : writeOnly;
    context.report({
      at: { node: second, part: 'member' },
      messageId: 'both',
      fixes: [removalFix('Remove "writeOnly" (sent in responses only)', doc.parsed, writeOnly), removalFix('Remove "readOnly" (sent in requests only)', doc.parsed, readOnly)],
    });
  },
});
