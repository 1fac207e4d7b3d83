import { insertMember, replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';
import { objectAnchor } from '../check/report';

const TYPES = ['apiKey', 'http', 'oauth2', 'openIdConnect'];
const FLOW_URLS: Record<string, string[]> = {
  implicit: ['authorizationUrl'],
  password: ['tokenUrl'],
  clientCredentials: ['tokenUrl'],
  authorizationCode: ['authorizationUrl', 'tokenUrl'],
};

export default defineRule({
  id: 'security-scheme-fields',
  severity: 'error',
  description: 'Security Scheme fields by type: `apiKey` needs `name` and `in` of `query header cookie`; `http` needs `scheme`; `oauth2` needs `flows` with each flow\'s URLs and `scopes`; `openIdConnect` needs `openIdConnectUrl`.',
  spec: ['Security Scheme Object', 'OAuth Flows Object', 'OAuth Flow Object'],
  rationale:
    'Each type of security scheme needs its own fields: without them clients cannot obtain or send the credential.',
  messages: {
    type: '"type: {type}" is not a security scheme type: use apiKey, http, oauth2 or openIdConnect.',
    typeSuggest: '"type: {type}" is not a security scheme type. Did you mean "{suggestion}"?',
    apiKeyIn: 'An "apiKey" scheme is sent "in: query", "header" or "cookie", not "{in}".',
    flowUrl: 'The "{flow}" flow needs "{field}".',
    noFlows: '"flows" must define at least one of implicit, password, clientCredentials, authorizationCode.',
  },
  kinds: ['SecurityScheme', 'OAuthFlows'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    if (object.kind === 'OAuthFlows') {
      if (!node.children!.some((c) => FLOW_URLS[String(c.key)])) context.report({ at: objectAnchor(node), messageId: 'noFlows' });
      for (const flow of node.children!) {
        const fields = FLOW_URLS[String(flow.key)];
        if (!fields || flow.kind !== 'object') continue;
        for (const field of fields) {
          if (flow.get(field)) continue;
          context.report({ at: { node: flow, part: 'key' }, messageId: 'flowUrl', data: { flow: String(flow.key), field }, fixes: [{ title: `Add "${field}"`, edits: [insertMember(doc.parsed, flow, field, '')] }] });
        }
      }
      return;
    }
    const type = node.get('type');
    if (type?.kind === 'string' && !TYPES.includes(type.value as string)) {
      const suggestion = closest(type.value as string, TYPES);
      context.report({
        at: { node: type },
        messageId: suggestion ? 'typeSuggest' : 'type',
        data: { type: String(type.value), suggestion: suggestion ?? '' },
        fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, type, suggestion)] }] : [],
      });
    }
    const location = node.get('in');
    if (type?.value === 'apiKey' && location?.kind === 'string' && !['query', 'header', 'cookie'].includes(location.value as string)) {
      context.report({ at: { node: location }, messageId: 'apiKeyIn', data: { in: String(location.value) } });
    }
  },
});
