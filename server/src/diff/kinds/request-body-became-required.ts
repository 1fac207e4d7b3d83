import { member } from '../engine';
import { defineKind } from '../types';

export default defineKind({
  id: 'request-body-became-required',
  level: 'breaking',
  description: 'A request body is now `required: true`, or a required one was added.',
  rationale: 'Clients that call the operation without a body were right before; their requests are now rejected.',
  messages: {
    added: 'A required request body was added to {operation}: clients that send none are rejected.',
    required: 'The request body of {operation} is now required: clients that send none are rejected.',
  },
  sites: ['requestBody'],
  compare(site, context) {
    const { base, new: next } = site;
    if (site.direction !== 'request' || !next || next.node.get('required')?.value !== true) return;
    if (base?.node.get('required')?.value === true) return;
    const required = { ...member(next, 'required')!, part: 'value' as const };
    if (!base)
      context.report({
        messageId: 'added',
        data: { operation: site.label },
        base: { ...site.baseOperation, part: 'key' },
        new: required,
      });
    else
      context.report({
        messageId: 'required',
        data: { operation: site.label },
        base: member(base, 'required') ?? base,
        new: required,
      });
  },
});
