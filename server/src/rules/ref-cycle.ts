import { OPENAPI_VERSIONS } from '../model/spec';
import { MAX_QUOTED_TEXT } from '../check/report';
import { defineRule } from '../check/types';
import { loopFrom } from '../model/analysis';

/** References named in a message; a loop through a thousand files is summed up after these. */
const SHOWN = 8;

export default defineRule({
  id: 'ref-cycle',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'A `$ref` chain that loops without passing through a Schema (Parameter -> Parameter -> ...); recursive Schemas are legal.',
  spec: ['Reference Object'],
  rationale:
    'A chain of references that comes back to itself never reaches the object it stands for: tools loop or give up.',
  messages: {
    cycle: 'This "$ref" never reaches an object: the chain {chain} loops back on itself.',
    longCycle: 'This "$ref" never reaches an object: the chain {chain} -> ... ({count} references in all) loops back on itself.',
  },
  checkReference(reference, context) {
    if (!reference.allowed || reference.expected === 'PathItem') return;
    // Report on references that are part of a loop, not on those that merely lead into it.
    const place = context.analysis.loopAt(reference.holder);
    if (!place) return;
    // As many names as a quoted text holds, so the count after them is never cut off.
    const names: string[] = [];
    let length = 0;
    for (const link of loopFrom(place, SHOWN)) {
      const name = `"${link.parsed?.raw ?? '?'}"`;
      length += (names.length > 0 ? ' -> '.length : 0) + name.length;
      if (names.length > 0 && length > MAX_QUOTED_TEXT) break;
      names.push(name);
    }
    const chain = names.join(' -> ');
    const count = place.loop.length;
    if (names.length === count) context.report({ at: { node: reference.refNode }, messageId: 'cycle', data: { chain } });
    else context.report({ at: { node: reference.refNode }, messageId: 'longCycle', data: { chain, count } });
  },
});
