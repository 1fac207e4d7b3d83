import { defineKind } from '../types';

export default defineKind({
  id: 'response-property-became-optional',
  level: 'breaking',
  description: 'A property of what clients read is no longer required.',
  rationale: 'Clients read it without checking, since it was always there: when it is missing they crash or misbehave.',
  messages: {
    optional: 'Property "{path}" of {where} is no longer required: clients that count on it may get nothing.',
  },
  sites: ['property'],
  compare(site, context) {
    const { base, new: next } = site;
    if (site.direction !== 'response' || !base?.required || !next || next.required) return;
    context.report({
      messageId: 'optional',
      data: { path: site.path, where: site.where },
      base: { ...base.requiredEntry!, part: 'value' },
      new: { ...next.member, part: 'key' },
    });
  },
});
