import { insertMember, replaceNode, scalarText } from '../syntax/edit';
import { SCHEMA_TYPES } from '../model/facts';
import { defineRule, RuleContext } from '../check/types';
import { OpenApiObject } from '../model/analysis';
import { OPENAPI_VERSIONS } from '../model/spec';
import { closest } from '../check/suggest';
import { lookupTable } from '../model/lookup';


/** Other languages' names for the types. */
const TYPE_ALIASES = lookupTable({ int: 'integer', float: 'number', double: 'number', bool: 'boolean', long: 'integer', map: 'object', list: 'array', str: 'string' });

/** JSON Schema 2020-12's types, which OpenAPI 3.1 and 3.2 use: 3.0's and "null". */
const TYPES_2020_12 = [...SCHEMA_TYPES, 'null'];

/** 3.1 and 3.2: a type name, or a non-empty list of distinct names, each one of JSON Schema's seven. */
function checkType2020(object: OpenApiObject, context: RuleContext): void {
  const { node, doc } = object;
  const type = node.get('type')!;
  if (type.kind === 'array' && type.children!.length === 0) return context.report({ at: { node: type }, messageId: 'emptyList' });
  const names = type.kind === 'array' ? type.children! : [type];
  const seen = new Set<string>();
  for (const name of names) {
    if (name.kind !== 'string') {
      // The field as a whole is field-type's; an item of the list is this rule's.
      if (type.kind === 'array') context.report({ at: { node: name }, messageId: 'notName' });
      continue;
    }
    const value = name.value as string;
    if (TYPES_2020_12.includes(value)) {
      if (seen.has(value)) context.report({ at: { node: name }, messageId: 'twice', data: { type: value } });
      seen.add(value);
      continue;
    }
    const suggestion = closest(value, TYPES_2020_12) ?? TYPE_ALIASES[value.toLowerCase()];
    context.report({
      at: { node: name },
      messageId: suggestion ? 'suggest2020' : 'unknown2020',
      data: { type: value, suggestion: suggestion ?? '' },
      fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceNode(name, scalarText(doc.parsed, suggestion, name.style))] }] : [],
    });
  }
}

export default defineRule({
  id: 'schema-type',
  severity: 'error',
  description: '`type` is one of `string number integer boolean array object`; an array of types or `type: \'null\'` (3.1 / JSON Schema style) is not OpenAPI 3.0. In OpenAPI 3.1 and 3.2 (JSON Schema 2020-12) `type` is one of those or `null`, or a non-empty list of distinct ones.',
  spec: ['Schema Object', 'Data Types'],
  rationale:
    'The specification says type MUST be a string naming one of the data types: other values are not OpenAPI 3.0, and tools reject or ignore them.',
  messages: {
    unknown: '"{type}" is not an OpenAPI 3.0 type: use one of string, number, integer, boolean, array, object.',
    suggest: '"{type}" is not an OpenAPI 3.0 type. Did you mean "{suggestion}"?',
    nullType: 'OpenAPI 3.0 has no "null" type: use "nullable: true" beside the type.',
    array: 'In OpenAPI 3.0 "type" is a single string, not a list of types (that is OpenAPI 3.1).',
    unknown2020: '"{type}" is not a JSON Schema type: use string, number, integer, boolean, array, object or null.',
    suggest2020: '"{type}" is not a JSON Schema type. Did you mean "{suggestion}"?',
    emptyList: '"type" lists no type: no value can match it. List at least one type, or remove "type" to allow any.',
    notName: 'Each item of "type" must be a type name, such as "string" or "null".',
    twice: '"{type}" is listed twice in "type".',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.0: one of the six type names, as a string. OpenAPI 3.1 and 3.2 (JSON Schema 2020-12): one of those or `null`, or a non-empty list of distinct ones (`type: [string, \'null\']`).',
  kinds: ['Schema'],
  members: ['type'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const type = node.get('type');
    if (!type) return;
    if ((context.version ?? '3.0') !== '3.0') return checkType2020(object, context);
    if (type.kind === 'array') {
      const names = type.children!.map((c) => c.value);
      const others = names.filter((n) => n !== 'null');
      const fixes = others.length === 1 && typeof others[0] === 'string' && SCHEMA_TYPES.includes(others[0]) && names.length === 2
        ? [{
            title: `Use "type: ${others[0]}" with "nullable: true"`,
            edits: [replaceNode(type, scalarText(doc.parsed, others[0])), ...(node.get('nullable') ? [] : [insertMember(doc.parsed, node, 'nullable', true)])],
          }]
        : [];
      context.report({ at: { node: type }, messageId: 'array', fixes });
      return;
    }
    if (type.kind !== 'string') return; // field-type
    const value = type.value as string;
    if (SCHEMA_TYPES.includes(value) || value === 'file') return; // `file` is swagger2-construct's
    if (value === 'null') return context.report({ at: { node: type }, messageId: 'nullType' });
    const suggestion = closest(value, SCHEMA_TYPES) ?? TYPE_ALIASES[value.toLowerCase()];
    context.report({
      at: { node: type },
      messageId: suggestion ? 'suggest' : 'unknown',
      data: { type: value, suggestion: suggestion ?? '' },
      fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceNode(type, scalarText(doc.parsed, suggestion, type.style))] }] : [],
    });
  },
});
