import { isDeprecated } from '../facts';
import { member } from '../engine';
import { defineKind } from '../types';

export default defineKind({
  id: 'operation-deprecated',
  level: 'info',
  description: 'An operation is newly marked `deprecated: true`.',
  rationale: 'Nothing breaks yet; clients should plan to move off the operation before a later release removes it.',
  messages: { deprecated: '{operation} is now deprecated: clients should move off it before it is removed.' },
  sites: ['operation'],
  compare(site, context) {
    if (!site.base || !site.new || isDeprecated(site.base) || !isDeprecated(site.new)) return;
    context.report({
      messageId: 'deprecated',
      data: { operation: site.label },
      base: { ...site.base, part: 'key' },
      new: member(site.new, 'deprecated'),
    });
  },
});
