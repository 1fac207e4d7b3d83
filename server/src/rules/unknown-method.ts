import { httpMethodsOf, OPENAPI_VERSIONS, specOf } from '../model/spec';
import { renameKey } from '../syntax/edit';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';

export default defineRule({
  id: 'unknown-method',
  severity: 'error',
  description: 'A Path Item key that is no method and no Path Item field (`connect`, `GET`, `delet`).',
  spec: ['Path Item Object'],
  rationale:
    'A Path Item holds only the HTTP methods of its version (eight in OpenAPI 3.0 and 3.1, and `query` in 3.2, which names any other method under `additionalOperations`) and its own fields: any other key is ignored, so the operation it holds is lost.',
  messages: {
    unknown: '"{key}" is not an HTTP method of OpenAPI {version} nor a Path Item field: methods are {methods}.',
    suggest: '"{key}" is not an HTTP method of OpenAPI {version} nor a Path Item field. Did you mean "{suggestion}"?',
    query: '"query" is a method of OpenAPI 3.2, not of OpenAPI {version}: set "openapi" to a 3.2 version to use it.',
    fixedMethod: '"{key}" has a field of its own in a Path Item: write the operation as "{method}", not under "additionalOperations".',
    additional: '"additionalOperations" is a field of OpenAPI 3.2, not of OpenAPI {version}: set "openapi" to a 3.2 version to use it.',
  },
  kinds: ['PathItem'],
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.0 and 3.1: the eight methods. OpenAPI 3.2: `query` too, and any other method under `additionalOperations`; in an earlier version those two keys are reported as fields of 3.2.',
  local: true,
  checkObject(object, context) {
    const version = context.version ?? '3.0';
    const fields = specOf('PathItem', version).fields;
    const additional = version === '3.2' ? object.node.get('additionalOperations') : undefined;
    // 3.2: the map MUST NOT hold a method that has a field of its own (no POST entry: `post` is for it).
    for (const entry of additional?.kind === 'object' ? additional.children! : []) {
      const method = String(entry.key).toLowerCase();
      if (!httpMethodsOf(version).includes(method)) continue;
      context.report({ at: { node: entry, part: 'key' }, messageId: 'fixedMethod', data: { key: String(entry.key), method } });
    }
    for (const child of object.node.children!) {
      const key = String(child.key);
      if (fields.has(key) || key.startsWith('x-')) continue;
      if (key === 'query' || key === 'additionalOperations') {
        context.report({ at: { node: child, part: 'key' }, messageId: key === 'query' ? 'query' : 'additional', data: { version } });
        continue;
      }
      const candidates = [...fields.keys()].filter((f) => f !== '$ref' && !object.node.get(f));
      const suggestion = closest(key, candidates);
      context.report({
        at: { node: child, part: 'key' },
        messageId: suggestion ? 'suggest' : 'unknown',
        data: { key, version, suggestion: suggestion ?? '', methods: httpMethodsOf(version).join(', ') },
        fixes: suggestion ? [{ title: `Rename to "${suggestion}"`, edits: [renameKey(object.doc.parsed, child, suggestion)] }] : [],
      });
    }
  },
});
