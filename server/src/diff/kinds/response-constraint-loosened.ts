import { Target } from '../engine';
import { keywordChanges } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'response-constraint-loosened',
  level: 'warning',
  description:
    'What clients read is held to a looser keyword: a higher maximum or lower minimum, a pattern or format removed or changed, exclusive bounds or uniqueItems dropped, additionalProperties no longer false.',
  rationale:
    'Clients that relied on the old limits (a buffer sized to maxLength, a parser for the format) may fail on values they never got before.',
  messages: { loosened: '{Target}: {keyword} {change}: clients may now get values they never got before.' },
  sites: ['schema'],
  compare(site, context) {
    if (site.direction !== 'response') return;
    for (const change of keywordChanges(site.base, site.new)) {
      if (change.narrower || change.keyword === 'nullable') continue;
      context.report({
        messageId: 'loosened',
        data: { Target: Target(site), keyword: change.keyword, change: change.change },
        base: change.base,
        new: change.new,
      });
    }
  },
});
