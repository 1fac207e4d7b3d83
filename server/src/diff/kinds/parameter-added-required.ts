import { defineKind } from '../types';

export default defineKind({
  id: 'parameter-added-required',
  level: 'breaking',
  description: 'A new required query, header or cookie parameter.',
  rationale: 'Every existing client calls the operation without it, and every such request is now rejected.',
  messages: {
    added: 'The new {in} parameter "{name}" of {operation} is required: clients that do not send it are rejected.',
  },
  sites: ['parameter'],
  compare(site, context) {
    const next = site.new;
    if (site.base || !next || next.in === 'path' || next.node.get('required')?.value !== true) return;
    context.report({
      messageId: 'added',
      data: { in: next.in, name: next.name, operation: site.label },
      base: { ...site.baseOperation, part: 'key' },
      new: next.use,
    });
  },
});
