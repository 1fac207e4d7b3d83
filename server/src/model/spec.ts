// The shape of every OpenAPI 3.0.3 object: fields, their types, where `$ref` is allowed.
// One table drives the walker, required-field, unknown-field, field-type, ref-not-allowed and
// (later) field-name completion.

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

const TABLE: Record<ObjectKind, { fields?: Record<string, FieldType>; required?: string[]; patterned?: FieldType; extensions?: boolean }> = {
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

export const SPECS: ReadonlyMap<ObjectKind, ObjectSpec> = new Map(
  (Object.keys(TABLE) as ObjectKind[]).map((kind) => {
    const entry = TABLE[kind];
    const fields = new Map<string, FieldSpec>();
    for (const [name, notation] of Object.entries(entry.fields ?? {})) fields.set(name, parseFieldType(notation));
    const patterned = entry.patterned ? parseFieldType(entry.patterned) : undefined;
    return [kind, { kind, fields, required: entry.required ?? [], patterned, extensions: entry.extensions ?? true }];
  }),
);

export function specOf(kind: ObjectKind): ObjectSpec {
  return SPECS.get(kind)!;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
