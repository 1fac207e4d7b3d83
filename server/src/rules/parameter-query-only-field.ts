import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { OPENAPI_VERSIONS } from '../model/spec';

const QUERY_ONLY = ['allowReserved', 'allowEmptyValue'];
/** Query styles that cannot send an empty value ("n/a" in the empty row of the style examples). */
const NO_EMPTY_VALUE = ['spaceDelimited', 'pipeDelimited', 'deepObject'];

export default defineRule({
  id: 'parameter-query-only-field',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  versionNote:
    'The same in OpenAPI 3.0 and 3.1. OpenAPI 3.2 keeps `allowEmptyValue` for `in: query` parameters only (so it is reported on the others, `in: querystring` included), but no longer makes `allowReserved` a query field: it applies to every location and style that percent-encodes (path parameters, form cookies), so the rule says nothing about `allowReserved` in 3.2.',
  description: '`allowReserved` or `allowEmptyValue` on a parameter that is not `in: query`, or on a header; `allowEmptyValue` with a style that cannot send an empty value (`spaceDelimited`, `pipeDelimited`, `deepObject`).',
  spec: ['Parameter Object', 'Header Object', 'Style Values'],
  rationale:
    'The specification defines these fields for query parameters only: elsewhere they have no effect, so the behaviour the author expected does not happen. A Header Object takes only the traits that apply to a header. And with a style that cannot serialize an empty value, the text says allowEmptyValue SHALL be ignored.',
  severityNote:
    'A warning: the fields are ignored, not forbidden, and the official schema accepts them on every parameter and header.',
  messages: {
    queryOnly: '"{field}" applies only to "in: query" parameters; it is ignored on "in: {in}".',
    header: '"{field}" applies only to "in: query" parameters; it is ignored on a header.',
    noEmptyValue: '"allowEmptyValue" is ignored with "style: {style}", which cannot send an empty value.',
  },
  kinds: ['Parameter', 'Header'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const location = object.kind === 'Header' ? 'header' : node.get('in')?.stringValue;
    if (!location) return;
    if (location === 'query') {
      const allowEmptyValue = node.get('allowEmptyValue');
      const style = node.get('style')?.stringValue;
      if (allowEmptyValue && style && NO_EMPTY_VALUE.includes(style)) {
        context.report({ at: { node: allowEmptyValue, part: 'key' }, messageId: 'noEmptyValue', data: { style }, fixes: [removalFix('Remove "allowEmptyValue"', doc.parsed, allowEmptyValue)] });
      }
      return;
    }
    for (const field of context.version === '3.2' ? ['allowEmptyValue'] : QUERY_ONLY) {
      const member = node.get(field);
      if (!member) continue;
      const messageId = object.kind === 'Header' ? 'header' : 'queryOnly';
      context.report({ at: { node: member, part: 'key' }, messageId, data: { field, in: location }, fixes: [removalFix(`Remove "${field}"`, doc.parsed, member)] });
    }
  },
});
