// Merging two Path Items that sit side by side under `paths` into one: the fix for two paths that
// one request matches (equivalent-paths, path-trailing-slash). The edits only delete the second key
// (and members of the Path Item that goes that the other already has) and rename parameters, so
// they copy no text of the document: a fix kept across an edit of a description stays right.
// Offered only when the merge keeps what every operation means: no method on both, the same
// path-level parameters up to the renamed names, nothing else that differs, and nothing that refers
// to the Path Item that goes.
import { Analysis } from '../model/analysis';
import { SourceDocument } from '../model/documents';
import { canonicalText } from '../model/validate';
import { parameterKey, parameterUses, ParameterUse } from '../model/operations';
import { HTTP_METHODS } from '../model/spec';
import { removeNode, renameKey, replaceScalar, TextEdit } from '../syntax/edit';
import { fromChildren, indexInParent, SyntaxNode } from '../syntax/tree';
import { Fix } from './types';

/** Fields of a Parameter that only document it: two parameters that differ only there are one. */
const DOCUMENTATION = new Set(['description', 'example', 'examples']);

// Per node, once: many paths may merge into one, and each finding compares with its parameters.
// Kept with the tree, which forgets it when a value in the node is edited in place.
const CANONICAL_TEXT = {};

function canonical(node: SyntaxNode): string | undefined {
  return fromChildren(node, CANONICAL_TEXT, (n) => canonicalText(n.toValue()));
}

/** A Parameter without its name and its documentation, to compare two of them. */
function meaningOf(use: ParameterUse): string | undefined {
  const parameter = use.parameter;
  if (!parameter) return undefined;
  const parts: string[] = [];
  for (const child of parameter.children!) {
    const key = String(child.key);
    if (key === 'name' || DOCUMENTATION.has(key) || key.startsWith('x-')) continue;
    const text = canonical(child);
    if (text === undefined) return undefined;
    parts.push(JSON.stringify(key) + ':' + text);
  }
  return parts.sort().join(',');
}

interface KeptParameters {
  byKey: Map<string, ParameterUse>;
  /** Keys of those not in the path, which every operation moved in would inherit. */
  others: string[];
}

// Per kept Path Item and analysis, once: many paths may merge into one.
const keptCache = new WeakMap<Analysis, Map<SyntaxNode, KeptParameters | undefined>>();

/** The path-level parameters of the kept Path Item; undefined while one is still being typed. */
function keptParameters(analysis: Analysis, doc: SourceDocument, keep: SyntaxNode): KeptParameters | undefined {
  let cache = keptCache.get(analysis);
  if (!cache) keptCache.set(analysis, (cache = new Map()));
  if (cache.has(keep)) return cache.get(keep);
  const uses = parameterUses(keep.get('parameters'), doc, analysis, 'path');
  let kept: KeptParameters | undefined;
  if (isComplete(uses)) {
    const byKey = new Map(uses.map((use) => [parameterKey(use.name!, use.in!), use]));
    kept = { byKey, others: [...byKey].filter(([, use]) => use.in !== 'path').map(([key]) => key) };
  }
  cache.set(keep, kept);
  return kept;
}

// Per analysis, once: the members of the Paths object that Links' local operationRefs point into.
const linkedPathsCache = new WeakMap<Analysis, Set<string>>();

/** Whether a Link's operationRef points into this member of the Paths object. */
function linkedByOperationRef(analysis: Analysis, member: SyntaxNode): boolean {
  let linked = linkedPathsCache.get(analysis);
  if (!linked) {
    linked = new Set();
    for (const link of analysis.byKind.get('Link') ?? []) {
      const ref = link.node.get('operationRef')?.stringValue;
      const pathMember = ref?.startsWith('#/paths/') ? /^#(\/paths\/[^/]*)/.exec(ref)![1] : undefined;
      if (pathMember === undefined) continue;
      linked.add(pathMember);
      try {
        linked.add(decodeURIComponent(pathMember));
      } catch {
        // Not percent-encoded text: the pointer as written is enough.
      }
    }
    linkedPathsCache.set(analysis, linked);
  }
  return linked.has(member.pointer);
}

const isMethod = (key: string) => (HTTP_METHODS as readonly string[]).includes(key);
const isComplete = (uses: ParameterUse[]) => uses.every((u) => u.name !== undefined && u.in !== undefined);

/**
 * The edit that joins the members of `second` to those of `first`, its neighbour before it under
 * `paths`, by deleting what lies between them: in YAML the key line of `second`, in JSON the
 * `}, "key": {` between the two. Undefined when their members are not written alike.
 */
function joinEdit(doc: SourceDocument, first: SyntaxNode, second: SyntaxNode): TextEdit | undefined {
  const last = first.children!.at(-1);
  const next = second.children![0];
  if (!last || !next) return undefined;
  const text = doc.source;
  if (doc.format === 'json') {
    // The space before the second's first member becomes the space after the comma.
    const space = text.slice(second.offset + 1, next.memberStart);
    return { offset: last.end, length: next.memberStart - last.end, newText: ',' + space };
  }
  if (first.flow || second.flow) return undefined;
  const column = (offset: number) => doc.lineIndex.positionAt(offset).character;
  const lineStart = (offset: number) => offset - column(offset);
  // Block members at one column, below the key (not `key: {...}` nor after it on its line).
  if (column(first.children![0].memberStart) !== column(next.memberStart)) return undefined;
  if (lineStart(next.memberStart) <= second.keyOffset) return undefined;
  const from = lineStart(second.keyOffset);
  return { offset: from, length: lineStart(next.memberStart) - from, newText: '' };
}

/**
 * A fix that moves the operations of the Path Item `moved` to `keep`, its neighbour under `paths`,
 * so that they are one Path Item under `keep`'s key; `renames` maps `moved`'s path parameter names
 * to those of `keep`'s path. Undefined when the merge could change what an operation means.
 */
export function mergePathItemsFix(
  analysis: Analysis,
  doc: SourceDocument,
  keep: SyntaxNode,
  moved: SyntaxNode,
  renames: ReadonlyMap<string, string>,
  title: string,
): Fix | undefined {
  if (keep.kind !== 'object' || moved.kind !== 'object' || keep.get('$ref') || moved.get('$ref')) return undefined;
  if (keep.parent !== moved.parent || Math.abs(indexInParent(keep) - indexInParent(moved)) !== 1) return undefined;
  if (analysis.isReferenced(keep) || analysis.isReferenced(moved) || linkedByOperationRef(analysis, moved)) return undefined;
  const operations: SyntaxNode[] = [];
  const dropped: SyntaxNode[] = [];
  for (const member of moved.children!) {
    const key = String(member.key);
    if (isMethod(key)) {
      if (keep.get(key) || member.kind !== 'object' || analysis.isReferenced(member)) return undefined;
      operations.push(member);
      continue;
    }
    dropped.push(member);
    // A summary, servers, an extension...: dropped only when the kept Path Item says the same.
    const same = keep.get(key);
    if (key !== 'parameters' && (!same || canonical(member) === undefined || canonical(member) !== canonical(same))) return undefined;
  }
  if (operations.length === 0) return undefined;

  const renamed = (use: ParameterUse) => (use.in === 'path' ? renames.get(use.name!) ?? use.name! : use.name!);
  const movedKey = (use: ParameterUse) => parameterKey(renamed(use), use.in!);
  const kept = keptParameters(analysis, doc, keep);
  const carried = parameterUses(moved.get('parameters'), doc, analysis, 'path');
  if (!kept || !isComplete(carried)) return undefined;
  const carriedKeys = new Set(carried.map(movedKey));
  const edits: TextEdit[] = [];
  for (const operation of operations) {
    const own = parameterUses(operation.get('parameters'), doc, analysis, 'operation');
    if (!isComplete(own)) return undefined;
    const ownKeys = new Set<string>();
    for (const use of own) {
      const key = movedKey(use);
      if (ownKeys.has(key)) return undefined;
      ownKeys.add(key);
      if (renamed(use) === use.name) continue;
      // A shared component keeps its name: renaming it would change its other uses.
      if (use.parameter !== use.item) return undefined;
      edits.push(replaceScalar(doc.parsed, use.parameter.get('name')!, renamed(use)));
    }
    // What the operation inherited from the moved Path Item, the kept one must give it alike...
    for (const use of carried) {
      if (ownKeys.has(movedKey(use))) continue;
      const same = kept.byKey.get(movedKey(use));
      if (!same || meaningOf(use) === undefined || meaningOf(use) !== meaningOf(same)) return undefined;
    }
    // ...and nothing more than the kept path's own path parameters (more than the operation has
    // cannot all be among them: said before looking, so a huge list is not read per finding).
    if (kept.others.length > ownKeys.size + carriedKeys.size) return undefined;
    for (const key of kept.others) if (!ownKeys.has(key) && !carriedKeys.has(key)) return undefined;
  }
  const [first, second] = indexInParent(keep) < indexInParent(moved) ? [keep, moved] : [moved, keep];
  const join = joinEdit(doc, first, second);
  if (!join) return undefined;
  edits.push(join, ...dropped.map((member) => removeNode(doc.parsed, member)));
  // The first key stays: when it is the moved one, it takes the kept one's name.
  if (first === moved) edits.push(renameKey(doc.parsed, moved, String(keep.key)));
  return {
    title,
    edits,
    removes: dropped,
    // Two merges into one Path Item must not both add a method.
    claims: operations.map((operation) => `key:${keep.pointer}/${String(operation.key)}`),
  };
}
