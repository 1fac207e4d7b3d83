import { OPENAPI_VERSIONS } from '../model/spec';
import { removalFix } from '../check/report';
import { defineRule } from '../check/types';
import { SyntaxNode } from '../syntax/tree';

/**
 * The single value of a constant parameter (required, or in the path, with an inline schema whose
 * `enum` lists one value), as the message shows it; undefined when the parameter is no constant.
 */
export function constantValue(parameter: SyntaxNode): string | undefined {
  if (parameter.get('required')?.value !== true && parameter.get('in')?.value !== 'path') return undefined;
  const schema = parameter.get('schema');
  const values = schema?.kind === 'object' ? schema.get('enum') : undefined;
  if (values?.kind !== 'array' || values.children!.length !== 1) return undefined;
  return JSON.stringify(values.children![0].toValue());
}

export default defineRule({
  id: 'constant-parameter',
  severity: 'information',
  pickedFixes: 'Deleting the default loses a value that documentation and Try it out show: the author may keep it.',
  versions: OPENAPI_VERSIONS,
  description: 'A `default` on a constant parameter (a required parameter whose `enum` has a single value): a constant is always sent, so its default never applies.',
  spec: ['Parameter Object', 'Schema Object'],
  rationale:
    'A constant parameter is a required parameter whose enum has a single value: clients always send that value, unlike a default, which the server assumes when a value is absent. A default beside a constant is never used and says the parameter could be left out. An optional parameter with a single enum value is no constant but an opt-in flag (sent or not): it is left alone.',
  severityNote:
    'Information, as default-on-required: the 3.0.3 text does not forbid a default on a required parameter, the default does no harm to clients, and documentation tools show it (Swagger UI fills Try it out with it); worth tidying, not a warning that fails a build.',
  messages: { defaultOnConstant: 'Parameter "{name}" is a constant (required, with the single value {value}): clients always send it, so its "default" never applies. Remove the default.' },
  kinds: ['Parameter'],
  members: ['required', 'in'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const value = constantValue(node);
    const fallback = value === undefined ? undefined : node.get('schema')!.get('default');
    if (!fallback) return;
    context.report({
      at: { node: fallback, part: 'key' },
      messageId: 'defaultOnConstant',
      data: { name: node.get('name')?.stringValue ?? '', value: value! },
      fixes: [removalFix('Remove "default"', doc.parsed, fallback)],
    });
  },
});
