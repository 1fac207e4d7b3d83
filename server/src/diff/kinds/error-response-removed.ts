import { defineKind } from '../types';

export default defineKind({
  id: 'error-response-removed',
  level: 'warning',
  description: 'An error status code (`4XX`, `5XX`, `default`...) of an operation is gone.',
  rationale:
    'Clients that handle that error by its status (retry on 429, sign in again on 401) no longer find it described; ' +
    'if the API still sends it, generated clients fail to read its body.',
  messages: {
    removed:
      'The {code} response of {operation} was removed: clients that handle that error by its status no longer find it described.',
  },
  sites: ['response'],
  compare(site, context) {
    if (site.direction !== 'response' || !site.base || site.new || /^[23]/.test(site.code)) return;
    context.report({
      messageId: 'removed',
      data: { code: site.code, operation: site.label },
      base: { ...site.base, part: 'key' },
      new: site.newResponses,
    });
  },
});
