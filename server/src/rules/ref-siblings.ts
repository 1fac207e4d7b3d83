import { isInline, memberText, removeNodes } from '../syntax/edit';
import { defineRule, Fix, RuleContext } from '../check/types';
import { Reference } from '../model/analysis';
import { DISABLE_EXTENSION } from '../check/suppressions';
import { OPENAPI_VERSIONS } from '../model/spec';

/** Keys that only annotate: beside a `$ref` they mislead no one about what the object allows. */
const ANNOTATIONS = new Set(['description', 'summary', 'title']);
/** OpenAPI 3.1 and 3.2: a Reference Object's own fields, which override the target's. */
const REFERENCE_FIELDS = new Set(['description', 'summary']);

/**
 * Fields beside a Path Item's `$ref` that the referenced Path Item also has. No fix: which of the
 * two definitions the author meant is theirs to say.
 */
function reportPathItemOverlap(reference: Reference, context: RuleContext): void {
  const target = reference.target?.node;
  if (target?.kind !== 'object') return;
  const related = reference.target!;
  for (const field of reference.holder.children!) {
    const key = String(field.key);
    if (field === reference.refNode || key === '$ref' || key === DISABLE_EXTENSION) continue;
    const theirs = target.get(key);
    if (!theirs) continue;
    context.report({
      at: { node: field, part: 'key' },
      messageId: 'pathItemOverlap',
      data: { key },
      related: [{ doc: related.doc, offset: theirs.keyOffset, length: theirs.keyLength, message: `"${key}" in the referenced Path Item` }],
    });
  }
}

export default defineRule({
  id: 'ref-siblings',
  severity: 'warning',
  description: 'Keys beside `$ref` are ignored; in a Path Item, where they are fields of its own, a field that the referenced Path Item also has is undefined behaviour.',
  spec: ['Reference Object', 'Path Item Object'],
  rationale:
    'The specification says properties added beside $ref SHALL be ignored: what they say has no effect. A Path Item\'s `$ref` is different: its other fields stay, but for a field that both it and the referenced Path Item define the behaviour is undefined, so tools disagree on which one applies.',
  severityNote:
    'A warning: neither case is forbidden by a MUST, and the official schema accepts both; what the author wrote is ignored, or applies in some tools only. A `description`, `summary` or `title` beside `$ref` is a hint: it only annotates, OpenAPI 3.1 lets it override the target\'s, and real documents write it by the hundred (137 of 151 findings in 151 real documents checked).',
  pickedFixes: 'Removing the keys deletes what the author wrote (renderers such as Redoc show a description beside "$ref"), and wrapping the "$ref" in "allOf" makes them apply: which of the two the author meant is theirs to say.',
  messages: {
    ignored: '"{key}" is ignored: keys beside "$ref" have no effect.',
    pathItemOverlap: '"{key}" is also in the referenced Path Item: which of the two applies is undefined. Keep only one of them.',
  },
  versions: OPENAPI_VERSIONS,
  versionNote:
    'OpenAPI 3.0: every key beside `$ref` is reported. OpenAPI 3.1 and 3.2: a Reference Object\'s `summary` and `description` override the target\'s, so they are not reported, and in a Schema Object (JSON Schema 2020-12) `$ref` is one keyword among others, whose siblings apply: nothing is reported there. Other keys beside a Reference Object\'s `$ref` are still ignored.',
  checkReference(reference, context) {
    if (!reference.allowed || reference.place === 'map') return;
    const since31 = (context.version ?? '3.0') !== '3.0';
    // A JSON Schema 2020-12 `$ref` is one keyword among others: its siblings apply.
    if (since31 && reference.expected === 'Schema') return;
    if (reference.expected === 'PathItem') {
      reportPathItemOverlap(reference, context);
      return;
    }
    const { holder, refNode, doc } = reference;
    // The suppression extension is for this tool, not part of the referenced object.
    const siblings = holder.children!.filter(
      (c) => c !== refNode && c.key !== '$ref' && c.key !== DISABLE_EXTENSION && !(since31 && REFERENCE_FIELDS.has(c.key as string)),
    );
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
      context.report({ at: { node: sibling, part: 'key' }, messageId: 'ignored', data: { key: String(sibling.key) }, fixes, severity: annotation ? 'hint' : undefined, tags: ['unnecessary'] });
    }
  },
});
