import { defineKind } from '../types';

export default defineKind({
  id: 'response-property-added',
  level: 'info',
  description: 'A new property in what clients read (a response body or header schema, at any depth).',
  rationale:
    'Clients that ignore unknown properties keep working; those that reject them (strict decoders) do not. It belongs in the changelog either way.',
  messages: { added: 'Property "{path}" was added to {where}.' },
  sites: ['property'],
  compare(site, context) {
    if (site.direction !== 'response' || site.base || !site.new) return;
    context.report({
      messageId: 'added',
      data: { path: site.path, where: site.where },
      base: site.baseSchema.use,
      new: { ...site.new.member, part: 'key' },
    });
  },
});
