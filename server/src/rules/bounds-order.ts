import { defineRule } from '../check/types';

const PAIRS: [string, string][] = [['minimum', 'maximum'], ['minLength', 'maxLength'], ['minItems', 'maxItems'], ['minProperties', 'maxProperties']];
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];

export default defineRule({
  id: 'bounds-order',
  severity: 'error',
  description: '`minimum > maximum`, `minLength > maxLength`, `minItems > maxItems`, `minProperties > maxProperties`, negative counts.',
  spec: ['Schema Object'],
  rationale:
    'No value satisfies contradictory bounds, so a validator rejects every request or response the schema describes; the usual cause is swapped or mistyped limits.',
  messages: {
    order: '"{min}: {minValue}" is greater than "{max}: {maxValue}": no value can satisfy both.',
    negative: '"{field}" cannot be negative.',
  },
  kinds: ['Schema'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    for (const [min, max] of PAIRS) {
      const a = node.get(min);
      const b = node.get(max);
      if (a?.kind !== 'number' || b?.kind !== 'number' || (a.value as number) <= (b.value as number)) continue;
      context.report({
        at: { node: a, part: 'member' },
        messageId: 'order',
        data: { min, max, minValue: String(a.value), maxValue: String(b.value) },
        related: [{ doc, offset: b.keyOffset, length: b.end - b.keyOffset, message: `"${max}" is here.` }],
      });
    }
    for (const field of COUNTS) {
      const n = node.get(field);
      if (n?.kind === 'number' && (n.value as number) < 0) context.report({ at: { node: n }, messageId: 'negative', data: { field } });
    }
  },
});
