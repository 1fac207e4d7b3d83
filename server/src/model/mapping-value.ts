// A discriminator's mapping value is a schema name or a reference (3.0.3, Discriminator Object):
// which one a value is, and the file a reference names, for the walk to read and the discriminator
// rule to judge.
import { SourceDocument } from './documents';
import { isRemoteLocation, refLocation } from './location';
import { parseRef } from './ref';
import { SyntaxNode } from '../syntax/tree';

/** A value that reads as a file's name (a relative reference without `./`). */
const FILE_NAME = /\.(json|ya?ml)$/i;

/** Whether a value reads as a file's name: `dog.yaml` is a relative reference, as `./dog.yaml` is. */
export function namesFileByName(value: string): boolean {
  return FILE_NAME.test(value);
}

/** Whether a value is a bare schema name by its text alone (`Dog`): no path, no pointer, no file's name. */
export function isBareSchemaName(value: string): boolean {
  return !value.includes('/') && !value.includes('#') && !namesFileByName(value);
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

/** Whether a value is no reference: a plain name, of a schema or of nothing (`dog.yaml` is a file's). */
export function isPlainName(value: string, doc: SourceDocument, root: SourceDocument): boolean {
  if (value.includes('/') || value.includes('#')) return false;
  return namedSchema(value, doc, root) !== undefined || !namesFileByName(value);
}

/**
 * The local file a mapping value names, resolved against the discriminator's file; undefined for a
 * schema name, a pointer into this file, a URL (fetched only as `$ref` targets), or a value that
 * does not parse as a reference.
 */
export function mappedFile(value: string, doc: SourceDocument, root: SourceDocument): string | undefined {
  if (isPlainName(value, doc, root)) return undefined;
  const parsed = parseRef(value);
  if (parsed.syntaxProblems.length) return undefined;
  const target = refLocation(doc.path, parsed);
  return target && 'location' in target && !isRemoteLocation(target.location) ? target.location : undefined;
}

/** Whether a value may name a file, by its text alone: what an edit of a mapping value must be re-read for. */
export function mayNameFile(value: string): boolean {
  return !value.startsWith('#') && (value.includes('/') || value.includes('#') || namesFileByName(value));
}
