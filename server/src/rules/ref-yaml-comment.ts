import { OPENAPI_VERSIONS } from '../model/spec';
import { Reference } from '../model/analysis';
import { escapePointerSegment, parseRef } from '../model/ref';
import { SyntaxNode } from '../syntax/tree';
import { defineRule } from '../check/types';
import { keyNames } from '../check/suggest';

/**
 * The pointer to quote: the one written when it resolves in the document, else the one whose
 * misspelt segments are replaced by the nearest names there (`#/components/schemas/Pets` -> `Pet`),
 * else the one written.
 */
function pointerToQuote(written: string, root: SyntaxNode | undefined): string {
  const parsed = parseRef(written);
  if (parsed.form !== 'local' || !parsed.pointer || parsed.syntaxProblems.length > 0) return written;
  let node = root;
  let changed = false;
  const segments: string[] = [];
  for (const segment of parsed.pointer) {
    if (node?.kind !== 'object') return written;
    let next = node.get(segment);
    let name = segment;
    if (!next) {
      const nearest = keyNames(node).nearest(segment);
      if (nearest === undefined) return written;
      [name, next, changed] = [nearest, node.get(nearest), true];
    }
    segments.push(name);
    node = next;
  }
  return changed ? '#/' + segments.map(escapePointerSegment).join('/') : written;
}

/** `$ref: #/x` in YAML: `#` starts a comment, so the value is empty. Returns the comment's span. */
export function yamlCommentRef(reference: Reference): { offset: number; length: number; pointer: string } | undefined {
  const { refNode, doc } = reference;
  if (doc.format !== 'yaml' || refNode.kind !== 'null' || refNode.keyOffset < 0) return undefined;
  const text = doc.source;
  const m = /^\s*:[ \t]+(#[^\r\n]*)/.exec(text.slice(refNode.keyOffset + refNode.keyLength, refNode.keyOffset + refNode.keyLength + 2000));
  if (!m) return undefined;
  const comment = m[1].trimEnd();
  const offset = refNode.keyOffset + refNode.keyLength + m[0].length - m[1].length;
  return { offset, length: comment.length, pointer: comment };
}

export function isYamlCommentRef(reference: Reference): boolean {
  return yamlCommentRef(reference) !== undefined;
}

export default defineRule({
  id: 'ref-yaml-comment',
  severity: 'error',
  versions: OPENAPI_VERSIONS,
  description: 'YAML `$ref: #/...` unquoted: `#` starts a comment, so the reference is empty.',
  spec: ['Format', 'Reference Object'],
  rationale:
    'In YAML an unquoted # starts a comment, so the reference is empty, and the object it should stand for is missing.',
  messages: { comment: 'In YAML an unquoted "#" starts a comment, so this "$ref" is empty: quote the value.' },
  checkReference(reference, context) {
    const found = yamlCommentRef(reference);
    if (!found) return;
    const pointer = pointerToQuote(found.pointer, reference.doc.root);
    const quoted = "'" + pointer.replace(/'/g, "''") + "'";
    context.report({
      at: { offset: found.offset, length: found.length },
      messageId: 'comment',
      fixes: [{ title: `Quote the reference: ${quoted}`, edits: [{ offset: found.offset, length: found.length, newText: quoted }] }],
    });
  },
});
