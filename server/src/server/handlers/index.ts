// Every handler of the protocol, one module per area, registered through the dispatcher.
import { registerCodeActions } from './code-actions';
import { registerCodeLens } from './code-lens';
import { registerCommands } from './commands';
import { registerCompletion } from './completion';
import { ServerContext } from './context';
import { registerDefinition } from './definition';
import { registerDocumentLinks } from './document-links';
import { registerDocumentSymbols } from './document-symbols';
import { registerDocumentSync } from './document-sync';
import { registerFormatting } from './formatting';
import { registerHover } from './hover';
import { registerPreview } from './preview';
import { registerReferences } from './references';
import { registerRemoteRefs } from './remote-refs';
import { registerRename } from './rename';
import { registerSettings } from './settings';
import { registerWorkspaceSymbols } from './workspace-symbols';

export function registerHandlers(ctx: ServerContext, configurationSupport: () => boolean): void {
  registerDocumentSync(ctx);
  registerSettings(ctx, configurationSupport);
  registerCodeActions(ctx);
  registerDefinition(ctx);
  registerCompletion(ctx);
  registerHover(ctx);
  registerDocumentSymbols(ctx);
  registerReferences(ctx);
  registerRename(ctx);
  registerWorkspaceSymbols(ctx);
  registerCodeLens(ctx);
  registerDocumentLinks(ctx);
  registerFormatting(ctx);
  registerPreview(ctx);
  registerRemoteRefs(ctx);
  registerCommands(ctx);
}
