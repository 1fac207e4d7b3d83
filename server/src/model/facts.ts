// Facts of the OpenAPI 3.0 format that rules and services share: parameter locations and styles,
// schema types, HTTP reason phrases, readable object names.
import { lookupTable } from './lookup';
import { SyntaxNode } from '../syntax/tree';

/** HTTP reason phrases, for placeholders and completions. */
export const REASON_PHRASES: Record<string, string> = lookupTable({
  '100': 'Continue', '101': 'Switching Protocols', '200': 'OK', '201': 'Created', '202': 'Accepted',
  '203': 'Non-Authoritative Information', '204': 'No Content', '205': 'Reset Content', '206': 'Partial Content',
  '300': 'Multiple Choices', '301': 'Moved Permanently', '302': 'Found', '303': 'See Other', '304': 'Not Modified',
  '307': 'Temporary Redirect', '308': 'Permanent Redirect', '400': 'Bad Request', '401': 'Unauthorized',
  '402': 'Payment Required', '403': 'Forbidden', '404': 'Not Found', '405': 'Method Not Allowed',
  '406': 'Not Acceptable', '407': 'Proxy Authentication Required', '408': 'Request Timeout', '409': 'Conflict',
  '410': 'Gone', '411': 'Length Required', '412': 'Precondition Failed', '413': 'Content Too Large',
  '414': 'URI Too Long', '415': 'Unsupported Media Type', '416': 'Range Not Satisfiable', '417': 'Expectation Failed',
  '421': 'Misdirected Request', '422': 'Unprocessable Content', '423': 'Locked', '424': 'Failed Dependency',
  '425': 'Too Early', '426': 'Upgrade Required', '428': 'Precondition Required', '429': 'Too Many Requests',
  '431': 'Request Header Fields Too Large', '451': 'Unavailable For Legal Reasons', '500': 'Internal Server Error',
  '501': 'Not Implemented', '502': 'Bad Gateway', '503': 'Service Unavailable', '504': 'Gateway Timeout',
  '505': 'HTTP Version Not Supported', '1XX': 'Informational', '2XX': 'Success', '3XX': 'Redirection',
  '4XX': 'Client Error', '5XX': 'Server Error', default: 'Unexpected error',
});

/** A readable name for an object kind in messages. */
export function kindName(kind: string): string {
  const names: Record<string, string> = { Root: 'OpenAPI Object (the root)', PathItem: 'Path Item Object', RequestBody: 'Request Body Object', MediaType: 'Media Type Object', ServerVariable: 'Server Variable Object', ExternalDocs: 'External Documentation Object', SecurityScheme: 'Security Scheme Object', OAuthFlows: 'OAuth Flows Object', OAuthFlow: 'OAuth Flow Object', SecurityRequirement: 'Security Requirement Object' };
  return names[kind] ?? `${kind} Object`;
}

export const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'];

/** §4 parameter rules: styles each location allows, and its default. */
export const STYLES: Record<string, { allowed: string[]; fallback: string }> = lookupTable({
  path: { allowed: ['simple', 'label', 'matrix'], fallback: 'simple' },
  query: { allowed: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'], fallback: 'form' },
  header: { allowed: ['simple'], fallback: 'simple' },
  cookie: { allowed: ['form'], fallback: 'form' },
});

/** Styles that only serialize some schema types (OpenAPI 3.0.3 style values table). */
export const STYLE_TYPES: Record<string, string[]> = lookupTable({
  deepObject: ['object'],
  spaceDelimited: ['array', 'object'],
  pipeDelimited: ['array', 'object'],
});

export const SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

/** A schema's `type` with "null" added, as advice shows it (`[integer, "null"]`); a string's when it names no type. */
export function typesWithNull(type: SyntaxNode | undefined): string {
  const names = type?.kind === 'string' ? [String(type.value)] : type?.kind === 'array' ? type.children!.filter((t) => t.kind === 'string').map((t) => String(t.value)) : [];
  const known = names.filter((name) => SCHEMA_TYPES.includes(name));
  return `[${(known.length ? known : ['string']).join(', ')}, "null"]`;
}

/** The OpenAPI 3.0.3 specification, which rule pages link to section by section. */
export const SPEC_URL = 'https://spec.openapis.org/oas/v3.0.3';

/** Headings of the OpenAPI 3.0.3 text that rules cite (each is a section with its own anchor). */
export const SPEC_HEADINGS: ReadonlySet<string> = new Set([
  'Callback Object',
  'Components Object',
  'Composition and Inheritance (Polymorphism)',
  'Contact Object',
  'Data Types',
  'Discriminator Object',
  'Document Structure',
  'Encoding Object',
  'Example Object',
  'External Documentation Object',
  'Format',
  'HTTP Status Codes',
  'Header Object',
  'Info Object',
  'Key Expression',
  'License Object',
  'Link Object',
  'Media Type Object',
  'Media Types',
  'OAuth Flow Object',
  'OAuth Flows Object',
  'OpenAPI Object',
  'Operation Object',
  'Parameter Object',
  'Path Item Object',
  'Path Templating',
  'Path Templating Matching',
  'Paths Object',
  'Reference Object',
  'Relative References in URLs',
  'Request Body Object',
  'Response Object',
  'Responses Object',
  'Runtime Expressions',
  'Schema',
  'Schema Object',
  'Security Requirement Object',
  'Security Scheme Object',
  'Server Object',
  'Server Variable Object',
  'Specification Extensions',
  'Style Values',
  'Tag Object',
  'Versions',
  'XML Object',
]);

/** The link to a section of the specification by its heading (the page's anchors are its slugs). */
export function specLink(heading: string): string {
  const slug = heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').trim().replace(/ /g, '-');
  return `${SPEC_URL}#${slug}`;
}

/** Registered media types that descriptions use most (IANA), for suggestions and completion. */
export const COMMON_MEDIA_TYPES = [
  'application/json', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain',
  'text/html', 'text/csv', 'text/xml', 'text/markdown', 'text/event-stream', 'application/octet-stream',
  'application/pdf', 'application/zip', 'application/gzip', 'application/yaml', 'application/problem+json',
  'application/problem+xml', 'application/hal+json', 'application/ld+json', 'application/vnd.api+json',
  'application/x-ndjson', 'application/merge-patch+json', 'application/json-patch+json', 'application/graphql',
  'application/javascript', 'application/soap+xml', 'application/atom+xml', 'multipart/mixed', 'image/png',
  'image/jpeg', 'image/gif', 'image/svg+xml', 'image/webp', 'audio/mpeg', 'video/mp4',
];

/** Short names authors write for a media type. */
export const MEDIA_TYPE_SHORTHANDS: Record<string, string> = lookupTable({
  json: 'application/json', xml: 'application/xml', yaml: 'application/yaml', yml: 'application/yaml',
  csv: 'text/csv', text: 'text/plain', txt: 'text/plain', html: 'text/html', form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data', binary: 'application/octet-stream', octet: 'application/octet-stream',
  pdf: 'application/pdf', zip: 'application/zip', png: 'image/png', jpeg: 'image/jpeg', jpg: 'image/jpeg', gif: 'image/gif',
});
