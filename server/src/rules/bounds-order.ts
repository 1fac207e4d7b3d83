import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { replaceNode } from '../syntax/edit';

const PAIRS: [string, string][] = [['minimum', 'maximum'], ['minLength', 'maxLength'], ['minItems', 'maxItems'], ['minProperties', 'maxProperties']];
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];
/** Every keyword the checks below read first: a schema with none of them has nothing to check. */
const BOUNDS = new Set([...PAIRS.flat(), 'exclusiveMinimum', 'exclusiveMaximum']);
/** 2020-12: exclusive bounds are numbers, and each pair of a lower and an upper bound can contradict. */
const EXCLUSIVE_PAIRS: [string, string][] = [['exclusiveMinimum', 'maximum'], ['minimum', 'exclusiveMaximum'], ['exclusiveMinimum', 'exclusiveMaximum']];

export default defineRule({
  id: 'bounds-order',
  severity: 'error',
  description: 'Negative counts (`minLength`, `maxItems`...: error); `minimum > maximum`, `minLength > maxLength`, `minItems > maxItems`, `minProperties > maxProperties`, or equal bounds of which one is exclusive: bounds no value can meet (warning).',
  spec: ['Schema Object'],
  rationale:
    'JSON Schema requires counts to be non-negative, and no value satisfies contradictory bounds: a validator rejects every request or response the schema describes. The usual cause is swapped or mistyped limits.',
  messages: {
    order: '"{min}: {minValue}" is greater than "{max}: {maxValue}": no value can satisfy both.',
    exclusive: '"minimum" and "maximum" are both {value}, which {which}: no value can satisfy the schema.',
    exclusiveOrder: '"{min}: {minValue}" and "{max}: {maxValue}" leave no number between them: no value can satisfy both.',
    negative: '"{field}" cannot be negative.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.0: `exclusiveMinimum` and `exclusiveMaximum` are booleans beside `minimum` and `maximum`. OpenAPI 3.1 and 3.2 (JSON Schema 2020-12): they are numbers, bounds of their own: `exclusiveMinimum: 5` with `maximum: 5` (or a smaller one), `minimum` not below `exclusiveMaximum`, or `exclusiveMinimum` not below `exclusiveMaximum` leave no value.',
  kinds: ['Schema'],
  pickedFixes: 'Swapping the bounds makes a schema accept values: bounds no value meets may be meant, to say a property must not be sent.',
  members: [...BOUNDS],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    // One look at the members instead of fourteen lookups: most schemas have no bounds.
    if (!node.children!.some((member) => BOUNDS.has(member.key as string))) return;
    for (const [min, max] of PAIRS) {
      const a = node.get(min);
      const b = node.get(max);
      if (a?.kind !== 'number' || b?.kind !== 'number') continue;
      const low = a.value as number;
      const high = b.value as number;
      const source = (n: typeof a) => doc.source.slice(n.offset, n.end).trimEnd();
      if (low > high) {
        context.report({
          at: { node: a, part: 'member' },
          messageId: 'order',
          data: { min, max, minValue: String(low), maxValue: String(high) },
          severity: 'warning',
          related: [{ doc, offset: b.keyOffset, length: b.end - b.keyOffset, message: `"${max}" is here.` }],
          fixes: [{ title: `Swap the values of "${min}" and "${max}"`, edits: [replaceNode(a, source(b)), replaceNode(b, source(a))] }],
        });
      } else if (min === 'minimum' && low === high && (context.version ?? '3.0') === '3.0') {
        const exclusive = ['exclusiveMinimum', 'exclusiveMaximum'].filter((k) => node.get(k)?.value === true);
        if (exclusive.length === 0) continue;
        context.report({
          at: { node: node.get(exclusive[0])!, part: 'member' },
          messageId: 'exclusive',
          data: { value: String(low), which: exclusive.map((k) => `"${k}: true"`).join(' and ') + (exclusive.length === 2 ? ' exclude' : ' excludes') },
          severity: 'warning',
        });
      }
    }
    if ((context.version ?? '3.0') !== '3.0') {
      for (const [min, max] of EXCLUSIVE_PAIRS) {
        const a = node.get(min);
        const b = node.get(max);
        if (a?.kind !== 'number' || b?.kind !== 'number' || (a.value as number) < (b.value as number)) continue;
        context.report({
          at: { node: a, part: 'member' },
          messageId: 'exclusiveOrder',
          data: { min, max, minValue: String(a.value), maxValue: String(b.value) },
          severity: 'warning',
          related: [{ doc, offset: b.keyOffset, length: b.end - b.keyOffset, message: `"${max}" is here.` }],
        });
      }
    }
    for (const field of COUNTS) {
      const n = node.get(field);
      if (n?.kind === 'number' && (n.value as number) < 0) context.report({ at: { node: n }, messageId: 'negative', data: { field } });
    }
  },
});
