import { describe, unmetAlternatives } from '../security';
import { defineKind } from '../types';

export default defineKind({
  id: 'security-scope-added',
  level: 'breaking',
  description: 'An operation requires more OAuth scopes of a scheme than before.',
  rationale:
    'Tokens clients hold were issued without the new scopes: the API refuses them until users authorize the client again.',
  messages: {
    scopes: '{operation} now requires {scopes} (it accepted {before}): tokens issued without them are refused.',
  },
  sites: ['security'],
  compare(site, context) {
    for (const unmet of unmetAlternatives(site.base, site.new, site.schemeNames)) {
      if (!unmet.closest) continue;
      const scopes = unmet.scopes
        .map(
          ([name, list]) => `the scope${list.length > 1 ? 's' : ''} ${list.map((s) => `"${s}"`).join(', ')} of ${name}`,
        )
        .join(' and ');
      context.report({
        messageId: 'scopes',
        data: { operation: site.label, scopes, before: describe(unmet.base) },
        base: unmet.base.at ?? { ...site.baseOperation, part: 'key' },
        new: unmet.closest.at ?? site.new ?? { ...site.newOperation, part: 'key' },
      });
    }
  },
});
