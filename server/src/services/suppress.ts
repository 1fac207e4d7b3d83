// The quick fix "Suppress <rule-id> on this line": in YAML a `# openapi-check-disable-next-line`
// comment above the finding's line (or one more id on the comment already there), in JSON the
// `x-openapi-check-disable` extension on the object around the finding. The reason is left as a
// placeholder that itself counts as no reason, so it cannot be forgotten.
import { SourceDocument } from '../model/documents';
import { DISABLE_EXTENSION, REASON_PLACEHOLDER, suppressionsOf } from '../check/suppressions';
import { insertFirstMember, insertMember, TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';
import { nodeAt } from './node-at';

export interface SuppressionFix {
  title: string;
  edits: TextEdit[];
  /** Where the reason placeholder is in the (only) edit's text, for the editor to select it. */
  placeholder?: { at: number; length: number };
}

/** Findings of these rules cannot usefully be suppressed by the quick fix. */
const NOT_SUPPRESSIBLE = new Set(['syntax', 'unused-suppression']);

export function suppressionFix(doc: SourceDocument, rule: string, offset: number): SuppressionFix | undefined {
  if (NOT_SUPPRESSIBLE.has(rule) || !doc.root) return undefined;
  const edit = doc.format === 'yaml' ? commentEdit(doc, rule, offset) : extensionEdit(doc, rule, offset);
  if (!edit) return undefined;
  const at = edit.newText.lastIndexOf(REASON_PLACEHOLDER);
  return { title: `Suppress ${rule} on this line`, edits: [edit], ...(at >= 0 ? { placeholder: { at, length: REASON_PLACEHOLDER.length } } : {}) };
}

function commentEdit(doc: SourceDocument, rule: string, offset: number): TextEdit | undefined {
  const lines = doc.lineIndex;
  const text = doc.text;
  let line = lines.positionAt(offset).line;
  let directive = 'openapi-check-disable-next-line';
  // Inside a multi-line scalar a comment line would become part of it: suppress the whole member.
  const at = nodeAt(doc.root, offset)?.node;
  if (at && !at.children && lines.positionAt(at.offset).line < line) {
    line = lines.positionAt(at.memberStart).line;
    directive = 'openapi-check-disable';
  }
  const lineStart = lines.lineStart(line);
  const existing = suppressionsOf(doc).lines.find((s) => s.form === 'next-line' && s.start === lineStart && directive.endsWith('-next-line'));
  if (existing?.ids.some((id) => id.id === rule)) return undefined;
  if (existing && existing.ids.length > 0) {
    const last = existing.ids[existing.ids.length - 1];
    return { offset: last.offset + last.length, length: 0, newText: `, ${rule}` };
  }
  const indent = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0];
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  return { offset: lineStart, length: 0, newText: `${indent}# ${directive} ${rule} -- ${REASON_PLACEHOLDER}${newline}` };
}

function extensionEdit(doc: SourceDocument, rule: string, offset: number): TextEdit | undefined {
  let holder: SyntaxNode | undefined = nodeAt(doc.root, offset)?.node;
  while (holder && holder.kind !== 'object') holder = holder.parent;
  if (!holder) return undefined;
  const existing = holder.children!.find((c) => c.key === DISABLE_EXTENSION);
  if (existing?.kind === 'object') {
    if (existing.children!.some((c) => c.key === rule)) return undefined;
    return insertMember(doc.parsed, existing, rule, REASON_PLACEHOLDER);
  }
  if (existing) return undefined;
  return insertFirstMember(doc.parsed, holder, DISABLE_EXTENSION, { [rule]: REASON_PLACEHOLDER });
}
