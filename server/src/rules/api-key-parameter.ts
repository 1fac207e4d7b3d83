import { defineRule } from '../check/types';

const CREDENTIAL = /^(x[-_])?(api[-_]?key|apikey|access[-_]?token|auth[-_]?token|api[-_]?token|key|token|secret[-_]?key|client[-_]?secret)$/i;

export default defineRule({
  id: 'api-key-parameter',
  severity: 'information',
  description: 'A query, cookie or header parameter that looks like a credential (`api_key`, `apikey`, `access_token`, `key`, `token`) belongs in `securitySchemes`.',
  spec: ['Security Scheme Object', 'Security Requirement Object'],
  rationale:
    'A credential described as an ordinary parameter is invisible to the tools that handle authentication: generated clients do not attach it for the user, and the documentation does not show the operation as secured.',
  messages: { credential: '"{name}" looks like a credential: describe it as an "apiKey" security scheme with "in: {in}" and require it with "security".' },
  kinds: ['Parameter'],
  local: true,
  checkObject(object, context) {
    const name = object.node.get('name');
    const location = object.node.get('in')?.stringValue;
    if (name?.kind !== 'string' || !location || !['query', 'cookie', 'header'].includes(location)) return;
    const extra = (context.options.names as string[] | undefined) ?? [];
    const value = name.value as string;
    if (!CREDENTIAL.test(value) && !extra.some((n) => n.toLowerCase() === value.toLowerCase())) return;
    context.report({ at: { node: name }, messageId: 'credential', data: { name: value, in: location } });
  },
});
