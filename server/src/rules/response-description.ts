import { insertMember } from '../syntax/edit';
import { defineRule } from '../check/types';
import { objectAnchor } from '../check/report';
import { REASON_PHRASES } from '../model/facts';

export default defineRule({
  id: 'response-description',
  severity: 'error',
  description: 'A Response without `description` (§7.4).',
  messages: { missing: 'A response needs a `description` (§7.4); for an error, state the condition.' },
  kinds: ['Response'],
  checkObject(object, context) {
    if (object.node.get('description')) return;
    // The reason phrase of the status code this response is used under, when there is one.
    const code = object.usages.map((u) => (u.parent?.kind === 'Responses' ? String(u.node.key) : undefined)).find((c) => c !== undefined);
    const phrase = (code && REASON_PHRASES[code.toUpperCase() === 'DEFAULT' ? 'default' : code]) ?? '';
    context.report({
      at: objectAnchor(object.node),
      messageId: 'missing',
      fixes: [{ title: `Add \`description: '${phrase}'\``, edits: [insertMember(object.doc.parsed, object.node, 'description', phrase)] }],
    });
  },
});
