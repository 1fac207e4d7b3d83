import { defineRule } from '../check/types';

export default defineRule({
  id: 'ref-cycle',
  severity: 'error',
  description: 'A `$ref` chain that loops without passing through a Schema (Parameter -> Parameter -> ...); recursive Schemas are legal.',
  spec: ['Reference Object'],
  rationale:
    'A chain of references that comes back to itself never reaches the object it stands for: tools loop or give up.',
  messages: { cycle: 'This "$ref" never reaches an object: the chain {chain} loops back on itself.' },
  checkReference(reference, context) {
    if (!reference.allowed || reference.expected === 'PathItem') return;
    const resolved = context.analysis.resolve(reference.holder, reference.doc);
    if (!resolved.cycle) return;
    // Report on references that are part of the loop (the chain comes back to them), not on
    // those that merely lead into it.
    if (resolved.chain[resolved.chain.length - 1]?.target?.node !== reference.holder) return;
    const names = resolved.chain.map((r) => r.parsed?.raw ?? '?');
    context.report({ at: { node: reference.refNode }, messageId: 'cycle', data: { chain: names.map((n) => '"' + n + '"').join(' -> ') } });
  },
});
