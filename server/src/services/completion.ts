// Completion that knows where the cursor is: field names of the object at the cursor that are not
// there yet, `in`/`style`/`type`/`format` values, `$ref` targets of the right kind, status codes,
// media types, methods not yet used, security scheme names, tags. Plain data, no LSP types.
import * as path from 'path';
import { Analysis, documentVersion } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { COMPONENT_MAPS, placeAt, placeFrom } from '../model/kinds';
import { escapePointerSegment } from '../model/ref';
import { FieldSpec, httpMethodsOf, ObjectKind, OpenApiVersion, specOf } from '../model/spec';
import { kindName, REASON_PHRASES, SCHEMA_TYPES, STYLE_TYPES, STYLES } from '../model/facts';
import { fieldDoc, specLink, specName, VALUE_DOCS } from '../model/field-docs';
import { yamlScalar } from '../syntax/edit';
import { isBlank } from '../syntax/piece-text';
import { SyntaxNode } from '../syntax/tree';
import { cursorContext, CursorContext } from './cursor';
import { fieldSnippet, keyText, presentKeys, snippetText, valueText } from './completion-snippets';
import { swagger2Completions } from './completion-swagger2';
import { isSwagger2Root } from '../model/swagger2';
import { lookupTable } from '../model/lookup';
import { RefTarget } from '../workspace/ref-targets';
import { deepestHolding, FragmentRole, NO_ROLE, ReferencedAs } from './fragment-role';
import { swagger2PlaceAt } from '../model/swagger2-spec';

export interface CompletionItem {
  label: string;
  kind: 'property' | 'value' | 'reference' | 'keyword' | 'snippet';
  detail?: string;
  /** Markdown: what the field or value means. */
  documentation?: string;
  insertText: string;
  /** `insertText` is a snippet: `${1}` placeholders, `\$` for a literal dollar. */
  snippet?: boolean;
  replace: { offset: number; length: number };
  /** Edits elsewhere that make the result valid: the comma after the member before, in JSON. */
  additionalEdits?: { offset: number; length: number; newText: string }[];
  /**
   * What the editor matches the text typed in `replace` against: it starts with the quote the user
   * typed, if any, or an editor would filter every item out once a quote is typed (`'#/`, `"pa`).
   */
  filterText: string;
  preselect?: boolean;
  sortText?: string;
}

/** Reads another document, for `$ref` completion in a file the analysis has not reached. */
export type LoadDocument = (absolutePath: string) => SourceDocument | undefined;

type Draft = Omit<CompletionItem, 'filterText'> & { filterText?: string };

const MEDIA_TYPES = [
  'application/json', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain',
  'text/html', 'text/csv', 'application/octet-stream', 'application/pdf', 'application/problem+json', 'image/png', 'image/jpeg', '*/*',
];
const FORMATS: Record<string, string[]> = lookupTable({
  integer: ['int32', 'int64'],
  number: ['float', 'double'],
  string: ['date', 'date-time', 'password', 'byte', 'binary', 'uuid', 'email', 'uri', 'hostname', 'ipv4', 'ipv6'],
});
const COMMON_CODES = ['200', '201', '202', '204', '301', '302', '304', '400', '401', '403', '404', '405', '409', '410', '412', '415', '422', '429', '500', '502', '503', '504', 'default', '2XX', '4XX', '5XX'];

/**
 * `workspaceTargets`: the workspace's `$ref` targets of a kind (see workspace/ref-targets.ts),
 * offered after the description's own: another file's components with their pointer, a whole file
 * only when its top level is of that kind (a new `schemas/Order.yaml` holding a Schema).
 */
export type WorkspaceTargets = (kind: ObjectKind) => readonly RefTarget[];

export type { ReferencedAs } from './fragment-role';

/**
 * Completions at an offset. Only in an OpenAPI document, or a file one references (`analysis` of
 * a root that reads it, or `role.referencedAs` from the workspace's references when no open root
 * does): a CI workflow or a Kubernetes manifest gets nothing, but an empty file gets a new document.
 * A fragment gets the fields of the version of the roots that reference it (`role.version`).
 */
export function completionsAt(
  doc: SourceDocument, offset: number, analysis: Analysis | undefined, workspaceTargets: WorkspaceTargets = () => [], load?: LoadDocument,
  role: FragmentRole = NO_ROLE,
): CompletionItem[] {
  if (isBlankBesidesWord(doc, offset)) return [newDocumentSnippet(doc, offset)];
  const context = cursorContext(doc, offset);
  if (!context) return [];
  // An analysis of a root that is no description (a workflow file checked alone) places nothing.
  if (analysis?.status.kind === 'not-openapi') analysis = undefined;
  // A Swagger 2.0 root, and a fragment only 2.0 roots reference, are completed by 2.0's fields.
  if (isSwagger2Root(doc.root)) return withFilterText(doc, context, offset, swagger2Completions(doc, context));
  const fragment = !declaresVersion(doc);
  if (fragment && role.version === '2.0') {
    const held = deepestHolding(context.path.map(String), role.swagger2ReferencedAs);
    const place = held ? swagger2PlaceAt(held.below, held.ref.kind) : undefined;
    return place ? withFilterText(doc, context, offset, swagger2Completions(doc, context, place)) : [];
  }
  // The fields of the root's version; a fragment's from the roots that reference it (3.0's when they differ).
  const version = fragment && role.version !== undefined && role.version !== '2.0' ? role.version : analysis?.version ?? documentVersion(doc.root);
  const place = analysis ? placeOf(doc, context, analysis, version) : fragment ? placeByReference(context, role.referencedAs, version) : placeAt(context.path.map(String), version);
  if (!place) return [];
  let drafts: Draft[];
  if (context.position === 'value' && context.key === '$ref') drafts = refCompletions(doc, context, place.kind, place, analysis, workspaceTargets, load);
  else if (context.position === 'key') drafts = withJsonCommas(doc, context, keyCompletions(doc, context, place, analysis, version));
  else drafts = withoutDanglingComma(doc, context, valueCompletions(doc, context, place, analysis, version));
  return withFilterText(doc, context, offset, drafts);
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
function isJsonBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** How far the comma logic looks for the members around the cursor (past that: blanks, left alone). */
const COMMA_LOOKAROUND = 10_000;

/**
 * A JSON member inserted between others keeps the object valid, as VS Code's own JSON completion
 * does: a comma after it when a member follows, and after the member before it when that one has none.
 */
function withJsonCommas(doc: SourceDocument, context: CursorContext, drafts: Draft[]): Draft[] {
  if (doc.format !== 'json' || drafts.length === 0) return drafts;
  const source = doc.source;
  const end = context.replace.offset + context.replace.length;
  let after = end;
  while (after < source.length && after - end < COMMA_LOOKAROUND && isJsonBlank(source.charCodeAt(after))) after++;
  let before = context.replace.offset - 1;
  while (before >= 0 && context.replace.offset - before < COMMA_LOOKAROUND && isJsonBlank(source.charCodeAt(before))) before--;
  const next = after < source.length ? source.slice(after, after + 1) : '';
  const previous = before >= 0 ? source.slice(before, before + 1) : '';
  const commaAfter = next === '"';
  const commaBefore = previous !== '' && !'{,:['.includes(previous) && /["}\]\w]/.test(previous);
  const dangling = danglingCommaAt(source, after);
  if (!commaAfter && !commaBefore && dangling === undefined) return drafts;
  const edits = [
    ...(commaBefore ? [{ offset: before + 1, length: 0, newText: ',' }] : []),
    ...(dangling !== undefined ? [{ offset: dangling, length: 1, newText: '' }] : []),
  ];
  return drafts.map((d) => ({
    ...d,
    insertText: commaAfter ? `${d.insertText},` : d.insertText,
    additionalEdits: edits.length > 0 ? edits : undefined,
  }));
}

/**
 * The offset of a comma at `at` that only blanks separate from the `}` or `]` closing its container:
 * after a completion there, the result would end a member list with `,}` (JSON has no trailing
 * commas), so the completion takes it out.
 */
function danglingCommaAt(source: SourceDocument['source'], at: number): number | undefined {
  if (source.charCodeAt(at) !== 44 /* , */) return undefined;
  let next = at + 1;
  while (next < source.length && next - at < COMMA_LOOKAROUND && isJsonBlank(source.charCodeAt(next))) next++;
  const closing = source.charCodeAt(next);
  return closing === 125 /* } */ || closing === 93 /* ] */ ? at : undefined;
}

/** A JSON value completed just before a dangling comma (`[1, |, ]`, `"type": |,}`) takes the comma out. */
function withoutDanglingComma(doc: SourceDocument, context: CursorContext, drafts: Draft[]): Draft[] {
  if (doc.format !== 'json' || drafts.length === 0) return drafts;
  const source = doc.source;
  let after = context.replace.offset + context.replace.length;
  const end = after;
  while (after < source.length && after - end < COMMA_LOOKAROUND && isJsonBlank(source.charCodeAt(after))) after++;
  const dangling = danglingCommaAt(source, after);
  if (dangling === undefined) return drafts;
  return drafts.map((d) => ({ ...d, additionalEdits: [...(d.additionalEdits ?? []), { offset: dangling, length: 1, newText: '' }] }));
}

function withFilterText(doc: SourceDocument, context: CursorContext, offset: number, drafts: Draft[]): CompletionItem[] {
  const first = doc.source.slice(context.replace.offset, context.replace.offset + 1);
  const typedQuote = /['"]/.test(first) && context.replace.offset < offset ? first : '';
  return drafts.map((d) => ({ ...d, filterText: d.filterText ?? typedQuote + d.label }));
}

/** In an empty file: a minimal valid OpenAPI 3.0 document, its names as placeholders. */
function newDocumentSnippet(doc: SourceDocument, offset: number): CompletionItem {
  let start = offset;
  while (start > 0 && /\S/.test(doc.text[start - 1])) start--;
  return {
    label: 'New OpenAPI 3.0 document',
    kind: 'snippet',
    detail: 'openapi, info, paths with one operation, components',
    documentation: 'A minimal valid OpenAPI 3.0 document to start from: the title, version, path and names are ' +
      'placeholders (Tab moves to the next one).',
    insertText: newDocumentTemplate(doc.format === 'json' ? 'json' : 'yaml'),
    snippet: true,
    replace: { offset: start, length: offset - start },
    filterText: 'openapi',
    preselect: true,
  };
}

/**
 * A minimal valid OpenAPI 3.0 document as a snippet (LSP snippet syntax), its names as placeholders:
 * what completion offers in an empty file and the "New OpenAPI Document" command starts from.
 */
export function newDocumentTemplate(format: 'yaml' | 'json'): string {
  const yaml = [
    'openapi: 3.0.3',
    'info:',
    '  title: ${1:My API}',
    '  version: ${2:1.0.0}',
    'paths:',
    '  /${3:items}:',
    '    get:',
    '      summary: ${4:List the items}',
    '      operationId: ${5:listItems}',
    '      responses:',
    "        '200':",
    '          description: ${6:The items}',
    '          content:',
    '            application/json:',
    '              schema:',
    '                type: array',
    '                items:',
    "                  \\$ref: '#/components/schemas/${7:Item}'",
    'components:',
    '  schemas:',
    '    ${7:Item}:',
    '      type: object',
    '      properties:',
    '        id:',
    '          type: string',
    '$0',
  ].join('\n');
  const json = [
    '{',
    '  "openapi": "3.0.3",',
    '  "info": { "title": "${1:My API}", "version": "${2:1.0.0}" },',
    '  "paths": {',
    '    "/${3:items}": {',
    '      "get": {',
    '        "summary": "${4:List the items}",',
    '        "operationId": "${5:listItems}",',
    '        "responses": {',
    '          "200": {',
    '            "description": "${6:The items}",',
    '            "content": {',
    '              "application/json": {',
    '                "schema": { "type": "array", "items": { "\\$ref": "#/components/schemas/${7:Item}" } }',
    '              }',
    '            }',
    '          }',
    '        }',
    '      }',
    '    }',
    '  },',
    '  "components": {',
    '    "schemas": {',
    '      "${7:Item}": { "type": "object", "properties": { "id": { "type": "string" } } }',
    '    }',
    '  }',
    '}$0',
  ].join('\n');
  return format === 'json' ? json : yaml;
}

/** Whether the document's root names a version (`openapi` or `swagger`): it is a description then. */
function declaresVersion(doc: SourceDocument): boolean {
  const root = doc.root;
  return root?.kind === 'object' && Boolean(root.get('openapi') ?? root.get('swagger'));
}

/** Where the cursor is by the references into this file: below the deepest one that holds it. */
function placeByReference(context: CursorContext, referencedAs: readonly ReferencedAs[], version: OpenApiVersion) {
  const held = deepestHolding(context.path.map(String), referencedAs);
  return held ? placeFrom(held.ref.kind, held.below, version) : undefined;
}

/**
 * Whether the text holds nothing but, at most, the word at the cursor (`op` typed in a new file):
 * the new-document snippet replaces it.
 */
function isBlankBesidesWord(doc: SourceDocument, offset: number): boolean {
  if (isBlank(doc.source)) return true;
  if (doc.source.length > 200) return false;
  const text = doc.text;
  let start = offset;
  while (start > 0 && /\S/.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && /\S/.test(text[end])) end++;
  return (text.slice(0, start) + text.slice(end)).trim() === '' && /^[A-Za-z]*$/.test(text.slice(start, end));
}

function placeOf(doc: SourceDocument, context: CursorContext, analysis: Analysis | undefined, version: OpenApiVersion) {
  // The walk knows the role of objects reached through `$ref` (a referenced file's Schema...).
  const known = context.object && analysis ? analysis.objectsAt(context.object)[0] : undefined;
  if (known) return { kind: known.kind };
  // The analysis may be a keystroke older than the text: compare documents by path.
  if (analysis && analysis.root.path !== doc.path) return undefined;
  return placeAt(context.path.map(String), version);
}

/**
 * A status code with the Response's required `description`, the reason phrase selected in it:
 * `'404':` and `description: Not Found` on the next line (YAML), `"404": { "description": "Not Found" }` (JSON).
 */
function responseSnippet(doc: SourceDocument, code: string, flow: boolean): string {
  const reason = snippetText(REASON_PHRASES[code] ?? '');
  if (doc.format === 'json') return `${snippetText(JSON.stringify(code))}: {\n\t"description": "\${1:${reason}}"\n}`;
  const key = snippetText(yamlScalar(code));
  return flow ? `${key}: {description: \${1:${reason}}}` : `${key}:\n\tdescription: \${1:${reason}}`;
}


/**
 * Media types, those the file already uses first (most used first: the one preselected), then the
 * common ones with `*\/*` last. Counted over the analysis's Media Type objects: no walk of the tree.
 */
function mediaTypesByUse(doc: SourceDocument, analysis: Analysis | undefined): string[] {
  const uses = new Map<string, number>();
  for (const object of analysis?.byKind.get('MediaType') ?? []) {
    if (object.doc.path === doc.path && typeof object.node.key === 'string') uses.set(object.node.key, (uses.get(object.node.key) ?? 0) + 1);
  }
  const used = [...uses].sort((a, b) => b[1] - a[1] || MEDIA_TYPES.indexOf(a[0]) - MEDIA_TYPES.indexOf(b[0])).map(([m]) => m);
  return [...new Set([...used, ...MEDIA_TYPES])];
}

/** A field's meaning, then where the specification defines it. */
function fieldDocumentation(kind: ObjectKind, name: string, version: OpenApiVersion): string | undefined {
  const meaning = fieldDoc(kind, name);
  return meaning ? `${meaning}\n\n[${kindName(kind)}](${specLink(kind, version)}) in ${specName(version)}` : undefined;
}

function keyCompletions(
  doc: SourceDocument, context: CursorContext, place: { kind?: ObjectKind; container?: FieldSpec }, analysis: Analysis | undefined, version: OpenApiVersion,
): Draft[] {
  const present = presentKeys(context);
  const item = (label: string, detail: string | undefined, kind: CompletionItem['kind'] = 'property', sortText?: string): Draft => ({
    label, kind, detail, insertText: keyText(doc, label), replace: context.replace, sortText,
  });
  if (place.container) {
    // Keys of a map: media types under `content`, names elsewhere (nothing to suggest).
    if (place.container.kind === 'MediaType') {
      return mediaTypesByUse(doc, analysis).filter((m) => !present.has(m)).map((m, i) => ({
        ...item(m, 'media type', 'value', String(i).padStart(2, '0')), preselect: i === 0 || undefined,
      }));
    }
    return [];
  }
  const kind = place.kind!;
  if (kind === 'Responses') {
    return COMMON_CODES.filter((c) => !present.has(c)).map((code, i) => ({
      ...item(code, REASON_PHRASES[code], 'value', String(i).padStart(2, '0')), insertText: responseSnippet(doc, code, context.flow), snippet: true,
    }));
  }
  if (kind === 'SecurityRequirement') {
    return componentNames(analysis, 'securitySchemes').filter((n) => !present.has(n)).map((n) => item(n, 'security scheme', 'reference'));
  }
  if (kind === 'Paths' || kind === 'Callback') return [];
  const spec = specOf(kind, version);
  const methods = httpMethodsOf(version);
  const items: Draft[] = [];
  for (const [name, field] of spec.fields) {
    if (present.has(name) || (name === '$ref' && kind !== 'PathItem')) continue;
    const required = spec.required.includes(name);
    const method = kind === 'PathItem' && methods.includes(name);
    items.push({
      label: name,
      kind: 'property',
      detail: `${method ? 'operation' : field.notation}${required ? ' (required)' : ''} — ${kindName(kind)}`,
      documentation: fieldDocumentation(kind, name, version),
      insertText: fieldSnippet(doc, name, field, context.flow),
      snippet: true,
      replace: context.replace,
      sortText: `${required ? 0 : method ? 1 : 2}${name}`,
    });
  }
  return items;
}

function valueCompletions(
  doc: SourceDocument, context: CursorContext, place: { kind?: ObjectKind; container?: FieldSpec }, analysis: Analysis | undefined, version: OpenApiVersion,
): Draft[] {
  const kind = place.kind;
  const object = context.object;
  const docsKey = kind === 'Parameter' || kind === 'Header' || kind === 'Encoding' ? context.key : `${kind}.${context.key}`;
  const meanings = VALUE_DOCS[docsKey] ?? VALUE_DOCS[`${kind}.${context.key}`];
  const values = (list: readonly string[], detail?: (v: string) => string | undefined, preselect?: string): Draft[] =>
    list.map((v, i) => ({
      label: v, kind: 'value', detail: detail?.(v), documentation: meanings?.[v], insertText: valueText(doc, v), replace: context.replace,
      preselect: v === preselect || undefined, sortText: String(i).padStart(2, '0'),
    }));
  if (!kind) return [];
  const field = specOf(kind, version).fields.get(context.key);
  if (kind === 'Parameter' && context.key === 'in') {
    const order = parameterLocationOrder(doc, context, analysis);
    // 3.2: the whole query string as one parameter, seldom the one meant: last.
    const locations = version === '3.2' ? [...order.locations, 'querystring'] : order.locations;
    return values(locations, (v) => (v === order.likely ? order.why : undefined), order.likely);
  }
  if ((kind === 'Parameter' || kind === 'Header') && context.key === 'style') {
    const location = kind === 'Header' ? 'header' : object?.get('in')?.stringValue;
    const rules = location ? STYLES[location] : undefined;
    if (!rules) return values(Object.values(STYLES).flatMap((r) => r.allowed).filter((v, i, a) => a.indexOf(v) === i));
    const schemaType = schemaTypeOf(object, analysis, doc);
    const allowed = rules.allowed.filter((s) => !STYLE_TYPES[s] || !schemaType || STYLE_TYPES[s].includes(schemaType));
    return values(allowed, (s) => (s === rules.fallback ? `default for in: ${location}` : undefined), rules.fallback);
  }
  if (kind === 'Schema' && context.key === 'type') return values(version === '3.0' ? SCHEMA_TYPES : [...SCHEMA_TYPES, 'null']);
  if (kind === 'Schema' && context.key === 'format') {
    const type = object?.get('type')?.stringValue;
    return values(type && FORMATS[type] ? FORMATS[type] : Object.values(FORMATS).flat());
  }
  if (kind === 'SecurityScheme' && context.key === 'type') {
    return values(['apiKey', 'http', 'oauth2', 'openIdConnect', ...(version === '3.0' ? [] : ['mutualTLS'])]);
  }
  if (kind === 'SecurityScheme' && context.key === 'in') return values(['query', 'header', 'cookie']);
  if (kind === 'SecurityScheme' && context.key === 'scheme') return values(['bearer', 'basic']);
  if (kind === 'Operation' && context.key === 'tags') {
    const tags = analysis?.root.root?.get('tags');
    const names = tags?.kind === 'array' ? tags.children!.map((t) => t.get('name')?.stringValue).filter((n): n is string => Boolean(n)) : [];
    return values(names, () => 'tag');
  }
  if (field?.shape === 'scalar' && field.scalar === 'boolean') return values(['true', 'false']).map((i) => ({ ...i, insertText: i.label }));
  return [];
}

/** Header names are Words-Joined-By-Dashes or `X-` prefixed; query names rarely are. */
const HEADER_LIKE = /^(x-.+|[A-Z][A-Za-z0-9]*(-[A-Z0-9][A-Za-z0-9]*)+)$/i;

/**
 * The locations in the order the parameter most likely needs them: `path` first when its path
 * template has a `{name}` that no path parameter declares yet (this one's name, or any while the
 * name is not written), `header` first for a header-like name, else `query`.
 */
function parameterLocationOrder(doc: SourceDocument, context: CursorContext, analysis: Analysis | undefined): { locations: string[]; likely: string; why?: string } {
  const name = context.object?.get('name')?.stringValue;
  const template = context.path[0] === 'paths' && context.path.length > 2 ? String(context.path[1]) : undefined;
  const templateNames = template ? [...template.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]) : [];
  const declared = new Set<string>();
  const pathItem = template !== undefined ? doc.root?.get('paths')?.get(template) : undefined;
  const lists = [pathItem?.get('parameters')];
  const method = context.path[2];
  if (typeof method === 'string' && method !== 'parameters') lists.push(pathItem?.get(method)?.get('parameters'));
  for (const list of lists) {
    if (list?.kind !== 'array') continue;
    for (const entry of list.children!) {
      if (entry === context.object) continue;
      const parameter = entry.get('$ref') && analysis ? analysis.resolve(entry, doc).target?.node : entry;
      if (parameter?.kind === 'object' && parameter.get('in')?.stringValue === 'path' && parameter.get('name')?.stringValue) {
        declared.add(parameter.get('name')!.stringValue!);
      }
    }
  }
  const undeclared = templateNames.filter((n) => !declared.has(n));
  if (name ? undeclared.includes(name) : undeclared.length > 0) {
    return { locations: ['path', 'query', 'header', 'cookie'], likely: 'path', why: `{${name ?? undeclared[0]}} in the path is not declared yet` };
  }
  if (name && HEADER_LIKE.test(name)) return { locations: ['header', 'query', 'cookie', 'path'], likely: 'header', why: 'a header name' };
  const pathLast = template !== undefined && templateNames.length === 0;
  return { locations: pathLast ? ['query', 'header', 'cookie', 'path'] : ['query', 'path', 'header', 'cookie'], likely: 'query' };
}

function schemaTypeOf(parameter: SyntaxNode | undefined, analysis: Analysis | undefined, doc: SourceDocument): string | undefined {
  const schema = parameter?.get('schema');
  if (!schema) return undefined;
  const target = analysis ? analysis.resolve(schema, doc).target?.node : schema;
  return target?.kind === 'object' ? target.get('type')?.stringValue : undefined;
}

function componentNames(analysis: Analysis | undefined, map: string): string[] {
  const node = analysis?.root.root?.get('components')?.get(map);
  return node?.kind === 'object' ? node.children!.map((c) => String(c.key)) : [];
}

/** How many entries of one file a `file#/` completion lists. */
const MAX_FILE_ENTRIES = 500;
/**
 * Longer `$ref`s are not offered: nobody picks a name of thousands of characters from a list, and
 * each one went over the protocol three times (label, text, edit): 3 MB for a 1 MB name.
 */
const MAX_OFFERED_REF_CHARS = 2048;

/**
 * `$ref` targets of the kind the place calls for: components of the root document, entries of the
 * files already referenced for that kind, entries of the file being typed (`other.yaml#/`), and
 * the workspace's other files. Written in the quotes the user opened (single by default in YAML,
 * as a `#` would start a comment), with `./` kept when the user typed it.
 */
function refCompletions(
  doc: SourceDocument, context: CursorContext, kind: ObjectKind | undefined, place: { container?: FieldSpec }, analysis: Analysis | undefined,
  workspaceTargets: WorkspaceTargets, load: LoadDocument | undefined,
): Draft[] {
  // `$ref` sits in the object it replaces: the place's kind is the kind the target must have.
  const expected = kind ?? place.container?.kind;
  const map = expected ? COMPONENT_MAPS[expected] : undefined;
  if (!map) return [];
  const typed = doc.source.slice(context.replace.offset, context.replace.offset + context.replace.length);
  const quote = typed[0] === "'" || typed[0] === '"' ? typed[0] : doc.format === 'json' ? '"' : "'";
  const sameFile = analysis ? analysis.root.path === doc.path : true;
  const prefix = sameFile ? '' : pathFrom(doc, analysis!.root);
  const refs = componentNames(analysis, map).map((name) => `${prefix}#/components/${map}/${escapePointerSegment(name)}`);
  // Sets beside the list: a document may have 10,000 components and 10,000 references.
  const offered = new Set(refs);
  const add = (ref: string) => {
    if (offered.has(ref)) return;
    offered.add(ref);
    refs.push(ref);
  };
  // Then other files: a file already referenced for this kind of object is a library of it, so
  // its other entries at the same place are offered too (`schemas.yaml#/NewPet` beside `#/Pet`).
  const containersSeen = new Set<SyntaxNode>();
  for (const reference of analysis?.references ?? []) {
    const target = reference.target;
    if (reference.expected !== expected || !target || target.doc.path === doc.path || !reference.parsed?.pointer?.length) continue;
    const container = target.node.parent;
    if (container?.kind !== 'object' || containersSeen.has(container)) continue;
    containersSeen.add(container);
    const file = pathFrom(doc, target.doc);
    const base = container.pointer.split('/').slice(1).join('/');
    for (const entry of container.children!.slice(0, MAX_FILE_ENTRIES)) add(`${file}#/${base ? base + '/' : ''}${escapePointerSegment(String(entry.key))}`);
  }
  // The file named before a `#` the user typed: its components of the kind, or its top-level entries.
  const typedFile = /^['"]?(?:\.\/)?([^#'"]+)#/.exec(typed)?.[1];
  const other = typedFile && load ? load(path.resolve(path.dirname(doc.path), typedFile)) : undefined;
  if (typedFile && other && other.path !== doc.path) {
    const components = other.root?.get('components')?.get(map);
    const entries = components?.kind === 'object' ? components : other.root?.kind === 'object' && !other.root.get('openapi') ? other.root : undefined;
    const base = components?.kind === 'object' ? `/components/${map}` : '';
    for (const entry of entries?.children?.slice(0, MAX_FILE_ENTRIES) ?? []) add(`${typedFile}#${base}/${escapePointerSegment(String(entry.key))}`);
  }
  // Then the workspace's other targets of the kind: entries with their pointer, then whole files
  // (not one whose entries are already offered).
  const filesOffered = new Set(refs.map((r) => (r.includes('#') ? r.slice(0, r.indexOf('#')) : r)));
  for (const target of workspaceTargets(expected!)) {
    if (target.file === doc.path) continue;
    const file = relativePath(doc.path, target.file);
    if (target.pointer.length === 0) {
      if (!filesOffered.has(file)) add(file);
      continue;
    }
    filesOffered.add(file);
    add(`${file}#/${target.pointer.map(escapePointerSegment).join('/')}`);
  }
  const dotSlash = /^['"]?\.\//.test(typed);
  // In this order (the document's, then other files'), not the editor's alphabetical one.
  return refs.filter((ref) => ref.length <= MAX_OFFERED_REF_CHARS).map((bare, i) => {
    const ref = dotSlash && !bare.startsWith('#') && !bare.startsWith('../') ? `./${bare}` : bare;
    const insertText = quote === '"' ? JSON.stringify(ref) : `'${ref.replace(/'/g, "''")}'`;
    return { label: ref, kind: 'reference', detail: kindName(expected!), insertText, replace: context.replace, sortText: String(i).padStart(4, '0') };
  });
}

function pathFrom(from: SourceDocument, to: SourceDocument): string {
  return relativePath(from.path, to.path);
}

function relativePath(from: string, to: string): string {
  return path.relative(path.dirname(from), to).split(path.sep).join('/');
}
