import { member } from '../engine';
import { defineKind } from '../types';

export default defineKind({
  id: 'parameter-became-required',
  level: 'breaking',
  description: 'An optional parameter is now `required: true`.',
  rationale: 'Clients that left it out were right before; their requests are now rejected.',
  messages: {
    required: 'The {in} parameter "{name}" of {operation} is now required: clients that do not send it are rejected.',
  },
  sites: ['parameter'],
  compare(site, context) {
    const { base, new: next } = site;
    if (!base || !next || base.in !== next.in || next.in === 'path') return;
    if (base.node.get('required')?.value === true || next.node.get('required')?.value !== true) return;
    context.report({
      messageId: 'required',
      data: { in: next.in, name: next.name, operation: site.label },
      base: member(base, 'required') ?? base.use,
      new: { ...member(next, 'required')!, part: 'value' },
    });
  },
});
