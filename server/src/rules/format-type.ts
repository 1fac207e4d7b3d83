import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { replaceScalar } from '../syntax/edit';
import { lookupTable } from '../model/lookup';
import { OPENAPI_VERSIONS } from '../model/spec';

const FORMAT_TYPES: Record<string, string[]> = lookupTable({
  int32: ['integer', 'number'], int64: ['integer', 'number'], float: ['number'], double: ['number'],
  date: ['string'], 'date-time': ['string'], uuid: ['string'], binary: ['string'], byte: ['string'], password: ['string'],
});
/** 3.1 and 3.2 define int32, int64, float and double for numbers, and integers are numbers in their data model. */
const FORMAT_TYPES_2020: Record<string, string[]> = lookupTable({
  ...FORMAT_TYPES, int32: ['integer', 'number'], int64: ['integer', 'number'], float: ['integer', 'number'], double: ['integer', 'number'],
});

export default defineRule({
  id: 'format-type',
  severity: 'warning',
  pickedFixes: 'Which is meant, the type or the format, is for the author to say: a 64-bit integer sent as a string (`type: string, format: int64`) is a common convention.',
  description: 'A known format on the wrong type (`int32`/`int64` on non-integer, `date`, `date-time`, `uuid`, `binary`, `byte` on non-string); unknown formats are allowed.',
  spec: ['Data Types'],
  rationale:
    'A format refines only the type it is defined for: elsewhere tools ignore it, so the constraint the author meant is not applied.',
  messages: { wrong: '"format: {format}" applies to {types}, not to "type: {type}": it is ignored here.' },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.1 and 3.2 (JSON Schema 2020-12): a format still applies only to values of its type, and is ignored on the others. Their text defines `int32`, `int64`, `float` and `double` for numbers, of which integers are a kind, so `type: integer` with `format: double` is not reported there; `date`, `date-time`, `uuid` are JSON Schema\'s string formats, `byte`, `binary` and `password` strings. `type` may be a list there: a format is reported only when none of the listed types (`null` aside) is one it applies to, as it applies to the values of the type it fits.',
  kinds: ['Schema'],
  members: ['format'],
  local: true,
  checkObject(object, context) {
    const format = object.node.get('format');
    const typeNode = object.node.get('type');
    const table = (context.version ?? '3.0') === '3.0' ? FORMAT_TYPES : FORMAT_TYPES_2020;
    const allowed = format?.kind === 'string' ? table[format.value as string] : undefined;
    if (!allowed || !typeNode) return;
    // 2020-12: a list of types; the format applies to the values of each type it fits.
    const types = typeNode.kind === 'array' && (context.version ?? '3.0') !== '3.0' ? typeNode.children!.map((t) => t.stringValue) : [typeNode.stringValue];
    const named = types.filter((t): t is string => t !== undefined && t !== 'null');
    if (named.length === 0 || named.length !== types.filter((t) => t !== 'null').length || named.some((t) => allowed.includes(t))) return;
    const type = typeNode.kind === 'array' ? `[${types.join(', ')}]` : named[0];
    const fixes = [removalFix(`Remove "format: ${String(format!.value)}" (it has no effect here)`, object.doc.parsed, format!)];
    if (typeNode.kind === 'string') fixes.push({ title: `Change the type to "${allowed[0]}"`, edits: [replaceScalar(object.doc.parsed, typeNode, allowed[0])] });
    context.report({ at: { node: format! }, fixes, messageId: 'wrong', data: { format: String(format!.value), type, types: allowed.map((t) => `"${t}"`).join(' or ') } });
  },
});
