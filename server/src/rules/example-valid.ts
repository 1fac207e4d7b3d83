import { OPENAPI_VERSIONS } from '../model/spec';
import { SchemaValidator, ValidateOptions } from '../model/validate';
import { OpenApiObject } from '../model/analysis';
import { defineRule } from '../check/types';
import { firstLineSpan } from '../check/report';
import { isFreeTextValue } from '../check/shift';
import { SyntaxNode } from '../syntax/tree';

function direction(object: OpenApiObject): ValidateOptions['direction'] {
  if (object.kind === 'Parameter') return 'request';
  if (object.kind === 'Header') return 'response';
  if (object.kind === 'MediaType') return object.parent?.kind === 'RequestBody' ? 'request' : object.parent?.kind === 'Response' ? 'response' : undefined;
  return undefined;
}

/**
 * For an example of a parameter or a header written as the text a request or response carries
 * (`paf,nyb`) where its schema wants an array or an object: what to write instead. An example holds
 * the value (3.0.3 Parameter Object: "Example of the parameter's potential value"); its serialized
 * form is the `style`'s business.
 */
function valueInstead(object: OpenApiObject, example: SyntaxNode, error: { node: SyntaxNode; message: string }): string | undefined {
  if ((object.kind !== 'Parameter' && object.kind !== 'Header') || error.node !== example || example.kind !== 'string') return undefined;
  if (error.message.startsWith('expected an object')) return 'the object itself';
  if (!error.message.startsWith('expected an array')) return undefined;
  const items = (example.value as string).split(',').map((item) => item.trim());
  if (items.length < 2 || items.length > 10) return 'the array itself';
  // Numbers and booleans as they are; in YAML a plain word stays plain.
  const written = items.map((item) => (/^(-?\d+(\.\d+)?|true|false)$/.test(item) || (object.doc.format === 'yaml' && /^[A-Za-z_][\w.-]*$/.test(item)) ? item : JSON.stringify(item)));
  return `the array itself, such as [${written.join(', ')}]`;
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
  messages: {
    invalid: '"{where}{path}": {message}.',
    serialized: '"{where}{path}": {message}. An example holds the {holder}\'s value, not its serialized form: write {instead}.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 read the Schema Object as JSON Schema 2020-12: type lists and "null" (no `nullable`), `const`, numeric `exclusiveMinimum`/`exclusiveMaximum`, `prefixItems`, boolean schemas, `$ref` beside other keywords, `patternProperties`. Formats are annotations in 2020-12, so they are not asserted, and keywords the checker does not evaluate (`unevaluatedProperties`, `$dynamicRef`, `if`/`then`/`else`...) are left out: a miss, never a false finding. A Schema\'s `examples` list is validated item by item, and in 3.2 an Example\'s `dataValue` like its `value`.',
  kinds: ['Parameter', 'Header', 'MediaType', 'Schema'],
  members: ['example', 'examples'],
  localThroughRefs: true,
  // The examples and the schemas they are validated against (no schema's free text).
  readsValue: (edited) => {
    const { kinds, field } = edited;
    if (kinds.includes('Schema')) return !isFreeTextValue(edited);
    if (kinds.includes('Example')) return field === 'value' || field === 'dataValue';
    return field === 'example' && HOLDS_EXAMPLE.some((kind) => kinds.includes(kind));
  },
  checkObject(object, context) {
    const { node, doc } = object;
    const example = node.get('example');
    const since31 = (context.version ?? '3.0') !== '3.0';
    const examples = object.kind === 'Schema' && !since31 ? undefined : node.get('examples');
    if (!example && examples?.kind !== 'object' && examples?.kind !== 'array') return; // most objects have nothing to validate
    const schema = object.kind === 'Schema' ? node : node.get('schema');
    if (schema?.kind !== 'object') return;
    const validator = new SchemaValidator(context.analysis, { direction: direction(object) });
    if (example) {
      for (const e of validator.validate(example, schema, doc)) {
        const instead = valueInstead(object, example, e);
        context.report({ at: firstLineSpan(doc, e.node), messageId: instead ? 'serialized' : 'invalid', data: { where: 'example', path: e.path, message: e.message, holder: object.kind.toLowerCase(), instead: instead ?? '' } });
      }
    }
    // 2020-12: a Schema's `examples` is a list of values.
    if (object.kind === 'Schema') {
      if (examples?.kind !== 'array') return;
      examples.children!.forEach((value, i) => {
        for (const e of validator.validate(value, schema, doc)) context.report({ at: firstLineSpan(doc, e.node), messageId: 'invalid', data: { where: `examples[${i}]`, path: e.path, message: e.message } });
      });
      return;
    }
    if (examples?.kind !== 'object') return;
    for (const entry of examples.children!) {
      const target = context.analysis.resolve(entry, doc).target;
      // 3.2: `dataValue` is the value as data, before it is serialized.
      const value = target?.node.kind === 'object' ? target.node.get('value') ?? (context.version === '3.2' ? target.node.get('dataValue') : undefined) : undefined;
      if (!value) continue;
      const field = String(value.key);
      for (const e of validator.validate(value, schema, doc)) {
        const instead = valueInstead(object, value, e);
        context.report({
          doc: target!.doc, at: firstLineSpan(target!.doc, e.node), messageId: instead ? 'serialized' : 'invalid',
          data: { where: `examples.${String(entry.key)}.${field}`, path: e.path, message: e.message, holder: object.kind.toLowerCase(), instead: instead ?? '' },
        });
      }
    }
  },
});
