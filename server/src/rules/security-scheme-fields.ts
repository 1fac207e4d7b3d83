import { OPENAPI_VERSIONS } from '../model/spec';
import { insertMember, replaceScalar } from '../syntax/edit';
import { defineRule } from '../check/types';
import { closest } from '../check/suggest';
import { objectAnchor, removalFix } from '../check/report';
import { lookupTable } from '../model/lookup';

const TYPES = ['apiKey', 'http', 'oauth2', 'openIdConnect'];
/** OpenAPI 3.1 added mutual TLS, a scheme with no fields of its own. */
const TYPES_31 = [...TYPES, 'mutualTLS'];
/** Fields of each type of scheme ("Applies To" in the text), besides type, description and extensions. */
const TYPE_FIELDS: Record<string, string[]> = lookupTable({
  apiKey: ['name', 'in'],
  http: ['scheme', 'bearerFormat'],
  oauth2: ['flows'],
  openIdConnect: ['openIdConnectUrl'],
});
const FLOW_FIELDS: Record<string, string[]> = lookupTable({
  implicit: ['authorizationUrl', 'refreshUrl', 'scopes'],
  password: ['tokenUrl', 'refreshUrl', 'scopes'],
  clientCredentials: ['tokenUrl', 'refreshUrl', 'scopes'],
  authorizationCode: ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes'],
});
const FLOW_URLS: Record<string, string[]> = lookupTable({
  implicit: ['authorizationUrl'],
  password: ['tokenUrl'],
  clientCredentials: ['tokenUrl'],
  authorizationCode: ['authorizationUrl', 'tokenUrl'],
});

// OpenAPI 3.2 added the device authorization flow (RFC 8628).
const FLOW_FIELDS_32: Record<string, string[]> = lookupTable({ ...FLOW_FIELDS, deviceAuthorization: ['deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes'] });
const FLOW_URLS_32: Record<string, string[]> = lookupTable({ ...FLOW_URLS, deviceAuthorization: ['deviceAuthorizationUrl', 'tokenUrl'] });

export default defineRule({
  id: 'security-scheme-fields',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 adds the `mutualTLS` type, which has no fields of its own. OpenAPI 3.2 adds the device authorization flow, which needs `deviceAuthorizationUrl` and `tokenUrl`.',
  description: 'Security Scheme fields by type: `apiKey` needs `name` and `in` of `query header cookie`; `http` needs `scheme`; `oauth2` needs `flows` with each flow\'s URLs and `scopes`; `openIdConnect` needs `openIdConnectUrl`. Fields of another type or flow (`scheme` on `apiKey`, `tokenUrl` on `implicit`, `bearerFormat` without `scheme: bearer`) are errors; `flows` without a flow is a warning.',
  spec: ['Security Scheme Object', 'OAuth Flows Object', 'OAuth Flow Object'],
  rationale:
    'Each type of security scheme needs its own fields: without them clients cannot obtain or send the credential.',
  messages: {
    type: '"type: {type}" is not a security scheme type: use {types}.',
    typeSuggest: '"type: {type}" is not a security scheme type. Did you mean "{suggestion}"?',
    apiKeyIn: 'An "apiKey" scheme is sent "in: query", "header" or "cookie", not "{in}".',
    flowUrl: 'The "{flow}" flow needs "{field}".',
    noFlows: '"flows" defines no flow: add one of implicit, password, clientCredentials, authorizationCode.',
    notForType: '"{field}" does not apply to a security scheme of type "{type}": it is for {owner}.',
    notForFlow: '"{field}" does not apply to the "{flow}" flow.',
    bearerFormat: '"bearerFormat" applies only to "scheme: bearer", not "{scheme}".',
  },
  kinds: ['SecurityScheme', 'OAuthFlows'],
  local: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const version = context.version ?? '3.0';
    const flowUrls = version === '3.2' ? FLOW_URLS_32 : FLOW_URLS;
    const flowFields = version === '3.2' ? FLOW_FIELDS_32 : FLOW_FIELDS;
    if (object.kind === 'OAuthFlows') {
      // Under a scheme of another known type, `flows` is no OAuth Flows Object: that it does not
      // apply is reported there, and what it holds is not judged as flows.
      const schemeType = node.parent?.get('type');
      if (schemeType?.kind === 'string' && schemeType.value !== 'oauth2' && (version === '3.0' ? TYPES : TYPES_31).includes(schemeType.value as string)) return;
      // An empty flows object is useless, but the text forbids it nowhere.
      if (!node.children!.some((c) => flowUrls[String(c.key)])) context.report({ at: objectAnchor(node), messageId: 'noFlows', severity: 'warning' });
      for (const flow of node.children!) {
        const fields = flowUrls[String(flow.key)];
        if (!fields || flow.kind !== 'object') continue;
        for (const member of flow.children!) {
          const key = String(member.key);
          if (flowFields[String(flow.key)].includes(key) || !Object.values(flowFields).some((f) => f.includes(key))) continue;
          context.report({ at: { node: member, part: 'key' }, messageId: 'notForFlow', data: { field: key, flow: String(flow.key) }, fixes: [removalFix(`Remove "${key}"`, doc.parsed, member)] });
        }
        for (const field of fields) {
          if (flow.get(field)) continue;
          context.report({ at: { node: flow, part: 'key' }, messageId: 'flowUrl', data: { flow: String(flow.key), field }, fixes: [{ title: `Add "${field}"`, edits: [insertMember(doc.parsed, flow, field, '')] }] });
        }
      }
      return;
    }
    const type = node.get('type');
    const types = (context.version ?? '3.0') === '3.0' ? TYPES : TYPES_31;
    if (type?.kind === 'string' && !types.includes(type.value as string)) {
      const suggestion = closest(type.value as string, types);
      context.report({
        at: { node: type },
        messageId: suggestion ? 'typeSuggest' : 'type',
        data: { type: String(type.value), suggestion: suggestion ?? '', types: `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}` },
        fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, type, suggestion)] }] : [],
      });
    }
    const own = type?.kind === 'string' ? TYPE_FIELDS[type.value as string] : undefined;
    for (const member of own ? node.children! : []) {
      const key = String(member.key);
      const owner = Object.keys(TYPE_FIELDS).find((t) => TYPE_FIELDS[t].includes(key));
      if (own!.includes(key) || !owner) continue;
      context.report({ at: { node: member, part: 'key' }, messageId: 'notForType', data: { field: key, type: String(type!.value), owner: `"${owner}"` }, fixes: [removalFix(`Remove "${key}"`, doc.parsed, member)] });
    }
    const scheme = node.get('scheme');
    const bearerFormat = node.get('bearerFormat');
    // Authentication schemes are case-insensitive (RFC 7235): "Bearer" is bearer.
    if (type?.value === 'http' && bearerFormat && scheme?.kind === 'string' && (scheme.value as string).toLowerCase() !== 'bearer') {
      context.report({ at: { node: bearerFormat, part: 'key' }, messageId: 'bearerFormat', data: { scheme: String(scheme.value) }, fixes: [removalFix('Remove "bearerFormat"', doc.parsed, bearerFormat)] });
    }
    const location = node.get('in');
    if (type?.value === 'apiKey' && location?.kind === 'string' && !['query', 'header', 'cookie'].includes(location.value as string)) {
      context.report({ at: { node: location }, messageId: 'apiKeyIn', data: { in: String(location.value) } });
    }
  },
});
