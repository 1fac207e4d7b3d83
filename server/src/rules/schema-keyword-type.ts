import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { lookupTable } from '../model/lookup';
import { OPENAPI_VERSIONS } from '../model/spec';

const NUMBER = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const STRING = ['minLength', 'maxLength', 'pattern'];
const ARRAY = ['items', 'minItems', 'maxItems', 'uniqueItems'];
const OBJECT = ['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'];

/** The keywords that apply to each type (JSON Schema validation groups them by instance type). */
const APPLIES: Record<string, string[]> = lookupTable({
  string: STRING, number: NUMBER, integer: NUMBER, boolean: [], array: ARRAY, object: OBJECT,
});
const OWNER: Record<string, string> = lookupTable(Object.fromEntries([
  ...NUMBER.map((k) => [k, 'numbers']), ...STRING.map((k) => [k, 'strings']), ...ARRAY.map((k) => [k, 'arrays']), ...OBJECT.map((k) => [k, 'objects']),
]));
/** JSON Schema 2020-12 (OpenAPI 3.1 and 3.2): more keywords for arrays and objects, and the type null. */
const ARRAY_2020 = [...ARRAY, 'prefixItems', 'contains', 'minContains', 'maxContains', 'unevaluatedItems'];
const OBJECT_2020 = [...OBJECT, 'patternProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties'];
const APPLIES_2020: Record<string, string[]> = lookupTable({
  string: STRING, number: NUMBER, integer: NUMBER, boolean: [], null: [], array: ARRAY_2020, object: OBJECT_2020,
});
const OWNER_2020: Record<string, string> = lookupTable(Object.fromEntries([
  ...NUMBER.map((k) => [k, 'numbers']), ...STRING.map((k) => [k, 'strings']), ...ARRAY_2020.map((k) => [k, 'arrays']), ...OBJECT_2020.map((k) => [k, 'objects']),
]));

export default defineRule({
  id: 'schema-keyword-type',
  severity: 'warning',
  pickedFixes: 'Deleting a keyword that does not apply to the type loses what the author meant (a `minimum` on a string is most likely a `minLength`): the author decides.',
  description: 'A Schema keyword that cannot apply to the schema\'s `type` (`items` on an object, `properties` on an array, `maxLength` on a number...): it is ignored.',
  spec: ['Schema Object', 'Data Types'],
  rationale:
    'Validation keywords apply to values of one type only: on a schema of another type they are ignored, so the constraint the author meant is never checked. Usually the type or the keyword is wrong.',
  messages: { ignored: '"{keyword}" applies to {owner}, so it is ignored on "type: {type}".' },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 (JSON Schema 2020-12): each validation keyword still applies to values of one type and is ignored on the others, and 2020-12 adds some (`prefixItems`, `contains`, `minContains`, `maxContains`, `unevaluatedItems` for arrays; `patternProperties`, `propertyNames`, `dependentRequired`, `dependentSchemas`, `unevaluatedProperties` for objects), which are checked too. `type` may be a list there: a keyword is reported only when it applies to none of the listed types (`type: [string, \'null\']` takes `maxLength`), and `type: \'null\'` takes none of them.',
  kinds: ['Schema'],
  members: ['type'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const modern = (context.version ?? '3.0') !== '3.0';
    const typeNode = node.get('type');
    // 2020-12: a list of types; a keyword applies when it applies to any of them.
    const types = modern && typeNode?.kind === 'array' ? typeNode.children!.map((t) => t.stringValue) : [typeNode?.stringValue];
    const table = modern ? APPLIES_2020 : APPLIES;
    const owners = modern ? OWNER_2020 : OWNER;
    if (types.length === 0 || types.some((t) => t === undefined || !table[t])) return;
    // One type (almost every schema): its own list, without flatMap's new array per schema.
    const applies = types.length === 1 ? table[types[0]!] : types.flatMap((t) => table[t!]);
    const type = typeNode!.kind === 'array' ? `[${types.join(', ')}]` : types[0]!;
    for (const member of node.children!) {
      const keyword = String(member.key);
      const owner = owners[keyword];
      if (!owner || applies.includes(keyword)) continue;
      context.report({ at: { node: member, part: 'key' }, messageId: 'ignored', data: { keyword, owner, type }, fixes: [removalFix(`Remove "${keyword}"`, doc.parsed, member)] });
    }
  },
});
