import { defineKind } from '../types';

export default defineKind({
  id: 'response-added',
  level: 'info',
  description: 'A new status code of an operation.',
  rationale: 'Clients that handle every status they know of may meet a new one; it belongs in the changelog.',
  messages: { added: 'The {code} response was added to {operation}.' },
  sites: ['response'],
  compare(site, context) {
    if (site.direction !== 'response' || site.base || !site.new) return;
    context.report({
      messageId: 'added',
      data: { code: site.code, operation: site.label },
      base: site.baseResponses,
      new: { ...site.new, part: 'key' },
    });
  },
});
