import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { lookupTable } from '../model/lookup';

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

export default defineRule({
  id: 'schema-keyword-type',
  severity: 'warning',
  description: 'A Schema keyword that cannot apply to the schema\'s `type` (`items` on an object, `properties` on an array, `maxLength` on a number...): it is ignored.',
  spec: ['Schema Object', 'Data Types'],
  rationale:
    'Validation keywords apply to values of one type only: on a schema of another type they are ignored, so the constraint the author meant is never checked. Usually the type or the keyword is wrong.',
  messages: { ignored: '"{keyword}" applies to {owner}, so it is ignored on "type: {type}".' },
  kinds: ['Schema'],
  members: ['type'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const type = node.get('type')?.stringValue;
    const applies = type !== undefined ? APPLIES[type] : undefined;
    if (!applies) return;
    for (const member of node.children!) {
      const keyword = String(member.key);
      const owner = OWNER[keyword];
      if (!owner || applies.includes(keyword)) continue;
      context.report({ at: { node: member, part: 'key' }, messageId: 'ignored', data: { keyword, owner, type: type! }, fixes: [removalFix(`Remove "${keyword}"`, doc.parsed, member)] });
    }
  },
});
