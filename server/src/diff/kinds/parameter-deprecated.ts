import { isDeprecated } from '../facts';
import { member } from '../engine';
import { defineKind } from '../types';

export default defineKind({
  id: 'parameter-deprecated',
  level: 'info',
  description: 'A parameter is newly marked `deprecated: true`.',
  rationale: 'Nothing breaks yet: clients should stop sending it before a later release removes it.',
  messages: {
    deprecated:
      'The {in} parameter "{name}" of {operation} is now deprecated: clients should stop sending it before it is removed.',
  },
  sites: ['parameter'],
  compare(site, context) {
    const { base, new: next } = site;
    if (!base || !next || isDeprecated(base) || !isDeprecated(next)) return;
    context.report({
      messageId: 'deprecated',
      data: { in: next.in, name: next.name, operation: site.label },
      base: base.use,
      new: { ...member(next, 'deprecated')!, part: 'value' },
    });
  },
});
