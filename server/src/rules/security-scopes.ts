import { defineRule } from '../check/types';

export default defineRule({
  id: 'security-scopes',
  severity: 'error',
  description: 'Scopes not declared by the oauth2 scheme\'s flows; a non-empty scope list for `apiKey`/`http`.',
  spec: ['Security Requirement Object', 'OAuth Flow Object'],
  rationale:
    'The specification says the list MUST be empty for schemes other than oauth2 and openIdConnect; a scope no flow declares cannot be requested from the authorization server.',
  messages: {
    undeclared: 'Scope "{scope}" is not declared in any flow of the "{scheme}" scheme.',
    notOauth: 'Scheme "{scheme}" is of type "{type}", which has no scopes: its list in a security requirement must be empty.',
  },
  kinds: ['SecurityRequirement'],
  checkObject(object, context) {
    const schemes = context.analysis.root.root?.get('components')?.get('securitySchemes');
    if (schemes?.kind !== 'object') return;
    for (const entry of object.node.children!) {
      if (entry.kind !== 'array' || entry.children!.length === 0) continue;
      const holder = schemes.get(String(entry.key));
      const scheme = holder ? context.analysis.resolve(holder, context.analysis.root).target?.node : undefined;
      const type = scheme?.kind === 'object' ? scheme.get('type')?.stringValue : undefined;
      if (type === 'apiKey' || type === 'http') {
        context.report({ at: { node: entry }, messageId: 'notOauth', data: { type, scheme: String(entry.key) } });
      } else if (type === 'oauth2') {
        const declared = new Set<string>();
        const flows = scheme!.get('flows');
        for (const flow of flows?.kind === 'object' ? flows.children! : []) {
          const scopes = flow.kind === 'object' ? flow.get('scopes') : undefined;
          for (const scope of scopes?.kind === 'object' ? scopes.children! : []) declared.add(String(scope.key));
        }
        for (const scope of entry.children!) {
          if (scope.kind === 'string' && !declared.has(scope.value as string)) context.report({ at: { node: scope }, messageId: 'undeclared', data: { scope: scope.value as string, scheme: String(entry.key) } });
        }
      }
    }
  },
});
