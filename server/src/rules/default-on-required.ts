import { defineRule } from '../check/types';
import { OPENAPI_VERSIONS } from '../model/spec';
import { removalFix } from '../check/report';
import { constantValue } from './constant-parameter';

export default defineRule({
  id: 'default-on-required',
  severity: 'information',
  pickedFixes: 'Deleting the `default` loses a value that documentation and generators show: the author may move it to `example` instead.',
  description: '`default` on a required parameter or a required property has no effect. A read-only property is left alone: it is required in responses only, and its default documents what the server assigns when a request leaves it out.',
  spec: ['Schema Object', 'Parameter Object'],
  rationale:
    'A default is used only when a value is absent, which a required value never is: the default misleads readers, and is often a sample value written in the wrong field.',
  severityNote:
    'Information: the 3.0.3 text does not forbid it, the default is harmless to clients, and generated descriptions carry it by the hundred (882 findings in 13 of 151 real documents checked): worth tidying, not a warning that fails a build. A default on a constant parameter is constant-parameter\'s to report.',
  messages: {
    parameter: 'A required parameter is always sent, so its "default" is never used: use "example" for a sample value.',
    property: 'Property "{name}" is required, so its "default" is never used: use "example" for a sample value.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'The same in OpenAPI 3.0, 3.1 and 3.2: a parameter or header with `required: true` is always sent, and in JSON Schema 2020-12 `default` is still an annotation for a value that is absent, which a required property never is. A required property written as a `$ref` is left alone in every version (in 3.1 and 3.2 a `default` beside `$ref` may describe the referenced schema\'s other uses).',
  kinds: ['Parameter', 'Header', 'Schema'],
  members: ['required'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    if (object.kind !== 'Schema') {
      const schema = node.get('schema');
      const fallback = schema?.kind === 'object' ? schema.get('default') : undefined;
      // A constant (one enum value) says more about its default: constant-parameter reports it.
      if (node.get('required')?.value !== true || !fallback || (object.kind === 'Parameter' && constantValue(node) !== undefined)) return;
      context.report({ at: { node: fallback, part: 'key' }, messageId: 'parameter', fixes: [removalFix('Remove "default"', doc.parsed, fallback)] });
      return;
    }
    const required = node.get('required');
    const properties = node.get('properties');
    if (required?.kind !== 'array' || properties?.kind !== 'object') return;
    for (const name of required.children!) {
      const property = typeof name.value === 'string' ? properties.get(name.value) : undefined;
      // A read-only property is required in responses only: a request leaves it out, and its
      // default documents what the server assigns then.
      const fallback = property?.kind === 'object' && !property.get('$ref') && property.get('readOnly')?.value !== true ? property.get('default') : undefined;
      if (!fallback) continue;
      context.report({ at: { node: fallback, part: 'key' }, messageId: 'property', data: { name: String(name.value) }, fixes: [removalFix('Remove "default"', doc.parsed, fallback)] });
    }
  },
});
