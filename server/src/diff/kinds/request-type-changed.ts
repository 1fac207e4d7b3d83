import { Target } from '../engine';
import { keywordSpot, typeName, typeOf, typeWithin } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'request-type-changed',
  level: 'breaking',
  description:
    'A schema of what clients send (a parameter, a request body, a property at any depth) has a type that does not accept what it accepted before (`integer` to `number` is fine).',
  rationale: 'Values clients send as before no longer validate, and the API rejects their requests.',
  messages: {
    type: '{Target}: the type changed from {before} to {after}: values clients send as {before} are rejected.',
  },
  sites: ['schema'],
  compare(site, context) {
    const { base, new: next } = site;
    if (site.direction !== 'request' || base.alternatives || next.alternatives) return;
    const before = typeOf(base);
    const after = typeOf(next);
    if (typeWithin(before, after)) return;
    context.report({
      messageId: 'type',
      data: { Target: Target(site), before: typeName(before), after: typeName(after) },
      base: keywordSpot(base, 'type'),
      new: keywordSpot(next, 'type'),
    });
  },
});
