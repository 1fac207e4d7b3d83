// What each field of each OpenAPI 3.0.3 object means, in one or two sentences of our own, and the
// meaning of the values of enumerated fields. Completion items and hovers on keys show these, with
// a link to the object's section of the specification.
import { ObjectKind, OpenApiVersion } from './spec';
import { lookupTable } from './lookup';

/** The specification of each version checked (the newest patch release of each). */
const SPEC: Record<OpenApiVersion, string> = {
  '3.0': 'https://spec.openapis.org/oas/v3.0.3',
  '3.1': 'https://spec.openapis.org/oas/v3.1.1',
  '3.2': 'https://spec.openapis.org/oas/v3.2.0',
};

/** The specification a link names: "the OpenAPI 3.1.1 specification". */
export function specName(version: OpenApiVersion = '3.0'): string {
  return `the OpenAPI ${SPEC[version].slice(SPEC[version].lastIndexOf('/v') + 2)} specification`;
}

/** The anchor of each object's section in the OpenAPI 3.0.3 specification. */
const SECTION: Record<ObjectKind, string> = {
  Root: 'openapi-object', Info: 'info-object', Contact: 'contact-object', License: 'license-object',
  Server: 'server-object', ServerVariable: 'server-variable-object', Components: 'components-object',
  Paths: 'paths-object', PathItem: 'path-item-object', Operation: 'operation-object',
  ExternalDocs: 'external-documentation-object', Parameter: 'parameter-object', RequestBody: 'request-body-object',
  MediaType: 'media-type-object', Encoding: 'encoding-object', Responses: 'responses-object',
  Response: 'response-object', Callback: 'callback-object', Example: 'example-object', Link: 'link-object',
  Header: 'header-object', Tag: 'tag-object', Schema: 'schema-object', Discriminator: 'discriminator-object',
  XML: 'xml-object', SecurityScheme: 'security-scheme-object', OAuthFlows: 'oauth-flows-object',
  OAuthFlow: 'oauth-flow-object', SecurityRequirement: 'security-requirement-object',
};

/** The link to an object's section of the specification. */
export function specLink(kind: ObjectKind, version: OpenApiVersion = '3.0'): string {
  return `${SPEC[version]}#${SECTION[kind]}`;
}

const PARAMETER_LIKE: Record<string, string> = {
  description: 'What the value means and how to use it. CommonMark is allowed.',
  required: 'Whether the value must be sent. Defaults to `false`; a path parameter must say `true`.',
  deprecated: 'Marks the value as on its way out: clients should stop sending it.',
  allowEmptyValue: 'Query parameters only: whether `?name=` with an empty value may be sent. Rarely needed.',
  style: 'How the value is serialized: `form`, `simple`, `label`, `matrix`, `spaceDelimited`, `pipeDelimited` or ' +
    '`deepObject`, depending on the location.',
  explode: 'Whether arrays and objects are sent as one name=value pair per item. Defaults to `true` for `form`, ' +
    '`false` otherwise.',
  allowReserved: 'Query parameters only: whether reserved characters (`:/?#[]@!$&\'()*+,;=`) are sent without ' +
    'percent-encoding.',
  schema: 'The type of the value, as a Schema. Use either `schema` or `content`, not both.',
  example: 'One example of the value, matching the schema. Use either `example` or `examples`.',
  examples: 'Named examples of the value, each an Example Object or a `$ref` to one.',
  content: 'The value as a media type with its schema, for complex serializations. Exactly one entry; use either ' +
    '`schema` or `content`.',
};

const DESCRIPTION = 'A longer explanation. CommonMark is allowed.';
const SUMMARY = 'A short summary, shown in lists and tables of contents.';
const EXTERNAL_DOCS = 'A link to more documentation elsewhere.';
const SERVERS = 'Servers that replace the ones above for this part of the API.';
const SECURITY = 'Who may call: a list of alternative security requirements; any one of them is enough. An empty ' +
  'list `[]` means no authentication.';
const OPERATION = 'The operation for this HTTP method on the path.';

export const FIELD_DOCS: Partial<Record<ObjectKind, Record<string, string>>> = {
  Root: {
    openapi: 'The version of the OpenAPI Specification the document follows, such as `3.0.3`.',
    info: 'Metadata about the API: title, version, description, contact and licence.',
    servers: 'The base URLs of the API. Paths are appended to a server URL. Defaults to `/`.',
    paths: 'The API\'s endpoints: each path relative to the server URL, with its operations.',
    components: 'Reusable objects (schemas, parameters, responses...) referenced with `$ref` from elsewhere.',
    security: 'The security requirements of every operation that does not declare its own. ' + SECURITY,
    tags: 'Tags used by operations, with their descriptions and order. Tools group operations by tag.',
    externalDocs: EXTERNAL_DOCS,
  },
  Info: {
    title: 'The name of the API.',
    description: DESCRIPTION,
    termsOfService: 'A URL to the terms of service of the API.',
    contact: 'Who to contact about the API: name, URL and email.',
    license: 'The licence the API is offered under.',
    version: 'The version of this API description (not of the OpenAPI Specification), such as `1.2.0`.',
  },
  Contact: {
    name: 'The name of the person or organisation to contact.',
    url: 'A URL with contact information.',
    email: 'An email address to contact.',
  },
  License: { name: 'The name of the licence, such as `Apache 2.0`.', url: 'A URL to the licence text.' },
  Server: {
    url: 'The server\'s base URL, absolute or relative to where the document is served. `{name}` stands for a ' +
      'server variable.',
    description: 'What this server is, such as `Production` or `Sandbox`.',
    variables: 'The values of the `{name}` placeholders of the URL.',
  },
  ServerVariable: {
    enum: 'The values the variable may take.',
    default: 'The value used when the client supplies none. Must be one of `enum` when that is given.',
    description: DESCRIPTION,
  },
  Components: {
    schemas: 'Reusable Schemas, referenced as `#/components/schemas/Name`.',
    responses: 'Reusable Responses, referenced as `#/components/responses/Name`.',
    parameters: 'Reusable Parameters, referenced as `#/components/parameters/Name`.',
    examples: 'Reusable Examples, referenced as `#/components/examples/Name`.',
    requestBodies: 'Reusable Request Bodies, referenced as `#/components/requestBodies/Name`.',
    headers: 'Reusable Headers, referenced as `#/components/headers/Name`.',
    securitySchemes: 'The authentication methods the API uses, named for security requirements.',
    links: 'Reusable Links, referenced as `#/components/links/Name`.',
    callbacks: 'Reusable Callbacks, referenced as `#/components/callbacks/Name`.',
  },
  PathItem: {
    $ref: 'A path item defined elsewhere, whose operations this path takes.',
    summary: SUMMARY,
    description: DESCRIPTION,
    get: OPERATION, put: OPERATION, post: OPERATION, delete: OPERATION, options: OPERATION, head: OPERATION,
    patch: OPERATION, trace: OPERATION,
    servers: SERVERS,
    parameters: 'Parameters shared by every operation of the path. An operation can override one by name and ' +
      'location.',
  },
  Operation: {
    tags: 'Tags that group the operation in documentation and generated code.',
    summary: SUMMARY,
    description: DESCRIPTION,
    externalDocs: EXTERNAL_DOCS,
    operationId: 'A name for the operation, unique in the API. Code generators use it as the method name.',
    parameters: 'The path, query, header and cookie parameters of the operation, added to those of the path.',
    requestBody: 'The body the operation accepts. Not for GET, HEAD or DELETE, whose bodies have no defined meaning.',
    responses: 'The possible responses, by HTTP status code. At least one is required, usually a success.',
    callbacks: 'Requests the API may make back to the caller, by name.',
    deprecated: 'Marks the operation as on its way out: clients should stop calling it.',
    security: 'The security requirements of this operation, replacing the document\'s. ' + SECURITY,
    servers: SERVERS,
  },
  ExternalDocs: { description: DESCRIPTION, url: 'The URL of the documentation.' },
  Parameter: {
    name: 'The parameter\'s name. A path parameter\'s name matches a `{name}` of the path, letter case included.',
    in: 'Where the parameter is sent: `path`, `query`, `header` or `cookie`.',
    ...PARAMETER_LIKE,
  },
  Header: { ...PARAMETER_LIKE },
  RequestBody: {
    description: DESCRIPTION,
    content: 'The body for each media type the operation accepts, such as `application/json`.',
    required: 'Whether a body must be sent. Defaults to `false`.',
  },
  MediaType: {
    schema: 'The structure of the content.',
    example: 'One example of the content, matching the schema. Use either `example` or `examples`.',
    examples: 'Named examples of the content, each an Example Object or a `$ref` to one.',
    encoding: 'For `multipart` and `application/x-www-form-urlencoded` bodies: how each property is encoded.',
  },
  Encoding: {
    contentType: 'The media type of the property\'s part, such as `image/png`.',
    headers: 'Headers of the part (multipart only). `Content-Type` is described by `contentType`, not here.',
    style: PARAMETER_LIKE.style,
    explode: PARAMETER_LIKE.explode,
    allowReserved: PARAMETER_LIKE.allowReserved,
  },
  Response: {
    description: 'What the response means. Required, even if short.',
    headers: 'The response\'s headers, by name. `Content-Type` is described by `content`, not here.',
    content: 'The body for each media type the response may have, such as `application/json`.',
    links: 'Operations the client can call next with values from this response.',
  },
  Example: {
    summary: SUMMARY,
    description: DESCRIPTION,
    value: 'The example itself, written in YAML or JSON. Use either `value` or `externalValue`.',
    externalValue: 'A URL to the example, for values that cannot be written inline (binary files...).',
  },
  Link: {
    operationRef: 'The target operation, as a reference to it (`#/paths/~1pets/get`). Use either this or `operationId`.',
    operationId: 'The `operationId` of the target operation. Use either this or `operationRef`.',
    parameters: 'Values to pass to the target\'s parameters: constants or runtime expressions such as ' +
      '`$response.body#/id`.',
    requestBody: 'The body to send to the target: a constant or a runtime expression.',
    description: DESCRIPTION,
    server: 'A server that replaces the target operation\'s servers.',
  },
  Tag: { name: 'The tag\'s name, as operations list it in their `tags`.', description: DESCRIPTION, externalDocs: EXTERNAL_DOCS },
  Schema: {
    title: 'A short title for the schema.',
    multipleOf: 'The number must be a multiple of this (greater than 0).',
    maximum: 'The largest number allowed.',
    exclusiveMaximum: 'In OpenAPI 3.0 a boolean: when `true`, `maximum` itself is not allowed.',
    minimum: 'The smallest number allowed.',
    exclusiveMinimum: 'In OpenAPI 3.0 a boolean: when `true`, `minimum` itself is not allowed.',
    maxLength: 'The longest string allowed, in characters.',
    minLength: 'The shortest string allowed, in characters.',
    pattern: 'A regular expression (ECMA 262) the string must match. It is not anchored: add `^` and `$`.',
    maxItems: 'The most items an array may have.',
    minItems: 'The fewest items an array must have.',
    uniqueItems: 'When `true`, no two items of the array may be equal.',
    maxProperties: 'The most properties an object may have.',
    minProperties: 'The fewest properties an object must have.',
    required: 'The names of the properties an object must have.',
    enum: 'The only values allowed.',
    type: 'The JSON type: `string`, `number`, `integer`, `boolean`, `array` or `object`. In OpenAPI 3.0 one type, ' +
      'never a list and never `null` (use `nullable`).',
    allOf: 'The value must match every one of these schemas. Used to combine and extend schemas.',
    oneOf: 'The value must match exactly one of these schemas.',
    anyOf: 'The value must match at least one of these schemas.',
    not: 'The value must not match this schema.',
    items: 'The schema of each item. Required when `type` is `array`.',
    properties: 'The schema of each named property of an object.',
    additionalProperties: 'Properties not listed in `properties`: `false` forbids them, a schema types them. ' +
      'Defaults to `true`.',
    description: DESCRIPTION,
    format: 'A refinement of the type, such as `int64`, `date-time`, `uuid` or `binary`. Tools may validate it.',
    default: 'The value assumed when none is sent. Must match the schema.',
    nullable: 'When `true`, `null` is allowed as well as the type. OpenAPI 3.0\'s way to say "or null".',
    discriminator: 'With `oneOf` or `anyOf`: the property whose value tells which schema applies.',
    readOnly: 'Sent in responses only, never in requests.',
    writeOnly: 'Sent in requests only, never in responses.',
    xml: 'How the value is written as XML.',
    externalDocs: EXTERNAL_DOCS,
    example: 'An example value that matches the schema.',
    deprecated: 'Marks the schema as on its way out.',
  },
  Discriminator: {
    propertyName: 'The property whose value names the schema that applies.',
    mapping: 'Values of that property mapped to schema names or references, when they differ.',
  },
  XML: {
    name: 'The element or attribute name, when it differs from the property name.',
    namespace: 'The absolute URI of the XML namespace.',
    prefix: 'The prefix for the namespace.',
    attribute: 'When `true`, the property is an attribute rather than an element.',
    wrapped: 'Arrays only: when `true`, the items are wrapped in an element named after the array.',
  },
  SecurityScheme: {
    type: 'The kind of scheme: `apiKey`, `http`, `oauth2` or `openIdConnect`.',
    description: DESCRIPTION,
    name: '`apiKey` only: the name of the header, query parameter or cookie that carries the key.',
    in: '`apiKey` only: where the key is sent: `query`, `header` or `cookie`.',
    scheme: '`http` only: the HTTP authentication scheme, such as `bearer` or `basic`.',
    bearerFormat: '`http` bearer only: a hint of the token\'s format, such as `JWT`.',
    flows: '`oauth2` only: the OAuth 2 flows the API supports.',
    openIdConnectUrl: '`openIdConnect` only: the URL of the OpenID Connect discovery document.',
  },
  OAuthFlows: {
    implicit: 'The OAuth implicit flow.',
    password: 'The OAuth resource owner password flow.',
    clientCredentials: 'The OAuth client credentials flow.',
    authorizationCode: 'The OAuth authorization code flow.',
  },
  OAuthFlow: {
    authorizationUrl: 'The authorization URL (implicit and authorization code flows).',
    tokenUrl: 'The token URL (password, client credentials and authorization code flows).',
    refreshUrl: 'The URL to refresh tokens.',
    scopes: 'The scopes the flow offers, each with a short description. May be empty.',
  },
};

/** Fields that OpenAPI 3.1 and 3.2 added (the tables of each version say which object has which). */
const LATER_FIELD_DOCS: Partial<Record<ObjectKind, Record<string, string>>> = {
  Root: {
    webhooks: 'Requests the API sends to its callers (3.1), each a Path Item keyed by a name of your choice.',
    jsonSchemaDialect: 'The JSON Schema dialect of the Schema Objects that do not name one with `$schema` (3.1).',
    $self: 'The document\'s own URI, against which relative references are resolved (3.2).',
  },
  Info: { summary: 'A one-line summary of the API (3.1).' },
  License: { identifier: 'The SPDX identifier of the license, such as `Apache-2.0` (3.1); use it or `url`, not both.' },
  Components: {
    pathItems: 'Reusable Path Items (3.1), referenced from `paths`, `webhooks` or callbacks.',
    mediaTypes: 'Reusable Media Type Objects (3.2).',
  },
  PathItem: {
    query: 'The operation for the HTTP QUERY method on the path (3.2): a safe request with a body.',
    additionalOperations: 'Operations for other HTTP methods, keyed by the method as sent, such as `LINK` (3.2).',
  },
  Tag: {
    summary: 'A short name for lists and navigation (3.2).',
    parent: 'The name of the tag this one is nested under (3.2).',
    kind: 'What the tag is for, such as `nav`, `badge` or `audience` (3.2).',
  },
  Server: { name: 'A name for the server, for display (3.2).' },
  MediaType: {
    itemSchema: 'The schema of each item of a sequential media type, such as server-sent events or JSON Lines (3.2).',
    itemEncoding: 'The encoding of each item of a sequential multipart body (3.2).',
    prefixEncoding: 'The encodings of the first parts of a multipart body, by position (3.2).',
  },
  Example: {
    dataValue: 'The example as data, before serialization (3.2).',
    serializedValue: 'The example as sent, serialized, as a string (3.2).',
  },
  Response: { summary: 'A short summary of the response (3.2).' },
  Schema: {
    const: 'The one value allowed (3.1).',
    examples: 'Example values, a list (3.1).',
    prefixItems: 'The schemas of the first items of an array, by position: a tuple (3.1).',
    $defs: 'Schemas defined here for `$ref`s to use (3.1).',
    $id: 'The URI of this schema (3.1).',
    $schema: 'The JSON Schema dialect of this schema (3.1).',
    if: 'A schema whose match decides whether `then` or `else` applies (3.1).',
    then: 'Applies when the value matches `if` (3.1).',
    else: 'Applies when the value does not match `if` (3.1).',
    dependentRequired: 'Properties required when a property is present (3.1).',
    unevaluatedProperties: 'The schema of properties no other keyword evaluated; `false` forbids them (3.1).',
    contentMediaType: 'The media type of a string\'s content (3.1).',
  },
  SecurityScheme: { oauth2MetadataUrl: 'The URL of the OAuth 2 authorization server metadata (RFC 8414, 3.2).', deprecated: 'Marks the scheme as on its way out (3.2).' },
  OAuthFlows: { deviceAuthorization: 'The OAuth device authorization flow (RFC 8628, 3.2).' },
  OAuthFlow: { deviceAuthorizationUrl: 'The device authorization URL (device authorization flow, 3.2).' },
};

/** The meaning of a field of an object kind, if we document it. */
export function fieldDoc(kind: ObjectKind, field: string): string | undefined {
  for (const table of [FIELD_DOCS, LATER_FIELD_DOCS]) {
    const docs = table[kind];
    if (docs && Object.prototype.hasOwnProperty.call(docs, field)) return docs[field];
  }
  return undefined;
}

/** The meaning of the values of enumerated fields, by `Kind.field`. */
export const VALUE_DOCS: Record<string, Record<string, string>> = lookupTable<Record<string, string>>({
  'Parameter.in': {
    path: 'Part of the path, filling a `{name}` of the path template. Always required.',
    query: 'After `?` in the URL, such as `/pets?limit=10`.',
    header: 'An HTTP request header. `Accept`, `Content-Type` and `Authorization` are described elsewhere.',
    cookie: 'A cookie sent in the `Cookie` header.',
    querystring: 'The whole query string as one value, described by `content` (3.2).',
  },
  'SecurityScheme.in': {
    query: 'The key is sent as a query parameter.',
    header: 'The key is sent as a request header.',
    cookie: 'The key is sent as a cookie.',
  },
  'SecurityScheme.type': {
    mutualTLS: 'Mutual TLS: the client authenticates with a certificate (3.1).',
    apiKey: 'A key sent in a header, query parameter or cookie.',
    http: 'HTTP authentication, such as bearer tokens or basic.',
    oauth2: 'OAuth 2 with one or more flows.',
    openIdConnect: 'OpenID Connect discovery.',
  },
  style: {
    simple: 'Comma-separated values: `1,2,3`. The default for path and header.',
    label: 'Dot-prefixed values in the path: `.1.2.3`.',
    matrix: 'Semicolon-prefixed name=value pairs in the path: `;id=1,2,3`.',
    form: 'name=value pairs, as HTML forms send them: `id=1&id=2`. The default for query and cookie.',
    spaceDelimited: 'Array items separated by spaces: `id=1%202%203`.',
    pipeDelimited: 'Array items separated by pipes: `id=1|2|3`.',
    deepObject: 'Object properties as `name[property]=value`. Query parameters with object schemas only.',
  },
  'Schema.type': {
    string: 'Text. `format` can refine it (`date`, `date-time`, `uuid`, `binary`...).',
    number: 'Any number, with or without a fraction.',
    integer: 'A whole number. `format` can say `int32` or `int64`.',
    boolean: '`true` or `false`.',
    array: 'A list. Requires `items`.',
    object: 'Named properties, described by `properties` and `additionalProperties`.',
  },
});
