import { SPECS, ObjectKind } from '../model/spec';
import { SWAGGER2_ROOT_KEYS } from './swagger2-construct';
import { renameKey } from '../syntax/edit';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';
import { kindName } from '../model/facts';

// JSON Schema keywords that OpenAPI 3.0's Schema Object does not have (3.1 and draft 2019+ do).
const JSON_SCHEMA_ONLY = new Set([
  '$schema', '$id', '$defs', '$comment', 'const', 'examples', 'if', 'then', 'else', 'patternProperties',
  'dependencies', 'dependentRequired', 'dependentSchemas', 'propertyNames', 'contains', 'unevaluatedProperties',
  'unevaluatedItems', 'prefixItems', 'contentMediaType', 'contentEncoding', 'definitions', 'additionalItems',
]);

export default defineRule({
  id: 'unknown-field',
  severity: 'warning',
  description: 'A key that the object does not define and that does not start with `x-`; spelled-alike keys get a suggestion.',
  spec: ['Schema', 'Specification Extensions'],
  rationale:
    'The specification defines the fields of each object and allows other fields only as extensions starting with x-: an unknown field is ignored, usually a typo or a field of another version.',
  messages: {
    unknown: '"{key}" is not a field of the {kind}.',
    suggest: '"{key}" is not a field of the {kind}. Did you mean "{suggestion}"?',
    jsonSchema: '"{key}" is a JSON Schema keyword that OpenAPI 3.0 Schema Objects do not support; it is ignored.',
  },
  // Path Items are `unknown-method`'s; patterned objects (Paths, Responses...) have their own key rules.
  kinds: [...SPECS.values()].filter((s) => !s.patterned && s.kind !== 'PathItem').map((s) => s.kind) as ObjectKind[],
  local: true,
  checkObject(object, context) {
    const spec = SPECS.get(object.kind)!;
    const allowed = new Set((context.options.allow as string[] | undefined) ?? []);
    for (const child of object.node.children!) {
      const key = String(child.key);
      if (spec.fields.has(key) || (spec.extensions && key.startsWith('x-')) || allowed.has(key)) continue;
      if (object.kind === 'Root' && SWAGGER2_ROOT_KEYS.has(key)) continue; // swagger2-construct
      if (object.kind === 'Schema' && JSON_SCHEMA_ONLY.has(key)) {
        context.report({ at: { node: child, part: 'key' }, messageId: 'jsonSchema', data: { key } });
        continue;
      }
      const suggestion = closest(key, [...spec.fields.keys()].filter((f) => !object.node.get(f)));
      context.report({
        at: { node: child, part: 'key' },
        messageId: suggestion ? 'suggest' : 'unknown',
        data: { key, kind: kindName(object.kind), suggestion: suggestion ?? '' },
        fixes: suggestion ? [{ title: `Rename to "${suggestion}"`, edits: [renameKey(object.doc.parsed, child, suggestion)] }] : [],
      });
    }
  },
});
