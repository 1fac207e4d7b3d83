// The shape of every OpenAPI object, per version (3.0.3, 3.1.1, 3.2.0): fields, their types, where
// `$ref` is allowed. One table per version drives the walker, required-field, unknown-field,
// field-type, ref-not-allowed and field-name completion.

import type { SyntaxNode } from '../syntax/tree';

/** The versions whose documents are checked: the minor version, as the rules differ by it. */
export type OpenApiVersion = '3.0' | '3.1' | '3.2';
/** Any version a description in the workspace may be written in: Swagger 2.0 too, which is converted, not checked. */
export type DescriptionVersion = OpenApiVersion | '2.0';
export const OPENAPI_VERSIONS: readonly OpenApiVersion[] = ['3.0', '3.1', '3.2'];

export type ObjectKind =
  | 'Root' | 'Info' | 'Contact' | 'License' | 'Server' | 'ServerVariable' | 'Components'
  | 'Paths' | 'PathItem' | 'Operation' | 'ExternalDocs' | 'Parameter' | 'RequestBody'
  | 'MediaType' | 'Encoding' | 'Responses' | 'Response' | 'Callback' | 'Example' | 'Link'
  | 'Header' | 'Tag' | 'Schema' | 'Discriminator' | 'XML' | 'SecurityScheme' | 'OAuthFlows'
  | 'OAuthFlow' | 'SecurityRequirement';

/**
 * A field's type in a compact notation:
 *  `string` `boolean` `number` `integer` `any`  scalars (any: a free value such as an example)
 *  `string[]` `any[]`                           arrays of those
 *  `{string}` `{string[]}` `{any}`              maps of those
 *  `Kind`  `Kind[]`  `{Kind}`                   an object, an array of objects, a map of objects
 *  `Kind|Ref`                                   the object or a Reference Object in its place
 *  `Schema|Ref|boolean`                         additionalProperties
 */
export type FieldType = string;

export interface FieldSpec {
  /** scalar: one value; object: one OpenAPI object; array/map: a container of scalars or objects. */
  shape: 'scalar' | 'object' | 'array' | 'map';
  /** For scalars and containers of scalars: the JSON type of each value. */
  scalar?: 'string' | 'boolean' | 'number' | 'integer' | 'any';
  /** For objects and containers of objects: the object kind of each value. */
  kind?: ObjectKind;
  refAllowed: boolean;
  /** additionalProperties: a boolean is accepted in place of a Schema. */
  orBoolean?: boolean;
  notation: FieldType;
}

export interface ObjectSpec {
  kind: ObjectKind;
  fields: Map<string, FieldSpec>;
  required: string[];
  /** Objects whose keys are names chosen by the author (Paths, Responses, Callback...). */
  patterned?: FieldSpec;
  /** `x-` keys are extensions, not fields. */
  extensions: boolean;
}

const PARAMETER_COMMON: Record<string, FieldType> = {
  description: 'string', required: 'boolean', deprecated: 'boolean', allowEmptyValue: 'boolean',
  style: 'string', explode: 'boolean', allowReserved: 'boolean', schema: 'Schema|Ref',
  example: 'any', examples: '{Example|Ref}', content: '{MediaType}',
};

type TableEntry = { fields?: Record<string, FieldType>; required?: string[]; patterned?: FieldType; extensions?: boolean };

const TABLE: Record<ObjectKind, TableEntry> = {
  Root: {
    fields: {
      openapi: 'string', info: 'Info', servers: 'Server[]', paths: 'Paths', components: 'Components',
      security: 'SecurityRequirement[]', tags: 'Tag[]', externalDocs: 'ExternalDocs',
    },
    required: ['openapi', 'info', 'paths'],
  },
  Info: {
    fields: { title: 'string', description: 'string', termsOfService: 'string', contact: 'Contact', license: 'License', version: 'string' },
    required: ['title', 'version'],
  },
  Contact: { fields: { name: 'string', url: 'string', email: 'string' } },
  License: { fields: { name: 'string', url: 'string' }, required: ['name'] },
  Server: { fields: { url: 'string', description: 'string', variables: '{ServerVariable}' }, required: ['url'] },
  ServerVariable: { fields: { enum: 'string[]', default: 'string', description: 'string' }, required: ['default'] },
  Components: {
    fields: {
      schemas: '{Schema|Ref}', responses: '{Response|Ref}', parameters: '{Parameter|Ref}', examples: '{Example|Ref}',
      requestBodies: '{RequestBody|Ref}', headers: '{Header|Ref}', securitySchemes: '{SecurityScheme|Ref}',
      links: '{Link|Ref}', callbacks: '{Callback|Ref}',
    },
  },
  Paths: { patterned: 'PathItem|Ref' },
  PathItem: {
    fields: {
      $ref: 'string', summary: 'string', description: 'string', get: 'Operation', put: 'Operation', post: 'Operation',
      delete: 'Operation', options: 'Operation', head: 'Operation', patch: 'Operation', trace: 'Operation',
      servers: 'Server[]', parameters: 'Parameter|Ref[]',
    },
  },
  Operation: {
    fields: {
      tags: 'string[]', summary: 'string', description: 'string', externalDocs: 'ExternalDocs', operationId: 'string',
      parameters: 'Parameter|Ref[]', requestBody: 'RequestBody|Ref', responses: 'Responses', callbacks: '{Callback|Ref}',
      deprecated: 'boolean', security: 'SecurityRequirement[]', servers: 'Server[]',
    },
    required: ['responses'],
  },
  ExternalDocs: { fields: { description: 'string', url: 'string' }, required: ['url'] },
  Parameter: { fields: { name: 'string', in: 'string', ...PARAMETER_COMMON }, required: ['name', 'in'] },
  RequestBody: { fields: { description: 'string', content: '{MediaType}', required: 'boolean' }, required: ['content'] },
  MediaType: { fields: { schema: 'Schema|Ref', example: 'any', examples: '{Example|Ref}', encoding: '{Encoding}' } },
  Encoding: { fields: { contentType: 'string', headers: '{Header|Ref}', style: 'string', explode: 'boolean', allowReserved: 'boolean' } },
  Responses: { patterned: 'Response|Ref' },
  Response: {
    fields: { description: 'string', headers: '{Header|Ref}', content: '{MediaType}', links: '{Link|Ref}' },
    required: ['description'],
  },
  Callback: { patterned: 'PathItem|Ref' },
  Example: { fields: { summary: 'string', description: 'string', value: 'any', externalValue: 'string' } },
  Link: {
    fields: { operationRef: 'string', operationId: 'string', parameters: '{any}', requestBody: 'any', description: 'string', server: 'Server' },
  },
  Header: { fields: { ...PARAMETER_COMMON } },
  Tag: { fields: { name: 'string', description: 'string', externalDocs: 'ExternalDocs' }, required: ['name'] },
  Schema: {
    fields: {
      title: 'string', multipleOf: 'number', maximum: 'number', exclusiveMaximum: 'boolean', minimum: 'number',
      exclusiveMinimum: 'boolean', maxLength: 'integer', minLength: 'integer', pattern: 'string', maxItems: 'integer',
      minItems: 'integer', uniqueItems: 'boolean', maxProperties: 'integer', minProperties: 'integer', required: 'string[]',
      enum: 'any[]', type: 'string', allOf: 'Schema|Ref[]', oneOf: 'Schema|Ref[]', anyOf: 'Schema|Ref[]', not: 'Schema|Ref',
      items: 'Schema|Ref', properties: '{Schema|Ref}', additionalProperties: 'Schema|Ref|boolean', description: 'string',
      format: 'string', default: 'any', nullable: 'boolean', discriminator: 'Discriminator', readOnly: 'boolean',
      writeOnly: 'boolean', xml: 'XML', externalDocs: 'ExternalDocs', example: 'any', deprecated: 'boolean',
    },
  },
  Discriminator: { fields: { propertyName: 'string', mapping: '{string}' }, required: ['propertyName'], extensions: false },
  XML: { fields: { name: 'string', namespace: 'string', prefix: 'string', attribute: 'boolean', wrapped: 'boolean' } },
  SecurityScheme: {
    fields: {
      type: 'string', description: 'string', name: 'string', in: 'string', scheme: 'string', bearerFormat: 'string',
      flows: 'OAuthFlows', openIdConnectUrl: 'string',
    },
    required: ['type'],
  },
  OAuthFlows: { fields: { implicit: 'OAuthFlow', password: 'OAuthFlow', clientCredentials: 'OAuthFlow', authorizationCode: 'OAuthFlow' } },
  OAuthFlow: { fields: { authorizationUrl: 'string', tokenUrl: 'string', refreshUrl: 'string', scopes: '{string}' }, required: ['scopes'] },
  SecurityRequirement: { patterned: 'string[]', extensions: false },
};

const SCALARS = new Set(['string', 'boolean', 'number', 'integer', 'any']);

export function parseFieldType(notation: FieldType): FieldSpec {
  let inner = notation;
  let container: 'one' | 'array' | 'map' = 'one';
  if (inner.startsWith('{')) {
    container = 'map';
    inner = inner.slice(1, -1);
  } else if (inner.endsWith('[]')) {
    container = 'array';
    inner = inner.slice(0, -2);
  }
  const parts = inner.split('|');
  const head = parts[0];
  const refAllowed = parts.includes('Ref');
  if (SCALARS.has(head)) {
    return { shape: container === 'one' ? 'scalar' : container, scalar: head as FieldSpec['scalar'], refAllowed, notation };
  }
  const orBoolean = parts.includes('boolean');
  return { shape: container === 'one' ? 'object' : container, kind: head as ObjectKind, refAllowed, orBoolean, notation };
}

// JSON Schema 2020-12 keywords (core, applicator, validation, unevaluated, meta-data, format and content
// vocabularies) with the OpenAPI 3.1 Schema Object's own: a subschema may be a boolean.
const SUBSCHEMA = 'Schema|Ref|boolean';
const SCHEMA_2020_12: Record<string, FieldType> = {
  $ref: 'string', $schema: 'string', $id: 'string', $anchor: 'string', $dynamicAnchor: 'string', $dynamicRef: 'string',
  $vocabulary: '{boolean}', $comment: 'string', $defs: `{${SUBSCHEMA}}`,
  allOf: `${SUBSCHEMA}[]`, anyOf: `${SUBSCHEMA}[]`, oneOf: `${SUBSCHEMA}[]`, not: SUBSCHEMA,
  if: SUBSCHEMA, then: SUBSCHEMA, else: SUBSCHEMA, dependentSchemas: `{${SUBSCHEMA}}`,
  prefixItems: `${SUBSCHEMA}[]`, items: SUBSCHEMA, contains: SUBSCHEMA,
  properties: `{${SUBSCHEMA}}`, patternProperties: `{${SUBSCHEMA}}`, additionalProperties: SUBSCHEMA,
  propertyNames: SUBSCHEMA, unevaluatedItems: SUBSCHEMA, unevaluatedProperties: SUBSCHEMA,
  // `type` is a name or a list of names: schema-type checks both forms.
  type: 'any', const: 'any', enum: 'any[]', multipleOf: 'number', maximum: 'number', exclusiveMaximum: 'number',
  minimum: 'number', exclusiveMinimum: 'number', maxLength: 'integer', minLength: 'integer', pattern: 'string',
  maxItems: 'integer', minItems: 'integer', uniqueItems: 'boolean', maxContains: 'integer', minContains: 'integer',
  maxProperties: 'integer', minProperties: 'integer', required: 'string[]', dependentRequired: '{any}',
  format: 'string', contentEncoding: 'string', contentMediaType: 'string', contentSchema: SUBSCHEMA,
  title: 'string', description: 'string', default: 'any', deprecated: 'boolean', readOnly: 'boolean',
  writeOnly: 'boolean', examples: 'any[]',
  discriminator: 'Discriminator', xml: 'XML', externalDocs: 'ExternalDocs', example: 'any',
};

/**
 * Whether a `$schema` or `jsonSchemaDialect` value names a dialect other than JSON Schema 2020-12 and
 * the OpenAPI 3.1/3.2 ones built on it (draft-04, draft-07...): the 2020-12 rules cannot judge such a
 * schema, so they say nothing about it.
 */
export function isOtherDialect(dialect: SyntaxNode | undefined): boolean {
  if (dialect?.kind !== 'string') return false;
  return !/json-schema\.org\/draft\/2020-12\/|spec\.openapis\.org\/oas\/3\.[12]\/(dialect|schema)/.test(dialect.value as string);
}

/** A table with some objects' fields added (or replaced) and their other properties changed. */
function patched(base: Record<ObjectKind, TableEntry>, changes: Partial<Record<ObjectKind, TableEntry>>): Record<ObjectKind, TableEntry> {
  const table = { ...base };
  for (const [kind, change] of Object.entries(changes) as [ObjectKind, TableEntry][]) {
    table[kind] = { ...base[kind], ...change, fields: { ...base[kind].fields, ...change.fields } };
  }
  return table;
}

// OpenAPI 3.1: webhooks, a JSON Schema dialect, Path Items as components, `paths` optional (one of
// `paths`, `components`, `webhooks` is required: required-field says so), the Schema Object as JSON
// Schema 2020-12 (no `nullable`), extensions in a Discriminator.
const TABLE_31 = patched(TABLE, {
  Root: { fields: { jsonSchemaDialect: 'string', webhooks: '{PathItem|Ref}' }, required: ['openapi', 'info'] },
  Info: { fields: { summary: 'string' } },
  License: { fields: { identifier: 'string' } },
  // The Schema Object may be a boolean (`true`, `false`) wherever one is expected.
  Components: { fields: { pathItems: '{PathItem|Ref}', schemas: `{${SUBSCHEMA}}` } },
  MediaType: { fields: { schema: SUBSCHEMA } },
  Parameter: { fields: { schema: SUBSCHEMA } },
  Header: { fields: { schema: SUBSCHEMA } },
  Operation: { required: [] },
  Schema: { fields: SCHEMA_2020_12 },
  Discriminator: { extensions: true },
});
delete (TABLE_31.Schema.fields as Record<string, FieldType>).nullable;

// OpenAPI 3.2: `$self`, the query method and other methods, the querystring location, sequential
// media types, tag hierarchy, the device flow; a Response's description is optional.
const TABLE_32 = patched(TABLE_31, {
  Root: { fields: { $self: 'string' } },
  Components: { fields: { mediaTypes: '{MediaType|Ref}' } },
  PathItem: { fields: { query: 'Operation', additionalOperations: '{Operation}' } },
  Server: { fields: { name: 'string' } },
  Tag: { fields: { summary: 'string', parent: 'string', kind: 'string' } },
  MediaType: { fields: { itemSchema: 'Schema|Ref|boolean', prefixEncoding: 'Encoding[]', itemEncoding: 'Encoding' } },
  Encoding: { fields: { encoding: '{Encoding}', prefixEncoding: 'Encoding[]', itemEncoding: 'Encoding' } },
  Example: { fields: { dataValue: 'any', serializedValue: 'string' } },
  Response: { fields: { summary: 'string' }, required: [] },
  Discriminator: { fields: { defaultMapping: 'string' } },
  XML: { fields: { nodeType: 'string' } },
  SecurityScheme: { fields: { deprecated: 'boolean', oauth2MetadataUrl: 'string' } },
  OAuthFlows: { fields: { deviceAuthorization: 'OAuthFlow' } },
  OAuthFlow: { fields: { deviceAuthorizationUrl: 'string' } },
});

function specsOf(table: Record<ObjectKind, TableEntry>): ReadonlyMap<ObjectKind, ObjectSpec> {
  return new Map(
    (Object.keys(table) as ObjectKind[]).map((kind) => {
      const entry = table[kind];
      const fields = new Map<string, FieldSpec>();
      for (const [name, notation] of Object.entries(entry.fields ?? {})) fields.set(name, parseFieldType(notation));
      const patterned = entry.patterned ? parseFieldType(entry.patterned) : undefined;
      return [kind, { kind, fields, required: entry.required ?? [], patterned, extensions: entry.extensions ?? true }];
    }),
  );
}

/** The OpenAPI 3.0.3 objects. */
export const SPECS: ReadonlyMap<ObjectKind, ObjectSpec> = specsOf(TABLE);

const SPECS_BY_VERSION: Record<OpenApiVersion, ReadonlyMap<ObjectKind, ObjectSpec>> = {
  '3.0': SPECS,
  '3.1': specsOf(TABLE_31),
  '3.2': specsOf(TABLE_32),
};

/** Every object of a version. */
export function specsFor(version: OpenApiVersion = '3.0'): ReadonlyMap<ObjectKind, ObjectSpec> {
  return SPECS_BY_VERSION[version];
}

export function specOf(kind: ObjectKind, version: OpenApiVersion = '3.0'): ObjectSpec {
  return SPECS_BY_VERSION[version].get(kind)!;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The method fields of a Path Item in a version: 3.2 added `query`. */
export function httpMethodsOf(version: OpenApiVersion = '3.0'): readonly string[] {
  return version === '3.2' ? HTTP_METHODS_32 : HTTP_METHODS;
}
const HTTP_METHODS_32: readonly string[] = [...HTTP_METHODS, 'query'];
