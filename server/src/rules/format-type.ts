import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { replaceScalar } from '../syntax/edit';
import { lookupTable } from '../model/lookup';

const FORMAT_TYPES: Record<string, string[]> = lookupTable({
  int32: ['integer', 'number'], int64: ['integer', 'number'], float: ['number'], double: ['number'],
  date: ['string'], 'date-time': ['string'], uuid: ['string'], binary: ['string'], byte: ['string'], password: ['string'],
});

export default defineRule({
  id: 'format-type',
  severity: 'warning',
  description: 'A known format on the wrong type (`int32`/`int64` on non-integer, `date`, `date-time`, `uuid`, `binary`, `byte` on non-string); unknown formats are allowed.',
  spec: ['Data Types'],
  rationale:
    'A format refines only the type it is defined for: elsewhere tools ignore it, so the constraint the author meant is not applied.',
  messages: { wrong: '"format: {format}" applies to {types}, not to "type: {type}": it is ignored here.' },
  kinds: ['Schema'],
  members: ['format'],
  local: true,
  checkObject(object, context) {
    const format = object.node.get('format');
    const type = object.node.get('type')?.stringValue;
    const allowed = format?.kind === 'string' ? FORMAT_TYPES[format.value as string] : undefined;
    if (!allowed || !type || allowed.includes(type)) return;
    const fixes = [removalFix(`Remove "format: ${String(format!.value)}" (it has no effect here)`, object.doc.parsed, format!)];
    const typeNode = object.node.get('type')!;
    fixes.push({ title: `Change the type to "${allowed[0]}"`, edits: [replaceScalar(object.doc.parsed, typeNode, allowed[0])] });
    context.report({ at: { node: format! }, fixes, messageId: 'wrong', data: { format: String(format!.value), type, types: allowed.map((t) => `"${t}"`).join(' or ') } });
  },
});
