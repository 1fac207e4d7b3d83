// The rule id in a diagnostic links to the rule's page (docs/rules/<id>.md in the extension). An
// editor tab of raw Markdown is not a page to read: the link runs a command that opens the
// Markdown preview instead.
import { commands, Diagnostic, ExtensionContext, Uri } from 'vscode';

export const SHOW_RULE_DOC = 'openapi30.showRuleDoc';

/** Registers the command the rewritten links run. */
export function registerRuleDocs(context: ExtensionContext): void {
  context.subscriptions.push(commands.registerCommand(SHOW_RULE_DOC, async (page: string) => {
    await commands.executeCommand('markdown.showPreviewToSide', Uri.parse(page));
  }));
}

/** A diagnostic whose code links to a Markdown page gets a link that previews it. */
export function linkRuleDocs(diagnostics: readonly Diagnostic[]): void {
  for (const diagnostic of diagnostics) {
    const code = diagnostic.code;
    if (typeof code !== 'object' || !code.target.path.endsWith('.md')) continue;
    const args = encodeURIComponent(JSON.stringify([code.target.toString()]));
    diagnostic.code = { value: code.value, target: Uri.parse(`command:${SHOW_RULE_DOC}?${args}`) };
  }
}
