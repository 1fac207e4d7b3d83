import { SchemaValidator, ValidateOptions } from '../model/validate';
import { OpenApiObject } from '../model/analysis';
import { defineRule } from '../check/types';
import { firstLineSpan } from '../check/report';
import { isFreeTextValue } from '../check/shift';

function direction(object: OpenApiObject): ValidateOptions['direction'] {
  if (object.kind === 'Parameter') return 'request';
  if (object.kind === 'Header') return 'response';
  if (object.kind === 'MediaType') return object.parent?.kind === 'RequestBody' ? 'request' : object.parent?.kind === 'Response' ? 'response' : undefined;
  return undefined;
}

/** Objects besides Schemas whose `example` is validated (their `examples` are Example objects). */
const HOLDS_EXAMPLE = ['Parameter', 'Header', 'MediaType'] as const;

export default defineRule({
  id: 'example-valid',
  severity: 'warning',
  description: '`example` and `examples.*.value` validate against their schema (Parameter, Media Type, Schema, Header), with OpenAPI 3.0 semantics (`nullable`, formats). `default` is `default-type`\'s.',
  spec: ['Media Type Object', 'Parameter Object', 'Schema Object'],
  rationale:
    'Examples are what readers copy and what mock servers return: an example the schema rejects teaches clients the wrong format.',
  messages: { invalid: '"{where}{path}": {message}.' },
  kinds: ['Parameter', 'Header', 'MediaType', 'Schema'],
  members: ['example', 'examples'],
  localThroughRefs: true,
  // The examples and the schemas they are validated against (no schema's free text).
  readsValue: (edited) => {
    const { kinds, field } = edited;
    if (kinds.includes('Schema')) return !isFreeTextValue(edited);
    if (kinds.includes('Example')) return field === 'value';
    return field === 'example' && HOLDS_EXAMPLE.some((kind) => kinds.includes(kind));
  },
  checkObject(object, context) {
    const { node, doc } = object;
    const example = node.get('example');
    const examples = object.kind === 'Schema' ? undefined : node.get('examples');
    if (!example && examples?.kind !== 'object') return; // most objects have nothing to validate
    const schema = object.kind === 'Schema' ? node : node.get('schema');
    if (schema?.kind !== 'object') return;
    const validator = new SchemaValidator(context.analysis, { direction: direction(object) });
    if (example) {
      for (const e of validator.validate(example, schema, doc)) context.report({ at: firstLineSpan(doc, e.node), messageId: 'invalid', data: { where: 'example', path: e.path, message: e.message } });
    }
    if (examples?.kind !== 'object') return;
    for (const entry of examples.children!) {
      const target = context.analysis.resolve(entry, doc).target;
      const value = target?.node.kind === 'object' ? target.node.get('value') : undefined;
      if (!value) continue;
      for (const e of validator.validate(value, schema, doc)) {
        context.report({ doc: target!.doc, at: firstLineSpan(target!.doc, e.node), messageId: 'invalid', data: { where: `examples.${String(entry.key)}.value`, path: e.path, message: e.message } });
      }
    }
  },
});
