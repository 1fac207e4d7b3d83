import { setMember } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'constant-parameter',
  severity: 'warning',
  description: 'A single-value `enum` on an optional parameter: a constant is required and always sent.',
  spec: ['Parameter Object'],
  rationale:
    'A parameter that allows a single value is a constant: if it is optional, clients may leave it out, and the server never receives the value it expects.',
  messages: { optional: 'Parameter "{name}" allows a single value, so it is a constant: make it "required: true", as constants are always sent.' },
  kinds: ['Parameter'],
  // `required`, `in` and `name`; of the schema, only how many `enum` values it lists.
  // An `enum` member added, removed or replaced (not a value typed in one) changes that count.
  readsValue: (edited) =>
    (edited.kinds.includes('Parameter') && ['required', 'in', 'name'].includes(edited.field ?? '')) ||
    (edited.kinds.includes('Schema') && edited.field === 'enum' && edited.node.key === 'enum'),
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
      fixes: [{ title: 'Set "required: true"', edits: [setMember(doc.parsed, node, 'required', true)] }],
    });
  },
});
