import { OPENAPI_VERSIONS } from '../model/spec';
import { defineRule } from '../check/types';
import { isFreeTextValue } from '../check/shift';
import { ParameterUse, parameterKey, parameterUses } from '../model/operations';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'duplicate-parameter',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'The same (`name`, `in`) twice in one parameter list; header names compare case-insensitively.',
  spec: ['Operation Object', 'Path Item Object'],
  rationale:
    'The specification says a parameter list MUST NOT include duplicated parameters: two definitions of the same parameter contradict each other, and tools silently pick one.',
  messages: { duplicate: 'Parameter "{name}" (in: {in}) is already in this list: parameters with the same name and location are the same parameter.' },
  kinds: ['Operation', 'PathItem'],
  readsValue: (edited) => edited.kinds.includes('Parameter') && !isFreeTextValue(edited),
  checkObject(object, context) {
    const uses = parameterUses(object.node.get('parameters'), object.doc, context.analysis, object.kind === 'PathItem' ? 'path' : 'operation');
    const first = new Map<string, ParameterUse>();
    for (const use of uses) {
      if (use.name === undefined || use.in === undefined) continue;
      const key = parameterKey(use.name, use.in);
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, use);
        continue;
      }
      const anchor = (u: ParameterUse) => (u.parameter === u.item ? u.item.get('name')! : u.item.get('$ref') ?? u.item);
      const earlierAnchor = anchor(earlier);
      context.report({
        at: { node: anchor(use) },
        messageId: 'duplicate',
        data: { name: use.name, in: use.in },
        related: [{ doc: object.doc, offset: earlierAnchor.offset, length: earlierAnchor.length, message: `The first "${earlier.name}" parameter.` }],
        fixes: [removalFix('Remove the duplicate parameter', object.doc.parsed, use.item)],
      });
    }
  },
});
