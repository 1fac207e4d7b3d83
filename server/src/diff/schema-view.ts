// A Schema as a diff compares it: `$ref`s followed, and `allOf` merged into one set of keywords,
// properties and required names, so moving properties into a shared base schema (or back) is no
// change. Each keyword is taken from the first schema that has it, the schema itself first.
// Most schemas have no `allOf` and few keywords: their view reads the node itself, and builds a
// map of properties only when they have some (a large description has 100,000 schemas).
import { SyntaxNode } from '../syntax/tree';
import { At, PropertyAt } from './types';

/** Follows a node's `$ref`s to the object it stands for (undefined when they do not resolve). */
export type Resolve = (at: At) => At | undefined;

export interface SchemaView {
  /** Where the schema is used: the `$ref` holder or the inline schema. */
  use: At;
  /** The schema object itself. */
  at: At;
  /** The schema and the schemas its `allOf` merges, in order (the schema alone for most). */
  parts: readonly At[];
  properties: ReadonlyMap<string, PropertyAt>;
  /** `oneOf` (or else `anyOf`) alternatives, as used (holders or inline schemas). */
  alternatives: At[] | undefined;
}

/** Schemas merged through `allOf`, at most: a wider chain is compared on what was merged so far. */
const MAX_MERGED = 64;
const NO_PROPERTIES: ReadonlyMap<string, PropertyAt> = new Map();

export function schemaView(at: At, resolve: Resolve): SchemaView | undefined {
  if (at.node.kind !== 'object') return undefined;
  const parts = at.node.get('allOf') ? mergedParts(at, resolve) : [at];
  const view: SchemaView = { use: at, at, parts, properties: NO_PROPERTIES, alternatives: undefined };
  view.properties = propertiesOf(parts);
  const composed = keyword(view, 'oneOf') ?? keyword(view, 'anyOf');
  if (composed?.node.kind === 'array') {
    // `anyOf: [{required: [state]}]` constrains the schema; it offers no other shape of value.
    const shaped = composed.node.children!.filter(hasShape);
    if (shaped.length > 0) view.alternatives = shaped.map((node) => ({ node, doc: composed.doc }));
  }
  return view;
}

/** Keywords that give a schema a shape of its own, as opposed to constraints on the one around it. */
const SHAPE_KEYWORDS = ['$ref', 'type', 'properties', 'items', 'enum', 'allOf', 'oneOf', 'anyOf', 'additionalProperties'];

function hasShape(node: SyntaxNode): boolean {
  return node.kind === 'object' && SHAPE_KEYWORDS.some((name) => node.get(name) !== undefined);
}

/** The schema and the schemas it merges through `allOf`, depth first, each once. */
function mergedParts(at: At, resolve: Resolve): At[] {
  const seen = new Set<SyntaxNode>([at.node]);
  const parts: At[] = [at];
  for (let i = 0; i < parts.length && parts.length < MAX_MERGED; i++) {
    const allOf = parts[i].node.get('allOf');
    if (allOf?.kind !== 'array') continue;
    for (const part of allOf.children!) {
      const target = resolve({ node: part, doc: parts[i].doc });
      if (target && target.node.kind === 'object' && !seen.has(target.node)) {
        seen.add(target.node);
        parts.push(target);
      }
    }
  }
  return parts;
}

function propertiesOf(parts: readonly At[]): ReadonlyMap<string, PropertyAt> {
  let properties: Map<string, PropertyAt> | undefined;
  for (const { node, doc } of parts) {
    const members = node.get('properties');
    if (members?.kind !== 'object' || members.children!.length === 0) continue;
    properties ??= new Map();
    for (const property of members.children!) {
      const name = property.key as string;
      if (!properties.has(name))
        properties.set(name, { member: { node: property, doc }, required: false, requiredEntry: undefined });
    }
  }
  if (!properties) return NO_PROPERTIES;
  for (const { node, doc } of parts) {
    const required = node.get('required');
    if (required?.kind !== 'array') continue;
    for (const entry of required.children!) {
      const property = entry.kind === 'string' ? properties.get(entry.value as string) : undefined;
      if (property && !property.required) {
        property.required = true;
        property.requiredEntry = { node: entry, doc };
      }
    }
  }
  return properties;
}

/** A keyword's member: the schema's own, else the first merged schema's that has it. */
export function keyword(view: SchemaView, name: string): At | undefined {
  for (const part of view.parts) {
    const member = part.node.get(name);
    if (member) return { node: member, doc: part.doc };
  }
  return undefined;
}

/** A keyword's value as plain data (scalars; undefined when absent or not a scalar). */
export function keywordValue(view: SchemaView, name: string): unknown {
  for (const part of view.parts) {
    const member = part.node.get(name);
    if (member) return member.children ? undefined : member.value;
  }
  return undefined;
}

/** Whether a keyword is `true`. */
export function flag(view: SchemaView, name: string): boolean {
  return keywordValue(view, name) === true;
}
