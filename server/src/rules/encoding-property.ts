import { defineRule } from '../check/types';
import { NameIndex } from '../check/suggest';
import { declaredProperties } from '../model/validate';
import { renameKey } from '../syntax/edit';
import { removalFix } from '../check/report';
import { OPENAPI_VERSIONS } from '../model/spec';

const FORM = /^(multipart\/[^;\s]+|application\/x-www-form-urlencoded)\s*(;.*)?$/i;

export default defineRule({
  id: 'encoding-property',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  versionNote:
    'The same in OpenAPI 3.0 and 3.1. OpenAPI 3.2 keeps the MUST (each key names a property; entries without one SHALL be ignored) and keeps `encoding` to multipart and `application/x-www-form-urlencoded` media types, but no longer to request bodies: a multipart response, or an `in: querystring` parameter whose content is form-urlencoded, uses it. So in 3.2 an encoding in a response, a parameter or a header is not reported, and the media type is checked wherever it is a key of `content` (not in `components.mediaTypes`, whose keys are names).',
  description: 'An `encoding` key that is not a property of the media type\'s schema (error); `encoding` on a media type that is not `multipart` or `application/x-www-form-urlencoded`, or outside a request body (in a response, a parameter or a header: a warning, it is ignored there).',
  spec: ['Media Type Object', 'Encoding Object'],
  rationale:
    'The specification says each encoding key MUST exist in the schema as a property, and that encoding applies only to multipart and form request bodies: elsewhere clients ignore it, so the serialization the author meant is not used.',
  severityNote:
    'An encoding key that names no property is an error: the text says the key MUST exist in the schema as a property. An encoding where the text says it does not apply (in a response, a parameter or a header, or for another media type) is a warning: it is ignored there, not forbidden.',
  messages: {
    notProperty: 'Encoding "{key}" names no property of the schema: the key must be the name of the property it encodes.',
    notPropertySuggest: 'Encoding "{key}" names no property of the schema. Did you mean "{suggestion}"?',
    mediaType: '"encoding" applies only to multipart and application/x-www-form-urlencoded content, not "{mediaType}": it is ignored here.',
    response: '"encoding" applies only to request bodies: it is ignored in a response.',
    parameter: '"encoding" applies only to request bodies: it is ignored in the content of a {where}.',
  },
  kinds: ['MediaType'],
  // Encoding keys, the media type key, the schema's property names and whether `additionalProperties` is false.
  readsValue: (edited) => edited.kinds.includes('Schema') && edited.field === 'additionalProperties',
  checkObject(object, context) {
    const { node, doc } = object;
    const encoding = node.get('encoding');
    if (encoding?.kind !== 'object' || encoding.children!.length === 0) return;
    const mediaType = String(node.key);
    const owner = object.parent?.kind;
    // Where clients ignore the whole encoding, removing it loses nothing.
    const ignored = (messageId: string, data?: Record<string, string>) =>
      context.report({ at: { node: encoding, part: 'key' }, messageId, data, severity: 'warning', fixes: [removalFix('Remove the "encoding"', doc.parsed, encoding)] });
    if (context.version === '3.2') {
      if (node.parent?.key === 'content' && !FORM.test(mediaType)) ignored('mediaType', { mediaType });
    } else if (owner === 'Response') ignored('response');
    else if (owner === 'Parameter' || owner === 'Header') ignored('parameter', { where: owner === 'Parameter' ? 'parameter' : 'header' });
    else if (owner === 'RequestBody' && !FORM.test(mediaType)) ignored('mediaType', { mediaType });
    const schema = node.get('schema');
    if (!schema) return;
    const declared = declaredProperties(context.analysis, schema, doc, true);
    if (declared.incomplete) return;
    // Once per object, not per entry (10,000 entries against 10,000 properties).
    let candidates: NameIndex | undefined;
    let pointer: string | undefined;
    for (const entry of encoding.children!) {
      const key = String(entry.key);
      if (declared.properties.has(key)) continue;
      candidates ??= new NameIndex([...declared.properties].filter((p) => !encoding.get(p)));
      const suggestion = candidates.nearest(key);
      context.report({
        at: { node: entry, part: 'key' },
        messageId: suggestion ? 'notPropertySuggest' : 'notProperty',
        data: { key, suggestion: suggestion ?? '' },
        fixes: suggestion ? [{ title: `Rename to "${suggestion}"`, edits: [renameKey(doc.parsed, entry, suggestion)], claims: [`key:${(pointer ??= encoding.pointer)}/${suggestion}`] }] : [],
      });
    }
  },
});
