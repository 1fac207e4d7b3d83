import { defineRule } from '../check/types';

// RFC 6838 type/subtype names (wildcards allowed), with optional parameters after `;`.
const TOKEN = "[A-Za-z0-9!#$&^_.+-]+";
const MEDIA_TYPE = new RegExp(`^(\\*|${TOKEN})/(\\*|${TOKEN})(\\s*;\\s*${TOKEN}=("[^"]*"|[^;\\s]+))*\\s*$`);

export default defineRule({
  id: 'media-type',
  severity: 'error',
  description: 'A `content` key that is not `type/subtype` (wildcards allowed).',
  spec: ['Media Types', 'Media Type Object'],
  rationale:
    'Clients and servers pick a representation by comparing the Content-Type with these keys: a key that is no media type never matches.',
  messages: { invalid: '"{key}" is not a media type: write "type/subtype", such as "application/json" or "text/*".' },
  kinds: ['RequestBody', 'Response', 'Parameter', 'Header'],
  local: true,
  checkObject(object, context) {
    const content = object.node.get('content');
    if (content?.kind !== 'object') return;
    for (const entry of content.children!) {
      const key = String(entry.key);
      if (MEDIA_TYPE.test(key)) continue;
      context.report({ at: { node: entry, part: 'key' }, messageId: 'invalid', data: { key } });
    }
  },
});
