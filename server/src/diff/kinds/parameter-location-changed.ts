import { member } from '../engine';
import { defineKind } from '../types';

export default defineKind({
  id: 'parameter-location-changed',
  level: 'breaking',
  description: 'A parameter moved to another location (`in: query` became `in: header`...).',
  rationale: 'Clients send the value where it was: the API no longer finds it there.',
  messages: {
    moved:
      'The parameter "{name}" of {operation} moved from {before} to {after}: clients still send it in the {before}.',
  },
  sites: ['parameter'],
  compare(site, context) {
    const { base, new: next } = site;
    if (!base || !next || base.in === next.in) return;
    context.report({
      messageId: 'moved',
      data: { name: next.name, operation: site.label, before: base.in, after: next.in },
      base: { ...member(base, 'in')!, part: 'value' },
      new: { ...member(next, 'in')!, part: 'value' },
    });
  },
});
