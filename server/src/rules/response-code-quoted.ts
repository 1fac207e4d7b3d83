import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'response-code-quoted',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A YAML status code key that is not quoted: `200:` is an integer key, not a string.',
  spec: ['Responses Object', 'Format'],
  rationale:
    'The specification says status codes MUST be enclosed in quotation marks, for compatibility between JSON and YAML: unquoted, YAML reads an integer key, which some tools do not match.',
  messages: { unquoted: 'Quote the status code: YAML reads {code} as an integer, and OpenAPI requires status codes in quotes.' },
  kinds: ['Responses'],
  local: true,
  checkObject(object, context) {
    if (object.doc.format !== 'yaml') return;
    for (const child of object.node.children!) {
      if (child.keyKind !== 'number') continue;
      const source = object.doc.source.slice(child.keyOffset, child.keyOffset + child.keyLength);
      context.report({
        at: { node: child, part: 'key' },
        messageId: 'unquoted',
        data: { code: source },
        fixes: [{ title: `Quote as '${source}'`, edits: [{ offset: child.keyOffset, length: child.keyLength, newText: `'${source}'` }] }],
      });
    }
  },
});
