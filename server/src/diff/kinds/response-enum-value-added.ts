import { Target } from '../engine';
import { enumValues, keywordSpot, listed } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'response-enum-value-added',
  level: 'warning',
  description: 'What clients read may hold more values: an `enum` got a new value, or lost its `enum`.',
  rationale:
    'Clients often switch over the values they know, or decode them into a closed type: a new value makes them fail ' +
    'or take a wrong branch. Announce new values, or document that the list grows.',
  messages: {
    added: '{Target} may now be {values}: clients that handle only the values listed before may fail on it.',
    unlimited: '{Target} is no longer limited to {values}: clients that handle only those values may fail on others.',
  },
  sites: ['schema'],
  compare(site, context) {
    const { base, new: next } = site;
    if (base.alternatives || next.alternatives) return;
    if (site.direction !== 'response') return;
    const before = enumValues(base);
    const after = enumValues(next);
    if (!before) return;
    if (!after) {
      context.report({
        messageId: 'unlimited',
        data: { Target: Target(site), values: listed([...before.keys()]) },
        base: keywordSpot(base, 'enum'),
        new: next.use,
      });
      return;
    }
    const added = [...after.keys()].filter((value) => !before.has(value));
    if (added.length === 0) return;
    context.report({
      messageId: 'added',
      data: { Target: Target(site), values: listed(added) },
      base: keywordSpot(base, 'enum'),
      new: { ...after.get(added[0])!, part: 'value' },
    });
  },
});
