import { defineRule, Fix } from '../check/types';
import { OPENAPI_VERSIONS } from '../model/spec';
import { NameIndex } from '../check/suggest';
import { removalFix } from '../check/report';
import { insertMember, replaceScalar } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { extendedSchemas } from '../model/extended-schemas';
import { declaredProperties } from '../model/validate';

/** 2020-12 keywords beside `properties` that can define a required name, or apply the schema with others. */
const DEFINING = ['$ref', '$dynamicRef', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'dependentSchemas', 'if', 'then', 'else'];
/** Keys under which a schema is applied together with a parent schema's own properties. */
const APPLIED_WITH_PARENT = new Set(['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not']);

/**
 * Whether a schema applies to the same value as the schema around it (an allOf, anyOf or oneOf
 * member, its `not`, 2020-12's `if`/`then`/`else`): that schema's properties count for its
 * required names (`oneOf: [{required: [conclusion]}]` beside `properties: {conclusion: ...}`).
 */
function appliedWithParent(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.kind === 'array') return APPLIED_WITH_PARENT.has(String(parent.key));
  return APPLIED_WITH_PARENT.has(String(node.key));
}

/**
 * OpenAPI 3.0: the schemas a schema is applied with as an `anyOf`/`oneOf` member or a `not`, from
 * the nearest out (their properties count for its required names); undefined when one of them
 * takes properties from elsewhere (an `allOf` member, or one with `allOf` or `$ref`), where no
 * name can be judged.
 */
function schemasAround(node: SyntaxNode): SyntaxNode[] | undefined {
  const around: SyntaxNode[] = [];
  for (let n = node; ; ) {
    const parent = n.parent;
    const outer = parent?.kind === 'array' && (parent.key === 'anyOf' || parent.key === 'oneOf') ? parent.parent
      : parent?.kind === 'object' && n.key === 'not' ? parent : undefined;
    if (parent?.kind === 'array' && parent.key === 'allOf') return undefined;
    if (!outer) return around;
    if (outer.get('allOf') || outer.get('$ref')) return undefined;
    around.push(outer);
    n = outer;
  }
}

/** Whether the properties a required name needs may come from elsewhere (JSON Schema 2020-12). */
function definedElsewhere(node: SyntaxNode): boolean {
  return DEFINING.some((k) => node.get(k)) || node.parent?.key === 'dependentSchemas';
}

export default defineRule({
  id: 'required-property-undefined',
  severity: 'warning',
  pickedFixes: 'Each fix changes what payloads must hold (a name changed to the nearest property, a property defined with no schema, a name no longer required): which one the author meant is theirs to say.',
  description: 'A name in `required` that is not in `properties` (when `properties` is present), in a schema that is not composed (`allOf`, `anyOf`, `oneOf`) nor an `allOf` member (a base schema others extend through a `$ref` is spared the names they define); for an `anyOf`/`oneOf` member or a `not`, the properties of the schemas it is applied with count too.',
  spec: ['Schema Object'],
  rationale:
    'A required property that is not defined has no type or description: clients must send it without knowing what it is, usually because of a typo.',
  messages: { undefined: '"{name}" is required but not defined in "properties".' },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 (JSON Schema 2020-12): a required name can be defined in more places than `properties`, so the rule stays silent on a schema that also has `$ref` or `$dynamicRef` (allowed beside other keywords there), `patternProperties`, `additionalProperties`, `unevaluatedProperties`, `dependentSchemas`, `if`/`then`/`else` or a composition, and on a schema that is the `if`, `then` or `else` or a `dependentSchemas` entry of another one, whose properties count.',
  kinds: ['Schema'],
  members: ['required'],
  // Reads the schema and the schemas it is applied with around it: an edit in one of them keeps
  // no finding (EarlierFindings.referencedUnchanged).
  localThroughRefs: true,
  checkObject(object, context) {
    const { node } = object;
    const required = node.get('required');
    const properties = node.get('properties');
    if (required?.kind !== 'array' || properties?.kind !== 'object') return;
    // Properties can come from elsewhere: a composed schema, or the schemas a member is applied with.
    if (node.get('allOf') || node.get('anyOf') || node.get('oneOf')) return;
    if ((context.version ?? '3.0') !== '3.0' && (appliedWithParent(node) || definedElsewhere(node))) return;
    // A base schema others extend (`allOf: [{$ref: Paging}, {properties: {items: ...}}]`): a name
    // one of them defines is defined where the base is used (an allOf that only wraps the
    // reference, to annotate it, defines nothing).
    const extending = extendedSchemas(context.analysis).get(node)?.extending;
    const definedByExtending = extending ? new Set(extending.flatMap((e) => [...declaredProperties(context.analysis, e.node, e.doc).properties])) : undefined;
    const around = schemasAround(node);
    if (!around) return;
    const definedAround = (name: string) => around.some((schema) => schema.get('properties')?.get(name));
    // Built once per schema, not per name (10,000 required names against 10,000 properties).
    let unrequired: NameIndex | undefined;
    let claimPrefix: string | undefined;
    for (const name of required.children!) {
      if (typeof name.value !== 'string' || properties.get(name.value) || definedAround(name.value) || definedByExtending?.has(name.value)) continue;
      const fixes: Fix[] = [];
      // A spelled-alike property is most likely what the name means: correct the name first.
      if (!unrequired) {
        const names = new Set(required.children!.map((r) => r.value));
        unrequired = new NameIndex(properties.children!.map((p) => String(p.key)).filter((k) => !names.has(k)));
        claimPrefix = `key:${object.doc.path}#${properties.pointer}/`;
      }
      const meant = unrequired.nearest(name.value);
      if (meant) fixes.push({ title: `Change to "${meant}"`, edits: [replaceScalar(object.doc.parsed, name, meant)] });
      fixes.push({ title: `Define the property "${name.value}"`, edits: [insertMember(object.doc.parsed, properties, name.value, {})], claims: [`${claimPrefix}${name.value}`] });
      if (required.children!.length > 1) fixes.push(removalFix(`Remove "${name.value}" from "required"`, object.doc.parsed, name));
      context.report({ at: { node: name }, messageId: 'undefined', data: { name: name.value }, fixes });
    }
  },
});
