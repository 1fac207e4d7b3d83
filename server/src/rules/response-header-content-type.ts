import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'response-header-content-type',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  description: 'A response header named `Content-Type` is ignored; content types belong in `content`.',
  spec: ['Response Object'],
  rationale:
    'The specification says a response header named Content-Type SHALL be ignored: the content type comes from the content keys.',
  messages: { ignored: 'A response header named "{name}" is ignored: the content type comes from the response\'s "content" keys.' },
  kinds: ['Response'],
  local: true,
  checkObject(object, context) {
    const headers = object.node.get('headers');
    if (headers?.kind !== 'object') return;
    for (const header of headers.children!) {
      if (String(header.key).toLowerCase() !== 'content-type') continue;
      context.report({ at: { node: header, part: 'key' }, messageId: 'ignored', data: { name: String(header.key) }, fixes: [removalFix(`Remove the "${String(header.key)}" header`, object.doc.parsed, header)] });
    }
  },
});
