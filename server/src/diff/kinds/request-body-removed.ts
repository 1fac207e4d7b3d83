import { defineKind } from '../types';

export default defineKind({
  id: 'request-body-removed',
  level: 'warning',
  description: 'An operation no longer takes a request body.',
  rationale:
    'Clients keep sending one: the API now ignores it (what they meant to change does not change) or rejects the request.',
  messages: { removed: 'The request body of {operation} was removed: what clients send is now ignored or rejected.' },
  sites: ['requestBody'],
  compare(site, context) {
    if (site.direction !== 'request' || !site.base || site.new) return;
    context.report({
      messageId: 'removed',
      data: { operation: site.label },
      base: site.base,
      new: { ...site.newOperation, part: 'key' },
    });
  },
});
