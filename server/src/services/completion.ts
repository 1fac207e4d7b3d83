// Completion that knows where the cursor is: field names of the object at the cursor that are not
// there yet, `in`/`style`/`type`/`format` values, `$ref` targets of the right kind, status codes,
// media types, methods not yet used, security scheme names, tags. Plain data, no LSP types.
import * as path from 'path';
import { Analysis } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { COMPONENT_MAPS, placeAt } from '../model/kinds';
import { escapePointerSegment } from '../model/ref';
import { FieldSpec, HTTP_METHODS, ObjectKind, specOf } from '../model/spec';
import { kindName, PARAMETER_LOCATIONS, REASON_PHRASES, SCHEMA_TYPES, STYLE_TYPES, STYLES } from '../model/facts';
import { yamlScalar } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { cursorContext, CursorContext } from './cursor';

export interface CompletionItem {
  label: string;
  kind: 'property' | 'value' | 'reference' | 'keyword';
  detail?: string;
  insertText: string;
  replace: { offset: number; length: number };
  preselect?: boolean;
  sortText?: string;
}

const MEDIA_TYPES = [
  'application/json', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain',
  'text/html', 'text/csv', 'application/octet-stream', 'application/pdf', 'application/problem+json', 'image/png', 'image/jpeg', '*/*',
];
const FORMATS: Record<string, string[]> = {
  integer: ['int32', 'int64'],
  number: ['float', 'double'],
  string: ['date', 'date-time', 'password', 'byte', 'binary', 'uuid', 'email', 'uri', 'hostname', 'ipv4', 'ipv6'],
};
const COMMON_CODES = ['200', '201', '202', '204', '301', '302', '304', '400', '401', '403', '404', '405', '409', '410', '412', '415', '422', '429', '500', '502', '503', '504', 'default', '2XX', '4XX', '5XX'];

/**
 * `workspaceFiles`: absolute paths of the workspace's YAML and JSON files, offered last as whole-file
 * `$ref` targets (a file that nothing references yet, like a new `schemas/Order.yaml`).
 */
export function completionsAt(doc: SourceDocument, offset: number, analysis: Analysis | undefined, workspaceFiles: readonly string[] = []): CompletionItem[] {
  const context = cursorContext(doc, offset);
  if (!context) return [];
  const place = placeOf(doc, context, analysis);
  if (!place) return [];
  if (context.position === 'value' && context.key === '$ref') return refCompletions(doc, context, place.kind, place, analysis, workspaceFiles);
  return context.position === 'key' ? keyCompletions(doc, context, place, analysis) : valueCompletions(doc, context, place, analysis);
}

function placeOf(doc: SourceDocument, context: CursorContext, analysis: Analysis | undefined) {
  // The walk knows the role of objects reached through `$ref` (a referenced file's Schema...).
  const known = context.object && analysis ? analysis.objectsAt(context.object)[0] : undefined;
  if (known) return { kind: known.kind };
  // The analysis may be a keystroke older than the text: compare documents by path.
  if (analysis && analysis.root.path !== doc.path) return undefined;
  return placeAt(context.path.map(String));
}

function keyText(doc: SourceDocument, key: string): string {
  if (doc.format === 'json') return `${JSON.stringify(key)}: `;
  return `${yamlScalar(key)}: `;
}

function valueText(doc: SourceDocument, value: string): string {
  if (doc.format === 'json') return JSON.stringify(value);
  return yamlScalar(value);
}

function presentKeys(context: CursorContext): Set<string> {
  return new Set(context.object?.children?.map((c) => String(c.key)).filter((k) => k !== context.key) ?? []);
}

function keyCompletions(doc: SourceDocument, context: CursorContext, place: { kind?: ObjectKind; container?: FieldSpec }, analysis: Analysis | undefined): CompletionItem[] {
  const present = presentKeys(context);
  const item = (label: string, detail: string | undefined, kind: CompletionItem['kind'] = 'property', sortText?: string): CompletionItem => ({
    label, kind, detail, insertText: keyText(doc, label), replace: context.replace, sortText,
  });
  if (place.container) {
    // Keys of a map: media types under `content`, names elsewhere (nothing to suggest).
    if (place.container.kind === 'MediaType') return MEDIA_TYPES.filter((m) => !present.has(m)).map((m) => item(m, 'media type', 'value'));
    return [];
  }
  const kind = place.kind!;
  if (kind === 'Responses') {
    return COMMON_CODES.filter((c) => !present.has(c)).map((code, i) => item(code, REASON_PHRASES[code], 'value', String(i).padStart(2, '0')));
  }
  if (kind === 'SecurityRequirement') {
    return componentNames(analysis, 'securitySchemes').filter((n) => !present.has(n)).map((n) => item(n, 'security scheme', 'reference'));
  }
  if (kind === 'Paths' || kind === 'Callback') return [];
  const spec = specOf(kind);
  const items: CompletionItem[] = [];
  for (const [name, field] of spec.fields) {
    if (present.has(name) || (name === '$ref' && kind !== 'PathItem')) continue;
    const required = spec.required.includes(name);
    const method = kind === 'PathItem' && (HTTP_METHODS as readonly string[]).includes(name);
    items.push(item(name, `${method ? 'operation' : field.notation}${required ? ' (required)' : ''} — ${kindName(kind)}`, 'property', `${required ? 0 : method ? 1 : 2}${name}`));
  }
  return items;
}

function valueCompletions(doc: SourceDocument, context: CursorContext, place: { kind?: ObjectKind; container?: FieldSpec }, analysis: Analysis | undefined): CompletionItem[] {
  const kind = place.kind;
  const object = context.object;
  const values = (list: readonly string[], detail?: (v: string) => string | undefined, preselect?: string): CompletionItem[] =>
    list.map((v) => ({ label: v, kind: 'value', detail: detail?.(v), insertText: valueText(doc, v), replace: context.replace, preselect: v === preselect || undefined }));
  if (!kind) return [];
  const field = specOf(kind).fields.get(context.key);
  if ((kind === 'Parameter') && context.key === 'in') return values(PARAMETER_LOCATIONS);
  if ((kind === 'Parameter' || kind === 'Header') && context.key === 'style') {
    const location = kind === 'Header' ? 'header' : object?.get('in')?.stringValue;
    const rules = location ? STYLES[location] : undefined;
    if (!rules) return values(Object.values(STYLES).flatMap((r) => r.allowed).filter((v, i, a) => a.indexOf(v) === i));
    const schemaType = schemaTypeOf(object, analysis, doc);
    const allowed = rules.allowed.filter((s) => !STYLE_TYPES[s] || !schemaType || STYLE_TYPES[s].includes(schemaType));
    return values(allowed, (s) => (s === rules.fallback ? `default for in: ${location}` : undefined), rules.fallback);
  }
  if (kind === 'Schema' && context.key === 'type') return values(SCHEMA_TYPES);
  if (kind === 'Schema' && context.key === 'format') {
    const type = object?.get('type')?.stringValue;
    return values(type && FORMATS[type] ? FORMATS[type] : Object.values(FORMATS).flat());
  }
  if (kind === 'SecurityScheme' && context.key === 'type') return values(['apiKey', 'http', 'oauth2', 'openIdConnect']);
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

/** `$ref` targets of the kind the place calls for: components of the root document. */
function refCompletions(doc: SourceDocument, context: CursorContext, kind: ObjectKind | undefined, place: { container?: FieldSpec }, analysis: Analysis | undefined, workspaceFiles: readonly string[] = []): CompletionItem[] {
  // `$ref` sits in the object it replaces: the place's kind is the kind the target must have.
  const expected = kind ?? place.container?.kind;
  const map = expected ? COMPONENT_MAPS[expected] : undefined;
  if (!map) return [];
  const sameFile = analysis ? analysis.root.path === doc.path : true;
  const prefix = sameFile ? '' : pathFrom(doc, analysis!.root);
  const refs = componentNames(analysis, map).map((name) => `${prefix}#/components/${map}/${escapePointerSegment(name)}`);
  // Then other files: a file already referenced for this kind of object is a library of it, so
  // its other entries at the same place are offered too (`schemas.yaml#/NewPet` beside `#/Pet`).
  for (const reference of analysis?.references ?? []) {
    const target = reference.target;
    if (reference.expected !== expected || !target || target.doc.path === doc.path || !reference.parsed?.pointer?.length) continue;
    const container = target.node.parent;
    if (container?.kind !== 'object') continue;
    const file = pathFrom(doc, target.doc);
    const base = container.pointer.split('/').slice(1).join('/');
    for (const entry of container.children!) {
      const ref = `${file}#/${base ? base + '/' : ''}${escapePointerSegment(String(entry.key))}`;
      if (!refs.includes(ref)) refs.push(ref);
    }
  }
  // Then the workspace's other files, whole, unless one of their entries is already offered.
  const documents = new Set(analysis?.documents.filter((d) => d.root?.get('openapi')).map((d) => d.path));
  for (const file of workspaceFiles) {
    if (file === doc.path || documents.has(file)) continue;
    const ref = relativePath(doc.path, file);
    if (!refs.some((r) => r === ref || r.startsWith(ref + '#'))) refs.push(ref);
  }
  return refs.map((ref) => {
    // In YAML a reference starting with `#` must be quoted (§4.10); others are quoted alike.
    const insertText = doc.format === 'json' ? JSON.stringify(ref) : `'${ref.replace(/'/g, "''")}'`;
    return { label: ref, kind: 'reference', detail: kindName(expected!), insertText, replace: context.replace };
  });
}

function pathFrom(from: SourceDocument, to: SourceDocument): string {
  return relativePath(from.path, to.path);
}

function relativePath(from: string, to: string): string {
  return path.relative(path.dirname(from), to).split(path.sep).join('/');
}
