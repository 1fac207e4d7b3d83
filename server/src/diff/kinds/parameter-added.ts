import { defineKind } from '../types';

export default defineKind({
  id: 'parameter-added',
  level: 'info',
  description: 'A new optional query, header or cookie parameter.',
  rationale: 'Existing clients do not send it and keep working; it belongs in the changelog.',
  messages: { added: 'The optional {in} parameter "{name}" was added to {operation}.' },
  sites: ['parameter'],
  compare(site, context) {
    const next = site.new;
    if (site.base || !next || next.in === 'path' || next.node.get('required')?.value === true) return;
    context.report({
      messageId: 'added',
      data: { in: next.in, name: next.name, operation: site.label },
      base: { ...site.baseOperation, part: 'key' },
      new: next.use,
    });
  },
});
