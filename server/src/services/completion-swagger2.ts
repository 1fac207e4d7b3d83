// Completion in a Swagger 2.0 document: its own fields (`consumes`, `definitions`, a body
// parameter's `schema`, a response's `schema`), never 3.0's (`requestBody`, `content`,
// `components`); its values (`in: formData`, `collectionFormat`, OAuth2 `flow`); `$ref`s to its
// own maps (`#/definitions/Pet`). Plain data, no LSP types.
import { SourceDocument } from '../model/documents';
import { REASON_PHRASES, SCHEMA_TYPES } from '../model/facts';
import { escapePointerSegment } from '../model/ref';
import { FieldSpec } from '../model/spec';
import { SWAGGER2_METHODS } from '../model/swagger2';
import { Swagger2Kind, swagger2KindOf, swagger2PlaceAt, swagger2SpecLink, swagger2SpecOf } from '../model/swagger2-spec';
import type { CompletionItem } from './completion';
import { fieldSnippet, keyText, presentKeys, valueText } from './completion-snippets';
import { CursorContext } from './cursor';

type Draft = Omit<CompletionItem, 'filterText'>;

/** 2.0 has no status code ranges (`2XX`): those came with 3.0. */
const STATUS_CODES = ['200', '201', '202', '204', '301', '302', '304', '400', '401', '403', '404', '405', '409', '410', '412', '415', '422', '429', '500', '502', '503', '504', 'default'];
const VALUE_TYPES = ['string', 'number', 'integer', 'boolean', 'array'];

/** Values of a field, by `Kind.field` (a Parameter's `in`...). */
const VALUES: Record<string, readonly string[]> = {
  'Parameter.in': ['query', 'header', 'path', 'formData', 'body'],
  'Parameter.type': [...VALUE_TYPES, 'file'],
  'Parameter.collectionFormat': ['csv', 'ssv', 'tsv', 'pipes', 'multi'],
  'Items.type': VALUE_TYPES,
  'Items.collectionFormat': ['csv', 'ssv', 'tsv', 'pipes'],
  'Header.type': VALUE_TYPES,
  'Header.collectionFormat': ['csv', 'ssv', 'tsv', 'pipes'],
  'Schema.type': [...SCHEMA_TYPES, 'file'],
  'SecurityScheme.type': ['basic', 'apiKey', 'oauth2'],
  'SecurityScheme.in': ['query', 'header'],
  'SecurityScheme.flow': ['implicit', 'password', 'application', 'accessCode'],
};

/** The root map a `$ref` in an object of a kind names. */
const REF_MAPS: Partial<Record<Swagger2Kind, string>> = { Schema: 'definitions', Parameter: 'parameters', Response: 'responses' };

/**
 * Completions at the cursor of a 2.0 root document (`context` from cursorContext), or of a fragment a
 * 2.0 root references (`place`: what the cursor's object is by that reference).
 */
export function swagger2Completions(
  doc: SourceDocument, context: CursorContext, place = swagger2PlaceAt(context.path.map(String)),
): Draft[] {
  if (!place) return [];
  if (context.position === 'value' && context.key === '$ref') return refCompletions(doc, context, place.kind ?? kindOfEntries(place.container));
  if (context.position === 'key') return place.kind ? keyCompletions(doc, context, place.kind) : [];
  const values = place.kind ? VALUES[`${place.kind}.${context.key}`] : undefined;
  const field = place.kind ? swagger2SpecOf(place.kind).fields.get(context.key) : undefined;
  const boolean = field?.shape === 'scalar' && field.scalar === 'boolean';
  const list = values ?? (boolean ? ['true', 'false'] : []);
  return list.map((v, i) => ({
    label: v, kind: 'value', insertText: boolean ? v : valueText(doc, v), replace: context.replace, sortText: String(i).padStart(2, '0'),
  }));
}

function kindOfEntries(container: FieldSpec | undefined): Swagger2Kind | undefined {
  return container ? swagger2KindOf(container) : undefined;
}

function keyCompletions(doc: SourceDocument, context: CursorContext, kind: Swagger2Kind): Draft[] {
  const present = presentKeys(context);
  const key = (label: string, detail: string | undefined, itemKind: CompletionItem['kind'], i: number): Draft => ({
    label, kind: itemKind, detail, insertText: keyText(doc, label), replace: context.replace, sortText: String(i).padStart(2, '0'),
  });
  if (kind === 'Responses') return STATUS_CODES.filter((c) => !present.has(c)).map((c, i) => key(c, REASON_PHRASES[c], 'value', i));
  if (kind === 'SecurityRequirement') return names(doc, 'securityDefinitions').filter((n) => !present.has(n)).map((n, i) => key(n, 'security scheme', 'reference', i));
  const spec = swagger2SpecOf(kind);
  const location = kind === 'Parameter' ? context.object?.get('in')?.stringValue : undefined;
  const items: Draft[] = [];
  for (const [name, field] of spec.fields) {
    if (present.has(name) || (name === '$ref' && kind !== 'PathItem') || !fitsParameter(kind, location, name)) continue;
    const required = spec.required.includes(name) || (kind === 'Parameter' && location === 'body' && name === 'schema');
    const method = kind === 'PathItem' && SWAGGER2_METHODS.has(name);
    items.push({
      label: name,
      kind: 'property',
      detail: `${method ? 'operation' : field.notation}${required ? ' (required)' : ''} — Swagger 2.0 ${kind}`,
      documentation: `[${kind} Object](${swagger2SpecLink(kind)}) in the Swagger 2.0 specification`,
      insertText: fieldSnippet(doc, name, field, context.flow),
      snippet: true,
      replace: context.replace,
      sortText: `${required ? 0 : method ? 1 : 2}${name}`,
    });
  }
  return items;
}

/** A body parameter has a `schema` and none of the value fields; the others the other way round. */
function fitsParameter(kind: Swagger2Kind, location: string | undefined, name: string): boolean {
  if (kind !== 'Parameter' || location === undefined) return true;
  if (location === 'body') return ['name', 'in', 'description', 'required', 'schema'].includes(name);
  return name !== 'schema' && (name !== 'allowEmptyValue' || location === 'query' || location === 'formData');
}

function names(doc: SourceDocument, map: string): string[] {
  const node = doc.root?.get(map);
  return node?.kind === 'object' ? node.children!.map((c) => String(c.key)) : [];
}

/** `$ref`s to the root's entries of the kind the place calls for (`#/definitions/Pet` for a Schema). */
function refCompletions(doc: SourceDocument, context: CursorContext, kind: Swagger2Kind | undefined): Draft[] {
  const map = kind ? REF_MAPS[kind] : undefined;
  if (!map) return [];
  const typed = doc.source.slice(context.replace.offset, context.replace.offset + 1);
  const quote = typed === "'" || typed === '"' ? typed : doc.format === 'json' ? '"' : "'";
  return names(doc, map).map((name, i) => {
    const ref = `#/${map}/${escapePointerSegment(name)}`;
    const insertText = quote === '"' ? JSON.stringify(ref) : `'${ref.replace(/'/g, "''")}'`;
    return { label: ref, kind: 'reference', detail: `${kind} (Swagger 2.0)`, insertText, replace: context.replace, sortText: String(i).padStart(4, '0') };
  });
}
