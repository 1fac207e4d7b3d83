import { defineRule, Fix } from '../check/types';
import { NameIndex } from '../check/suggest';
import { removalFix } from '../check/report';
import { insertMember, replaceScalar } from '../syntax/edit';

export default defineRule({
  id: 'required-property-undefined',
  severity: 'warning',
  description: 'A name in `required` that is not in `properties` (when `properties` is present).',
  spec: ['Schema Object'],
  rationale:
    'A required property that is not defined has no type or description: clients must send it without knowing what it is, usually because of a typo.',
  messages: { undefined: '"{name}" is required but not defined in "properties".' },
  kinds: ['Schema'],
  members: ['required'],
  // The schema's own `required` and `properties`, and whether it is an allOf member: nothing else.
  local: true,
  checkObject(object, context) {
    const { node } = object;
    const required = node.get('required');
    const properties = node.get('properties');
    if (required?.kind !== 'array' || properties?.kind !== 'object') return;
    // Properties can come from elsewhere: a composed schema, or a sibling in its parent's allOf.
    if (node.get('allOf') || node.get('anyOf') || node.get('oneOf')) return;
    if (node.parent?.kind === 'array' && node.parent.key === 'allOf') return;
    // Built once per schema, not per name (10,000 required names against 10,000 properties).
    let unrequired: NameIndex | undefined;
    let claimPrefix: string | undefined;
    for (const name of required.children!) {
      if (typeof name.value !== 'string' || properties.get(name.value)) continue;
      const fixes: Fix[] = [];
      // A spelled-alike property is most likely what the name means: correct the name first.
      if (!unrequired) {
        const names = new Set(required.children!.map((r) => r.value));
        unrequired = new NameIndex(properties.children!.map((p) => String(p.key)).filter((k) => !names.has(k)));
        claimPrefix = `key:${object.doc.path}#${properties.pointer}/`;
      }
      const meant = unrequired.nearest(name.value);
      if (meant) fixes.push({ title: `Change to "${meant}"`, edits: [replaceScalar(object.doc.parsed, name, meant)] });
      fixes.push({ title: `Define the property "${name.value}"`, edits: [insertMember(object.doc.parsed, properties, name.value, {})], claims: [`${claimPrefix}${name.value}`] });
      if (required.children!.length > 1) fixes.push(removalFix(`Remove "${name.value}" from "required"`, object.doc.parsed, name));
      context.report({ at: { node: name }, messageId: 'undefined', data: { name: name.value }, fixes });
    }
  },
});
