import { insertMember, replaceNode, scalarText } from '../syntax/edit';
import { SCHEMA_TYPES } from '../model/facts';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';
import { lookupTable } from '../model/lookup';


/** Other languages' names for the types. */
const TYPE_ALIASES = lookupTable({ int: 'integer', float: 'number', double: 'number', bool: 'boolean', long: 'integer', map: 'object', list: 'array', str: 'string' });

export default defineRule({
  id: 'schema-type',
  severity: 'error',
  description: '`type` is one of `string number integer boolean array object`; an array of types or `type: \'null\'` (3.1 / JSON Schema style) is not OpenAPI 3.0.',
  spec: ['Schema Object', 'Data Types'],
  rationale:
    'The specification says type MUST be a string naming one of the data types: other values are not OpenAPI 3.0, and tools reject or ignore them.',
  messages: {
    unknown: '"{type}" is not an OpenAPI 3.0 type: use one of string, number, integer, boolean, array, object.',
    suggest: '"{type}" is not an OpenAPI 3.0 type. Did you mean "{suggestion}"?',
    nullType: 'OpenAPI 3.0 has no "null" type: use "nullable: true" beside the type.',
    array: 'In OpenAPI 3.0 "type" is a single string, not a list of types (that is OpenAPI 3.1).',
  },
  kinds: ['Schema'],
  members: ['type'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const type = node.get('type');
    if (!type) return;
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
