import { FieldSpec, ObjectKind, OPENAPI_VERSIONS, specOf, specsFor } from '../model/spec';
import { SyntaxNode } from '../syntax/tree';
import { defineRule, Fix, RuleContext } from '../check/types';
import { eachMember } from '../check/member-steps';
import { OpenApiObject } from '../model/analysis';
import { replaceNode, scalarText } from '../syntax/edit';
import { SourceDocument } from '../model/documents';
import { firstLineSpan } from '../check/report';

function describe(node: SyntaxNode): string {
  if (node.kind === 'number') return 'a number';
  return { object: 'an object', array: 'an array', string: 'a string', boolean: 'a boolean', null: 'empty (null)' }[node.kind];
}

function scalarMatches(node: SyntaxNode, type: FieldSpec['scalar']): boolean {
  switch (type) {
    case 'any': return true;
    case 'string': return node.kind === 'string';
    case 'boolean': return node.kind === 'boolean';
    case 'number': return node.kind === 'number';
    case 'integer': return node.kind === 'number' && Number.isInteger(node.value);
    default: return true;
  }
}

const A: Record<string, string> = { string: 'a string', boolean: 'a boolean', number: 'a number', integer: 'an integer', any: 'a value' };

function expected(spec: FieldSpec): string {
  if (spec.shape === 'scalar') return A[spec.scalar!];
  if (spec.shape === 'object') return spec.orBoolean ? 'an object or a boolean' : 'an object';
  if (spec.shape === 'array') return spec.scalar && spec.scalar !== 'any' ? `an array of ${spec.scalar}s` : 'an array';
  return 'a map (an object)';
}

/** The value written the way the field wants it, when that is unambiguous: `"true"` -> `true`, `7` -> `"7"`. */
function converted(node: SyntaxNode, spec: FieldSpec, doc: SourceDocument): Fix | undefined {
  const parsed = doc.parsed;
  const source = doc.source.slice(node.offset, node.end).trimEnd();
  if (spec.shape === 'scalar' && spec.scalar === 'boolean' && node.kind === 'string' && /^(true|false)$/.test(node.value as string)) {
    return { title: `Change to ${node.value}`, edits: [replaceNode(node, node.value as string)] };
  }
  const yaml11 = yaml11Boolean(node, spec, doc);
  if (yaml11 !== undefined) return { title: `Change to ${yaml11}`, edits: [replaceNode(node, String(yaml11))] };
  if (spec.shape === 'scalar' && spec.scalar === 'string' && (node.kind === 'number' || node.kind === 'boolean')) {
    return { title: `Quote the value: "${source}"`, edits: [replaceNode(node, scalarText(parsed, source, 'single'))] };
  }
  if (spec.shape === 'array' && spec.scalar && node.kind !== 'object' && node.kind !== 'array' && node.kind !== 'null' && !source.includes('\n')) {
    return { title: 'Make it a list of one item', edits: [replaceNode(node, `[${source}]`)] };
  }
  if (spec.shape === 'object' && spec.kind === 'Schema' && node.kind === 'array' && node.children!.length === 1) {
    const only = node.children![0];
    const text = doc.source.slice(only.offset, only.end).trimEnd();
    if (only.kind === 'object' && (node.flow || doc.format === 'json') && !text.includes('\n')) return { title: 'Use the one schema of the list', edits: [replaceNode(node, text)] };
  }
  return undefined;
}

/** YAML 1.1's words for booleans (`yes`, `off`...), which YAML 1.2 reads as text: the boolean meant, unquoted in YAML only. */
function yaml11Boolean(node: SyntaxNode, spec: FieldSpec, doc: SourceDocument): boolean | undefined {
  if (doc.format !== 'yaml' || spec.shape !== 'scalar' || spec.scalar !== 'boolean' || node.kind !== 'string' || node.style !== 'plain') return undefined;
  const word = String(node.value).toLowerCase();
  return /^(y|yes|on)$/.test(word) ? true : /^(n|no|off)$/.test(word) ? false : undefined;
}

/** A field's value of the wrong type (a function, not a closure per call: it runs for every member of 250,000). */
function reportWrongType(
  context: RuleContext, doc: SourceDocument, spec: FieldSpec, field: string, at: SyntaxNode, what: string, messageId = 'wrongType', fix?: Fix,
): void {
  // YAML reads `version: 1.0` as a number; say how to write the string.
  const quoteIt = doc.format === 'yaml' && spec.scalar === 'string' && (at.kind === 'number' || at.kind === 'boolean') && at.style === 'plain';
  // YAML 1.2 reads `required: yes` as the text "yes"; say what it reads and what to write.
  const meant = yaml11Boolean(at, spec, doc);
  // `description: {$ref: ./intro.md}`, which some tools resolve anywhere: say why it is not read.
  const reference = at.kind === 'object' && at.children!.length === 1 && at.children![0].key === '$ref' && at.children![0].kind === 'string';
  const id = quoteIt ? 'quoteIt' : meant !== undefined ? 'yaml11' : reference && messageId === 'wrongType' ? 'reference' : messageId;
  context.report({ at: firstLineSpan(doc, at), messageId: id, data: { field, expected: what, actual: describe(at), word: String(at.value), meant: String(meant) }, fixes: fix ? [fix] : [] });
}

export function checkFieldValue(node: SyntaxNode, spec: FieldSpec, field: string, doc: SourceDocument, context: RuleContext): void {
  switch (spec.shape) {
    case 'scalar':
      if (!scalarMatches(node, spec.scalar)) reportWrongType(context, doc, spec, field, node, expected(spec), 'wrongType', converted(node, spec, doc));
      return;
    case 'object':
      if (node.kind === 'object' || (spec.orBoolean && node.kind === 'boolean')) return;
      // `items: [{...}, {...}]` is the tuple form of JSON Schema, which OpenAPI 3.0 does not have.
      if (field === 'items' && node.kind === 'array') {
        return reportWrongType(context, doc, spec, field, node, expected(spec), (context.version ?? '3.0') === '3.0' ? 'tuple' : 'tuple2020', converted(node, spec, doc));
      }
      reportWrongType(context, doc, spec, field, node, expected(spec));
      return;
    case 'array':
      // A Schema's `examples` (3.1, 3.2) written as the map of Example Objects other objects have.
      if (field === 'examples' && node.kind === 'object') return reportWrongType(context, doc, spec, field, node, expected(spec), 'examplesMap');
      if (node.kind !== 'array') return reportWrongType(context, doc, spec, field, node, expected(spec), 'wrongType', converted(node, spec, doc));
      if (spec.scalar && spec.scalar !== 'any') {
        for (const item of node.children!) if (!scalarMatches(item, spec.scalar)) context.report({ at: { node: item }, messageId: 'wrongItem', data: { field, expected: A[spec.scalar], actual: describe(item) } });
      }
      return;
    case 'map':
      if (node.kind !== 'object') return reportWrongType(context, doc, spec, field, node, expected(spec));
      if (spec.scalar && spec.scalar !== 'any') {
        for (const entry of node.children!) if (!scalarMatches(entry, spec.scalar)) context.report({ at: { node: entry }, messageId: 'wrongEntry', data: { field, key: String(entry.key), expected: A[spec.scalar], actual: describe(entry) } });
      }
      if (spec.kind) {
        // Each entry of a map of objects must itself be an object; a `$ref` in place of the whole
        // map is ref-not-allowed's.
        const mapRef = node.get('$ref')?.kind === 'string';
        for (const entry of node.children!) {
          // A JSON Schema 2020-12 subschema may be a boolean (`properties: {id: true}`).
          if (entry.kind === 'object' || (spec.orBoolean && entry.kind === 'boolean') || (mapRef && entry.key === '$ref')) continue;
          const expectedEntry = spec.orBoolean ? 'an object or a boolean' : 'an object';
          context.report({ at: { node: entry }, messageId: 'wrongEntry', data: { field, key: String(entry.key), expected: expectedEntry, actual: describe(entry) } });
        }
      }
  }
}

function checkMember(child: SyntaxNode, object: OpenApiObject, context: RuleContext): void {
  const spec = specOf(object.kind, context.version);
  const key = String(child.key);
  const field = spec.fields.get(key) ?? (spec.patterned && !(spec.extensions && key.startsWith('x-')) ? spec.patterned : undefined);
  if (!field) return;
  // `type: [string, 'null']` is `schema-type`'s to explain.
  if (object.kind === 'Schema' && key === 'type' && child.kind === 'array') return;
  checkFieldValue(child, field, key, object.doc, context);
}

export default defineRule({
  id: 'field-type',
  severity: 'error',
  description: 'A field of the wrong JSON type (`tags` not an array of strings, `deprecated` not a boolean, `servers` not an array...).',
  spec: ['Schema'],
  rationale:
    'A field of the wrong type is read as missing or misread by tools: the document says something other than what its author wrote.',
  messages: {
    wrongType: '"{field}" must be {expected}, not {actual}.',
    reference: '"{field}" must be {expected}, not a "$ref": a reference is followed only where a Reference Object is allowed, so write the value itself here.',
    quoteIt: '"{field}" must be {expected}, not {actual}: quote the value, as YAML reads it unquoted as {actual}.',
    yaml11: '"{field}" must be {expected}, not the text "{word}": YAML 1.2 reads {word} as text (only YAML 1.1 read it as a boolean). Write {meant}.',
    examplesMap: 'A Schema\'s "examples" is a list of example values, not a map: a map of Example Objects is the "examples" of a Media Type, Parameter or Header. Write the values as a list.',
    wrongItem: 'Each item of "{field}" must be {expected}, not {actual}.',
    wrongEntry: '"{field}.{key}" must be {expected}, not {actual}.',
    tuple2020: '"items" is one schema for every item, not a list: a list of item schemas (a tuple) is "prefixItems".',
    tuple: 'In OpenAPI 3.0 "items" is one schema for every item, not a list: a list of item schemas (a tuple) is "prefixItems" of OpenAPI 3.1.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 read the Schema Object as JSON Schema 2020-12: a subschema may be `true` or `false`, `type` may be a list (schema-type checks it), `exclusiveMinimum` and `exclusiveMaximum` are numbers, `examples` is a list, and `$defs`, `prefixItems`, `const`, `if`/`then`/`else`, `dependentRequired`... have their types. Each version\'s own fields are typed: `webhooks`, `jsonSchemaDialect`, `license.identifier` (3.1), `$self`, `additionalOperations`, tag `parent` (3.2).',
  kinds: [...specsFor().keys()] as ObjectKind[],
  local: true,
  checkObject(object, context) {
    // A Paths object can have 200,000 members.
    return eachMember(object, context, checkMember);
  },
});
