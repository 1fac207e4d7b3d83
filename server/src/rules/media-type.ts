import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';
import { COMMON_MEDIA_TYPES, MEDIA_TYPE_SHORTHANDS } from '../model/facts';
import { renameKey } from '../syntax/edit';

// RFC 6838 type/subtype names (wildcards allowed), with optional parameters after `;`.
const TOKEN = "[A-Za-z0-9!#$&^_.+-]+";
const MEDIA_TYPE = new RegExp(`^(\\*|${TOKEN})/(\\*|${TOKEN})(\\s*;\\s*${TOKEN}=("[^"]*"|[^;\\s]+))*\\s*$`);
/** `application/*+json`: a range of the types with a structured syntax suffix, which generators write and HTTP does not define. */
const SUFFIX_RANGE = new RegExp(`^(${TOKEN})/\\*\\+(${TOKEN})\\s*(;.*)?$`);

/** The media type a malformed key most likely means: a shorthand (`json`) or a near spelling. */
function meant(key: string): string | undefined {
  const plain = key.trim().toLowerCase();
  const slashed = plain.replace(/\s+/g, '/');
  if (COMMON_MEDIA_TYPES.includes(slashed)) return slashed;
  return MEDIA_TYPE_SHORTHANDS[plain.replace(/^\./, '')] ?? closest(slashed, COMMON_MEDIA_TYPES, 2);
}

export default defineRule({
  id: 'media-type',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  description: 'A `content` key that is not `type/subtype` (wildcards allowed); shorthands (`json`) and near spellings get the registered type.',
  spec: ['Media Types', 'Media Type Object'],
  rationale:
    'Clients and servers pick a representation by comparing the Content-Type with these keys: a key that is no media type never matches. The text says the keys are media types and SHOULD follow RFC 6838.',
  messages: {
    invalid: '"{key}" is not a media type: write "type/subtype", such as "application/json" or "text/*".',
    suggest: '"{key}" is not a media type. Did you mean "{suggestion}"?',
    list: '"{key}" lists several media types: write one key for each, with its own schema.',
    suffixRange: '"{key}" is no media type, nor a range HTTP defines ("type/*" or "*/*"): clients that read it literally match nothing. Name the types it stands for, such as "{example}".',
  },
  kinds: ['RequestBody', 'Response', 'Parameter', 'Header'],
  local: true,
  checkObject(object, context) {
    const content = object.node.get('content');
    if (content?.kind !== 'object') return;
    let pointer: string | undefined; // once per object, not per finding
    for (const entry of content.children!) {
      const key = String(entry.key);
      // `content: {$ref: ...}` is a reference in place of the map: ref-not-allowed's error.
      if (MEDIA_TYPE.test(key) || (key === '$ref' && entry.kind === 'string')) continue;
      const range = SUFFIX_RANGE.exec(key);
      if (range) {
        context.report({ at: { node: entry, part: 'key' }, messageId: 'suffixRange', data: { key, example: `${range[1]}/${range[2]}` } });
        continue;
      }
      const suggestion = meant(key);
      const usable = suggestion !== undefined && !content.get(suggestion) ? suggestion : undefined;
      context.report({
        at: { node: entry, part: 'key' },
        messageId: usable ? 'suggest' : key.includes(',') ? 'list' : 'invalid',
        data: { key, suggestion: usable ?? '' },
        fixes: usable ? [{ title: `Rename to "${usable}"`, edits: [renameKey(object.doc.parsed, entry, usable)], claims: [`key:${(pointer ??= content.pointer)}/${usable}`] }] : [],
      });
    }
  },
});
