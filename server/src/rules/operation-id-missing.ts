import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { insertFirstMember, replaceScalar } from '../syntax/edit';
import { pathKeyOf } from '../model/operations';
import { OpenApiObject } from '../model/analysis';
import { SyntaxNode } from '../syntax/tree';

/** `get` `/pets/{petId}/toys` -> `getPetsPetIdToys`: an operationId in common programming style. */
export function suggestedOperationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/**
 * What an operation's name is made of: its path, a webhook's name (3.1, 3.2), or for a callback's
 * operation the callback's name.
 */
function nameSource(operation: OpenApiObject): string {
  const pathItem = operation.parent?.kind === 'PathItem' ? operation.parent : undefined;
  const path = pathItem && pathKeyOf(pathItem);
  if (path !== undefined) return path;
  const webhooks = pathItem?.node.parent;
  if (webhooks?.key === 'webhooks' && webhooks.parent && !webhooks.parent.parent && typeof pathItem!.node.key === 'string') return `${pathItem!.node.key} webhook`;
  const callback = pathItem?.parent?.kind === 'Callback' ? pathItem.parent : undefined;
  const name = callback?.usages[0]?.node.key;
  return typeof name === 'string' ? `${name} callback` : 'callback';
}

/**
 * 'missing' when the operation has no operationId, its value node when it is the empty string
 * (which names nothing, so operation-id-unique leaves it to this rule), undefined otherwise.
 */
function lacksOperationId(operation: OpenApiObject): 'missing' | SyntaxNode | undefined {
  const id = operation.node.get('operationId');
  if (!id) return 'missing';
  return id.kind === 'string' && id.value === '' ? id : undefined;
}

export default defineRule({
  id: 'operation-id-missing',
  severity: 'information',
  versions: OPENAPI_VERSIONS,
  description: 'An operation without `operationId`, or with an empty one.',
  spec: ['Operation Object'],
  rationale:
    'Code generators name client methods after operationIds, and Links refer to operations by them: without one, tools invent names that change whenever the path does.',
  messages: {
    missing: 'This operation has no "operationId": add a unique name, such as "{suggestion}".',
    empty: 'This operation\'s "operationId" is empty: give it a unique name, such as "{suggestion}".',
  },
  kinds: ['Operation'],
  // Whether an operation has an operationId is structure; its suggestion avoids every operationId.
  readsValue: (edited) => edited.kinds.includes('Operation') && edited.field === 'operationId',
  // Operations without an operationId or with an empty one are reported, since every suggestion
  // avoids the operationIds in use; and those whose id an edit changed, which it may have emptied
  // or filled.
  affectedBy: (edited, _before, after) => {
    const affected = new Set((after.byKind.get('Operation') ?? []).filter((o) => lacksOperationId(o) !== undefined));
    for (const { node } of edited) {
      if (node.parent) for (const object of after.objectsAt(node.parent)) if (object.kind === 'Operation') affected.add(object);
    }
    return affected;
  },
  checkObject(object, context) {
    const { node, doc } = object;
    const lack = lacksOperationId(object);
    if (lack === undefined || typeof node.key !== 'string') return;
    const base = suggestedOperationId(node.key, nameSource(object));
    let id = base;
    for (let n = 2; context.analysis.operationIds.has(id); n++) id = `${base}${n}`;
    if (lack !== 'missing') {
      context.report({
        at: { node: lack },
        messageId: 'empty',
        data: { suggestion: id },
        fixes: [{ title: `Rename to "${id}"`, edits: [replaceScalar(doc.parsed, lack, id)], claims: [`operationId:${id}`] }],
      });
      return;
    }
    context.report({
      at: { node, part: 'key' },
      messageId: 'missing',
      data: { suggestion: id },
      fixes: node.kind === 'object' ? [{ title: `Add "operationId: ${id}"`, edits: [insertFirstMember(doc.parsed, node, 'operationId', id)], claims: [`operationId:${id}`] }] : [],
    });
  },
});
