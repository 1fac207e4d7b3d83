import { defineRule } from '../check/types';
import { kindName } from '../model/facts';
import { objectAnchor } from '../check/report';

export default defineRule({
  id: 'parameter-schema-xor-content',
  severity: 'error',
  description: 'Neither or both of `schema` and `content`; `content` with other than exactly one media type.',
  spec: ['Parameter Object', 'Header Object'],
  rationale:
    'The specification says a parameter MUST contain either schema or content, not both, and content MUST hold one entry: otherwise clients cannot tell how to serialize the value.',
  messages: {
    neither: 'A {kind} needs either "schema" or "content".',
    both: '"schema" and "content" are mutually exclusive: keep one of them.',
    contentCount: '"content" must hold exactly one media type here, not {count}.',
  },
  kinds: ['Parameter', 'Header'],
  local: true,
  checkObject(object, context) {
    const { node } = object;
    const schema = node.get('schema');
    const content = node.get('content');
    if (!schema && !content) context.report({ at: objectAnchor(node), messageId: 'neither', data: { kind: kindName(object.kind) } });
    else if (schema && content) context.report({ at: { node: content, part: 'key' }, messageId: 'both' });
    else if (content?.kind === 'object' && content.children!.length !== 1) context.report({ at: { node: content, part: 'key' }, messageId: 'contentCount', data: { count: content.children!.length } });
  },
});
