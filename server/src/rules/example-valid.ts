import { OPENAPI_VERSIONS } from '../model/spec';
import { SchemaValidator, ValidateOptions, ValueError } from '../model/validate';
import { Analysis, OpenApiObject } from '../model/analysis';
import { defineRule } from '../check/types';
import { firstLineSpan } from '../check/report';
import { isFreeTextValue } from '../check/shift';
import { SyntaxNode } from '../syntax/tree';
import { parseJson } from '../syntax/json';
import { SourceDocument } from '../model/documents';

function direction(object: OpenApiObject): ValidateOptions['direction'] {
  if (object.kind === 'Parameter') return 'request';
  if (object.kind === 'Header') return 'response';
  if (object.kind === 'MediaType') return object.parent?.kind === 'RequestBody' ? 'request' : object.parent?.kind === 'Response' ? 'response' : undefined;
  return undefined;
}

/**
 * For an example of a parameter or a header written as a string where its schema wants an array or
 * an object, and which its serialization does not read as one (see serializedReading): what to
 * write instead, the value itself.
 */
function valueInstead(object: OpenApiObject, example: SyntaxNode, error: { node: SyntaxNode; message: string }): string | undefined {
  if (error.node !== example || example.kind !== 'string') return undefined;
  const wanted = error.message.startsWith('expected an object') ? 'object' : error.message.startsWith('expected an array') ? 'array' : undefined;
  if (!wanted) return undefined;
  // A media type's example written as JSON text in a string (`example: '{"id": 1}'`) is a string.
  if (object.kind !== 'Parameter' && object.kind !== 'Header') return holdsJsonText(example.value as string, wanted) ? `the ${wanted} itself, not its JSON text in a string` : undefined;
  return `the ${wanted} itself`;
}

/** Whether a string is the JSON text of an object or an array (bounded: a long text is not parsed). */
function holdsJsonText(text: string, kind: 'object' | 'array'): boolean {
  const trimmed = text.trim();
  if (trimmed[0] !== (kind === 'object' ? '{' : '[') || trimmed.length > MAX_JSON_TEXT) return false;
  const parsed = parseJson(trimmed);
  return parsed.errors.length === 0 && parsed.root?.kind === kind;
}

/** Strings longer than this are not parsed to see whether they hold JSON text (messages only). */
const MAX_JSON_TEXT = 100_000;

/**
 * Whether a media type's values are written as JSON or YAML values: JSON and YAML types, their
 * `+json`/`+yaml` suffixes, and ranges (`*\/*`). Other types (XML, CSV, forms...) "cannot naturally
 * be represented in JSON or YAML" (3.0.3, Example Object): a string holds their example as sent.
 */
function writtenAsValues(mediaType: string): boolean {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  return /(^|[/+])(json|yaml|x-yaml)$/.test(type) || type.endsWith('/*') || type === '*';
}

/**
 * Whether a schema takes strings: its type says so, or it names none and neither do the schemas
 * it is composed of (an allOf member that takes no strings, or alternatives none of which does,
 * rule them out). Each schema is judged once (`known`): a shared schema is not walked again, and
 * a cycle ends at the schema being judged, taken as taking strings.
 */
function takesStrings(schema: SyntaxNode, analysis: Analysis, doc: SourceDocument, known = new Map<SyntaxNode, boolean>()): boolean {
  const target = analysis.resolve(schema, doc).target;
  const node = target?.node ?? schema;
  if (node.kind !== 'object') return true;
  const judged = known.get(node);
  if (judged !== undefined) return judged;
  known.set(node, true);
  const at = target?.doc ?? doc;
  const members = (key: string) => {
    const list = node.get(key);
    return list?.kind === 'array' ? list.children! : [];
  };
  const type = node.get('type');
  const takes = type
    ? type.kind === 'array' ? type.children!.some((t) => t.value === 'string') : type.value === 'string'
    : !members('allOf').some((member) => !takesStrings(member, analysis, at, known)) &&
      [members('oneOf'), members('anyOf')].every((alternatives) => !alternatives.length || alternatives.some((alternative) => takesStrings(alternative, analysis, at, known)));
  known.set(node, takes);
  return takes;
}

/** A scalar of a serialized parameter as the schema's type reads it; undefined when it does not. */
function scalarAs(text: string, type: unknown): unknown {
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text) ? Number(text) : undefined;
  return text;
}

/**
 * The value a parameter's or header's example written as a string stands for when it is read as
 * its style serializes it (`'true'` for a boolean, `paf,nyb` for an array): 3.0.3 says an example
 * SHOULD match the schema "and encoding properties", and each of `examples` holds "a value in the
 * correct format as specified in the parameter encoding", so the text sent is a reading the text
 * allows. Primitives, arrays and (a parameter's) objects are read; undefined when the string reads
 * as no such value.
 */
function serializedReading(object: OpenApiObject, example: SyntaxNode, schema: SyntaxNode, analysis: Analysis, doc: SourceDocument): SyntaxNode | undefined {
  if ((object.kind !== 'Parameter' && object.kind !== 'Header') || example.kind !== 'string') return undefined;
  const resolved = analysis.resolve(schema, doc).target?.node ?? schema;
  const type = resolved.get('type')?.value;
  const text = example.value as string;
  let value: unknown;
  if (type === 'array') {
    const items = resolved.get('items');
    const itemType = items ? (analysis.resolve(items, doc).target?.node ?? items).get('type')?.value : undefined;
    const style = object.kind === 'Parameter' ? object.node.get('style')?.value : undefined;
    const delimiter = style === 'spaceDelimited' ? / |%20/ : style === 'pipeDelimited' ? '|' : ',';
    const list = text.split(delimiter).map((item) => scalarAs(item, itemType));
    value = list.includes(undefined) ? undefined : list;
  } else if (type === 'boolean' || type === 'integer' || type === 'number') value = scalarAs(text, type);
  else if (type === 'object' && object.kind === 'Parameter') value = objectReading(text, object.node, resolved, analysis, doc);
  return value === undefined ? undefined : parseJson(JSON.stringify(value)).root;
}

/** Pairs longer than this are not read out of a serialized object (an example is a few). */
const MAX_SERIALIZED_PAIRS = 1000;

/**
 * An object parameter's example as its style sends it (3.0.3, Style Examples): `R,100,G,200`
 * (form or simple, not exploded, also after `color=`), `R=100&G=200` (form, exploded),
 * `R=100,G=200` (simple, exploded), `color[R]=100&color[G]=200` (deepObject), `.R.100.G.200` and
 * `.R=100.G=200` (label), `;color=R,100,G,200` and `;R=100;G=200` (matrix). Each property read by
 * its schema's type; undefined when the text is not written so.
 */
function objectReading(text: string, parameter: SyntaxNode, schema: SyntaxNode, analysis: Analysis, doc: SourceDocument): Record<string, unknown> | undefined {
  const location = parameter.get('in')?.value;
  const style = parameter.get('style')?.value ?? (location === 'query' || location === 'cookie' ? 'form' : 'simple');
  const explode = parameter.get('explode')?.value ?? style === 'form';
  const name = String(parameter.get('name')?.value ?? '');
  let pairs: [string, string][] | undefined;
  const keyed = (list: string[]) => list.map((pair) => pair.split('=')).every((kv) => kv.length === 2) ? list.map((pair) => pair.split('=') as [string, string]) : undefined;
  const alternating = (list: string[]) => list.length % 2 === 0 ? list.flatMap((_, i) => (i % 2 ? [] : [[list[i], list[i + 1]] as [string, string]])) : undefined;
  const unprefixed = (prefix: string) => (text.startsWith(prefix) ? text.slice(prefix.length) : text);
  if (style === 'deepObject') {
    const list = text.split('&').map((pair) => /^([^[\]=]+)\[([^[\]=]*)\]=(.*)$/.exec(pair));
    if (list.every((m) => m && m[1] === name)) pairs = list.map((m) => [m![2], m![3]]);
  } else if (style === 'form') pairs = explode ? keyed(text.split('&')) : alternating(unprefixed(`${name}=`).split(','));
  else if (style === 'simple') pairs = explode ? keyed(text.split(',')) : alternating(text.split(','));
  else if (style === 'label' && text.startsWith('.')) pairs = explode ? keyed(text.slice(1).split('.')) : alternating(text.slice(1).split('.'));
  else if (style === 'matrix' && text.startsWith(';')) pairs = explode ? keyed(text.slice(1).split(';')) : alternating(unprefixed(`;${name}=`).split(','));
  if (!pairs || pairs.length === 0 || pairs.length > MAX_SERIALIZED_PAIRS) return undefined;
  const properties = schema.get('properties');
  const value: Record<string, unknown> = Object.create(null); // a key "__proto__" is a property like any other
  for (const [key, raw] of pairs) {
    const property = properties?.kind === 'object' ? properties.get(key) : undefined;
    const type = property ? (analysis.resolve(property, doc).target?.node ?? property).get('type')?.value : undefined;
    const read = scalarAs(raw, type);
    if (read === undefined || Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value[key] = read;
  }
  return value;
}

/** Objects besides Schemas whose `example` is validated (their `examples` are Example objects). */
const HOLDS_EXAMPLE = ['Parameter', 'Header', 'MediaType'] as const;

export default defineRule({
  id: 'example-valid',
  severity: 'warning',
  description: '`example` and `examples.*.value` validate against their schema (Parameter, Media Type, Schema, Header), with OpenAPI 3.0 semantics (`nullable`, formats). A parameter\'s or header\'s example written as a string is also read as its style serializes it (`\'true\'` for a boolean, `a,b` for an array, `R=100&G=200` for an object). A media type whose values are not written as JSON or YAML (XML, CSV, forms) may hold its example as the text sent, in a string. Against a `oneOf` with a discriminator, the value\'s discriminator property picks the one alternative it is held to (by the mapping, however its reference is written, or by the schema\'s name). `default` is `default-type`\'s.',
  spec: ['Media Type Object', 'Parameter Object', 'Schema Object'],
  rationale:
    'Examples are what readers copy and what mock servers return: an example the schema rejects teaches clients the wrong format.',
  messages: {
    invalid: '"{where}{path}": {message}.',
    serialized: '"{where}{path}": {message}. Write {instead}.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 read the Schema Object as JSON Schema 2020-12: type lists and "null" (no `nullable`), `const`, numeric `exclusiveMinimum`/`exclusiveMaximum`, `prefixItems`, boolean schemas, `$ref` beside other keywords, `patternProperties`. Formats are annotations in 2020-12, so they are not asserted, and keywords the checker does not evaluate (`unevaluatedProperties`, `$dynamicRef`, `if`/`then`/`else`...) are left out: a miss, never a false finding. A Schema\'s `examples` list is validated item by item, and in 3.2 an Example\'s `dataValue` like its `value`, but as the data it is: a string there is not read as a parameter\'s serialized text or a media type\'s text sent.',
  kinds: ['Parameter', 'Header', 'MediaType', 'Schema'],
  members: ['example', 'examples'],
  localThroughRefs: true,
  // The examples and the schemas they are validated against (no schema's free text).
  readsValue: (edited) => {
    const { kinds, field } = edited;
    if (kinds.includes('Schema')) return !isFreeTextValue(edited);
    // A discriminator's property and mapping pick the alternative of a oneOf a value is held to.
    if (kinds.includes('Discriminator')) return true;
    if (kinds.includes('Example')) return field === 'value' || field === 'dataValue';
    // A string example is read as the parameter's style serializes it (serializedReading).
    if (kinds.includes('Parameter') && (field === 'style' || field === 'explode' || field === 'in' || field === 'name')) return true;
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
    // A string example of a media type not written as JSON or YAML values (`application/xml`) is
    // the text sent: judged only by a schema that takes strings.
    const sentAsText = object.kind === 'MediaType' && !writtenAsValues(String(node.key)) && !takesStrings(schema, context.analysis, doc);
    // A string the parameter's serialization reads as a value is judged as that value: no finding
    // when it is valid, else what is wrong with it, at the string.
    const acceptedSerialized = (errors: ValueError[], value: SyntaxNode): ValueError[] => {
      if (errors.length === 0) return errors;
      if (sentAsText && value.kind === 'string') return [];
      const reading = serializedReading(object, value, schema, context.analysis, doc);
      return reading ? validator.validate(reading, schema, doc).map((e) => ({ ...e, node: value })) : errors;
    };
    if (example) {
      for (const e of acceptedSerialized(validator.validate(example, schema, doc), example)) {
        const instead = valueInstead(object, example, e);
        context.report({ at: firstLineSpan(doc, e.node), messageId: instead ? 'serialized' : 'invalid', data: { where: 'example', path: e.path, message: e.message, instead: instead ?? '' } });
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
      // A `dataValue` is the data before serialization: no reading of it as the text sent.
      const errors = validator.validate(value, schema, doc);
      for (const e of field === 'dataValue' ? errors : acceptedSerialized(errors, value)) {
        const instead = valueInstead(object, value, e);
        context.report({
          doc: target!.doc, at: firstLineSpan(target!.doc, e.node), messageId: instead ? 'serialized' : 'invalid',
          data: { where: `examples.${String(entry.key)}.${field}`, path: e.path, message: e.message, instead: instead ?? '' },
        });
      }
    }
  },
});
