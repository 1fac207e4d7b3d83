import { defineRule } from '../check/types';

export default defineRule({
  id: 'example-xor-examples',
  severity: 'error',
  description: '`example` and `examples` side by side; an Example with both `value` and `externalValue`.',
  spec: ['Parameter Object', 'Media Type Object', 'Example Object'],
  rationale:
    'The specification makes these fields mutually exclusive: tools read one and ignore the other, so one of the examples silently disappears.',
  messages: {
    both: '"example" and "examples" are mutually exclusive: keep one of them.',
    valueAndExternal: '"value" and "externalValue" are mutually exclusive in an Example Object.',
  },
  kinds: ['Parameter', 'Header', 'MediaType', 'Example'],
  local: true,
  checkObject(object, context) {
    const { node } = object;
    if (object.kind === 'Example') {
      const external = node.get('externalValue');
      if (node.get('value') && external) context.report({ at: { node: external, part: 'key' }, messageId: 'valueAndExternal' });
      return;
    }
    const examples = node.get('examples');
    if (node.get('example') && examples) context.report({ at: { node: examples, part: 'key' }, messageId: 'both' });
  },
});
