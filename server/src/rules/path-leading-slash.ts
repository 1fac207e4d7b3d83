import { OPENAPI_VERSIONS } from '../model/spec';
import { renameKey } from '../syntax/edit';
import { eachMember } from '../check/member-steps';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'path-leading-slash',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A path key that does not start with `/`.',
  spec: ['Paths Object'],
  rationale:
    'The specification says a path MUST begin with a forward slash: the path is appended to the server URL, so without it the URL is wrong.',
  messages: { missing: 'Path "{path}" must start with "/": paths are relative to the server URL.' },
  kinds: ['Paths'],
  local: true,
  checkObject(object, context) {
    return eachMember(object, context, (child) => {
      const key = String(child.key);
      if (key.startsWith('/') || key.startsWith('x-')) return;
      context.report({
        at: { node: child, part: 'key' },
        messageId: 'missing',
        data: { path: key },
        fixes: [{ title: `Rename to "/${key}"`, edits: [renameKey(object.doc.parsed, child, '/' + key)] }],
      });
    });
  },
});
