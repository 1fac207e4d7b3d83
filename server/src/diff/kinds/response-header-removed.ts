import { defineKind } from '../types';

export default defineKind({
  id: 'response-header-removed',
  level: 'warning',
  description: 'A response header is gone.',
  rationale:
    'Clients that read it (a rate limit, a location, a pagination link) get nothing where they expect a value.',
  messages: { removed: 'The header "{name}" of {where} was removed: clients that read it get nothing.' },
  sites: ['header'],
  compare(site, context) {
    if (site.direction !== 'response' || !site.base || site.new) return;
    context.report({
      messageId: 'removed',
      data: { name: site.name, where: site.where },
      base: { ...site.base, part: 'key' },
      new: site.newOwner,
    });
  },
});
