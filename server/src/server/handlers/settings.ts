// What the editor says of its settings and trust: the `openapi30` settings (rule severities, the
// file size limit, code lenses, the bounds of indexing, key order when formatting), a workspace that became trusted, and
// whether the editor validates JSON itself. Each makes every open root be checked again.
import { DidChangeConfigurationNotification } from 'vscode-languageserver/node';
import { readConfig } from '../../check/config';
import { RULE_IDS } from '../../rules/index';
import { DEFAULT_INDEXING } from '../state/workspace';
import { setCodeLensShown } from './code-lens';
import { ServerContext } from './context';
import { configureRemoteRefs, rereadRemoteDocuments } from './remote-refs';

/** The settings read (`openapi30.*`). */
interface Settings {
  rules?: unknown;
  maxFileSize?: number;
  codeLens?: { references?: unknown };
  workspace?: { maxFiles?: unknown; maxDepth?: unknown };
  format?: { orderKeys?: unknown; quotes?: unknown };
  breakingChanges?: { base?: unknown };
  remoteRefs?: { allow?: unknown; timeoutSeconds?: unknown; maxMegabytes?: unknown };
}

const positiveNumber = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? Math.floor(value) : fallback);

/** Reads the `openapi30` settings, when the editor can answer `workspace/configuration`. */
export async function loadSettings(ctx: ServerContext, configurationSupport: boolean): Promise<void> {
  if (!configurationSupport) return;
  const { session, workspace } = ctx;
  try {
    const settings = (await ctx.connection.workspace.getConfiguration('openapi30')) as Settings | null;
    session.settingsRules = readConfig({ rules: settings?.rules ?? {} }, RULE_IDS).config.rules;
    if (typeof settings?.maxFileSize === 'number' && settings.maxFileSize > 0) session.maxFileBytes = settings.maxFileSize * 1024 * 1024;
    setCodeLensShown(ctx, settings?.codeLens?.references !== false);
    ctx.settings.formatOrderKeys = settings?.format?.orderKeys === true;
    const quotes = settings?.format?.quotes;
    ctx.settings.formatQuotes = quotes === 'single' || quotes === 'double' || quotes === 'keep' ? quotes : 'document';
    ctx.checks.liveDiffs.setBase(settings?.breakingChanges?.base);
    configureRemoteRefs(ctx, settings?.remoteRefs);
    workspace.settings = {
      maxFiles: positiveNumber(settings?.workspace?.maxFiles, DEFAULT_INDEXING.maxFiles),
      maxDepth: positiveNumber(settings?.workspace?.maxDepth, DEFAULT_INDEXING.maxDepth),
      maxFileBytes: session.maxFileBytes,
    };
  } catch (e) {
    ctx.connection.console.error(`Cannot read the openapi30 settings: ${(e as Error).message}`);
  }
}

/** Asks to be told of setting changes, then reads them. */
export async function watchSettings(ctx: ServerContext, configurationSupport: boolean): Promise<void> {
  if (!configurationSupport) return;
  await ctx.connection.client.register(DidChangeConfigurationNotification.type, { section: 'openapi30' }).catch(() => undefined);
  await loadSettings(ctx, configurationSupport);
}

export function registerSettings(ctx: ServerContext, configurationSupport: () => boolean): void {
  const { session, workspace, checks } = ctx;
  ctx.dispatch.notification('workspace/didChangeConfiguration', async () => {
    await loadSettings(ctx, configurationSupport());
    session.resetConfig();
    checks.recheckAll();
  });

  // The client says the workspace became trusted (VS Code: workspace.onDidGrantWorkspaceTrust);
  // `initializationOptions.workspaceTrusted: false` started it untrusted. Files outside the
  // folders are read from here on.
  ctx.dispatch.notification('openapi30/workspaceTrusted', () => {
    const refused = session.trust.grant();
    rereadRemoteDocuments(ctx);
    for (const file of refused) session.invalidate(file);
    workspace.filesChanged(refused.map((file) => ({ path: file, type: 'changed' })));
    checks.recheckAll();
  });

  // The editor's own JSON validation was turned on or off (VS Code: `json.validate.enable`).
  ctx.dispatch.notification<{ enabled?: unknown }>('openapi30/editorValidatesJson', (params) => {
    checks.editorValidatesJson = params?.enabled === true;
    checks.recheckAll();
  });
}
