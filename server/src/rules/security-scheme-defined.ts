import { OPENAPI_VERSIONS } from '../model/spec';
import { renameKey } from '../syntax/edit';
import { defineRule } from '../check/types';
import { keyNames } from '../check/suggest';

export default defineRule({
  id: 'security-scheme-defined',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A name in a `security` requirement (root or operation) that is not in `components.securitySchemes`.',
  spec: ['Security Requirement Object'],
  rationale:
    'The specification says each name MUST correspond to a security scheme declared in components: otherwise clients cannot know how to authenticate.',
  messages: {
    undefined: 'Security scheme "{name}" is not defined in "components.securitySchemes".',
    suggest: 'Security scheme "{name}" is not defined in "components.securitySchemes". Did you mean "{suggestion}"?',
  },
  kinds: ['SecurityRequirement'],
  // Requirement names and scheme names are keys.
  readsValue: () => false,
  checkObject(object, context) {
    const schemes = context.analysis.root.root?.get('components')?.get('securitySchemes');
    const names = schemes?.kind === 'object' ? keyNames(schemes) : undefined;
    for (const entry of object.node.children!) {
      const name = String(entry.key);
      if (names?.has(name)) continue;
      const suggestion = names?.nearest(name);
      context.report({
        at: { node: entry, part: 'key' },
        messageId: suggestion ? 'suggest' : 'undefined',
        data: { name, suggestion: suggestion ?? '' },
        fixes: suggestion ? [{ title: `Rename to "${suggestion}"`, edits: [renameKey(object.doc.parsed, entry, suggestion)] }] : [],
      });
    }
  },
});
