import { COMPONENT_MAPS, layoutKindAt } from '../model/kinds';
import { fitsOtherUse } from '../model/kind-fit';
import { escapePointerSegment } from '../model/ref';
import { replaceScalar } from '../syntax/edit';
import { defineRule, RelatedInformation } from '../check/types';
import { keyNames } from '../check/suggest';
import { kindName } from '../model/facts';
import { ObjectKind, OPENAPI_VERSIONS } from '../model/spec';
import { Analysis, OpenApiObject } from '../model/analysis';

export default defineRule({
  id: 'ref-target-kind',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'The target of a `$ref` is the wrong kind of object for the place: a Parameter `$ref` to `#/components/schemas/X`, or a Schema `$ref` to a file that another `$ref` uses as a Response and whose fields are a Response\'s.',
  spec: ['Reference Object', 'Components Object'],
  rationale:
    'A reference stands for the object it points at: pointing at the wrong kind of object puts, for example, a Schema where a Parameter is expected. The target is checked as what it is, not as what the place expects: this is the one finding, rather than one for each field the expected kind lacks or does not know.',
  messages: {
    wrong: '"{ref}" is {actual}, but {expected} is expected here.',
    suggest: '"{ref}" is {actual}, but {expected} is expected here. Did you mean "{suggestion}"?',
  },
  checkReference(reference, context) {
    const { target, parsed, expected, refNode, doc } = reference;
    if (!target || !parsed || !reference.allowed || expected === 'PathItem') return;
    const root = target.doc.root!;
    // Where the target is, not what the pointer says: a 3.1 `$ref` may name a schema by its
    // `$anchor` or `$id` (`#pet`, `https://example.com/pet`).
    const byLayout = layoutKindAt(root, target.node.path.map(String));
    // Outside the layout (a file of its own), an object another `$ref` uses as a kind its fields fit.
    const uses = byLayout ? [] : context.analysis.objectsAt(target.node);
    const walked = uses.find((o) => o.kind === expected);
    const actual = byLayout ?? (walked && fitsOtherUse(walked, uses, context.analysis.version));
    if (!actual || actual === expected) return;
    const map = COMPONENT_MAPS[expected];
    const components = map ? root.get('components')?.get(map) : undefined;
    const name = parsed.pointer?.[parsed.pointer.length - 1] ?? '';
    const candidates = components?.kind === 'object' ? keyNames(components) : undefined;
    const nearest = name === '' ? undefined : candidates?.has(name) ? name : candidates?.nearest(name);
    const file = parsed.raw.slice(0, Math.max(0, parsed.raw.indexOf('#')));
    const suggestion = nearest !== undefined && map ? `${file}#/components/${map}/${escapePointerSegment(nearest)}` : undefined;
    context.report({
      at: { node: refNode },
      messageId: suggestion ? 'suggest' : 'wrong',
      data: { ref: parsed.raw, actual: kindPhrase(actual), expected: kindPhrase(expected), suggestion: suggestion ?? '' },
      related: [
        { doc: target.doc, offset: target.node.memberStart, length: Math.max(0, (target.node.keyOffset >= 0 ? target.node.keyOffset + target.node.keyLength : target.node.end) - target.node.memberStart), message: `The ${actual === 'Root' ? 'document' : kindName(actual)} this reference points at.` },
        ...(walked ? otherUse(walked, actual, context.analysis) : []),
      ],
      fixes: suggestion ? [{ title: `Change to "${suggestion}"`, edits: [replaceScalar(doc.parsed, refNode, suggestion)] }] : [],
    });
  },
});

/** Where the object is used as the kind its fields fit: the `$ref` that leads there first. */
function otherUse(object: OpenApiObject, kind: ObjectKind, analysis: Analysis): RelatedInformation[] {
  const usage = analysis.objectsAt(object.node).find((o) => o.kind === kind)?.usages[0];
  if (!usage) return [];
  const at = usage.node.get('$ref') ?? usage.node;
  return [{ doc: usage.doc, offset: at.memberStart, length: at.end - at.memberStart, message: `Where it is used as ${kindPhrase(kind)}.` }];
}

/** A kind as a sentence names it: "a Schema", "an Example", and the root as "the whole document". */
function kindPhrase(kind: ObjectKind): string {
  if (kind === 'Root') return 'the whole document';
  const name = kindName(kind).replace(/ Object.*$/, '');
  return (/^[AEIOU]/.test(name) ? 'an ' : 'a ') + name;
}
