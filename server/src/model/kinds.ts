// The kind of object a location in an OpenAPI document is by the format's own layout
// (`/components/parameters/limit` is a Parameter), found by walking the spec table.
import { SyntaxNode } from '../syntax/tree';
import { FieldSpec, ObjectKind, OpenApiVersion, specOf } from './spec';

/** Kind of the node at these pointer segments of an OpenAPI root; undefined for free values. */
export function kindAt(root: SyntaxNode, segments: readonly string[], version: OpenApiVersion = '3.0'): ObjectKind | undefined {
  let kind: ObjectKind = 'Root';
  let pendingContainer: FieldSpec | undefined;
  let node: SyntaxNode | undefined = root;
  for (const segment of segments) {
    node = node?.kind === 'object' ? node.get(segment) : node?.kind === 'array' ? node.at(Number(segment)) : undefined;
    if (pendingContainer) {
      // Inside an array or a map of objects: this segment picks one entry.
      kind = pendingContainer.kind!;
      pendingContainer = undefined;
      continue;
    }
    const spec = specOf(kind, version);
    const field = spec.fields.get(segment) ?? (spec.patterned && !(spec.extensions && segment.startsWith('x-')) ? spec.patterned : undefined);
    if (!field?.kind) return undefined;
    if (field.shape === 'object') kind = field.kind;
    else pendingContainer = field;
  }
  return pendingContainer ? undefined : kind;
}

/**
 * The kind a reference's target is by the format's layout: in an OpenAPI document, or under
 * `components` in any file (`#/components/parameters/limit`); undefined where the layout gives it
 * none (`schemas.yaml#/Pet`: a file of schemas that names one `info` holds no Info Object).
 */
export function layoutKindAt(root: SyntaxNode | undefined, segments: readonly string[]): ObjectKind | undefined {
  if (root?.kind !== 'object') return undefined;
  if (!root.get('openapi') && segments[0] !== 'components') return undefined;
  return kindAt(root, segments);
}

/** The components map that holds objects of a kind. */
export const COMPONENT_MAPS: Partial<Record<ObjectKind, string>> = {
  Schema: 'schemas', Response: 'responses', Parameter: 'parameters', Example: 'examples', RequestBody: 'requestBodies',
  Header: 'headers', SecurityScheme: 'securitySchemes', Link: 'links', Callback: 'callbacks',
};

export interface Place {
  /** The object kind at the path. */
  kind?: ObjectKind;
  /** Or: the path is a map or list of objects (or scalars), described by this field. */
  container?: FieldSpec;
}

/** What the location at these segments is: an object of some kind, or a container of them. */
export function placeAt(segments: readonly string[], version: OpenApiVersion = '3.0'): Place | undefined {
  return placeFrom('Root', segments, version);
}

/** The same, below an object of a known kind (a file referenced as a Schema, say). */
export function placeFrom(start: ObjectKind, segments: readonly string[], version: OpenApiVersion = '3.0'): Place | undefined {
  let kind: ObjectKind = start;
  let pending: FieldSpec | undefined;
  for (const segment of segments) {
    if (pending) {
      if (!pending.kind) return undefined;
      kind = pending.kind;
      pending = undefined;
      continue;
    }
    const spec = specOf(kind, version);
    const field = spec.fields.get(segment) ?? (spec.patterned && !(spec.extensions && segment.startsWith('x-')) ? spec.patterned : undefined);
    if (!field) return undefined;
    if (field.shape === 'object' && field.kind) kind = field.kind;
    else if (field.shape === 'array' || field.shape === 'map') pending = field;
    else return undefined;
  }
  return pending ? { container: pending } : { kind };
}
