import { OPENAPI_VERSIONS } from '../model/spec';
import { renameKey } from '../syntax/edit';
import { defineRule } from '../check/types';

export const RESPONSE_CODE = /^([1-5]\d\d|[1-5]XX|default)$/;

export default defineRule({
  id: 'response-code',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A `responses` key that is not `100`-`599`, `1XX`-`5XX` (upper-case X) or `default`.',
  spec: ['Responses Object', 'HTTP Status Codes'],
  rationale:
    'The specification allows only status codes, the ranges 1XX to 5XX and default as keys: any other key matches no response.',
  messages: {
    invalid: '"{code}" is not a status code: use "100"-"599", a range "1XX"-"5XX", or "default".',
    suggest: '"{code}" is not a status code: did you mean "{suggestion}"?',
  },
  kinds: ['Responses'],
  local: true,
  checkObject(object, context) {
    for (const child of object.node.children!) {
      const code = String(child.key);
      if (RESPONSE_CODE.test(code) || code.startsWith('x-')) continue;
      const normalized = code.trim().toUpperCase() === 'DEFAULT' ? 'default' : code.trim().toUpperCase();
      const suggestion = RESPONSE_CODE.test(normalized) ? normalized : undefined;
      context.report({
        at: { node: child, part: 'key' },
        messageId: suggestion ? 'suggest' : 'invalid',
        data: { code, suggestion: suggestion ?? '' },
        fixes: suggestion ? [{ title: `Rename to "${suggestion}"`, edits: [renameKey(object.doc.parsed, child, suggestion)] }] : [],
      });
    }
  },
});
