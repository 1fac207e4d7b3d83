import { defineKind } from '../types';

export default defineKind({
  id: 'response-media-type-removed',
  level: 'breaking',
  description: 'A response no longer comes in one of its media types.',
  rationale: 'Clients that ask for that type (Accept) or parse it get another one, or 406 Not Acceptable.',
  messages: {
    removed: '{Where} is no longer sent as {mediaType}: clients that ask for it or parse it get something else.',
  },
  sites: ['mediaType'],
  compare(site, context) {
    if (site.direction !== 'response' || !site.base || site.new) return;
    const where = site.where[0].toUpperCase() + site.where.slice(1);
    context.report({
      messageId: 'removed',
      data: { Where: where, mediaType: site.mediaType },
      base: { ...site.base, part: 'key' },
      new: site.newContent,
    });
  },
});
