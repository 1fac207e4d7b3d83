import { SPECS, ObjectKind, OPENAPI_VERSIONS, OpenApiVersion, specOf } from '../model/spec';
import { SWAGGER2_ROOT_KEYS } from './swagger2-construct';
import { appendItem, renameKey, replaceNode, TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { defineRule, Fix, RuleContext } from '../check/types';
import { eachMember } from '../check/member-steps';
import { OpenApiObject } from '../model/analysis';
import { fitsOtherUse, mayFitOtherUse } from '../model/kind-fit';
import { closest } from '../check/suggest';
import { kindName, typesWithNull } from '../model/facts';
import { SourceDocument } from '../model/documents';
import { removalFix } from '../check/report';
import { lookupTable } from '../model/lookup';

// JSON Schema keywords that OpenAPI 3.0's Schema Object does not have (OpenAPI 3.1 and JSON Schema
// 2019+ do), with the OpenAPI 3.0 way to say the same where there is one.
const JSON_SCHEMA_ONLY: Record<string, string> = lookupTable({
  const: 'write "enum" with the one value',
  examples: 'write one "example"',
  $schema: 'an OpenAPI 3.0 Schema has no dialect: remove it',
  $id: 'name the schema under "components/schemas" and reference it with "$ref"',
  $defs: 'put the schemas under "components/schemas"',
  definitions: 'put the schemas under "components/schemas"',
  $comment: 'write a "description" or an "x-" extension',
  if: 'describe the alternatives with "oneOf"',
  then: 'describe the alternatives with "oneOf"',
  else: 'describe the alternatives with "oneOf"',
  prefixItems: 'OpenAPI 3.0 cannot describe a tuple, so use one "items" schema for every item',
  additionalItems: 'OpenAPI 3.0 cannot describe a tuple, so use one "items" schema for every item',
  contains: 'describe the items with "items"',
  patternProperties: 'use "additionalProperties" with one schema for every other key',
  propertyNames: 'use "additionalProperties" and describe the keys in "description"',
  dependencies: 'say it in "description"',
  dependentRequired: 'say it in "description"',
  dependentSchemas: 'say it in "description"',
  unevaluatedProperties: 'use "additionalProperties"',
  unevaluatedItems: 'use "items"',
  contentMediaType: 'use "format: binary" or "format: byte" for file content',
  contentEncoding: 'use "format: byte" for base64',
});

// Fields of other objects that OpenAPI 3.1 added.
const OPENAPI_31_ONLY: Partial<Record<ObjectKind, Record<string, string>>> = {
  Root: { webhooks: 'describe them as "callbacks" of the operations that register them', jsonSchemaDialect: 'remove it' },
  Info: { summary: 'put the summary in "description"' },
  License: { identifier: 'give the license "url"' },
  Components: { pathItems: 'write each Path Item under "paths", or in a file referenced from there' },
};

/** `const: x` -> `enum: [x]`, `examples: [a, ...]` -> `example: a`: the 3.0 way, when it says the same. */
function rewriteFor30(doc: SourceDocument, member: SyntaxNode, schema: SyntaxNode): Fix | undefined {
  const text = doc.source;
  const end = member.offset + text.slice(member.offset, member.end).trimEnd().length;
  const keyText = (key: string) => (doc.format === 'json' ? JSON.stringify(key) : key);
  const rewrite = (key: string, value: string): TextEdit => ({ offset: member.keyOffset, length: end - member.keyOffset, newText: `${keyText(key)}: ${value}` });
  if (member.key === 'const' && !schema.get('enum')) {
    const value = text.slice(member.offset, end);
    if (!value.includes('\n')) return { title: 'Write it as "enum" with the one value', edits: [rewrite('enum', `[${value}]`)] };
  }
  // A dialect, which a 3.0 Schema does not have: removing it changes nothing.
  if (member.key === '$schema') return removalFix('Remove "$schema"', doc.parsed, member);
  if (member.key === 'examples' && member.kind === 'array' && !schema.get('example')) {
    const first = member.children![0];
    const value = first ? text.slice(first.offset, first.offset + text.slice(first.offset, first.end).trimEnd().length) : '';
    if (first && !value.includes('\n')) return { title: 'Keep the first value as "example"', edits: [rewrite('example', value)] };
  }
  return undefined;
}

// The `allow` option as a set, once per options object rather than once per object checked.
const allowedSets = new WeakMap<object, Set<string>>();
function allowedKeys(options: Record<string, unknown>): Set<string> {
  let allowed = allowedSets.get(options);
  if (!allowed) allowedSets.set(options, (allowed = new Set((options.allow as string[] | undefined) ?? [])));
  return allowed;
}

/** One member of an object: what its key is, and the finding when it is no field. */
function checkMember(child: SyntaxNode, object: OpenApiObject, context: RuleContext): void {
  const key = String(child.key);
  const version = context.version ?? '3.0';
  const spec = specOf(object.kind, version);
  if (spec.fields.has(key) || (spec.extensions && key.startsWith('x-')) || allowedKeys(context.options).has(key)) return;
  if (version !== '3.0') return checkMemberSince31(child, object, context, version);
  if (object.kind === 'Root' && SWAGGER2_ROOT_KEYS.has(key)) return; // swagger2-construct
  const { node, doc } = object;
  const at = { node: child, part: 'key' as const };
  // Own keys only: a key named "constructor" or "toString" is no keyword.
  if (object.kind === 'Schema' && Object.hasOwn(JSON_SCHEMA_ONLY, key)) {
    const fix = rewriteFor30(doc, child, node);
    context.report({ at, messageId: 'jsonSchema', data: { key, instead: JSON_SCHEMA_ONLY[key] }, fixes: fix ? [fix] : [] });
    return;
  }
  const later31 = OPENAPI_31_ONLY[object.kind];
  const later = later31 && Object.hasOwn(later31, key) ? later31[key] : undefined;
  if (later) {
    const where = object.kind === 'Root' ? 'the root object' : `the ${kindName(object.kind)}`;
    // The dialect of 3.1 Schemas: nothing in a 3.0 document reads it.
    const fixes = key === 'jsonSchemaDialect' ? [removalFix(`Remove "${key}"`, doc.parsed, child)] : [];
    context.report({ at, messageId: 'openapi31', data: { key, where, instead: later }, fixes });
    return;
  }
  if (object.kind === 'Header' && (key === 'name' || key === 'in')) {
    const why = key === 'name' ? 'its name is the key of the "headers" map' : 'a header is always "in: header"';
    context.report({ at, messageId: 'headerName', data: { key, why }, fixes: [removalFix(`Remove "${key}"`, doc.parsed, child)] });
    return;
  }
  const suggestion = closest(key, [...spec.fields.keys()].filter((f) => !node.get(f)));
  context.report({
    at,
    messageId: suggestion ? 'suggest' : object.kind === 'Discriminator' ? 'discriminator' : 'unknown',
    data: { key, kind: kindName(object.kind), suggestion: suggestion ?? '' },
    // The official schema accepts any key in a Discriminator, and the text forbids none there.
    severity: object.kind === 'Discriminator' ? 'warning' : undefined,
    fixes: suggestion ? [{ title: `Rename to "${suggestion}"`, edits: [renameKey(doc.parsed, child, suggestion)], claims: [`key:${doc.path}#${node.pointer}/${suggestion}`] }] : [],
  });
}

const EARLIER_DRAFT_KEYWORDS = new Set(['definitions', 'dependencies', 'additionalItems', '$recursiveRef', '$recursiveAnchor', 'id']);

/**
 * `type: string` + `nullable: true` -> `type: [string, 'null']`, and null added to an `enum`
 * beside it (else the enum still rejects the null meant); `nullable: false` says nothing, and
 * neither does `nullable: true` in a schema without type or composition (it allows null already):
 * removed.
 */
function nullableFix(doc: SourceDocument, schema: SyntaxNode, nullable: SyntaxNode): Fix[] {
  const remove = removalFix('Remove "nullable"', doc.parsed, nullable);
  if (nullable.kind === 'boolean' && (nullable.value === false || nullableShape(schema) === 'anything')) return [remove];
  const type = schema.get('type');
  if (nullable.kind !== 'boolean' || type?.kind !== 'string') return [];
  const quote = (name: string) => (doc.format === 'json' ? JSON.stringify(name) : name === 'null' ? "'null'" : name);
  const types = `[${quote(String(type.value))}, ${quote('null')}]`;
  const values = schema.get('enum');
  const addNull = values?.kind === 'array' && !values.children!.some((v) => v.kind === 'null') ? [appendItem(doc.parsed, values, null)] : [];
  const title = `Write "type" as ${types}${addNull.length ? ' and add null to "enum"' : ''}`;
  return [{ title, edits: [replaceNode(type, types), ...addNull, ...remove.edits] }];
}

/**
 * What a 3.1 schema with `nullable` is: typed, composed of others (no type of its own), a list of
 * values (`enum` or `const`, which reject null unless they hold it), or anything.
 */
function nullableShape(schema: SyntaxNode): 'typed' | 'composed' | 'values' | 'anything' {
  if (schema.get('type')) return 'typed';
  if (['allOf', 'anyOf', 'oneOf', '$ref', 'not'].some((k) => schema.get(k))) return 'composed';
  return schema.get('enum') || schema.get('const') ? 'values' : 'anything';
}

/** The message for a 3.1 `nullable`, by what the schema is (see nullableShape). */
function nullableMessage(schema: SyntaxNode, nullable: SyntaxNode): string {
  if (nullable.value === false) return 'nullableFalse';
  const shape = nullableShape(schema);
  const values = schema.get('enum');
  const enumWithoutNull = values?.kind === 'array' && !values.children!.some((v) => v.kind === 'null');
  if (shape === 'typed') return enumWithoutNull ? 'nullableEnum' : 'nullable';
  if (shape === 'values') return schema.get('enum') ? 'nullableValues' : 'nullableConst';
  return shape === 'composed' ? 'nullableComposed' : 'nullableAnything';
}

/**
 * A key no field of the object in a 3.1 or 3.2 document: a field of 3.2 in a 3.1 document says so;
 * in a Schema (JSON Schema 2020-12 reads an unknown keyword as an annotation) only `nullable` and
 * a near spelling of a keyword are reported, as warnings.
 */
function checkMemberSince31(child: SyntaxNode, object: OpenApiObject, context: RuleContext, version: OpenApiVersion): void {
  const key = String(child.key);
  const { node, doc } = object;
  const at = { node: child, part: 'key' as const };
  const spec = specOf(object.kind, version);
  if (object.kind === 'Schema' && key === 'nullable') {
    const messageId = nullableMessage(node, child);
    const harmless = messageId === 'nullableAnything' || messageId === 'nullableFalse';
    context.report({ at, messageId, data: { version, types: typesWithNull(node.get('type')) }, severity: harmless ? 'information' : 'warning', fixes: nullableFix(doc, node, child) });
    return;
  }
  if (version === '3.1' && specOf(object.kind, '3.2').fields.has(key)) {
    const where = object.kind === 'Root' ? 'the root object' : `the ${kindName(object.kind)}`;
    context.report({ at, messageId: 'later', data: { key, where, version, later: '3.2' } });
    return;
  }
  if (object.kind === 'Header' && (key === 'name' || key === 'in')) {
    const why = key === 'name' ? 'its name is the key of the "headers" map' : 'a header is always "in: header"';
    context.report({ at, messageId: 'headerName', data: { key, why }, fixes: [removalFix(`Remove "${key}"`, doc.parsed, child)] });
    return;
  }
  // Keywords of earlier JSON Schema drafts are annotations in 2020-12, not misspellings of its own.
  if (object.kind === 'Schema' && EARLIER_DRAFT_KEYWORDS.has(key)) return;
  const suggestion = closest(key, [...spec.fields.keys()].filter((f) => !node.get(f)));
  if (object.kind === 'Schema' && !suggestion) return;
  context.report({
    at,
    messageId: suggestion ? 'suggest' : object.kind === 'Discriminator' ? 'discriminator' : 'unknown',
    data: { key, kind: kindName(object.kind), suggestion: suggestion ?? '' },
    severity: object.kind === 'Discriminator' || object.kind === 'Schema' ? 'warning' : undefined,
    fixes: suggestion ? [{ title: `Rename to "${suggestion}"`, edits: [renameKey(doc.parsed, child, suggestion)], claims: [`key:${doc.path}#${node.pointer}/${suggestion}`] }] : [],
  });
}

export default defineRule({
  id: 'unknown-field',
  severity: 'error',
  description: 'A key that the object does not define and that does not start with `x-`: misspelled fields (with a suggestion), fields of OpenAPI 3.1 or JSON Schema that 3.0 does not have (with the 3.0 way), `name` or `in` in a Header.',
  spec: ['Schema', 'Specification Extensions', 'Header Object'],
  rationale:
    'The specification defines the fields of each object and allows other fields only as extensions starting with x-: an unknown field is ignored by tools, so what it says is lost. It is usually a typo, or a field of another version.',
  messages: {
    unknown: '"{key}" is not a field of the {kind}: remove it, or name it "x-{key}" to keep it as an extension.',
    suggest: '"{key}" is not a field of the {kind}. Did you mean "{suggestion}"?',
    jsonSchema: '"{key}" is a JSON Schema keyword of OpenAPI 3.1, not of OpenAPI 3.0 Schema Objects: {instead}.',
    openapi31: '"{key}" is a field of OpenAPI 3.1, not of {where} in OpenAPI 3.0: {instead}.',
    headerName: 'A Header Object must not have "{key}": {why}.',
    nullable: '"nullable" is not a keyword of OpenAPI {version}, and tools ignore it: to allow null, list "null" among the types, such as type: {types}.',
    nullableEnum: '"nullable" is not a keyword of OpenAPI {version}, and tools ignore it: to allow null, list "null" among the types, such as type: {types}, and add null to "enum".',
    nullableComposed: '"nullable" is not a keyword of OpenAPI {version}, and tools ignore it: to allow null, make null an alternative to what the schema is composed of, such as anyOf: [{$ref: ...}, {type: "null"}].',
    nullableValues: '"nullable" is not a keyword of OpenAPI {version}, and tools ignore it: "enum" here still rejects null. To allow null, list null among its values.',
    nullableConst: '"nullable" is not a keyword of OpenAPI {version}, and tools ignore it: "const" here still rejects null. To allow null, write "enum" with the value and null in its place.',
    nullableFalse: '"nullable: false" says nothing in OpenAPI {version} (no such keyword; null is allowed only where a type or value lists it): remove it.',
    nullableAnything: '"nullable" is not a keyword of OpenAPI {version}, and tools ignore it: a schema without "type" allows null already.',
    later: '"{key}" is a field of OpenAPI {later}, not of {where} in OpenAPI {version}: set "openapi" to a {later} version to use it.',
    discriminator: '"{key}" is not a field of the Discriminator Object, which has only "propertyName" and "mapping".',
  },
  // Path Items are `unknown-method`'s; patterned objects (Paths, Responses...) have their own key rules.
  kinds: [...SPECS.values()].filter((s) => !s.patterned && s.kind !== 'PathItem').map((s) => s.kind) as ObjectKind[],
  versions: OPENAPI_VERSIONS,
  versionNote:
    'Each version\'s fields: 3.1 adds `webhooks`, `jsonSchemaDialect`, `components.pathItems`, `info.summary`, `license.identifier`; 3.2 adds `$self`, `components.mediaTypes`, tag `summary`/`parent`/`kind`, `itemSchema`, `dataValue`/`serializedValue` and more. A 3.2 field in a 3.1 document says which version has it. In a 3.1 or 3.2 Schema Object, JSON Schema 2020-12 reads an unknown keyword as an annotation, so only a near spelling of a keyword (a warning) and `nullable`, which 3.1 removed (a warning, with the fix that lists "null" among the types and adds null to an `enum` beside it; information where the schema has neither a type nor composition, which allows null already), are reported.',
  local: true,
  checkObject(object, context) {
    // A Response that a `$ref` also uses as a Schema: the reference is wrong (ref-target-kind).
    const version = context.version ?? '3.0';
    if (mayFitOtherUse(object, version) && fitsOtherUse(object, context.analysis.objectsAt(object.node), version)) return;
    // An object can have 100,000 unknown fields, each a finding with a fix.
    return eachMember(object, context, checkMember);
  },
});
