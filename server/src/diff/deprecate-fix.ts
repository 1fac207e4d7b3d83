// "Deprecate instead of removing": the edit that puts a removed operation or parameter back into
// the new version as the base had it, with `deprecated: true`. Clients are told before the removal,
// as the API's own rules ask. Written through syntax/edit.ts, so YAML and JSON get their own style.
import { SourceDocument } from '../model/documents';
import { appendItem, insertMember, TextEdit, WriteValue } from '../syntax/edit';
import { indexInParent, SyntaxNode } from '../syntax/tree';
import { DiffSide } from './side';
import { Change } from './types';

/** The kinds the fix is offered on. */
export const RESTORABLE_KINDS: ReadonlySet<string> = new Set(['operation-removed', 'parameter-removed']);

/** A node's value as plain data to write again; undefined past `budget` nodes (a bound on what one fix copies). */
function valueOf(node: SyntaxNode, budget: { nodes: number }): WriteValue | undefined {
  if (--budget.nodes < 0) return undefined;
  if (node.kind === 'array') {
    const items: WriteValue[] = [];
    for (const child of node.children ?? []) {
      const value = valueOf(child, budget);
      if (value === undefined) return undefined;
      items.push(value);
    }
    return items;
  }
  if (node.kind !== 'object') return node.value;
  const members: { [key: string]: WriteValue } = {};
  for (const child of node.children ?? []) {
    const value = valueOf(child, budget);
    if (value === undefined) return undefined;
    members[String(child.key)] = value;
  }
  return members;
}

/** Where `deprecated` goes: after the members that say what the object is, before the long ones. */
const LEADING_MEMBERS = ['name', 'in', 'tags', 'summary', 'description', 'operationId', 'required'];

function withDeprecated(value: { [key: string]: WriteValue }): { [key: string]: WriteValue } {
  const keys = Object.keys(value).filter((k) => k !== 'deprecated');
  let at = 0;
  keys.forEach((key, i) => {
    if (LEADING_MEMBERS.includes(key)) at = i + 1;
  });
  const ordered: { [key: string]: WriteValue } = {};
  keys.slice(0, at).forEach((k) => (ordered[k] = value[k]));
  ordered.deprecated = true;
  keys.slice(at).forEach((k) => (ordered[k] = value[k]));
  return ordered;
}

const MAX_RESTORED_NODES = 20_000;

/** Whether a node is still in a tree (each parent still holds it). */
function isIn(node: SyntaxNode, root: SyntaxNode | undefined): boolean {
  let at = node;
  while (at.parent) {
    if (indexInParent(at) < 0) return false;
    at = at.parent;
  }
  return at === root;
}

/** The base object behind a spot (a `$ref` followed), with `deprecated: true`. */
function restoredValue(base: DiffSide, node: SyntaxNode, doc: SourceDocument): { [key: string]: WriteValue } | undefined {
  const resolved = base.resolve({ node, doc });
  if (!resolved || resolved.node.kind !== 'object') return undefined;
  const value = valueOf(resolved.node, { nodes: MAX_RESTORED_NODES });
  return value && typeof value === 'object' && !Array.isArray(value) ? withDeprecated(value) : undefined;
}

/**
 * The edit in `next` (the new version's document the change is placed in) that restores what the
 * change says was removed, or undefined when it cannot be placed there.
 */
export function deprecateInsteadOfRemoving(change: Change, base: DiffSide, next: SourceDocument): TextEdit | undefined {
  const from = change.spots?.base;
  const to = change.spots?.new;
  if (!RESTORABLE_KINDS.has(change.kind) || !from || !to || !('node' in from) || !('node' in to)) return undefined;
  // An edit since the diff may have replaced the node the change was placed on: its offsets are old.
  if (to.doc.path !== next.path || !isIn(to.node, next.root)) return undefined;
  const restored = restoredValue(base, from.node, from.doc);
  if (!restored) return undefined;
  if (change.kind === 'parameter-removed') {
    const operation = to.node;
    if (operation.kind !== 'object') return undefined;
    const list = operation.get('parameters');
    if (list?.kind === 'array') return appendItem(next.parsed, list, restored);
    return insertMember(next.parsed, operation, 'parameters', [restored]);
  }
  // The operation's method is its key in the base; the new side's spot is the path item that
  // lost it, or `paths` when the whole path went.
  const method = String(from.node.key);
  const path = /^\S+ (.+)$/.exec(change.operation ?? '')?.[1] ?? from.node.parent?.key;
  if (to.node.kind !== 'object' || typeof path !== 'string') return undefined;
  const isPathItem = to.node.parent !== undefined && to.node.parent.key === 'paths' && typeof to.node.key === 'string';
  if (isPathItem) return insertMember(next.parsed, to.node, method, restored);
  if (to.node.key === 'paths') return insertMember(next.parsed, to.node, path, { [method]: restored });
  return undefined;
}
