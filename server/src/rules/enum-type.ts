import { canonicalText, describe, matchesType } from '../model/validate';
import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'enum-type',
  severity: 'warning',
  description: 'An `enum` value that does not match the schema\'s type (`null` without `nullable: true`), which no value can ever pass, or a value listed twice.',
  spec: ['Schema Object'],
  rationale:
    'An enum value of the wrong type can never pass the schema, so clients that offer it build requests the server rejects.',
  messages: {
    wrongType: 'This "enum" value is {actual}, but the schema\'s type is "{type}".',
    nullNotNullable: '"null" in "enum" needs "nullable: true" on the schema.',
    duplicate: 'This "enum" value is listed twice.',
  },
  kinds: ['Schema'],
  members: ['enum'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const values = node.get('enum');
    if (values?.kind !== 'array') return;
    const type = node.get('type')?.stringValue;
    const nullable = node.get('nullable')?.value === true;
    // Values by a canonical text: a list of 100,000 values is checked for duplicates in one pass.
    const seen = new Set<string>();
    for (const item of values.children!) {
      if (item.kind === 'null') {
        if (!nullable && type !== undefined) context.report({ at: { node: item }, messageId: 'nullNotNullable' });
      } else if (type !== undefined && !matchesType(item, type)) {
        context.report({ at: { node: item }, messageId: 'wrongType', data: { actual: describe(item), type } });
      }
      const key = canonicalText(item.toValue());
      if (key !== undefined && seen.has(key)) {
        context.report({ at: { node: item }, messageId: 'duplicate', fixes: [removalFix('Remove the duplicate value', doc.parsed, item)] });
      } else if (key !== undefined) seen.add(key);
    }
  },
});
