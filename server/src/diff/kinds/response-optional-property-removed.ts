import { defineKind } from '../types';

export default defineKind({
  id: 'response-optional-property-removed',
  level: 'warning',
  description: 'An optional property of what clients read is gone.',
  rationale: 'Clients had to cope with its absence, but those that use it when present lose what it told them.',
  messages: {
    removed: 'Optional property "{path}" of {where} was removed: clients that use it when present never get it again.',
  },
  sites: ['property'],
  compare(site, context) {
    if (site.direction !== 'response' || !site.base || site.base.required || site.new) return;
    context.report({
      messageId: 'removed',
      data: { path: site.path, where: site.where },
      base: { ...site.base.member, part: 'key' },
      new: site.newSchema.use,
    });
  },
});
