import { OPENAPI_VERSIONS } from '../model/spec';
import { parseRef } from '../model/ref';
import { replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';
import { namesOf } from '../check/suggest';
import { nodeAtPointer } from '../model/resolve';
import { objectAnchor } from '../check/report';

export default defineRule({
  id: 'link-operation',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A Link\'s `operationId` names no operation, its `operationRef` does not resolve, or both or neither are given.',
  spec: ['Link Object'],
  rationale:
    'The specification says a linked operation MUST be identified by operationRef or operationId, which MUST point to an existing operation: a link that leads nowhere cannot be followed.',
  messages: {
    unknownId: 'No operation has the operationId "{id}".',
    suggest: 'No operation has the operationId "{id}". Did you mean "{suggestion}"?',
    badRef: '"operationRef" "{ref}" does not point at an operation.',
    both: '"operationRef" and "operationId" are mutually exclusive: keep one of them.',
    neither: 'A Link needs "operationId" or "operationRef" to say which operation it leads to.',
  },
  kinds: ['Link'],
  // The Link's operationId and operationRef, and every operation's operationId.
  readsValue: ({ kinds, field }) =>
    (kinds.includes('Link') && (field === 'operationId' || field === 'operationRef')) ||
    (kinds.includes('Operation') && field === 'operationId'),
  checkObject(object, context) {
    const { node, doc } = object;
    const id = node.get('operationId');
    const ref = node.get('operationRef');
    if (id && ref) return context.report({ at: { node: ref, part: 'key' }, messageId: 'both' });
    if (!id && !ref) return context.report({ at: objectAnchor(node), messageId: 'neither' });
    const ids = context.analysis.operationIds;
    if (id?.kind === 'string' && !ids.has(id.value as string)) {
      const suggestion = namesOf(ids, () => ids.keys()).nearest(id.value as string);
      context.report({
        at: { node: id },
        messageId: suggestion ? 'suggest' : 'unknownId',
        data: { id: id.value as string, suggestion: suggestion ?? '' },
        fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, id, suggestion)] }] : [],
      });
    }
    if (ref?.kind === 'string') {
      const parsed = parseRef(ref.value as string);
      if (parsed.form === 'url') return; // remote: not checked
      // A local operationRef (local to the document holding the Link, which another root may reach
      // through a `$ref`) must name an Operation the walk found at that pointer.
      if (parsed.form !== 'local') return;
      const target = nodeAtPointer(doc.root, parsed.pointer ?? []);
      const found = target !== undefined && context.analysis.objectsAt(target).some((o) => o.kind === 'Operation' && o.doc.path === doc.path);
      if (!found) context.report({ at: { node: ref }, messageId: 'badRef', data: { ref: ref.value as string } });
    }
  },
});
