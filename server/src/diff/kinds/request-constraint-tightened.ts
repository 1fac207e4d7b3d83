import { Target } from '../engine';
import { keywordChanges } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'request-constraint-tightened',
  level: 'breaking',
  description:
    'What clients send is held to a stricter keyword: a lower maximum or higher minimum (length, items, properties, value), a new or changed pattern or format, exclusive bounds, uniqueItems, multipleOf, nullable removed, additionalProperties: false.',
  rationale: 'Values that were valid before fail validation now, and the API rejects the requests that carry them.',
  messages: { tightened: '{Target}: {keyword} {change}: values clients sent before may now be rejected.' },
  sites: ['schema'],
  compare(site, context) {
    if (site.direction !== 'request') return;
    for (const change of keywordChanges(site.base, site.new)) {
      if (!change.narrower) continue;
      context.report({
        messageId: 'tightened',
        data: { Target: Target(site), keyword: change.keyword, change: change.change },
        base: change.base,
        new: change.new,
      });
    }
  },
});
