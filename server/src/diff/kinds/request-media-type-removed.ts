import { defineKind } from '../types';

export default defineKind({
  id: 'request-media-type-removed',
  level: 'breaking',
  description: 'A request body no longer accepts one of its media types (`application/xml`...).',
  rationale: 'Clients that send that content type get 415 Unsupported Media Type.',
  messages: { removed: '{Where} no longer accepts {mediaType}: clients that send it are rejected.' },
  sites: ['mediaType'],
  compare(site, context) {
    if (site.direction !== 'request' || !site.base || site.new) return;
    const where = site.where[0].toUpperCase() + site.where.slice(1);
    context.report({
      messageId: 'removed',
      data: { Where: where, mediaType: site.mediaType },
      base: { ...site.base, part: 'key' },
      new: site.newContent,
    });
  },
});
