import { defineKind } from '../types';

export default defineKind({
  id: 'operation-added',
  level: 'info',
  description: 'A new operation: a new method on a path, or a new path.',
  rationale: 'Nothing breaks: existing clients do not call it. It belongs in the changelog.',
  messages: { added: '{operation} was added.' },
  sites: ['operation'],
  compare(site, context) {
    if (site.base || !site.new || site.new.callback) return;
    context.report({
      messageId: 'added',
      data: { operation: site.label },
      base: site.baseParent,
      new: { ...site.new, part: 'key' },
    });
  },
});
