import { OPENAPI_VERSIONS } from '../model/spec';
import { setMember } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'path-param-required',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'An `in: path` parameter without `required: true`.',
  spec: ['Parameter Object'],
  rationale:
    'The specification says a path parameter\'s required MUST be true: a path cannot be requested without filling in its template.',
  messages: { notRequired: 'Path parameter "{name}" must have "required: true": path parameters are always sent.' },
  kinds: ['Parameter'],
  local: true,
  checkObject(object, context) {
    const { node } = object;
    const location = node.get('in');
    if (location?.value !== 'path') return;
    const required = node.get('required');
    if (required?.value === true) return;
    context.report({
      at: required ? { node: required } : { node: location },
      messageId: 'notRequired',
      data: { name: node.get('name')?.stringValue ?? '' },
      fixes: [{ title: 'Set "required: true"', edits: [setMember(object.doc.parsed, node, 'required', true)] }],
    });
  },
});
