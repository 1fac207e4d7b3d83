import { isDeprecated } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'parameter-removed',
  level: 'warning',
  description: 'A query, header or cookie parameter of an operation is gone.',
  rationale:
    'Clients keep sending it. Depending on the server, it is now ignored (a filter silently stops filtering) or the ' +
    'request is rejected. Deprecating the parameter first tells clients to stop sending it.',
  messages: {
    removed:
      'The {in} parameter "{name}" of {operation} was removed without being deprecated first: clients that send it are now ignored or rejected. Mark it deprecated: true in a release before removing it.',
    deprecated:
      'The deprecated {in} parameter "{name}" of {operation} was removed: clients that still send it are now ignored or rejected.',
  },
  sites: ['parameter'],
  compare(site, context) {
    const { base } = site;
    if (!base || site.new || base.in === 'path') return;
    const messageId = isDeprecated(base) ? 'deprecated' : 'removed';
    context.report({
      messageId,
      data: { in: base.in, name: base.name, operation: site.label },
      base: base.use,
      new: { ...site.newOperation, part: 'key' },
    });
  },
});
