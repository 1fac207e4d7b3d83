import { HTTP_METHODS, specOf } from '../model/spec';
import { renameKey } from '../syntax/edit';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';

export default defineRule({
  id: 'unknown-method',
  severity: 'error',
  description: 'A Path Item key that is no method and no Path Item field (`connect`, `GET`, `delet`).',
  spec: ['Path Item Object'],
  rationale:
    'A Path Item holds only the eight HTTP methods of OpenAPI 3.0 and its own fields: any other key is ignored, so the operation it holds is lost.',
  messages: {
    unknown: '"{key}" is not an HTTP method of OpenAPI 3.0 nor a Path Item field: methods are {methods}.',
    suggest: '"{key}" is not an HTTP method of OpenAPI 3.0 nor a Path Item field. Did you mean "{suggestion}"?',
  },
  kinds: ['PathItem'],
  local: true,
  checkObject(object, context) {
    const fields = specOf('PathItem').fields;
    for (const child of object.node.children!) {
      const key = String(child.key);
      if (fields.has(key) || key.startsWith('x-')) continue;
      const candidates = [...fields.keys()].filter((f) => f !== '$ref' && !object.node.get(f));
      const suggestion = closest(key, candidates);
      context.report({
        at: { node: child, part: 'key' },
        messageId: suggestion ? 'suggest' : 'unknown',
        data: { key, suggestion: suggestion ?? '', methods: HTTP_METHODS.join(', ') },
        fixes: suggestion ? [{ title: `Rename to "${suggestion}"`, edits: [renameKey(object.doc.parsed, child, suggestion)] }] : [],
      });
    }
  },
});
