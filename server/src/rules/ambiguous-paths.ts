import { defineRule } from '../check/types';
import { HTTP_METHODS, OPENAPI_VERSIONS } from '../model/spec';
import { SyntaxNode } from '../syntax/tree';

/** Comparisons per Paths object at most: a document with thousands of paths stays linear in practice. */
const MAX_COMPARISONS = 200_000;
/** Paths read or pairs compared between two pauses. */
const WORK_PER_PAUSE = 256;

interface PathShape {
  member: SyntaxNode;
  segments: string[];
  /** Per segment: a whole-segment template (`{id}`), which any value fills. */
  templated: boolean[];
  /** Bit i: HTTP_METHODS[i] has an operation. */
  methods: number;
}

/** The first method of HTTP_METHODS both paths have, if any. */
function commonMethod(a: PathShape, b: PathShape): string | undefined {
  const both = a.methods & b.methods;
  if (both === 0) return undefined;
  let i = 0;
  while (!(both & (1 << i))) i++;
  return HTTP_METHODS[i];
}

/**
 * Whether `overlap` finds a request path: no two literal segments differ, and each path has a
 * literal where the other has a template (`/{entity}/me` and `/books/{id}`). A path with literals
 * only where the other has templates (`/orgs/{org}/pending` and `/orgs/{org}/{id}`) is the more
 * concrete of the two, matched first as a concrete path is. Allocates nothing: most pairs differ.
 */
function overlaps(a: PathShape, b: PathShape): boolean {
  let aMoreConcrete = false;
  let bMoreConcrete = false;
  for (let i = 0; i < a.segments.length; i++) {
    const ta = a.templated[i];
    const tb = b.templated[i];
    if (ta && !tb) bMoreConcrete = true;
    else if (tb && !ta) aMoreConcrete = true;
    else if (!ta && a.segments[i] !== b.segments[i]) return false;
  }
  return aMoreConcrete && bMoreConcrete;
}

/** A request path both match (call when `overlaps` says there is one). */
function overlap(a: PathShape, b: PathShape): string {
  return '/' + a.segments.map((segment, i) => (a.templated[i] ? b.segments[i] : segment)).join('/');
}

export default defineRule({
  id: 'ambiguous-paths',
  severity: 'information',
  versions: OPENAPI_VERSIONS,
  description: 'Two templated paths that one request matches, under the same method, each with a literal where the other has a template (`/{entity}/me` and `/books/{id}`): the specification leaves it to each tool which one it picks.',
  spec: ['Path Templating Matching', 'Paths Object'],
  rationale:
    'The specification matches a concrete path (`/pets/mine`) before a templated one (`/pets/{id}`), so those pairs are fine; this rule takes a path that is the more concrete of two everywhere they differ (`/orgs/{org}/pending` and `/orgs/{org}/{id}`) the same way, as routers match it first. Between two templated paths each more concrete than the other somewhere it decides nothing: tools pick either, and a request meant for one operation may reach the other.',
  severityNote:
    'Information: the text calls such matching ambiguous but forbids it only for templates that are identical (equivalent-paths), and real APIs have such pairs on purpose.',
  messages: { ambiguous: 'A {method} request to "{example}" matches both "{path}" and "{other}".' },
  kinds: ['Paths'],
  // Path templates and methods are keys.
  readsValue: () => false,
  // A generator: a Paths object can have 200,000 paths and 200,000 comparisons to make.
  *checkObject(object, context) {
    const { node, doc } = object;
    const byLength = new Map<number, PathShape[]>();
    let work = 0;
    for (const member of node.children!) {
      if (++work % WORK_PER_PAUSE === 0) yield;
      const key = String(member.key);
      // A concrete path (no template) is matched before every templated one: it is never ambiguous.
      if (!key.startsWith('/') || key.includes('?') || !key.includes('{')) continue;
      const item = context.analysis.resolve(member, doc).target?.node ?? member;
      let methods = 0;
      if (item.kind === 'object') HTTP_METHODS.forEach((m, i) => (methods |= item.get(m) ? 1 << i : 0));
      if (methods === 0) continue;
      const segments = key.slice(1).split('/');
      const shape = { member, segments, templated: segments.map((s) => /^\{[^{}]+\}$/.test(s)), methods };
      let list = byLength.get(segments.length);
      if (!list) byLength.set(segments.length, (list = []));
      list.push(shape);
    }
    let comparisons = 0;
    for (const list of byLength.values()) {
      for (let j = 1; j < list.length; j++) {
        for (let i = 0; i < j && comparisons++ < MAX_COMPARISONS; i++) {
          if (++work % WORK_PER_PAUSE === 0) yield;
          const earlier = list[i];
          const later = list[j];
          const method = commonMethod(later, earlier);
          const example = method && overlaps(earlier, later) ? overlap(earlier, later) : undefined;
          if (!example) continue;
          context.report({
            at: { node: later.member, part: 'key' },
            messageId: 'ambiguous',
            data: { method: method!.toUpperCase(), example, path: String(later.member.key), other: String(earlier.member.key) },
            related: [{ doc, offset: earlier.member.keyOffset, length: earlier.member.keyLength, message: `The path "${String(earlier.member.key)}".` }],
          });
          break;
        }
      }
    }
  },
});
