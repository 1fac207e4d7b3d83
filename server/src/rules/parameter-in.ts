import { OPENAPI_VERSIONS } from '../model/spec';
import { replaceScalar } from '../syntax/edit';
import { PARAMETER_LOCATIONS } from '../model/facts';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';


export default defineRule({
  id: 'parameter-in',
  severity: 'error',
  description: '`in` is not one of `path query header cookie`.',
  spec: ['Parameter Object'],
  rationale:
    'A parameter in a location the specification does not define cannot be sent, and tools reject or drop it.',
  messages: {
    invalid: '"in: {value}" is not a parameter location: use {locations}.',
    suggest: '"in: {value}" is not a parameter location. Did you mean "{suggestion}"?',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.2 adds `in: querystring` (the whole query string as one value); earlier versions report it.',
  kinds: ['Parameter'],
  local: true,
  checkObject(object, context) {
    const location = object.node.get('in');
    if (location?.kind !== 'string') return;
    const value = location.value as string;
    if (PARAMETER_LOCATIONS.includes(value)) return;
    if ((value === 'body' || value === 'formData') && (context.version ?? '3.0') === '3.0') return; // 2.0 ones: swagger2-construct, in 3.0
    if (value === 'querystring' && context.version === '3.2') return; // the whole query string, as one value
    const suggestion = closest(value, PARAMETER_LOCATIONS, 2) ?? (/^header/i.test(value) ? 'header' : undefined);
    context.report({
      at: { node: location },
      messageId: suggestion ? 'suggest' : 'invalid',
      data: { value, suggestion: suggestion ?? '', locations: context.version === '3.2' ? 'path, query, querystring, header or cookie' : 'path, query, header or cookie' },
      fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(object.doc.parsed, location, suggestion)] }] : [],
    });
  },
});
