import { renameKey } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'path-leading-slash',
  severity: 'error',
  description: 'A path key that does not start with `/` (§4.1).',
  messages: { missing: 'Path `{path}` must start with `/` (§4.1): paths are relative to the server URL.' },
  kinds: ['Paths'],
  local: true,
  checkObject(object, context) {
    for (const child of object.node.children!) {
      const key = String(child.key);
      if (key.startsWith('/') || key.startsWith('x-')) continue;
      context.report({
        at: { node: child, part: 'key' },
        messageId: 'missing',
        data: { path: key },
        fixes: [{ title: `Rename to \`/${key}\``, edits: [renameKey(object.doc.parsed, child, '/' + key)] }],
      });
    }
  },
});
