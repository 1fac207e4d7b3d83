import { defineRule, Fix } from '../check/types';
import { OPENAPI_VERSIONS } from '../model/spec';
import { removalFix } from '../check/report';
import { renameKey } from '../syntax/edit';

const WITHOUT_BODY = new Set(['get', 'head', 'delete', 'options', 'trace']);
/** A body on HEAD (a GET without a response body) or TRACE (which must not have one) never meant a POST. */
const NEVER_A_POST = new Set(['head', 'trace']);

export default defineRule({
  id: 'request-body-method',
  severity: 'warning',
  description: '`requestBody` on GET, HEAD, DELETE, OPTIONS, TRACE.',
  spec: ['Operation Object'],
  rationale:
    'The specification supports requestBody only in methods where HTTP defines a body\'s meaning, and says it SHALL be ignored elsewhere: many servers and proxies drop it.',
  messages: {
    body: '{method} operations should not have a "requestBody": many servers and proxies drop the body of {method} requests. Send the data as parameters, or make the operation a POST.',
    noPost: '{method} operations should not have a "requestBody": many servers and proxies drop the body of {method} requests. Send the data as parameters.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 say `requestBody` is permitted on GET, HEAD and DELETE (3.2: GET and DELETE, where HTTP discourages content) but has no well-defined meaning there and SHOULD be avoided: the warning stands. On TRACE, HTTP forbids content; on OPTIONS, HTTP defines no use for it. The 3.2 `query` method has a body by design and is never reported, nor are the operations of `additionalOperations`.',
  kinds: ['Operation'],
  // Methods are keys; of the body, only whether it is there and not empty (a value typed at an
  // empty `requestBody:` changes its kind, which the edit planner checks again).
  readsValue: () => false,
  pickedFixes: 'Both fixes change the API as written (removing the body, or making the operation a POST): the author chooses.',
  checkObject(object, context) {
    const { node, doc } = object;
    const method = node.key;
    const body = node.get('requestBody');
    const pathItem = node.parent;
    // An empty `requestBody:` describes no body (field-type reports that it must be an object).
    if (!body || body.kind === 'null' || typeof method !== 'string' || !WITHOUT_BODY.has(method) || object.parent?.kind !== 'PathItem' || !pathItem) return;
    // Removing comes first, for fix-all: consumers ignore this body anyway, so the description
    // then says what they do; a different method changes what clients send.
    const fixes: Fix[] = [removalFix('Remove the "requestBody"', doc.parsed, body)];
    if (!NEVER_A_POST.has(method) && !pathItem.get('post')) {
      fixes.push({ title: 'Make this operation a POST, with its body', edits: [renameKey(doc.parsed, node, 'post')], claims: [`key:${pathItem.pointer}/post`] });
    }
    context.report({ at: { node: body, part: 'key' }, messageId: NEVER_A_POST.has(method) ? 'noPost' : 'body', data: { method: method.toUpperCase() }, fixes });
  },
});
