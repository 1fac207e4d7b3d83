import { isInline, memberText, removeNodes } from '../syntax/edit';
import { defineRule, Fix } from '../check/types';
import { DISABLE_EXTENSION } from '../check/suppressions';

/** Keys that only annotate: beside a `$ref` they mislead no one about what the object allows. */
const ANNOTATIONS = new Set(['description', 'summary', 'title']);

export default defineRule({
  id: 'ref-siblings',
  severity: 'warning',
  description: 'Keys beside `$ref` are ignored.',
  spec: ['Reference Object'],
  rationale:
    'The specification says properties added beside $ref SHALL be ignored: what they say has no effect.',
  severityNote:
    'A warning where the key was meant to change the referenced object (`nullable`, `type`, `example`...), since it does not. A `description`, `summary` or `title` beside `$ref` is a hint: it only annotates, OpenAPI 3.1 lets it override the target\'s, and real documents write it by the hundred (137 of 151 findings in 151 real documents checked).',
  messages: { ignored: '"{key}" is ignored: keys beside "$ref" have no effect.' },
  tags: ['unnecessary'],
  checkReference(reference, context) {
    if (!reference.allowed || reference.expected === 'PathItem' || reference.place === 'map') return;
    const { holder, refNode, doc } = reference;
    // The suppression extension is for this tool, not part of the referenced object.
    const siblings = holder.children!.filter((c) => c !== refNode && c.key !== '$ref' && c.key !== DISABLE_EXTENSION);
    if (siblings.length === 0) return;
    const fixes: Fix[] = [{ title: 'Remove the keys beside "$ref"', edits: removeNodes(doc.parsed, siblings), removes: siblings }];
    if (reference.expected === 'Schema' && refNode.kind === 'string') {
      // In a Schema, `allOf: [{$ref}]` keeps the reference and makes the siblings count.
      const indent = ' '.repeat(doc.lineIndex.positionAt(refNode.keyOffset).character);
      const allOf = memberText(doc.parsed, 'allOf', [{ $ref: refNode.value as string }], indent, isInline(doc.parsed, holder));
      fixes.push({ title: 'Wrap the "$ref" in "allOf" so the other keys apply', edits: [{ offset: refNode.keyOffset, length: refNode.end - refNode.keyOffset, newText: allOf }] });
    }
    for (const sibling of siblings) {
      const annotation = typeof sibling.key === 'string' && ANNOTATIONS.has(sibling.key);
      context.report({ at: { node: sibling, part: 'key' }, messageId: 'ignored', data: { key: String(sibling.key) }, fixes, severity: annotation ? 'hint' : undefined });
    }
  },
});
