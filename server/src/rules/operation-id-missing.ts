import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { insertFirstMember } from '../syntax/edit';
import { pathKeyOf } from '../model/operations';
import { OpenApiObject } from '../model/analysis';

/** `get` `/pets/{petId}/toys` -> `getPetsPetIdToys`: an operationId in common programming style. */
export function suggestedOperationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** What an operation's name is made of: its path, or for a callback's operation the callback's name. */
function nameSource(operation: OpenApiObject): string {
  const pathItem = operation.parent?.kind === 'PathItem' ? operation.parent : undefined;
  const path = pathItem && pathKeyOf(pathItem);
  if (path !== undefined) return path;
  const callback = pathItem?.parent?.kind === 'Callback' ? pathItem.parent : undefined;
  const name = callback?.usages[0]?.node.key;
  return typeof name === 'string' ? `${name} callback` : 'callback';
}

export default defineRule({
  id: 'operation-id-missing',
  severity: 'information',
  versions: OPENAPI_VERSIONS,
  description: 'An operation without `operationId`.',
  spec: ['Operation Object'],
  rationale:
    'Code generators name client methods after operationIds, and Links refer to operations by them: without one, tools invent names that change whenever the path does.',
  messages: { missing: 'This operation has no "operationId": add a unique name, such as "{suggestion}".' },
  kinds: ['Operation'],
  // Whether an operation has an operationId is structure; its suggestion avoids every operationId.
  readsValue: (edited) => edited.kinds.includes('Operation') && edited.field === 'operationId',
  // Only Operations without an operationId are reported, and a value edit adds or removes none.
  affectedBy: (_edited, _before, after) => (after.byKind.get('Operation') ?? []).filter((o) => !o.node.get('operationId')),
  checkObject(object, context) {
    const { node, doc } = object;
    if (node.get('operationId') || typeof node.key !== 'string') return;
    const base = suggestedOperationId(node.key, nameSource(object));
    let id = base;
    for (let n = 2; context.analysis.operationIds.has(id); n++) id = `${base}${n}`;
    context.report({
      at: { node, part: 'key' },
      messageId: 'missing',
      data: { suggestion: id },
      fixes: node.kind === 'object' ? [{ title: `Add "operationId: ${id}"`, edits: [insertFirstMember(doc.parsed, node, 'operationId', id)], claims: [`operationId:${id}`] }] : [],
    });
  },
});
