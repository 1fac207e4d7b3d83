// A discriminator's mapping value is a schema name or a reference (3.0.3, Discriminator Object):
// which one a value is, and the file a reference names, for the walk to read and the discriminator
// rule to judge.
import { SourceDocument } from './documents';
import { isRemoteLocation, refLocation } from './location';
import { parseRef } from './ref';
import { resolveInSchemaResources } from './resolve';
import { underSchemaId } from './schema-ids';
import { SyntaxNode } from '../syntax/tree';

/** A value that reads as a file's name (a relative reference without `./`). */
const FILE_NAME = /\.(json|ya?ml)$/i;

/** A URI's scheme (`urn:`, `tag:`, `https:`): a value with one is a reference, never a schema name. */
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Whether a value is written as a reference: a path, a pointer or a scheme, which no schema name holds. */
function writtenAsReference(value: string): boolean {
  return value.includes('/') || value.includes('#') || URI_SCHEME.test(value);
}

/** Whether a value is a bare schema name by its text alone (`Dog`): not a reference, not a file's name (`dog.yaml`). */
export function isBareSchemaName(value: string): boolean {
  return !writtenAsReference(value) && !FILE_NAME.test(value);
}

/**
 * The schema a plain value (no `/`, no `#`) names: one of the root's `components/schemas`, or of the
 * file the discriminator is in (a schemas file with a components layout names its own so).
 */
export function namedSchema(value: string, doc: SourceDocument, root: SourceDocument): { node: SyntaxNode; doc: SourceDocument } | undefined {
  for (const d of [root, doc]) {
    const node = d.root?.get('components')?.get('schemas')?.get(value);
    if (node) return { node, doc: d };
  }
  return undefined;
}

/** Whether a value is no reference: a plain name, of a schema or of nothing (`dog.yaml` is a file's, `urn:a:dog` a URI). */
export function isPlainName(value: string, doc: SourceDocument, root: SourceDocument): boolean {
  return isBareSchemaName(value) || (!writtenAsReference(value) && namedSchema(value, doc, root) !== undefined);
}

/**
 * The local file a mapping value names, resolved against the discriminator's file; undefined for a
 * schema name, a pointer into this file, a URL (fetched only as `$ref` targets), a value that does
 * not parse as a reference, and in 3.1 and 3.2 one that may resolve against a schema's `$id`.
 */
export function mappedFile(value: string, doc: SourceDocument, root: SourceDocument, schemaHolder?: SyntaxNode): string | undefined {
  if (isPlainName(value, doc, root)) return undefined;
  const parsed = parseRef(value);
  if (parsed.syntaxProblems.length) return undefined;
  // 3.1, 3.2 (`schemaHolder`: the discriminator's schema): a value resolves as a `$ref` there does,
  // against the `$id`s around it and the document's `$self`, and may name a schema of this document.
  if (schemaHolder && (underSchemaId(schemaHolder) || doc.root?.get('$self') !== undefined || resolveInSchemaResources(doc, parsed, schemaHolder))) return undefined;
  const target = refLocation(doc.path, parsed);
  return target && 'location' in target && !isRemoteLocation(target.location) ? target.location : undefined;
}

/** Whether a value may name a file, by its text alone: what an edit of a mapping value must be re-read for. */
export function mayNameFile(value: string): boolean {
  return !value.startsWith('#') && (value.includes('/') || value.includes('#') || FILE_NAME.test(value));
}
