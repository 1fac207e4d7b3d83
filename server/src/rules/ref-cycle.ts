import { defineRule } from '../check/types';

/** References named in a message; a loop through a thousand files is summed up after these. */
const SHOWN = 8;

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
    // Report on references that are part of a loop, not on those that merely lead into it.
    const loop = context.analysis.loopAt(reference.holder);
    if (!loop) return;
    const names = loop.slice(0, SHOWN).map((r) => '"' + (r.parsed?.raw ?? '?') + '"');
    const chain = names.join(' -> ') + (loop.length > SHOWN ? ` -> ... (${loop.length} references in all)` : '');
    context.report({ at: { node: reference.refNode }, messageId: 'cycle', data: { chain } });
  },
});
