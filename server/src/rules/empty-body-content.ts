import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

function bodiless(code: string): boolean {
  return code === '204' || code === '304' || /^1(\d\d|XX)$/.test(code);
}

export default defineRule({
  id: 'empty-body-content',
  severity: 'warning',
  pickedFixes: 'Deleting the content loses a body the author described: the status code may be what is wrong (200 meant, not 204).',
  versions: OPENAPI_VERSIONS,
  description: '`content` on `204`, `304`, `1XX`, or on any response of a HEAD operation.',
  spec: ['Responses Object', 'Response Object'],
  rationale:
    'HTTP does not allow a body on these responses: content here describes something no client will ever receive, and generated code waits for it.',
  messages: {
    status: 'A "{code}" response has no body: describe it by omitting "content".',
    head: 'A response to HEAD has no body: describe it by omitting "content".',
    statusRef: 'The referenced response has "content", but a "{code}" response has no body.',
  },
  kinds: ['Responses'],
  // Status codes and the operation's method are keys; of the response, only whether `content` has members.
  readsValue: () => false,
  checkObject(object, context) {
    const head = object.parent?.kind === 'Operation' && object.parent.node.key === 'head';
    for (const entry of object.node.children!) {
      const code = String(entry.key);
      if (!head && !bodiless(code)) continue;
      const target = context.analysis.resolve(entry, object.doc).target;
      const content = target?.node.kind === 'object' ? target.node.get('content') : undefined;
      if (!content || (content.kind === 'object' && content.children!.length === 0)) continue;
      if (target!.node === entry) {
        context.report({
          at: { node: content, part: 'key' },
          messageId: head ? 'head' : 'status',
          data: { code },
          fixes: [removalFix('Remove "content"', object.doc.parsed, content)],
        });
      } else {
        // A shared response: changing it would change its other uses, so no fix here.
        context.report({ at: { node: entry.get('$ref') ?? entry, part: 'value' }, messageId: head ? 'head' : 'statusRef', data: { code } });
      }
    }
  },
});
