import { Reference } from '../model/analysis';
import { defineRule } from '../check/types';

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
  description: 'YAML `$ref: #/...` unquoted: `#` starts a comment, so the reference is empty.',
  spec: ['Format', 'Reference Object'],
  rationale:
    'In YAML an unquoted # starts a comment, so the reference is empty, and the object it should stand for is missing.',
  messages: { comment: 'In YAML an unquoted "#" starts a comment, so this "$ref" is empty: quote the value.' },
  checkReference(reference, context) {
    const found = yamlCommentRef(reference);
    if (!found) return;
    const quoted = "'" + found.pointer.replace(/'/g, "''") + "'";
    context.report({
      at: { offset: found.offset, length: found.length },
      messageId: 'comment',
      fixes: [{ title: `Quote the reference: ${quoted}`, edits: [{ offset: found.offset, length: found.length, newText: quoted }] }],
    });
  },
});
