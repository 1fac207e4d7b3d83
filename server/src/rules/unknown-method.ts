import { httpMethodsOf, OPENAPI_VERSIONS, OpenApiVersion, specOf } from '../model/spec';
import { renameKey } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';

/** Fields of an Operation that a Path Item does not have: one of them shows a Path Item is an Operation. */
const OPERATION_ONLY_FIELDS = ['operationId', 'requestBody', 'responses', 'callbacks', 'deprecated', 'security', 'tags', 'externalDocs'];

/** Whether a Path Item has a method for its key and an Operation's fields: an operation one level too high. */
function isOperationKeyedByMethod(pathItem: SyntaxNode, version: OpenApiVersion): boolean {
  if (!httpMethodsOf(version).includes(String(pathItem.key))) return false;
  return OPERATION_ONLY_FIELDS.some((field) => pathItem.get(field) !== undefined);
}

export default defineRule({
  id: 'unknown-method',
  severity: 'error',
  description: 'A Path Item key that is no method and no Path Item field (`connect`, `GET`, `delet`). An operation written where its Path Item belongs (a callback `onEvent: {post: {...}}` without the expression of the URL) is one finding on its method, not one per field.',
  spec: ['Path Item Object'],
  rationale:
    'A Path Item holds only the HTTP methods of its version (eight in OpenAPI 3.0 and 3.1, and `query` in 3.2, which names any other method under `additionalOperations`) and its own fields: any other key is ignored, so the operation it holds is lost.',
  messages: {
    unknown: '"{key}" is not an HTTP method of OpenAPI {version} nor a Path Item field: methods are {methods}.',
    suggest: '"{key}" is not an HTTP method of OpenAPI {version} nor a Path Item field. Did you mean "{suggestion}"?',
    query: '"query" is a method of OpenAPI 3.2, not of OpenAPI {version}: set "openapi" to a 3.2 version to use it.',
    fixedMethod: '"{key}" has a field of its own in a Path Item: write the operation as "{method}", not under "additionalOperations".',
    additional: '"additionalOperations" is a field of OpenAPI 3.2, not of OpenAPI {version}: set "openapi" to a 3.2 version to use it.',
    methodAsPathItem: '"{key}" is an HTTP method, but it stands where the key of a Path Item belongs (a path, the expression of a callback\'s URL such as "{$request.body#/callbackUrl}", or a webhook\'s name): put "{key}" and its operation under one.',
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
    // An operation written directly under a callback's name (`onEvent: {post: {...}}`), or a
    // webhook's, or in `paths`: the method stands where the Path Item's key goes, and its
    // operation's fields would each be reported as no method.
    if (isOperationKeyedByMethod(object.node, version)) {
      context.report({ at: { node: object.node, part: 'key' }, messageId: 'methodAsPathItem', data: { key: String(object.node.key) } });
      return;
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
