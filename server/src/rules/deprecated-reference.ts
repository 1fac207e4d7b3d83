import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'deprecated-reference',
  severity: 'hint',
  versions: OPENAPI_VERSIONS,
  description: 'A Link to a deprecated operation, or a `$ref` to a deprecated parameter.',
  spec: ['Operation Object', 'Parameter Object'],
  rationale:
    'Links and references to deprecated parts keep clients on them after they are meant to go away.',
  messages: {
    operation: 'Operation "{id}" is deprecated.',
    parameter: 'Parameter "{name}" is deprecated.',
  },
  tags: ['deprecated'],
  kinds: ['Link'],
  // The Link's operationId, the operationIds and `deprecated` of operations, and the `deprecated`
  // and `name` of the parameters `$ref`s lead to.
  readsValue: ({ kinds, field }) =>
    (kinds.includes('Link') && field === 'operationId') ||
    (kinds.includes('Operation') && (field === 'operationId' || field === 'deprecated')) ||
    (kinds.includes('Parameter') && (field === 'deprecated' || field === 'name')),
  checkObject(object, context) {
    const id = object.node.get('operationId');
    if (id?.kind !== 'string') return;
    const operation = context.analysis.operationIds.get(id.value as string)?.[0];
    if (operation?.node.get('deprecated')?.value === true) context.report({ at: { node: id }, messageId: 'operation', data: { id: id.value as string } });
  },
  checkReference(reference, context) {
    if (reference.expected !== 'Parameter' || !reference.target) return;
    const parameter = context.analysis.resolve(reference.holder, reference.doc).target?.node;
    if (parameter?.kind !== 'object' || parameter.get('deprecated')?.value !== true) return;
    context.report({ at: { node: reference.refNode }, messageId: 'parameter', data: { name: parameter.get('name')?.stringValue ?? '' } });
  },
});
