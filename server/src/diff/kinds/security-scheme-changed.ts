import { member } from '../engine';
import { At } from '../types';
import { defineKind } from '../types';

/** Fields of a Security Scheme that say what clients send and where. */
const FIELDS = ['type', 'in', 'name', 'scheme', 'bearerFormat', 'openIdConnectUrl'];
const FLOW_URLS = ['authorizationUrl', 'tokenUrl'];

export default defineKind({
  id: 'security-scheme-changed',
  level: 'breaking',
  description:
    'A security scheme changed what clients send or where: its type, the name or place of an API key, the HTTP scheme, the OpenID Connect URL, an OAuth flow or its URLs.',
  rationale:
    'Clients send their credentials the way the scheme said: the API no longer finds them, or clients ask the wrong server for tokens.',
  messages: {
    field:
      'The security scheme "{name}" changed its {field} from {before} to {after}: clients send credentials the old way.',
    flow: 'The security scheme "{name}" no longer has the OAuth flow {flow}: clients that get tokens through it are refused.',
  },
  sites: ['securityScheme'],
  compare(site, context) {
    const { base, new: next, name } = site;
    const compareField = (b: At, n: At, field: string, label = field) => {
      const before = member(b, field);
      const after = member(n, field);
      if (!before && !after) return;
      const value = (at: At | undefined) => (at ? JSON.stringify(at.node.toValue()) : 'nothing');
      if (value(before) === value(after)) return;
      context.report({
        messageId: 'field',
        data: { name, field: label, before: value(before), after: value(after) },
        base: before ? { ...before, part: 'value' } : b,
        new: after ? { ...after, part: 'value' } : n,
      });
    };
    for (const field of FIELDS) {
      if (field === 'name' || field === 'in') {
        if (base.node.get('type')?.value === 'apiKey' && next.node.get('type')?.value === 'apiKey')
          compareField(base, next, field);
      } else compareField(base, next, field);
    }
    const baseFlows = member(base, 'flows');
    const newFlows = member(next, 'flows');
    if (baseFlows?.node.kind !== 'object') return;
    for (const flow of baseFlows.node.children!) {
      const flowAt = { node: flow, doc: baseFlows.doc };
      const match = newFlows && member(newFlows, String(flow.key));
      if (!match) {
        context.report({
          messageId: 'flow',
          data: { name, flow: String(flow.key) },
          base: { ...flowAt, part: 'key' },
          new: newFlows ?? next,
        });
        continue;
      }
      for (const url of FLOW_URLS) compareField(flowAt, match, url, `${flow.key} ${url}`);
    }
  },
});
