import { keyword } from '../schema-view';
import { defineKind } from '../types';

export default defineKind({
  id: 'property-deprecated',
  level: 'info',
  description: 'A property is newly marked `deprecated: true`.',
  rationale: 'Nothing breaks yet: clients should stop sending or reading it before a later release removes it.',
  messages: {
    deprecated: 'Property "{path}" of {where} is now deprecated: clients should stop using it before it is removed.',
  },
  sites: ['schema'],
  compare(site, context) {
    // A property's schema is a schema site whose path names the property.
    if (!site.path || site.path.endsWith(']') || site.path.endsWith('}') || site.path.endsWith('>')) return;
    const before = keyword(site.base, 'deprecated')?.node.value === true;
    const after = keyword(site.new, 'deprecated');
    if (before || after?.node.value !== true) return;
    context.report({
      messageId: 'deprecated',
      data: { path: site.path, where: site.where },
      base: site.base.use,
      new: { ...after, part: 'value' },
    });
  },
});
