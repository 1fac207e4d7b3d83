import { target } from '../engine';
import { defineKind } from '../types';

export default defineKind({
  id: 'request-alternative-removed',
  level: 'breaking',
  description:
    'What clients send has fewer `oneOf`/`anyOf` alternatives (or a single schema where there was a choice).',
  rationale: 'Clients that send a value of the removed alternative are rejected.',
  messages: { removed: 'The alternative {name} of {target} was removed: clients that send it are rejected.' },
  sites: ['alternative'],
  compare(site, context) {
    if (site.direction !== 'request' || !site.base || site.new) return;
    context.report({
      messageId: 'removed',
      data: { name: site.name, target: target(site) },
      base: site.base,
      new: site.newSchema.use,
    });
  },
});
