import { OPENAPI_VERSIONS } from '../model/spec';
import { insertMember } from '../syntax/edit';
import { defineRule } from '../check/types';

export default defineRule({
  id: 'unauthorized-response',
  severity: 'information',
  versions: OPENAPI_VERSIONS,
  offByDefault: true,
  description: 'A secured operation without a `401` (or `4XX`/`default`) response.',
  spec: ['Responses Object', 'Security Requirement Object'],
  rationale:
    'Clients of a secured operation must handle missing or invalid credentials: documenting the 401 response tells them how.',
  messages: { missing: 'This operation requires authorization but documents no "401" response for missing or invalid credentials.' },
  kinds: ['Operation'],
  // Whether requirements are listed, and the status codes, which are keys.
  readsValue: () => false,
  checkObject(object, context) {
    const { node, doc } = object;
    const security = node.get('security') ?? context.analysis.root.root?.get('security');
    // No requirement, or an empty one (`{}`), means anonymous access is allowed.
    if (security?.kind !== 'array' || security.children!.length === 0 || security.children!.some((r) => r.kind === 'object' && r.children!.length === 0)) return;
    const responses = node.get('responses');
    if (responses?.kind !== 'object') return;
    if (responses.children!.some((c) => ['401', '4XX', 'default'].includes(String(c.key)))) return;
    context.report({ at: { node: responses, part: 'key' }, messageId: 'missing', fixes: [{ title: "Add a '401' response", edits: [insertMember(doc.parsed, responses, '401', { description: 'Unauthorized' })] }] });
  },
});
