import { Target } from '../engine';
import { enumValues, keywordSpot, listed } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'request-enum-value-removed',
  level: 'breaking',
  description: 'What clients send accepts fewer values: an `enum` value was removed, or an `enum` was added.',
  rationale: 'Clients that send a value no longer listed are rejected.',
  messages: {
    removed: '{Target} no longer accepts {values}: clients that send it are rejected.',
    added: '{Target} now accepts only {values}: clients that send other values are rejected.',
  },
  sites: ['schema'],
  compare(site, context) {
    const { base, new: next } = site;
    if (base.alternatives || next.alternatives) return;
    if (site.direction !== 'request') return;
    const before = enumValues(base);
    const after = enumValues(next);
    if (!after) return;
    if (!before) {
      context.report({
        messageId: 'added',
        data: { Target: Target(site), values: listed([...after.keys()]) },
        base: base.use,
        new: keywordSpot(next, 'enum'),
      });
      return;
    }
    const removed = [...before.keys()].filter((value) => !after.has(value));
    if (removed.length === 0) return;
    context.report({
      messageId: 'removed',
      data: { Target: Target(site), values: listed(removed) },
      base: { ...before.get(removed[0])!, part: 'value' },
      new: keywordSpot(next, 'enum'),
    });
  },
});
