import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule, Fix } from '../check/types';
import { removalFix } from '../check/report';
import { insertMember, WriteValue } from '../syntax/edit';

export default defineRule({
  id: 'example-xor-examples',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
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
    const { node, doc } = object;
    if (object.kind === 'Example') {
      const external = node.get('externalValue');
      const value = node.get('value');
      if (!value || !external) return;
      context.report({
        at: { node: external, part: 'key' },
        messageId: 'valueAndExternal',
        fixes: [removalFix('Keep "value", remove "externalValue"', doc.parsed, external), removalFix('Keep "externalValue", remove "value"', doc.parsed, value)],
      });
      return;
    }
    const examples = node.get('examples');
    const example = node.get('example');
    if (!example || !examples) return;
    const fixes: Fix[] = [];
    // Lossless first: the single example becomes one more named entry of `examples`.
    if (examples.kind === 'object') {
      let name = 'example';
      for (let n = 2; examples.get(name); n++) name = `example${n}`;
      const move = removalFix('', doc.parsed, example);
      fixes.push({ title: `Move "example" into "examples" as "${name}"`, edits: [...move.edits, insertMember(doc.parsed, examples, name, { value: example.toValue() as WriteValue })], removes: move.removes });
    }
    fixes.push(removalFix('Keep "examples", remove "example"', doc.parsed, example));
    context.report({ at: { node: examples, part: 'key' }, messageId: 'both', fixes });
  },
});
