// The fields of every Swagger 2.0 object, in the notation of spec.ts: what completion offers in a
// 2.0 document (its own fields, not 3.0's) and how a path in one finds the object it is in. Only
// what editing needs: 2.0 documents are not checked, they are converted (services/convert).
import { FieldSpec, parseFieldType } from './spec';

export type Swagger2Kind =
  | 'Root' | 'Info' | 'Contact' | 'License' | 'Paths' | 'PathItem' | 'Operation' | 'ExternalDocs' | 'Parameter'
  | 'Items' | 'Responses' | 'Response' | 'Header' | 'Tag' | 'Schema' | 'XML' | 'SecurityScheme' | 'Scopes'
  | 'SecurityRequirement';

export interface Swagger2Spec {
  kind: Swagger2Kind;
  fields: Map<string, FieldSpec>;
  required: string[];
  /** Objects whose keys are names chosen by the author (Paths, Responses...). */
  patterned?: FieldSpec;
}

/** The fields a non-body Parameter, a Header and an Items Object share (what becomes a 3.0 `schema`). */
const VALUE: Record<string, string> = {
  type: 'string', format: 'string', items: 'Items', collectionFormat: 'string', default: 'any', maximum: 'number',
  exclusiveMaximum: 'boolean', minimum: 'number', exclusiveMinimum: 'boolean', maxLength: 'integer', minLength: 'integer',
  pattern: 'string', maxItems: 'integer', minItems: 'integer', uniqueItems: 'boolean', enum: 'any[]', multipleOf: 'number',
};

const TABLE: Record<Swagger2Kind, { fields?: Record<string, string>; required?: string[]; patterned?: string }> = {
  Root: {
    fields: {
      swagger: 'string', info: 'Info', host: 'string', basePath: 'string', schemes: 'string[]', consumes: 'string[]',
      produces: 'string[]', paths: 'Paths', definitions: '{Schema}', parameters: '{Parameter}', responses: '{Response}',
      securityDefinitions: '{SecurityScheme}', security: 'SecurityRequirement[]', tags: 'Tag[]', externalDocs: 'ExternalDocs',
    },
    required: ['swagger', 'info', 'paths'],
  },
  Info: {
    fields: { title: 'string', description: 'string', termsOfService: 'string', contact: 'Contact', license: 'License', version: 'string' },
    required: ['title', 'version'],
  },
  Contact: { fields: { name: 'string', url: 'string', email: 'string' } },
  License: { fields: { name: 'string', url: 'string' }, required: ['name'] },
  Paths: { patterned: 'PathItem' },
  PathItem: {
    fields: {
      $ref: 'string', get: 'Operation', put: 'Operation', post: 'Operation', delete: 'Operation', options: 'Operation',
      head: 'Operation', patch: 'Operation', parameters: 'Parameter|Ref[]',
    },
  },
  Operation: {
    fields: {
      tags: 'string[]', summary: 'string', description: 'string', externalDocs: 'ExternalDocs', operationId: 'string',
      consumes: 'string[]', produces: 'string[]', parameters: 'Parameter|Ref[]', responses: 'Responses', schemes: 'string[]',
      deprecated: 'boolean', security: 'SecurityRequirement[]',
    },
    required: ['responses'],
  },
  ExternalDocs: { fields: { description: 'string', url: 'string' }, required: ['url'] },
  Parameter: {
    fields: { name: 'string', in: 'string', description: 'string', required: 'boolean', schema: 'Schema|Ref', allowEmptyValue: 'boolean', ...VALUE },
    required: ['name', 'in'],
  },
  Items: { fields: VALUE },
  Responses: { patterned: 'Response|Ref' },
  Response: { fields: { description: 'string', schema: 'Schema|Ref', headers: '{Header}', examples: '{any}' }, required: ['description'] },
  Header: { fields: { description: 'string', ...VALUE }, required: ['type'] },
  Tag: { fields: { name: 'string', description: 'string', externalDocs: 'ExternalDocs' }, required: ['name'] },
  Schema: {
    fields: {
      $ref: 'string', format: 'string', title: 'string', description: 'string', default: 'any', multipleOf: 'number',
      maximum: 'number', exclusiveMaximum: 'boolean', minimum: 'number', exclusiveMinimum: 'boolean', maxLength: 'integer',
      minLength: 'integer', pattern: 'string', maxItems: 'integer', minItems: 'integer', uniqueItems: 'boolean',
      maxProperties: 'integer', minProperties: 'integer', required: 'string[]', enum: 'any[]', type: 'string',
      items: 'Schema|Ref', allOf: 'Schema|Ref[]', properties: '{Schema|Ref}', additionalProperties: 'Schema|Ref|boolean',
      discriminator: 'string', readOnly: 'boolean', xml: 'XML', externalDocs: 'ExternalDocs', example: 'any',
    },
  },
  XML: { fields: { name: 'string', namespace: 'string', prefix: 'string', attribute: 'boolean', wrapped: 'boolean' } },
  SecurityScheme: {
    fields: {
      type: 'string', description: 'string', name: 'string', in: 'string', flow: 'string', authorizationUrl: 'string',
      tokenUrl: 'string', scopes: 'Scopes',
    },
    required: ['type'],
  },
  Scopes: { patterned: 'string' },
  SecurityRequirement: { patterned: 'string[]' },
};

// parseFieldType reads the notation; the kind names it returns are this table's (`Items`, `Scopes`).
const SPECS = new Map<Swagger2Kind, Swagger2Spec>(
  (Object.keys(TABLE) as Swagger2Kind[]).map((kind) => {
    const entry = TABLE[kind];
    const fields = new Map(Object.entries(entry.fields ?? {}).map(([name, notation]) => [name, parseFieldType(notation)]));
    return [kind, { kind, fields, required: entry.required ?? [], patterned: entry.patterned ? parseFieldType(entry.patterned) : undefined }];
  }),
);

export function swagger2SpecOf(kind: Swagger2Kind): Swagger2Spec {
  return SPECS.get(kind)!;
}

/** The kind of object a field's value (or each entry of it) is, in this table's names. */
export function swagger2KindOf(field: FieldSpec): Swagger2Kind | undefined {
  return field.kind as string | undefined as Swagger2Kind | undefined;
}

/** The object (or the container of objects) at these pointer segments of a 2.0 root (or below an object of kind `from`). */
export function swagger2PlaceAt(segments: readonly string[], from: Swagger2Kind = 'Root'): { kind?: Swagger2Kind; container?: FieldSpec } | undefined {
  let kind: Swagger2Kind = from;
  let pending: FieldSpec | undefined;
  for (const segment of segments) {
    if (pending) {
      kind = swagger2KindOf(pending)!;
      pending = undefined;
      continue;
    }
    const spec = swagger2SpecOf(kind);
    const field = spec.fields.get(segment) ?? (spec.patterned && !segment.startsWith('x-') ? spec.patterned : undefined);
    if (!field?.kind) return undefined;
    if (field.shape === 'object') kind = swagger2KindOf(field)!;
    else pending = field;
  }
  return pending ? { container: pending } : { kind };
}

/** Where the 2.0 specification describes an object. */
export function swagger2SpecLink(kind: Swagger2Kind): string {
  const sections: Partial<Record<Swagger2Kind, string>> = {
    Root: 'swagger-object', PathItem: 'path-item-object', ExternalDocs: 'external-documentation-object',
    SecurityScheme: 'security-scheme-object', SecurityRequirement: 'security-requirement-object',
  };
  return `https://spec.openapis.org/oas/v2.0#${sections[kind] ?? `${kind.toLowerCase()}-object`}`;
}
