import { defineKind } from '../types';

export default defineKind({
  id: 'request-property-became-required',
  level: 'breaking',
  description:
    'A property of what clients send is now required: an optional one was added to `required`, or a new property is required.',
  rationale: 'Clients that leave the property out were right before; their requests are now rejected.',
  messages: {
    required: 'Property "{path}" of {where} is now required: requests without it are rejected.',
    added: 'Property "{path}" of {where} is new and required: requests without it are rejected.',
  },
  sites: ['property'],
  compare(site, context) {
    const { base, new: next } = site;
    if (site.direction !== 'request' || !next?.required || base?.required) return;
    const data = { path: site.path, where: site.where };
    const spot = { ...next.requiredEntry!, part: 'value' as const };
    if (base) context.report({ messageId: 'required', data, base: { ...base.member, part: 'key' }, new: spot });
    else context.report({ messageId: 'added', data, base: site.baseSchema.use, new: spot });
  },
});
