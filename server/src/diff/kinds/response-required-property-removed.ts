import { defineKind } from '../types';

export default defineKind({
  id: 'response-required-property-removed',
  level: 'breaking',
  description: 'A required property of what clients read is gone.',
  rationale: 'Clients read it without checking, since it was always there: they crash or misbehave without it.',
  messages: { removed: 'Property "{path}" of {where} was removed: clients that read it get nothing.' },
  sites: ['property'],
  compare(site, context) {
    if (site.direction !== 'response' || !site.base?.required || site.new) return;
    context.report({
      messageId: 'removed',
      data: { path: site.path, where: site.where },
      base: { ...site.base.member, part: 'key' },
      new: site.newSchema.use,
    });
  },
});
