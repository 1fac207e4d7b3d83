import { replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'operation-id-unique',
  severity: 'error',
  description: 'An `operationId` used twice in the document and the files it references.',
  spec: ['Operation Object'],
  rationale:
    'The specification says an operationId MUST be unique among all operations: generated clients name methods after operationIds, and links refer to operations by them, so duplicates collide.',
  messages: { duplicate: 'operationId "{id}" is already used by another operation: operationIds must be unique.' },
  kinds: ['Operation'],
  readsValue: (edited) => edited.kinds.includes('Operation') && edited.field === 'operationId',
  checkObject(object, context) {
    const idNode = object.node.get('operationId');
    if (idNode?.kind !== 'string') return;
    const id = idNode.value as string;
    const sameId = context.analysis.operationIds.get(id) ?? [];
    if (sameId.length < 2 || sameId[0] === object) return;
    const first = sameId[0];
    const firstId = first.node.get('operationId')!;
    const n = freeSuffix(context.analysis.operationIds, id);
    context.report({
      at: { node: idNode },
      messageId: 'duplicate',
      data: { id },
      related: [{ doc: first.doc, offset: firstId.offset, length: firstId.length, message: `operationId "${id}" is first used here.` }],
      fixes: [{ title: `Rename to "${id}_${n}"`, edits: [replaceScalar(object.doc.parsed, idNode, `${id}_${n}`)] }],
    });
  },
});

// The first free `<id>_<n>` per id, found once per analysis: every duplicate of an id gets the same.
const freeSuffixes = new WeakMap<ReadonlyMap<string, unknown>, Map<string, number>>();

function freeSuffix(ids: ReadonlyMap<string, unknown>, id: string): number {
  let known = freeSuffixes.get(ids);
  if (!known) freeSuffixes.set(ids, (known = new Map()));
  let n = known.get(id);
  if (n === undefined) {
    n = 2;
    while (ids.has(`${id}_${n}`)) n++;
    known.set(id, n);
  }
  return n;
}
