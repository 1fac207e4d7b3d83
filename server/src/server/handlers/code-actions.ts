// textDocument/codeAction and codeAction/resolve: each finding's quick fixes and its Suppress,
// fix-all (`source.fixAll`: every fix, the root checked again between rounds, in slices), and the
// refactors at the cursor (refactors.ts), whose edits are built when one is chosen, and the
// conversion of a Swagger 2.0 document (convert-actions.ts).
import { CodeAction, CodeActionKind, CodeActionParams, Command, Position } from 'vscode-languageserver/node';
import { SourceDocument } from '../../model/documents';
import { automaticFix } from '../../check/fix-all';
import { SuppressionFix, suppressionFix } from '../../services/suppress';
import { answerWithoutBlocking, runInSlices } from '../state/request-loads';
import { uriToPath } from '../state/session';
import { ServerContext } from './context';
import { quickFix, rangeOf, toLspDiagnostic, toLspEdits } from '../lsp-types';
import { refactorCodeActions, resolveRefactor } from './refactors';
import { conversionActions, isConversionAction, resolveConversion } from './convert-actions';
import { isSwagger2Root } from '../../model/swagger2';
import { allowHostActions } from './remote-refs';

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);

/** The client command that selects a range (the VS Code client registers it). */
export const SELECT_RANGE_COMMAND = 'openapi30.selectRange';

/** The command that selects Suppress's `<reason>` once its edit is made: where it lands in the new text. */
function selectPlaceholder(uri: string, doc: SourceDocument, fix: SuppressionFix): Command | undefined {
  if (!fix.placeholder) return undefined;
  const [edit] = fix.edits;
  const written = edit.newText.slice(0, fix.placeholder.at);
  const start = doc.lineIndex.positionAt(edit.offset);
  const lineBreaks = written.split('\n').length - 1;
  const character = lineBreaks > 0 ? written.length - written.lastIndexOf('\n') - 1 : start.character + written.length;
  const from = { line: start.line + lineBreaks, character };
  const range = { start: from, end: { line: from.line, character: character + fix.placeholder.length } };
  return { title: 'Select the reason', command: SELECT_RANGE_COMMAND, arguments: [uri, range] };
}

/** Quick fixes and refactors at a range, and the fix-all to work out (several checks: in slices). */
function listedActions(ctx: ServerContext, params: CodeActionParams) {
  const { session } = ctx;
  const filePath = uriToPath(params.textDocument.uri);
  // Fixes are edits at the offsets of the last complete model: none while a newer text is parsed.
  if (!filePath || !session.isCurrent(filePath)) return undefined;
  const diagnostics = session.diagnosticsIn(filePath);
  const only = params.context.only;
  const quickFixes: CodeAction[] = [];
  const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(k + '.'));
  if (wants(CodeActionKind.QuickFix)) {
    const { start, end } = params.range;
    for (const d of diagnostics) {
      const range = rangeOf(d.doc, d.offset, d.length);
      if (before(range.end, start) || before(end, range.start)) continue;
      const lsp = toLspDiagnostic(d, (p) => session.uriOf(p));
      // A fix applied only when picked is never the preferred one (VS Code's auto fix applies that).
      d.fixes.forEach((fix, i) => quickFixes.push(quickFix(params.textDocument.uri, d, fix, lsp, i === 0 && !fix.picked)));
      quickFixes.push(...allowHostActions(ctx, d, lsp));
      if (d.rule === 'openapi-version' && d.doc.path === filePath && isSwagger2Root(d.doc.root)) {
        quickFixes.push(...conversionActions(ctx, params.textDocument.uri, lsp));
      }
      const suppress = suppressionFix(d.doc, d.rule, d.offset);
      if (!suppress) continue;
      const action = quickFix(params.textDocument.uri, d, suppress, lsp, false);
      const select = ctx.editor.editorSelectsRanges ? selectPlaceholder(params.textDocument.uri, d.doc, suppress) : undefined;
      quickFixes.push(select ? { ...action, command: select } : action);
    }
    quickFixes.push(...ctx.checks.liveDiffs.restoreActions(params.textDocument.uri, filePath, params.range));
  }
  const fixAllKind = CodeActionKind.SourceFixAll;
  const asksFixAll = only?.some((k) => fixAllKind.startsWith(k) || k === fixAllKind);
  const steps = asksFixAll && diagnostics.some((d) => automaticFix(d)) ? session.fixAllTextSteps(filePath) : undefined;
  const doc = session.modelOf(filePath);
  const fixAll = steps && doc && { steps, doc };
  return { quickFixes, fixAll, refactors: refactorCodeActions(session, ctx.workspace, params, ctx.editor.editorRenamesAt === true) };
}

export function registerCodeActions(ctx: ServerContext): void {
  const { session } = ctx;
  ctx.dispatch.request<CodeActionParams, CodeAction[]>('textDocument/codeAction', [], async (params, token) => {
    const listed = await answerWithoutBlocking(session, () => listedActions(ctx, params), undefined, token);
    if (!listed) return [];
    const actions = [...listed.quickFixes];
    const fixAll = listed.fixAll;
    // Its re-checks of the fixed texts parse them (seconds for a large broken JSON): checks go first.
    const result = fixAll && (await runInSlices(session, fixAll.steps, token, 'background'));
    // Not when the document changed meanwhile: the edit is made at the offsets of the text it read.
    if (fixAll && result && result.after !== result.before && session.modelOf(fixAll.doc.path) === fixAll.doc) {
      // Each fix where it is (runs of adjacent ones as one), not one edit from the first to the last.
      const edits = toLspEdits(fixAll.doc, result.edits);
      actions.push({
        title: 'Fix all OpenAPI problems that have a fix',
        kind: CodeActionKind.SourceFixAll,
        edit: { changes: { [params.textDocument.uri]: edits } },
      });
    }
    actions.push(...listed.refactors);
    return actions;
  });

  ctx.dispatch.request<CodeAction, CodeAction>('codeAction/resolve', { title: '' }, async (action, token) => {
    const resolved = isConversionAction(action) ? await resolveConversion(ctx, action, token) : await resolveRefactor(session, ctx.workspace, action, ctx.editor.editorRenamesAt === true);
    if ('error' in resolved) {
      void ctx.connection.window.showErrorMessage(resolved.error);
      return action;
    }
    return resolved.action;
  });
}
