import { defineKind } from '../types';

export default defineKind({
  id: 'callback-removed',
  level: 'warning',
  description: 'A callback operation (a request the API makes to the client) is gone.',
  rationale: 'Clients that wait for the call never receive it: work they started on it never happens.',
  messages: { removed: '{Callback} was removed: clients that wait for this call never receive it.' },
  sites: ['operation'],
  compare(site, context) {
    if (!site.base?.callback || site.new) return;
    const callback = site.label[0].toUpperCase() + site.label.slice(1);
    context.report({
      messageId: 'removed',
      data: { Callback: callback },
      base: { ...site.base, part: 'key' },
      new: site.newParent,
    });
  },
});
