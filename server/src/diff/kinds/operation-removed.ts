import { isDeprecated } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'operation-removed',
  level: 'breaking',
  description: 'An operation that was not deprecated is gone (its method, or its whole path).',
  rationale:
    'Every client that calls it gets an error from one release to the next, with no warning in the release before. ' +
    'The usual way out is to mark the operation `deprecated: true`, keep it working for a while, then remove it.',
  messages: {
    removed:
      '{operation} was removed without being deprecated first: clients that call it get an error. Mark it deprecated: true in a release before removing it.',
  },
  sites: ['operation'],
  compare(site, context) {
    if (!site.base || site.new || site.base.callback || isDeprecated(site.base)) return;
    context.report({
      messageId: 'removed',
      data: { operation: site.label },
      base: { ...site.base, part: 'key' },
      new: site.newParent,
    });
  },
});
