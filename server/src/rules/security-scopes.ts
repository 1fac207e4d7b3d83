import { defineRule, Fix } from '../check/types';
import { insertMember, replaceNode, replaceScalar } from '../syntax/edit';
import { removalFix } from '../check/report';
import { NameIndex } from '../check/suggest';
import { OPENAPI_VERSIONS } from '../model/spec';

export default defineRule({
  id: 'security-scopes',
  severity: 'error',
  description: 'A non-empty scope list for an `apiKey` or `http` scheme (error); a scope that no flow of the oauth2 scheme declares (warning). The fixes of an undeclared scope (the scope spelled alike, declaring it, removing it) are applied only when picked, never by Fix all or `--fix`: which permission an operation asks for is the author\'s to decide.',
  spec: ['Security Requirement Object', 'OAuth Flow Object'],
  rationale:
    'The specification says the list MUST be empty for schemes other than oauth2 and openIdConnect; a scope no flow declares cannot be requested from the authorization server.',
  messages: {
    undeclared: 'Scope "{scope}" is not declared in any flow of the "{scheme}" scheme.',
    suggest: 'Scope "{scope}" is not declared in any flow of the "{scheme}" scheme. Did you mean "{suggestion}"?',
    notOauth: 'Scheme "{scheme}" is of type "{type}", which has no scopes: its list in a security requirement must be empty.',
  },
  kinds: ['SecurityRequirement'],
  versions: OPENAPI_VERSIONS,
  versionNote: 'In 3.1 and 3.2 the list of a scheme other than oauth2 and openIdConnect may name roles: only 3.0 requires it empty. A scope no flow of an oauth2 scheme declares is reported in every version.',
  // The scopes listed, the scheme's `type`, and the scopes each member of `flows` declares (keys,
  // added or removed), under a flow's name or under a misspelled one (`implicit` typed). A scheme
  // in a map the walk does not take as one (a `$ref` beside its entries) is no SecurityScheme
  // object, but its `type` is read.
  readsValue: ({ kinds, field }) =>
    kinds.includes('SecurityRequirement') || kinds.includes('OAuthFlows') || (kinds.includes('Components') && field === 'securitySchemes') ||
    (kinds.includes('SecurityScheme') && (field === 'type' || field === 'flows')) || (kinds.includes('OAuthFlow') && field === 'scopes'),
  checkObject(object, context) {
    const { analysis } = context;
    const schemes = analysis.root.root?.get('components')?.get('securitySchemes');
    if (schemes?.kind !== 'object') return;
    const parsed = object.doc.parsed;
    for (const entry of object.node.children!) {
      if (entry.kind !== 'array' || entry.children!.length === 0) continue;
      const holder = schemes.get(String(entry.key));
      const target = holder ? analysis.resolve(holder, analysis.root).target : undefined;
      const scheme = target?.node;
      const type = scheme?.kind === 'object' ? scheme.get('type')?.stringValue : undefined;
      if (type === 'apiKey' || type === 'http') {
        // 3.1 and 3.2: "the array MAY contain a list of role names" for these schemes.
        if (context.version !== '3.0') continue;
        context.report({ at: { node: entry }, messageId: 'notOauth', data: { type, scheme: String(entry.key) }, fixes: [{ title: 'Empty the list', edits: [replaceNode(entry, '[]')] }] });
      } else if (type === 'oauth2') {
        const declared = new Set<string>();
        const flows = scheme!.get('flows');
        const scopeMaps = (flows?.kind === 'object' ? flows.children! : []).map((flow) => (flow.kind === 'object' ? flow.get('scopes') : undefined));
        for (const scopes of scopeMaps) for (const scope of scopes?.kind === 'object' ? scopes.children! : []) declared.add(String(scope.key));
        // Declaring the scope keeps the requirement as written; removing it would weaken it.
        const firstScopes = scopeMaps.find((m) => m?.kind === 'object');
        const canDeclare = firstScopes && target!.doc === object.doc;
        let pointer: string | undefined; // once, not per scope
        // Once per list, not per scope: a list of thousands against thousands of declared scopes.
        let declaredIndex: NameIndex | undefined;
        let listedHere: Set<unknown> | undefined;
        let listPointer: string | undefined;

        for (const scope of entry.children!) {
          if (scope.kind !== 'string' || declared.has(scope.value as string)) continue;
          const name = scope.value as string;
          const fixes: Fix[] = [];
          // A declared scope spelled alike is the one meant: declaring the misspelling would keep it.
          const meant = (declaredIndex ??= new NameIndex(declared)).nearest(name);
          const listed = meant !== undefined && (listedHere ??= new Set(entry.children!.map((s) => s.value))).has(meant);
          if (meant !== undefined && !listed) {
            // Two misspellings of one scope become it once.
            const claims = [`scope-item:${(listPointer ??= entry.pointer)}/${meant}`];
            fixes.push({ title: `Change to "${meant}"`, edits: [replaceScalar(parsed, scope, meant)], claims });
          }
          if (canDeclare) fixes.push({ title: `Declare the scope "${name}" in the "${String(firstScopes!.parent!.key)}" flow`, edits: [insertMember(parsed, firstScopes!, name, '')], claims: [`scope:${(pointer ??= firstScopes!.pointer)}/${name}`] });
          if (entry.children!.length > 1) fixes.push(removalFix(`Remove the scope "${name}"`, parsed, scope));
          // Listed already under its right name, the misspelling is a second copy: removing it comes first.
          if (listed && entry.children!.length > 1) fixes.unshift(fixes.pop()!);
          context.report({
            at: { node: scope },
            messageId: meant !== undefined ? 'suggest' : 'undeclared',
            severity: 'warning',
            data: { scope: name, scheme: String(entry.key), suggestion: meant ?? '' },
            // Each changes the permission the operation asks for (a name spelled alike may be
            // another permission: goals:write is not roles:write), or what the scheme grants.
            fixes: fixes.map((fix) => ({ ...fix, picked: true })),
          });
        }
      }
    }
  },
});
