// A Schema as a diff compares it: `$ref`s followed, and `allOf` merged into one set of keywords,
// properties and required names, so moving properties into a shared base schema (or back) is no
// change. Each keyword is taken from the first schema that has it, the schema itself first.
import { SyntaxNode } from '../syntax/tree';
import { At, PropertyAt } from './types';

/** Follows a node's `$ref`s to the object it stands for (undefined when they do not resolve). */
export type Resolve = (at: At) => At | undefined;

export interface SchemaView {
  /** Where the schema is used: the `$ref` holder or the inline schema. */
  use: At;
  /** The schema object itself. */
  at: At;
  /** Members of the schema and of its `allOf` schemas, first one of each keyword. */
  keywords: Map<string, At>;
  properties: Map<string, PropertyAt>;
  /** `oneOf` (or else `anyOf`) alternatives, as used (holders or inline schemas). */
  alternatives: At[] | undefined;
}

/** Schemas merged through `allOf`, at most: a wider chain is compared on what was merged so far. */
const MAX_MERGED = 64;
const COMPOSITION = new Set(['allOf', 'properties', 'required']);

export function schemaView(use: At, resolve: Resolve): SchemaView | undefined {
  const at = resolve(use);
  if (!at || at.node.kind !== 'object') return undefined;
  const keywords = new Map<string, At>();
  const properties = new Map<string, PropertyAt>();
  const required = new Map<string, At>();
  const seen = new Set<SyntaxNode>([at.node]);
  const queue: At[] = [at];
  for (let i = 0; i < queue.length && i < MAX_MERGED; i++) {
    const { node, doc } = queue[i];
    for (const member of node.children!) {
      const key = member.key as string;
      if (!COMPOSITION.has(key)) {
        if (!keywords.has(key)) keywords.set(key, { node: member, doc });
        continue;
      }
      if (key === 'properties' && member.kind === 'object') {
        for (const property of member.children!) {
          const name = property.key as string;
          if (!properties.has(name)) properties.set(name, { member: { node: property, doc }, required: false, requiredEntry: undefined });
        }
      } else if (key === 'required' && member.kind === 'array') {
        for (const entry of member.children!) {
          if (entry.kind === 'string' && !required.has(entry.value as string)) required.set(entry.value as string, { node: entry, doc });
        }
      } else if (key === 'allOf' && member.kind === 'array') {
        for (const part of member.children!) {
          const target = resolve({ node: part, doc });
          if (target && target.node.kind === 'object' && !seen.has(target.node)) {
            seen.add(target.node);
            queue.push(target);
          }
        }
      }
    }
  }
  for (const [name, entry] of required) {
    const property = properties.get(name);
    if (property) {
      property.required = true;
      property.requiredEntry = entry;
    }
  }
  const composed = keywords.get('oneOf') ?? keywords.get('anyOf');
  const alternatives = composed?.node.kind === 'array' ? composed.node.children!.map((node) => ({ node, doc: composed.doc })) : undefined;
  return { use, at, keywords, properties, alternatives };
}

/** A keyword's value as plain data (scalars; undefined when absent). */
export function keywordValue(view: SchemaView, keyword: string): unknown {
  const member = view.keywords.get(keyword);
  if (!member) return undefined;
  return member.node.children ? undefined : member.node.value;
}

/** Whether a keyword is `true`. */
export function flag(view: SchemaView, keyword: string): boolean {
  return keywordValue(view, keyword) === true;
}
