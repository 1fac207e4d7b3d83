// The role a fragment file (a file that names no version: `schemas/Pet.yaml`) has in the descriptions
// that reference it: which version's fields apply there, and what kind of object each referenced
// place is. Completion and hover read it, so a file referenced from a 3.1 root gets 3.1's fields and
// one referenced from a Swagger 2.0 root gets 2.0's. Plain data, no LSP types.
import { SourceDocument } from '../model/documents';
import { DescriptionVersion, ObjectKind } from '../model/spec';
import { Swagger2Kind, swagger2PlaceAt } from '../model/swagger2-spec';
import { nodeAt } from './node-at';

/** A place in another file that references this one, and the kind of object it calls for there. */
export interface ReferencedAs {
  pointer: readonly string[];
  kind: ObjectKind;
}

/** The same, in a Swagger 2.0 root: its kinds are 2.0's (a body parameter's `schema`...). */
export interface Swagger2ReferencedAs {
  pointer: readonly string[];
  kind: Swagger2Kind;
}

export interface FragmentRole {
  /** The version whose fields apply (see fragmentVersion); undefined when no root references the file. */
  version: DescriptionVersion | undefined;
  /** Places in 3.x files (roots or fragments) that reference the file. */
  referencedAs: readonly ReferencedAs[];
  /** Places in Swagger 2.0 roots that reference the file. */
  swagger2ReferencedAs: readonly Swagger2ReferencedAs[];
}

export const NO_ROLE: FragmentRole = { version: undefined, referencedAs: [], swagger2ReferencedAs: [] };

/**
 * The version whose fields a fragment gets from the roots that reach it: theirs when they all agree;
 * when they differ, 3.0's, whose fields the others share (3.1 and 3.2 add to them; a 2.0 Schema's
 * fields are a subset of them), so nothing offered is wrong for most of the readers. Undefined when
 * no root reaches it.
 */
export function fragmentVersion(rootVersions: Iterable<DescriptionVersion>): DescriptionVersion | undefined {
  let agreed: DescriptionVersion | undefined;
  for (const version of rootVersions) {
    if (agreed !== undefined && agreed !== version) return '3.0';
    agreed = version;
  }
  return agreed;
}

/** The path of the object holding the `$ref` whose value is at an offset; undefined when none is there. */
export function refHolderPath(doc: SourceDocument, refOffset: number): string[] | undefined {
  let node = nodeAt(doc.root, refOffset)?.node;
  while (node && node.key !== '$ref') node = node.parent;
  return node?.parent ? node.parent.path.map(String) : undefined;
}

/**
 * The 2.0 kind a `$ref` in a Swagger 2.0 root calls for, from where it stands (`definitions/Pet`: a
 * Schema; `paths//pets`: a Path Item); undefined off the format's places.
 */
export function swagger2KindCalledFor(root: SourceDocument, refOffset: number): Swagger2Kind | undefined {
  const holder = refHolderPath(root, refOffset);
  return holder ? swagger2PlaceAt(holder)?.kind : undefined;
}

/**
 * The 2.0 kind a `$ref` in a fragment calls for: where its holder stands below the places that
 * reference the fragment (a Schema's `properties/owner`: a Schema).
 */
export function swagger2KindInFragment(fragment: SourceDocument, refOffset: number, referencedAs: readonly Swagger2ReferencedAs[]): Swagger2Kind | undefined {
  const holder = refHolderPath(fragment, refOffset);
  const held = holder ? deepestHolding(holder, referencedAs) : undefined;
  return held ? swagger2PlaceAt(held.below, held.ref.kind)?.kind : undefined;
}

/** The deepest reference whose pointer holds `path`, and the rest of the path below it. */
export function deepestHolding<T extends { pointer: readonly string[] }>(path: readonly string[], refs: readonly T[]): { ref: T; below: string[] } | undefined {
  let best: T | undefined;
  for (const ref of refs) {
    if (ref.pointer.length > path.length || !ref.pointer.every((s, i) => s === path[i])) continue;
    if (!best || ref.pointer.length > best.pointer.length) best = ref;
  }
  return best ? { ref: best, below: path.slice(best.pointer.length) } : undefined;
}
