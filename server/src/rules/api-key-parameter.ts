import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule, Fix } from '../check/types';
import { isFreeTextValue } from '../check/shift';
import { OpenApiObject } from '../model/analysis';
import { insertFirstMember, insertMember, removeNode, TextEdit } from '../syntax/edit';

/**
 * The parameter becomes an apiKey security scheme (named after it) and a requirement of its
 * operation: only for a parameter written in an operation's own list, of an operation that lists no
 * security yet (adding an alternative to a list would widen access).
 */
function schemeFix(object: OpenApiObject, name: string, location: string): Fix[] {
  const { node, doc } = object;
  const operation = object.parent;
  const root = doc.root;
  // Written in the operation's own list: a component parameter an operation (maybe in another
  // file) references is no place to edit the operation from.
  if (operation?.kind !== 'Operation' || operation.doc !== doc || node.parent !== operation.node.get('parameters') || operation.node.get('security') || root?.kind !== 'object') return [];
  const components = root.get('components');
  const schemes = components?.kind === 'object' ? components.get('securitySchemes') : undefined;
  const scheme = { type: 'apiKey', name, in: location };
  let schemeName = name.replace(/[^A-Za-z0-9._-]/g, '_');
  const existing = schemes?.kind === 'object' ? schemes.get(schemeName) : undefined;
  const same = existing?.kind === 'object' && existing.get('type')?.value === 'apiKey' && existing.get('name')?.value === name && existing.get('in')?.value === location;
  if (existing && !same) schemeName += '_key';
  const edits: TextEdit[] = [removeNode(doc.parsed, node)];
  if (!same) {
    if (schemes?.kind === 'object') edits.push(insertMember(doc.parsed, schemes, schemeName, scheme));
    else if (components?.kind === 'object' && !schemes) edits.push(insertMember(doc.parsed, components, 'securitySchemes', { [schemeName]: scheme }));
    else if (!components) edits.push(insertMember(doc.parsed, root, 'components', { securitySchemes: { [schemeName]: scheme } }));
    else return [];
  }
  edits.push(insertFirstMember(doc.parsed, operation.node, 'security', [{ [schemeName]: [] }]));
  return [{ title: `Describe it as the apiKey security scheme "${schemeName}" and require it`, edits, removes: [node] }];
}

const CREDENTIAL = /^(x[-_])?(api[-_]?key|apikey|access[-_]?token|auth[-_]?token|api[-_]?token|key|token|secret[-_]?key|client[-_]?secret)$/i;

export default defineRule({
  id: 'api-key-parameter',
  severity: 'information',
  pickedFixes: 'Moving a parameter into a security scheme changes who may call the operation (operation security replaces the root\'s, an optional parameter becomes a required credential), and the name alone does not prove it is a credential: the author decides.',
  versions: OPENAPI_VERSIONS,
  description: 'A query, cookie or header parameter that looks like a credential (`api_key`, `apikey`, `access_token`, `key`, `token`) belongs in `securitySchemes`.',
  spec: ['Security Scheme Object', 'Security Requirement Object'],
  rationale:
    'A credential described as an ordinary parameter is invisible to the tools that handle authentication: generated clients do not attach it for the user, and the documentation does not show the operation as secured.',
  messages: { credential: '"{name}" looks like a credential: describe it as an "apiKey" security scheme with "in: {in}" and require it with "security".' },
  kinds: ['Parameter'],
  // The fix reads the schemes of the root's `securitySchemes` by place: also one in a map the walk
  // does not take as schemes (a `$ref` beside its entries).
  readsValue: (edited) =>
    !isFreeTextValue(edited) &&
    (edited.kinds.some((kind) => kind === 'Parameter' || kind === 'SecurityScheme' || kind === 'SecurityRequirement') ||
      (edited.kinds.includes('Components') && edited.field === 'securitySchemes')),
  checkObject(object, context) {
    const name = object.node.get('name');
    const location = object.node.get('in')?.stringValue;
    if (name?.kind !== 'string' || !location || !['query', 'cookie', 'header'].includes(location)) return;
    const extra = (context.options.names as string[] | undefined) ?? [];
    const value = name.value as string;
    if (!CREDENTIAL.test(value) && !extra.some((n) => n.toLowerCase() === value.toLowerCase())) return;
    context.report({ at: { node: name }, messageId: 'credential', data: { name: value, in: location }, fixes: schemeFix(object, value, location) });
  },
});
