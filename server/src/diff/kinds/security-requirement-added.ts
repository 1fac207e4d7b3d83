import { alternativesOf, describe, unmetAlternatives } from '../security';
import { defineKind } from '../types';

export default defineKind({
  id: 'security-requirement-added',
  level: 'breaking',
  description:
    'An operation no longer accepts the credentials it accepted: it now requires security where it required none, or other schemes than before.',
  rationale: 'Clients that call it as before are refused (401 or 403) until they get and send the new credentials.',
  messages: {
    added:
      '{operation} no longer accepts {before}: it now requires {after}, and clients that call it as before are refused.',
  },
  sites: ['security'],
  compare(site, context) {
    for (const unmet of unmetAlternatives(site.base, site.new, site.schemeNames)) {
      if (unmet.closest) continue; // the same schemes with more scopes: security-scope-added
      context.report({
        messageId: 'added',
        data: {
          operation: site.label,
          before: describe(unmet.base),
          after: alternativesOf(site.new).map(describe).join(' or '),
        },
        base: unmet.base.at ?? { ...site.baseOperation, part: 'key' },
        new: site.new ?? { ...site.newOperation, part: 'key' },
      });
    }
  },
});
