import { setMember } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'constant-parameter',
  severity: 'warning',
  description: 'A single-value `enum` on an optional parameter: a constant is required and always sent (§2 rule 4).',
  messages: { optional: 'Parameter `{name}` allows a single value, so it is a constant: make it `required: true`, as constants are always sent (§2).' },
  kinds: ['Parameter'],
  checkObject(object, context) {
    const { node, doc } = object;
    if (node.get('required')?.value === true || node.get('in')?.value === 'path') return;
    const schemaNode = node.get('schema');
    const schema = schemaNode ? context.analysis.resolve(schemaNode, doc).target?.node : undefined;
    const values = schema?.kind === 'object' ? schema.get('enum') : undefined;
    if (values?.kind !== 'array' || values.children!.length !== 1) return;
    context.report({
      at: schema === schemaNode ? { node: values, part: 'member' } : { node: node.get('name') ?? node, part: 'value' },
      messageId: 'optional',
      data: { name: node.get('name')?.stringValue ?? '' },
      fixes: [{ title: 'Set `required: true`', edits: [setMember(doc.parsed, node, 'required', true)] }],
    });
  },
});
