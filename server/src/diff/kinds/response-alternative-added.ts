import { target } from '../engine';
import { defineKind } from '../types';

export default defineKind({
  id: 'response-alternative-added',
  level: 'warning',
  description: 'What clients read has a new `oneOf`/`anyOf` alternative (or a choice where there was a single schema).',
  rationale:
    'Clients decode the alternatives they know: a value of the new one fails to decode or takes a wrong branch.',
  messages: {
    added:
      '{Target} may now be the new alternative {name}: clients that handle only the alternatives listed before may fail on it.',
  },
  sites: ['alternative'],
  compare(site, context) {
    if (site.direction !== 'response' || site.base || !site.new) return;
    const text = target(site);
    context.report({
      messageId: 'added',
      data: { name: site.name, Target: text[0].toUpperCase() + text.slice(1) },
      base: site.baseSchema.use,
      new: site.new,
    });
  },
});
