import { member } from '../engine';
import { serialization } from '../facts';
import { defineKind } from '../types';

export default defineKind({
  id: 'parameter-style-changed',
  level: 'breaking',
  description: 'A parameter is serialized differently: its `style` or `explode`, defaults included, changed.',
  rationale:
    'Clients keep writing the value the old way (`ids=1,2` where `ids=1&ids=2` is now expected): the API reads it wrong or rejects it.',
  messages: {
    style:
      'The {in} parameter "{name}" of {operation} is serialized differently ({before} became {after}): clients still send it the old way.',
  },
  sites: ['parameter'],
  compare(site, context) {
    const { base, new: next } = site;
    if (!base || !next || base.in !== next.in) return;
    const before = serialization(base);
    const after = serialization(next);
    if (before === after) return;
    const spot = (at: typeof base) => member(at, 'style') ?? member(at, 'explode') ?? at.use;
    context.report({
      messageId: 'style',
      data: { in: next.in, name: next.name, operation: site.label, before, after },
      base: spot(base),
      new: spot(next),
    });
  },
});
