import { OPENAPI_VERSIONS } from '../model/spec';
import { replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';
import { OpenApiObject } from '../model/analysis';

export default defineRule({
  id: 'operation-id-unique',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'An `operationId` used twice in the document and the files it references.',
  spec: ['Operation Object'],
  rationale:
    'The specification says an operationId MUST be unique among all operations: generated clients name methods after operationIds, and links refer to operations by them, so duplicates collide.',
  messages: { duplicate: 'operationId "{id}" is already used by another operation: operationIds must be unique.' },
  kinds: ['Operation'],
  readsValue: (edited) => edited.kinds.includes('Operation') && edited.field === 'operationId',
  // An Operation's finding reads its id's group and, for the fix, which `<id>_<n>` are taken: only
  // the groups an edit changed (new arrays; the others are shared, model/analysis.ts OperationIds),
  // and those of the ids a changed `<id>_<n>` names, are checked again.
  affectedBy: (_edited, before, after) => {
    const changed = new Set<string>();
    for (const [id, group] of after.operationIds) if (before.operationIds.get(id) !== group) changed.add(id);
    for (const [id, group] of before.operationIds) if (after.operationIds.get(id) !== group) changed.add(id);
    const affected = new Set<OpenApiObject>();
    for (const id of changed) {
      const suffixed = /^(.+)_\d+$/.exec(id);
      for (const name of suffixed ? [id, suffixed[1]] : [id]) {
        for (const object of before.operationIds.get(name) ?? []) affected.add(object);
        for (const object of after.operationIds.get(name) ?? []) affected.add(object);
      }
    }
    return affected;
  },
  checkObject(object, context) {
    const idNode = object.node.get('operationId');
    if (idNode?.kind !== 'string') return;
    const id = idNode.value as string;
    // An empty operationId names nothing: operation-id-missing reports it, once for each operation.
    if (id === '') return;
    const sameId = context.analysis.operationIds.get(id) ?? [];
    if (sameId.length < 2 || sameId[0] === object) return;
    const first = sameId[0];
    const firstId = first.node.get('operationId')!;
    const n = freeSuffix(context.analysis.operationIds, id, object);
    context.report({
      at: { node: idNode },
      messageId: 'duplicate',
      data: { id },
      related: [{ doc: first.doc, offset: firstId.offset, length: firstId.length, message: `operationId "${id}" is first used here.` }],
      fixes: [{ title: `Rename to "${id}_${n}"`, edits: [replaceScalar(object.doc.parsed, idNode, `${id}_${n}`)] }],
    });
  },
});

// A free `<id>_<n>` for each duplicate after the first, found once per analysis: the duplicates of
// an id get different names (2, 3, ... past the names in use), so fix-all renames them all in one
// round. With one name for all, each round made them duplicates of that name again: 200 of one id
// were still duplicates after fix-all's ten rounds.
const freeSuffixes = new WeakMap<ReadonlyMap<string, readonly object[]>, Map<string, Map<object, number>>>();

function freeSuffix(ids: ReadonlyMap<string, readonly object[]>, id: string, duplicate: object): number {
  let byId = freeSuffixes.get(ids);
  if (!byId) freeSuffixes.set(ids, (byId = new Map()));
  let byDuplicate = byId.get(id);
  if (!byDuplicate) {
    byDuplicate = new Map();
    let n = 2;
    for (const object of (ids.get(id) ?? []).slice(1)) {
      while (ids.has(`${id}_${n}`)) n++;
      byDuplicate.set(object, n++);
    }
    byId.set(id, byDuplicate);
  }
  return byDuplicate.get(duplicate)!;
}
