import { OPENAPI_VERSIONS } from '../model/spec';
import { SourceDocument } from '../model/documents';
import { removalFix } from '../check/report';
import { closest } from '../check/suggest';
import { Suppression, SuppressionOutcome } from '../check/suppressions';
import { defineRule, Fix } from '../check/types';
import { TextEdit } from '../syntax/edit';
import { SyntaxNode } from '../syntax/tree';

export default defineRule({
  id: 'unused-suppression',
  severity: 'warning',
  versions: OPENAPI_VERSIONS,
  description:
    'A suppression (`# openapi-check-disable-next-line`, `-line`, `# openapi-check-disable`, `x-openapi-check-disable`) ' +
    'without a reason, naming an unknown rule, or silencing no finding.',
  rationale:
    'An exception is only reviewable with its reason, and one that silences nothing (the problem was fixed, the rule id ' +
    'is misspelt) would silently hide the next real finding at that place: exceptions must not rot.',
  messages: {
    noReason: 'This suppression of {rules} gives no reason: write why after " -- ", so the exception can be reviewed.',
    noReasonExtension: 'This suppression of {rules} gives no reason: make its value a sentence that says why.',
    noRule: 'The comment "# {directive}" names no rule: write the rule ids it is for, then " -- " and the reason.',
    extensionShape: 'x-openapi-check-disable must map rule ids to reasons, like {ref-siblings: "why"}.',
    unknownRule: '"{rule}" is not a rule of openapi-check, so this suppresses nothing.{suggestion}',
    unused: 'Nothing here is reported as {rule}: remove the suppression, or it will hide a future finding.',
  },
  checkSuppressions({ outcomes, ruleIds }, context) {
    const everyIdUnused = (o: SuppressionOutcome) => o.rules.every((r) => r.status === 'active' && r.silenced === 0);
    // The members of one extension object are separate suppressions; all unused, it goes as a whole.
    const extensionsInUse = new Set<SyntaxNode | undefined>();
    for (const o of outcomes) if (o.suppression.form === 'extension' && !(o.reached && everyIdUnused(o))) extensionsInUse.add(o.suppression.member?.parent);

    for (const outcome of outcomes) {
      const { doc, suppression } = outcome;
      const at = { offset: suppression.offset, length: suppression.length };
      const extension = suppression.form === 'extension';
      if (suppression.ids.length === 0) {
        context.report({ at, doc, messageId: extension ? 'extensionShape' : 'noRule', data: { directive: suppression.directive } });
        continue;
      }
      if (!suppression.reason) {
        const rules = suppression.ids.map((id) => id.id).join(', ');
        context.report({ at, doc, messageId: extension ? 'noReasonExtension' : 'noReason', data: { rules } });
      }
      suppression.ids.forEach((id, i) => {
        const idAt = { offset: id.offset, length: id.length };
        const { status, silenced } = outcome.rules[i];
        if (status === 'unknown') {
          const meant = closest(id.id, ruleIds);
          const fixes: Fix[] = meant ? [{ title: `Change to "${meant}"`, edits: [{ ...idAt, newText: meant }] }] : [];
          context.report({ at: idAt, doc, messageId: 'unknownRule', data: { rule: id.id, suggestion: meant ? ` Did you mean "${meant}"?` : '' }, fixes });
        } else if (status === 'active' && silenced === 0 && outcome.reached) {
          const whole = extension ? !extensionsInUse.has(suppression.member?.parent) : everyIdUnused(outcome);
          context.report({ at: idAt, doc, messageId: 'unused', data: { rule: id.id }, fixes: [removal(doc, suppression, i, whole)] });
        }
      });
    }
  },
});

const TITLE = 'Remove the unused suppression';

/** Removes one id of a suppression, or all of it (the comment with its line, or the extension). */
function removal(doc: SourceDocument, suppression: Suppression, index: number, whole: boolean): Fix {
  if (suppression.form === 'extension') {
    const member = suppression.member!;
    const node = whole && member.parent?.key !== undefined ? member.parent : member;
    return removalFix(TITLE, doc.parsed, node);
  }
  return { title: TITLE, edits: [whole ? commentRemoval(doc, suppression) : idRemoval(suppression, index)] };
}

function idRemoval(suppression: Suppression, index: number): TextEdit {
  const ids = suppression.ids;
  const id = ids[index];
  if (index + 1 < ids.length) return { offset: id.offset, length: ids[index + 1].offset - id.offset, newText: '' };
  const previousEnd = ids[index - 1].offset + ids[index - 1].length;
  return { offset: previousEnd, length: id.offset + id.length - previousEnd, newText: '' };
}

/** The comment and the blank before it; a comment alone on its line goes with the line. */
function commentRemoval(doc: SourceDocument, suppression: Suppression): TextEdit {
  const text = doc.source;
  const lines = doc.lineIndex;
  const line = lines.positionAt(suppression.offset).line;
  const lineStart = lines.lineStart(line);
  let start = suppression.offset;
  while (start > lineStart && (text.charCodeAt(start - 1) === 32 || text.charCodeAt(start - 1) === 9)) start--;
  const end = suppression.offset + suppression.length;
  if (start === lineStart) {
    const next = line + 1 < lines.lineCount ? lines.lineStart(line + 1) : end;
    return { offset: lineStart, length: next - lineStart, newText: '' };
  }
  return { offset: start, length: end - start, newText: '' };
}
