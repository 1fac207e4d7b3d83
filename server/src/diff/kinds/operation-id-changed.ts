import { member } from '../engine';
import { defineKind } from '../types';

export default defineKind({
  id: 'operation-id-changed',
  level: 'breaking',
  description: "An operation's `operationId` changed or was removed.",
  rationale:
    'Requests on the wire stay the same, but client generators name the method that calls the operation after its ' +
    'operationId: code written against the generated client stops compiling, and links that name the operationId break.',
  messages: {
    changed:
      'The operationId of {operation} changed from "{before}" to "{after}": generated clients rename the method that calls it.',
    removed:
      'The operationId "{before}" of {operation} was removed: generated clients rename the method that calls it.',
  },
  sites: ['operation'],
  compare(site, context) {
    if (!site.base || !site.new) return;
    const before = member(site.base, 'operationId');
    const after = member(site.new, 'operationId');
    if (before?.node.kind !== 'string' || before.node.value === after?.node.value) return;
    const data = { operation: site.label, before: String(before.node.value), after: String(after?.node.value ?? '') };
    const base = { ...before, part: 'value' as const };
    if (after?.node.kind === 'string')
      context.report({ messageId: 'changed', data, base, new: { ...after, part: 'value' } });
    else context.report({ messageId: 'removed', data, base, new: { ...site.new, part: 'key' } });
  },
});
