import { isDeprecated } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'deprecated-operation-removed',
  level: 'warning',
  description: 'An operation marked `deprecated: true` is gone.',
  rationale:
    'This is how an operation should leave an API: clients were told in an earlier release. Those that did not move off it ' +
    'still get an error, so the change is worth a line in the release notes.',
  messages: { removed: '{operation} was removed after being deprecated: clients that still call it get an error.' },
  sites: ['operation'],
  compare(site, context) {
    if (!site.base || site.new || site.base.callback || !isDeprecated(site.base)) return;
    context.report({
      messageId: 'removed',
      data: { operation: site.label },
      base: { ...site.base, part: 'key' },
      new: site.newParent,
    });
  },
});
