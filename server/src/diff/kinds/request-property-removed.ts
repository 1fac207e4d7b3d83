import { defineKind } from '../types';

export default defineKind({
  id: 'request-property-removed',
  level: 'warning',
  description: 'A property of what clients send is gone from its schema.',
  rationale:
    'Clients keep sending it: the API now ignores it (the change they asked for does not happen) or rejects the request.',
  messages: { removed: 'Property "{path}" of {where} was removed: clients that send it are now ignored or rejected.' },
  sites: ['property'],
  compare(site, context) {
    if (site.direction !== 'request' || !site.base || site.new) return;
    context.report({
      messageId: 'removed',
      data: { path: site.path, where: site.where },
      base: { ...site.base.member, part: 'key' },
      new: site.newSchema.use,
    });
  },
});
