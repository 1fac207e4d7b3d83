import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

const MULTIPART = /^multipart\/[^;\s]+\s*(;.*)?$/i;
const POSITIONAL = ['prefixEncoding', 'itemEncoding'];

export default defineRule({
  id: 'positional-encoding',
  severity: 'error',
  versions: ['3.2'],
  versionNote: 'OpenAPI 3.2 only: `prefixEncoding` and `itemEncoding` are new in 3.2 (unknown-field reports them in 3.0 and 3.1 documents).',
  description: '`prefixEncoding` or `itemEncoding` (OpenAPI 3.2) beside `encoding` (error), without `itemSchema` or an array `schema` (error), or in a media type that is not `multipart` (warning: ignored).',
  spec: ['Media Type Object', 'Encoding Object'],
  rationale:
    'The 3.2 text says `encoding` MUST NOT be present with `prefixEncoding` or `itemEncoding` (by name and by position are two descriptions of the same parts), that either `itemSchema` or an array `schema` MUST be present to use them (they encode the items of an array, by position), and that they SHALL only apply to `multipart` media types.',
  severityNote:
    'The multipart finding is a warning: the fields are ignored there, not forbidden. An `itemSchema` on a media type that is not sequential is not reported: the text\'s list of sequential media types is open (any repeating structure), so no media type can be said not to be one. A Media Type Object of `components.mediaTypes` has no media type of its own, and a `schema` whose type is unknown (no `type`, an unresolved `$ref`) may be an array: neither is reported.',
  messages: {
    exclusive: '"{field}" cannot be used beside "encoding": describe the parts either by name ("encoding") or by position ("prefixEncoding", "itemEncoding").',
    needsArray: '"{field}" encodes the items of an array by position, but this media type has neither "itemSchema" nor an array "schema".',
    multipartOnly: '"{field}" applies only to multipart media types: it is ignored for "{mediaType}".',
  },
  kinds: ['MediaType', 'Encoding'],
  checkObject(object, context) {
    const { node, doc } = object;
    const present = POSITIONAL.map((field) => node.get(field)).filter((member) => member !== undefined);
    if (present.length === 0) return;
    if (node.get('encoding')) {
      for (const member of present) context.report({ at: { node: member, part: 'key' }, messageId: 'exclusive', data: { field: String(member.key) } });
      return;
    }
    if (object.kind !== 'MediaType') return;
    const mediaType = node.parent?.key === 'content' || object.parent?.kind === 'RequestBody' ? String(node.key) : undefined;
    if (mediaType !== undefined && !MULTIPART.test(mediaType)) {
      for (const member of present) {
        context.report({ at: { node: member, part: 'key' }, messageId: 'multipartOnly', data: { field: String(member.key), mediaType }, severity: 'warning', fixes: [removalFix(`Remove "${String(member.key)}"`, doc.parsed, member)] });
      }
      return;
    }
    if (node.get('itemSchema')) return;
    const schemaMember = node.get('schema');
    if (schemaMember) {
      const schema = context.analysis.resolve(schemaMember, doc).target?.node;
      const type = schema?.kind === 'object' ? schema.get('type') : undefined;
      // Only a schema that says it is not an array is one: anything else may be.
      const notArray = type?.kind === 'string' ? type.value !== 'array' : type?.kind === 'array' ? !type.children!.some((t) => t.value === 'array') : false;
      if (!notArray) return;
    }
    for (const member of present) context.report({ at: { node: member, part: 'key' }, messageId: 'needsArray', data: { field: String(member.key) } });
  },
});
