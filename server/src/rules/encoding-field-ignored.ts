import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { OPENAPI_VERSIONS } from '../model/spec';

const MULTIPART = /^multipart\/[^;\s]+\s*(;.*)?$/i;
const FORM_URLENCODED = /^application\/x-www-form-urlencoded\s*(;.*)?$/i;
const FORM_DATA = /^multipart\/form-data\s*(;.*)?$/i;
/**
 * Encoding fields that serialize a property the way a query parameter is. 3.0.3 keeps them to
 * form-urlencoded bodies; 3.0.4, a patch of the same version that tools treat alike, extends them
 * to multipart/form-data, where real descriptions use them: not reported there.
 */
const FORM_FIELDS = ['style', 'explode', 'allowReserved'];

export default defineRule({
  id: 'encoding-field-ignored',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  versionNote:
    'The same in OpenAPI 3.0, 3.1 and 3.2: 3.2 still says `headers` SHALL be ignored unless the media type is multipart, a `Content-Type` header SHALL be ignored, and `style` and `explode` SHALL be ignored unless it is `application/x-www-form-urlencoded` or `multipart/form-data`. 3.2 applies encodings beyond request bodies (responses, querystring parameters); the rule still looks at request bodies only, so it reports less there, never more.',
  description: 'An Encoding field the request body\'s media type ignores: `style`, `explode` or `allowReserved` in a multipart body other than `multipart/form-data`, `headers` in an `application/x-www-form-urlencoded` body, a `Content-Type` among its `headers`.',
  spec: ['Encoding Object'],
  rationale:
    'The specification says these fields SHALL be ignored: `headers` unless the body is multipart, `style`, `explode` and `allowReserved` unless it is `application/x-www-form-urlencoded` (or, since 3.0.4, `multipart/form-data`), and a `Content-Type` header in every case (the part\'s type is `contentType`). The serialization the author wrote is not the one clients use.',
  severityNote:
    'A warning: the fields are ignored, not forbidden, and the official schema accepts them. `style`, `explode` and `allowReserved` are not reported on `multipart/form-data`: the 3.0.3 text ignores them there, but 3.0.4 applies them, and real descriptions (Stripe\'s, ReadMe\'s examples: 83 fields in the corpus) rely on it. Nothing else in the 2,694 corpus documents triggers the rule.',
  messages: {
    formOnly: '"{field}" applies only to application/x-www-form-urlencoded and multipart/form-data bodies: it is ignored for "{mediaType}".',
    multipartOnly: '"headers" applies only to multipart bodies: it is ignored for "{mediaType}".',
    contentType: 'A "{name}" header is ignored here: the part\'s content type is the encoding\'s "contentType".',
  },
  kinds: ['MediaType'],
  members: ['encoding'],
  // Only keys: the media type, the encoding's fields and its header names.
  readsValue: () => false,
  checkObject(object, context) {
    const { node, doc } = object;
    const encoding = node.get('encoding');
    // Elsewhere the whole encoding is ignored, which encoding-property reports.
    if (encoding?.kind !== 'object' || object.parent?.kind !== 'RequestBody') return;
    const mediaType = String(node.key);
    const multipart = MULTIPART.test(mediaType);
    const form = FORM_URLENCODED.test(mediaType);
    if (!multipart && !form) return;
    for (const entry of encoding.children!) {
      if (entry.kind !== 'object') continue;
      if (multipart && !FORM_DATA.test(mediaType)) {
        for (const field of FORM_FIELDS) {
          const member = entry.get(field);
          if (!member) continue;
          context.report({ at: { node: member, part: 'key' }, messageId: 'formOnly', data: { field, mediaType }, fixes: [removalFix(`Remove "${field}"`, doc.parsed, member)] });
        }
      }
      const headers = entry.get('headers');
      if (!headers) continue;
      if (form) {
        context.report({ at: { node: headers, part: 'key' }, messageId: 'multipartOnly', data: { mediaType }, fixes: [removalFix('Remove "headers"', doc.parsed, headers)] });
        continue;
      }
      for (const header of headers.kind === 'object' ? headers.children! : []) {
        const name = String(header.key);
        if (name.toLowerCase() !== 'content-type') continue;
        context.report({ at: { node: header, part: 'key' }, messageId: 'contentType', data: { name }, fixes: [removalFix(`Remove the "${name}" header`, doc.parsed, header)] });
      }
    }
  },
});
