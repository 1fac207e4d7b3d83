import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { kindName } from '../model/facts';

export default defineRule({
  id: 'ref-not-allowed',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: '`$ref` where the format does not allow one: as the value of `info`, `paths`, `components` or a components map, inside a Server, an Operation, a Tag.',
  spec: ['Reference Object'],
  rationale:
    'The specification allows a Reference Object only where a field\'s type says so: elsewhere tools do not follow it, and the object it should stand for is missing.',
  messages: {
    object: 'A "$ref" is not allowed here: the {kind} cannot be a reference, so this reference is not followed.',
    map: 'A "$ref" is not allowed as the value of "{field}": reference each entry of the map instead.',
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
