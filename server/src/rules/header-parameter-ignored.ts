import { OPENAPI_VERSIONS } from '../model/spec';
import { OpenApiObject } from '../model/analysis';
import { insertFirstMember, insertMember, removeNode, TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { Fix, defineRule } from '../check/types';
import { removalFix } from '../check/report';

const IGNORED = ['accept', 'content-type', 'authorization'];

/** Edits that describe Bearer authorization properly: an `http` scheme and a requirement on the operation. */
function bearerEdits(object: OpenApiObject, operation: SyntaxNode): TextEdit[] | undefined {
  const parsed = object.doc.parsed;
  const root = object.doc.root;
  if (root?.kind !== 'object') return undefined;
  const components = root.get('components');
  const schemes = components?.kind === 'object' ? components.get('securitySchemes') : undefined;
  let name = 'bearerAuth';
  const existing = schemes?.kind === 'object' ? schemes.get(name) : undefined;
  const isBearer = existing?.kind === 'object' && existing.get('type')?.value === 'http' && String(existing.get('scheme')?.value).toLowerCase() === 'bearer';
  if (existing && !isBearer) name = 'bearerAuth2';
  const scheme = { type: 'http', scheme: 'bearer' };
  const edits: TextEdit[] = [];
  if (!isBearer) {
    if (schemes?.kind === 'object') edits.push(insertMember(parsed, schemes, name, scheme));
    else if (components?.kind === 'object') edits.push(insertMember(parsed, components, 'securitySchemes', { [name]: scheme }));
    else if (!components) edits.push(insertMember(parsed, root, 'components', { securitySchemes: { [name]: scheme } }));
    else return undefined;
  }
  // An operation that already lists requirements keeps them: adding one would widen access.
  if (!operation.get('security')) edits.push(insertFirstMember(parsed, operation, 'security', [{ [name]: [] }]));
  return edits;
}

/**
 * Whether a value is the `type` or `scheme` of `components.securitySchemes.bearerAuth`, which
 * bearerEdits reads in the parameter's document (whether or not the analysis reached it there).
 */
function inBearerScheme(node: SyntaxNode): boolean {
  if (node.key !== 'type' && node.key !== 'scheme') return false;
  const scheme = node.parent;
  const schemes = scheme?.parent;
  const components = schemes?.parent;
  const inRoot = components?.key === 'components' && components.parent?.parent === undefined;
  return scheme?.key === 'bearerAuth' && schemes?.key === 'securitySchemes' && inRoot;
}

export default defineRule({
  id: 'header-parameter-ignored',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  description: 'A header parameter named `Accept`, `Content-Type` or `Authorization` (any letter case) is ignored.',
  spec: ['Parameter Object'],
  rationale:
    'The specification says these header parameters SHALL be ignored: what they describe is lost, because content types and authorization have their own fields.',
  messages: {
    contentType: 'A header parameter named "{name}" is ignored: media types are described by "requestBody.content" and each response\'s "content".',
    authorization: 'A header parameter named "{name}" is ignored: describe authorization with "securitySchemes" and "security".',
  },
  kinds: ['Parameter'],
  // `in` and `name`, and what the fix reads of a `bearerAuth` scheme.
  readsValue: ({ kinds, field, node }) =>
    (kinds.includes('Parameter') && (field === 'in' || field === 'name')) || inBearerScheme(node),
  checkObject(object, context) {
    const { node } = object;
    const name = node.get('name');
    if (node.get('in')?.value !== 'header' || name?.kind !== 'string' || !IGNORED.includes((name.value as string).toLowerCase())) return;
    const isAuthorization = (name.value as string).toLowerCase() === 'authorization';
    const fixes: Fix[] = [];
    // Fixes edit the list the parameter is written in; a shared component keeps its other uses.
    // The list of the object it was reached from: one a `$ref` leads to, maybe in another file, is
    // no place to edit that object from.
    const inList = node.parent?.kind === 'array' && object.parent && (object.parent.kind === 'Operation' || object.parent.kind === 'PathItem') &&
      object.parent.doc === object.doc && node.parent === object.parent.node.get('parameters');
    if (inList) {
      fixes.push(removalFix(`Remove the "${String(name.value)}" parameter`, object.doc.parsed, node));
      if (isAuthorization && object.parent!.kind === 'Operation') {
        const edits = bearerEdits(object, object.parent!.node);
        if (edits) fixes.push({ title: 'Replace with an "http" bearer security scheme and a "security" requirement', edits: [removeNode(object.doc.parsed, node), ...edits], removes: [node] });
      }
    }
    context.report({ at: { node: name }, messageId: isAuthorization ? 'authorization' : 'contentType', data: { name: String(name.value) }, fixes });
  },
});
