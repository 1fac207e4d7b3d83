import { Target } from '../engine';
import { keywordSpot, typeName, typeOf, typeWithin } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'response-type-changed',
  level: 'breaking',
  description:
    'A schema of what clients read (a response body, a response header, a property at any depth) may now hold values of a type it did not (`number` to `integer` is fine).',
  rationale: 'Clients parse the value as the old type: typed clients fail to decode the response, others misread it.',
  messages: {
    type: '{Target}: the type changed from {before} to {after}: clients that expect {before} now get {after}.',
  },
  sites: ['schema'],
  compare(site, context) {
    const { base, new: next } = site;
    if (site.direction !== 'response' || base.alternatives || next.alternatives) return;
    const before = typeOf(base);
    const after = typeOf(next);
    if (typeWithin(after, before)) return;
    context.report({
      messageId: 'type',
      data: { Target: Target(site), before: typeName(before), after: typeName(after) },
      base: keywordSpot(base, 'type'),
      new: keywordSpot(next, 'type'),
    });
  },
});
