import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule, Fix } from '../check/types';
import { insertMember, WriteValue } from '../syntax/edit';
import { kindName } from '../model/facts';
import { objectAnchor, removalFix } from '../check/report';

const SCHEMA_ONLY = ['style', 'explode', 'allowReserved', 'example', 'examples'];

export default defineRule({
  id: 'parameter-schema-xor-content',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'Neither or both of `schema` and `content`; `content` with other than exactly one media type; `style`, `explode`, `allowReserved`, `example` or `examples` beside `content`.',
  spec: ['Parameter Object', 'Header Object'],
  rationale:
    'The specification says a parameter MUST contain either schema or content, not both, and content MUST hold one entry: otherwise clients cannot tell how to serialize the value.',
  messages: {
    neither: 'A {kind} needs either "schema" or "content".',
    both: '"schema" and "content" are mutually exclusive: keep one of them.',
    contentCount: '"content" must hold exactly one media type here, not {count}.',
    contentWith: '"{field}" applies only with "schema": with "content", the media type describes the value{where}.',
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
    if (schema || !content) return;
    // Serialization and examples belong to the media type once `content` describes the value.
    for (const field of SCHEMA_ONLY) {
      const member = node.get(field);
      if (!member) continue;
      const where = field.startsWith('example') ? ': put the example in the media type' : '';
      const remove = removalFix(`Remove "${field}"`, object.doc.parsed, member);
      const mediaType = content.kind === 'object' && content.children!.length === 1 ? content.children![0] : undefined;
      const move: Fix | undefined = where && mediaType?.kind === 'object' && !mediaType.get('example') && !mediaType.get('examples')
        ? { title: `Move "${field}" into the media type`, edits: [...remove.edits, insertMember(object.doc.parsed, mediaType, field, member.toValue() as WriteValue)], removes: remove.removes }
        : undefined;
      context.report({ at: { node: member, part: 'key' }, messageId: 'contentWith', data: { field, where }, fixes: move ? [move, remove] : [remove] });
    }
  },
});
