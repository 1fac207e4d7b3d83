import { SyntaxNode } from '../syntax/tree';
import { eachMember } from '../check/member-steps';
import { defineRule, EditedValue } from '../check/types';
import { ObjectKind, OPENAPI_VERSIONS } from '../model/spec';
import { shortened } from '../check/report';
import { mergePathItemsFix } from '../check/path-merge';
import { templateParams } from '../model/operations';
import { HTTP_METHODS } from '../model/spec';
import { isFreeTextValue } from '../check/shift';

const isMethod = (key: string) => (HTTP_METHODS as readonly string[]).includes(key);

/**
 * The names of `moved`'s path template that become those of `keep`'s, position by position;
 * undefined when one name would take two (`/a/{x}/{x}` into `/a/{p}/{q}`) or two one.
 */
function renamesBetween(moved: string, keep: string): Map<string, string> | undefined {
  const from = templateParams(moved);
  const to = templateParams(keep);
  const renames = new Map<string, string>();
  const taken = new Map<string, string>();
  for (let i = 0; i < from.length; i++) {
    const [a, b] = [from[i].name, to[i]?.name];
    if (b === undefined || (renames.get(a) ?? b) !== b || (taken.get(b) ?? a) !== a) return undefined;
    renames.set(a, b);
    taken.set(b, a);
  }
  for (const [a, b] of renames) if (a === b) renames.delete(a);
  return renames;
}

function mergeTitle(keep: string, renames: Map<string, string>): string {
  const renaming = [...renames].map(([a, b]) => `"${shortened(a)}" to "${shortened(b)}"`).join(', ');
  return `Merge into "${shortened(keep)}"${renaming ? `, renaming ${renaming}` : ''}`;
}

/**
 * Objects whose values the merge fix may read in a file the root only references: parameters
 * (compared with everything in them but their own documentation) and what they hold.
 */
const MERGE_READS: ReadonlySet<ObjectKind> = new Set<ObjectKind>([
  'PathItem', 'Server', 'ServerVariable', 'Parameter', 'Schema', 'Discriminator', 'XML', 'ExternalDocs',
  'MediaType', 'Example', 'Encoding', 'Header', 'Link',
]);

/**
 * Whether an edited value can change a merge of two Path Items (path-trailing-slash's fix too):
 * what mergePathItemsFix compares or renames. In the root document that is a Path Item's members
 * besides its operations (summary, servers, parameters, extensions), the name and `in` of an
 * operation's parameters, the component parameters (path-level ones may be references to them)
 * and Links' operationRefs; no Parameter's own description. Operations move whole, unread.
 */
export function readByMerge(edited: EditedValue): boolean {
  const { kinds, field } = edited;
  if (kinds.includes('Link') && field === 'operationRef') return true;
  if (kinds.length > 0 && kinds.every((kind) => kind === 'Parameter') && isFreeTextValue(edited)) return false;
  // The keys from the document's top down to the value, four deep: one walk up the tree.
  const keys: (string | number | undefined)[] = [];
  let top = edited.node;
  for (; top.parent; top = top.parent) {
    keys.unshift(top.key);
    if (keys.length > 4) keys.pop();
  }
  if (top.kind !== 'object' || !top.get('openapi')) return kinds.some((kind) => MERGE_READS.has(kind));
  const [first, second, third, fourth] = keys;
  if (first === 'paths') {
    if (typeof third !== 'string' || !isMethod(third)) return true;
    // An operation's parameters, which the merge renames, whatever the analysis made of them (in
    // an operation with a `$ref` beside its fields, none is a Parameter).
    if (fourth === 'parameters') return true;
    return kinds.includes('Parameter') && (field === 'name' || field === 'in');
  }
  return (first === 'components' && second === 'parameters') || kinds.includes('Parameter');
}

export default defineRule({
  id: 'equivalent-paths',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'Two path keys that are the same template up to parameter names (`/pets/{id}` and `/pets/{petId}`).',
  spec: ['Paths Object', 'Path Templating'],
  rationale:
    'The specification says templated paths with the same hierarchy but different templated names MUST NOT exist: a server cannot tell which of them a request is for.',
  messages: { equivalent: 'Path "{path}" is the same as "{other}" up to parameter names: a request cannot tell them apart. Describe its operations under "{other}".' },
  kinds: ['Paths'],
  pickedFixes: 'The merge renames one path\'s parameters to the other\'s: which name stays is the author\'s choice (generated clients take it as an argument name, and its description may speak of the other).',
  readsValue: readByMerge,
  checkObject(object, context) {
    const first = new Map<string, SyntaxNode>();
    return eachMember(object, context, (child) => {
      const key = String(child.key);
      if (key.startsWith('x-')) return;
      const shape = key.replace(/\{[^{}]*\}/g, '{}');
      const earlier = first.get(shape);
      if (!earlier) {
        first.set(shape, child);
        return;
      }
      if (earlier.key === child.key) return; // a duplicate key: `syntax` reports it
      const other = String(earlier.key);
      // A query string is path-query-string's finding: its names are no path parameters.
      const renames = key.includes('?') ? undefined : renamesBetween(key, other);
      const merge = renames && mergePathItemsFix(context.analysis, object.doc, earlier, child, renames, mergeTitle(other, renames));
      context.report({
        at: { node: child, part: 'key' },
        messageId: 'equivalent',
        data: { path: key, other },
        related: [{ doc: object.doc, offset: earlier.keyOffset, length: earlier.keyLength, message: `The equivalent path "${other}".` }],
        fixes: merge ? [merge] : [],
      });
    });
  },
});
