import { defineRule } from '../check/types';
import { kindName } from '../model/facts';

export default defineRule({
  id: 'ref-not-allowed',
  severity: 'error',
  description: '`$ref` where the format does not allow one (§4.6): as the value of `info`, `paths`, `components` or a components map, inside a Server, an Operation, a Tag.',
  messages: {
    object: 'A `$ref` is not allowed here: the {kind} cannot be a reference (§4.6), so this reference is not followed.',
    map: 'A `$ref` is not allowed as the value of `{field}`: reference each entry of the map instead (§4.6).',
  },
  checkReference(reference, context) {
    if (reference.allowed) return;
    context.report({
      at: { node: reference.refNode, part: 'member' },
      messageId: reference.place,
      data: { kind: kindName(reference.expected), field: String(reference.holder.key) },
    });
  },
});
