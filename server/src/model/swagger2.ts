// Facts of the Swagger 2.0 format (the earlier format) that its conversion to OpenAPI 3.0 needs:
// which fields of a Parameter, Header or Items Object describe its value (a Schema in 3.0), how a
// collectionFormat is written as a 3.0 style, what the OAuth flows are called in 3.0.
import { lookupTable } from './lookup';
import { SyntaxNode } from '../syntax/tree';
import type { ObjectKind } from './spec';

/** The maps of a 2.0 root whose entries `$ref`s name, and the kind of each entry (as 3.0 calls it). */
export const SWAGGER2_DEFINITION_MAPS: ReadonlyMap<string, ObjectKind> = new Map<string, ObjectKind>([
  ['definitions', 'Schema'], ['parameters', 'Parameter'], ['responses', 'Response'], ['securityDefinitions', 'SecurityScheme'],
]);

/** Methods a 2.0 Path Item may hold (3.0 adds `trace`). */
export const SWAGGER2_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch']);

/** Fields of a 2.0 Parameter, Header and Items Object that move into the 3.0 `schema`. */
export const VALUE_FIELDS = new Set([
  'type', 'format', 'items', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength',
  'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'enum', 'multipleOf', 'x-nullable',
]);

/** The 3.0 `style`/`explode` of a query parameter's collectionFormat (the 3.0 default for query is form, exploded). */
export const QUERY_STYLES: Record<string, { style: string; explode: boolean } | undefined> = lookupTable({
  csv: { style: 'form', explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
  multi: { style: 'form', explode: true },
});

/** The 3.0 flow of each 2.0 OAuth2 `flow`, and the URLs it has. */
export const OAUTH_FLOWS: Record<string, { name: string; urls: string[] } | undefined> = lookupTable({
  implicit: { name: 'implicit', urls: ['authorizationUrl'] },
  password: { name: 'password', urls: ['tokenUrl'] },
  application: { name: 'clientCredentials', urls: ['tokenUrl'] },
  accessCode: { name: 'authorizationCode', urls: ['authorizationUrl', 'tokenUrl'] },
});

export const FORM_URLENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';

/** Whether a parsed root is a Swagger 2.0 document (`swagger: "2.0"`). */
export function isSwagger2Root(root: SyntaxNode | undefined): boolean {
  const version = root?.kind === 'object' ? root.get('swagger') : undefined;
  return version !== undefined && String(version.value) === '2.0';
}

/** The media types a `consumes` or `produces` array lists (strings only, each once). */
export function mediaTypes(node: SyntaxNode | undefined): string[] | undefined {
  if (node?.kind !== 'array') return undefined;
  const types = new Set<string>();
  for (const item of node.children!) if (typeof item.value === 'string' && item.value) types.add(item.value);
  return [...types];
}

/** Characters a 3.0 component name may hold (§ Components Object: `^[a-zA-Z0-9.\-_]+$`). */
export function componentNameFrom(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]+/g, '_') || '_';
}
