// Which of two uses of one object is the mistaken one: a file that one `$ref` uses as a Response
// and another as a Schema is one or the other, and its fields tell which.
import { firstUsageNode, OpenApiObject } from './analysis';
import { ObjectKind, OpenApiVersion, specOf } from './spec';

/**
 * The kind an object is also used as (`uses`: the objects at its node) when its fields are all
 * fields of that kind and not all of its own (`description` and `content`: a Response that another
 * `$ref` uses as a Schema), else undefined. The mistake is then the reference that uses it as its
 * own kind (ref-target-kind reports it there), not each field of the object (unknown-field leaves
 * them). Kinds whose keys are names the author chooses (Paths, Responses, Callback) fit anything,
 * so they are never told apart.
 */
export function fitsOtherUse(object: OpenApiObject, uses: readonly OpenApiObject[], version: OpenApiVersion): ObjectKind | undefined {
  if (uses.length < 2 || !mayFitOtherUse(object, version)) return undefined;
  const own = specOf(object.kind, version);
  const keys = object.node.children!.map((member) => String(member.key)).filter((key) => !key.startsWith('x-'));
  if (keys.every((key) => own.fields.has(key))) return undefined;
  for (const other of uses) {
    if (other.kind === object.kind) continue;
    const spec = specOf(other.kind, version);
    if (!spec.patterned && keys.every((key) => spec.fields.has(key))) return other.kind;
  }
  return undefined;
}

/**
 * Whether fitsOtherUse may find another kind for the object, from the object alone: a rule that
 * asks for every object (unknown-field) looks up the objects at its node only then, as a lookup
 * by node is the costly part (about 1 µs in a large heap; 50,000 objects in GitHub's description).
 */
export function mayFitOtherUse(object: OpenApiObject, version: OpenApiVersion): boolean {
  if (object.node.kind !== 'object') return false;
  // Only a `$ref` can be the mistake, and ref-target-kind reports it: an object the walk reaches as
  // its kind where it is written (a Schema's property) is judged as that kind.
  if (firstUsageNode(object) === object.node) return false;
  // A 3.1 or 3.2 Schema takes any keyword (JSON Schema reads it as an annotation): it fits any fields.
  if (object.kind === 'Schema' && version !== '3.0') return false;
  return !specOf(object.kind, version).patterned;
}
