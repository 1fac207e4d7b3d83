import { OPENAPI_VERSIONS } from '../model/spec';
import { OpenApiObject } from '../model/analysis';
import { canonicalText, describe, matchesType } from '../model/validate';
import { defineRule, RuleContext } from '../check/types';
import { removalFix } from '../check/report';
import { typesWithNull } from '../model/facts';

/** 2020-12: each value of one of the listed types, `null` only when "null" is one of them. */
function checkEnum2020(object: OpenApiObject, context: RuleContext): void {
  const { node, doc } = object;
  const typeNode = node.get('type');
  const types = typeNode?.kind === 'string' ? [typeNode.value as string]
    : typeNode?.kind === 'array' && typeNode.children!.length > 0 && typeNode.children!.every((t) => t.kind === 'string') ? typeNode.children!.map((t) => t.value as string)
    : undefined;
  const seen = new Set<string>();
  for (const item of node.get('enum')!.children!) {
    if (types && item.kind === 'null' && !types.includes('null')) {
      context.report({ at: { node: item }, messageId: 'nullNotInType', data: { types: typesWithNull(typeNode) } });
    } else if (types && item.kind !== 'null' && !types.some((t) => t !== 'null' && matchesType(item, t))) {
      context.report({ at: { node: item }, messageId: 'wrongType', data: { actual: describe(item), type: types.join('", "') } });
    }
    const key = canonicalText(item.toValue());
    if (key !== undefined && seen.has(key)) {
      context.report({ at: { node: item }, messageId: 'duplicate', fixes: [removalFix('Remove the duplicate value', doc.parsed, item)] });
    } else if (key !== undefined) seen.add(key);
  }
}

export default defineRule({
  id: 'enum-type',
  severity: 'warning',
  description: 'An `enum` value that does not match the schema\'s type (`null` without `nullable: true`), which no value can ever pass, or a value listed twice.',
  spec: ['Schema Object'],
  rationale:
    'An enum value of the wrong type can never pass the schema, so clients that offer it build requests the server rejects.',
  messages: {
    wrongType: 'This "enum" value is {actual}, but the schema\'s type is "{type}".',
    nullNotNullable: '"null" in "enum" needs "nullable: true" on the schema.',
    duplicate: 'This "enum" value is listed twice.',
    nullNotInType: '"null" in "enum" needs "null" among the schema\'s types: type: {types}.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.0: `null` needs `nullable: true`. OpenAPI 3.1 and 3.2 (JSON Schema 2020-12): `type` may list several types, and `null` needs "null" among them.',
  kinds: ['Schema'],
  members: ['enum'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const values = node.get('enum');
    if (values?.kind !== 'array') return;
    if ((context.version ?? '3.0') !== '3.0') return checkEnum2020(object, context);
    const type = node.get('type')?.stringValue;
    const nullable = node.get('nullable')?.value === true;
    // Values by a canonical text: a list of 100,000 values is checked for duplicates in one pass.
    const seen = new Set<string>();
    for (const item of values.children!) {
      if (item.kind === 'null') {
        if (!nullable && type !== undefined) context.report({ at: { node: item }, messageId: 'nullNotNullable' });
      } else if (type !== undefined && !matchesType(item, type)) {
        context.report({ at: { node: item }, messageId: 'wrongType', data: { actual: describe(item), type } });
      }
      const key = canonicalText(item.toValue());
      if (key !== undefined && seen.has(key)) {
        context.report({ at: { node: item }, messageId: 'duplicate', fixes: [removalFix('Remove the duplicate value', doc.parsed, item)] });
      } else if (key !== undefined) seen.add(key);
    }
  },
});
