import { defineRule } from '../check/types';

const COMPOSITION = ['allOf', 'oneOf', 'anyOf'] as const;

export default defineRule({
  id: 'nullable-without-type',
  severity: 'warning',
  description: '`nullable: true` without `type` has no effect in OpenAPI 3.0.',
  spec: ['Schema Object'],
  rationale:
    'The specification adds null to the allowed values only when type is given in the same schema: without it, the null the author meant to allow stays forbidden. Beside allOf, oneOf or anyOf (the idiom generators write for a nullable reference) adding a type does not help either, since the combined schemas still reject null: only an alternative that accepts null does.',
  severityNote:
    'A warning where adding the type is the fix (an `enum` beside it still rejects null); information where nothing else restricts the value, which allows null already. Beside allOf/oneOf/anyOf it is information: many tools read that idiom as nullable, real documents carry it by the hundred (569 findings in 151 real documents checked), and the way to make it strict is a change of style the team decides on.',
  messages: {
    noType: '"nullable: true" has no effect without "type" in the same schema: add the type.',
    redundant: '"nullable: true" has no effect without "type" in the same schema: a schema without "type" allows null already, as it allows every type. Add the type the value has, or remove "nullable".',
    composition: '"nullable: true" beside "{keyword}" allows no null in OpenAPI 3.0: the schemas it combines still reject null, with or without a "type" here. To allow null, use "anyOf" with an alternative that accepts only null, such as {"type": "object", "nullable": true, "enum": [null]}.',
  },
  versionNote:
    'OpenAPI 3.0 only: `nullable` is a 3.0 keyword. OpenAPI 3.1 and 3.2 have no `nullable` (null is a type there: `type: [string, \'null\']`), so whether `type` is beside it says nothing; unknown-field reports the keyword itself in those versions, with a fix to the type list.',
  kinds: ['Schema'],
  members: ['nullable'],
  local: true,
  checkObject(object, context) {
    const { node } = object;
    const nullable = node.get('nullable');
    if (nullable?.value !== true || node.get('type')) return;
    const keyword = COMPOSITION.find((k) => node.get(k)?.kind === 'array');
    if (keyword) context.report({ at: { node: nullable, part: 'member' }, messageId: 'composition', data: { keyword }, severity: 'information' });
    // Without a type nor an enum, null is allowed already: the keyword is only redundant (GitHub
    // writes `parent: {nullable: true}` 42 times).
    else if (!node.get('enum')) context.report({ at: { node: nullable, part: 'member' }, messageId: 'redundant', severity: 'information' });
    else context.report({ at: { node: nullable, part: 'member' }, messageId: 'noType' });
  },
});
