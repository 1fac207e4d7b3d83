import { defineKind } from '../types';

export default defineKind({
  id: 'success-response-removed',
  level: 'breaking',
  description: 'A success or redirect status code (`2XX`, `3XX`) of an operation is gone.',
  rationale: 'Clients written for that status now get another one, which they treat as a failure or do not understand.',
  messages: {
    removed: 'The {code} response of {operation} was removed: clients written for it now get another status.',
  },
  sites: ['response'],
  compare(site, context) {
    if (site.direction !== 'response' || !site.base || site.new || !/^[23]/.test(site.code)) return;
    context.report({
      messageId: 'removed',
      data: { code: site.code, operation: site.label },
      base: { ...site.base, part: 'key' },
      new: site.newResponses,
    });
  },
});
