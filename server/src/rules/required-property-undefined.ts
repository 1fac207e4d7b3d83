import { defineRule } from '../check/types';

export default defineRule({
  id: 'required-property-undefined',
  severity: 'warning',
  description: 'A name in `required` that is not in `properties` (when `properties` is present).',
  spec: ['Schema Object'],
  rationale:
    'A required property that is not defined has no type or description: clients must send it without knowing what it is, usually because of a typo.',
  messages: { undefined: '"{name}" is required but not defined in "properties".' },
  kinds: ['Schema'],
  localThroughRefs: true,
  checkObject(object, context) {
    const { node } = object;
    const required = node.get('required');
    const properties = node.get('properties');
    if (required?.kind !== 'array' || properties?.kind !== 'object') return;
    // Properties can come from elsewhere: a composed schema, or a sibling in its parent's allOf.
    if (node.get('allOf') || node.get('anyOf') || node.get('oneOf')) return;
    if (node.parent?.kind === 'array' && node.parent.key === 'allOf') return;
    for (const name of required.children!) {
      if (typeof name.value === 'string' && !properties.get(name.value)) context.report({ at: { node: name }, messageId: 'undefined', data: { name: name.value } });
    }
  },
});
