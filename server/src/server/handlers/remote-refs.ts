// Remote `$ref`s over the protocol: the credentials the editor keeps (`openapi30/remoteCredentials`,
// never logged), the text of a fetched document for the editor's read-only view of it
// (`openapi30/remoteDocument`), and the quick fix "Allow fetching from HOST" on a `$ref` whose host
// is not allowed: a command the client carries out (it writes the workspace setting), offered only
// to a client that said it has it. Other clients get the finding, which names the setting and the
// configuration file's `remoteRefs.allow`.
import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { isAllowed } from '../../io/remote-policy';
import { Diagnostic } from '../../check/types';
import { hostOf } from '../../model/location';
import { parseRef } from '../../model/ref';
import { refLocation } from '../../model/location';
import { EditorRemoteRefs, RemoteRefsSettings, remoteUri, urlOfRemoteUri } from '../state/remote-refs';
import { ServerContext } from './context';

/** The client command that adds a host to `openapi30.remoteRefs.allow` of the workspace (the VS Code client registers it). */
export const ALLOW_HOST_COMMAND = 'openapi30.allowRemoteHost';

/** What the editor says at start about remote documents (`initializationOptions`). */
export interface RemoteRefsInit {
  /** Where fetched documents are kept (VS Code: the extension's global storage); none: nothing kept on disk. */
  remoteCacheFolder?: unknown;
  /** The client has ALLOW_HOST_COMMAND. */
  editorAllowsRemoteHosts?: unknown;
}

/** Starts fetching for checks: the session reads URLs through it; a fetch that ends checks again what reads it. */
export function startRemoteRefs(ctx: ServerContext, init: RemoteRefsInit | undefined): void {
  const { session, checks } = ctx;
  const cacheFolder = typeof init?.remoteCacheFolder === 'string' && init.remoteCacheFolder ? init.remoteCacheFolder : undefined;
  const settled = (url: string) => {
    checks.remoteSettled(url);
    // A view of it opened before (a window restored) shows the text now.
    void ctx.connection.sendNotification('openapi30/remoteDocumentFetched', { uri: remoteUri(url) });
  };
  ctx.remote = new EditorRemoteRefs(cacheFolder, () => session.trust.isTrusted, () => session.remotePolicies(), settled, init?.editorAllowsRemoteHosts === true);
  session.remote = ctx.remote;
}

/** `openapi30.remoteRefs` changed (or was read at start). */
export function configureRemoteRefs(ctx: ServerContext, settings: RemoteRefsSettings | undefined): void {
  if (!ctx.remote?.configure(settings)) return;
  // Settings read after the first checks (at start) change what they found.
  rereadRemoteDocuments(ctx);
  ctx.checks.recheckAll();
}

/** What remote documents read changed (the allow list, credentials, trust): every one is read again by the next check. */
export function rereadRemoteDocuments(ctx: ServerContext): void {
  for (const url of ctx.remote?.remoteUrls() ?? []) ctx.session.invalidate(url);
}

export function registerRemoteRefs(ctx: ServerContext): void {
  ctx.dispatch.notification<{ hosts?: unknown }>('openapi30/remoteCredentials', (params) => {
    ctx.remote?.setCredentials(params?.hosts);
    rereadRemoteDocuments(ctx);
    ctx.checks.recheckAll();
  });

  ctx.dispatch.request<{ uri?: unknown }, { text: string } | null>('openapi30/remoteDocument', null, (params) => {
    const url = typeof params?.uri === 'string' ? urlOfRemoteUri(params.uri) : undefined;
    const text = url ? ctx.remote?.textOf(url) : undefined;
    return text === undefined ? null : { text };
  });
}

/** "Allow fetching from HOST" for a finding on a `$ref` whose host is not allowed. */
export function allowHostActions(ctx: ServerContext, finding: Diagnostic, lsp: LspDiagnostic): CodeAction[] {
  const remote = ctx.remote;
  if (!remote?.clientAllowsHosts || finding.rule !== 'ref-unresolved' || finding.severity !== 'information') return [];
  const raw = finding.doc.source.slice(finding.offset, finding.offset + finding.length).replace(/^(["'])(.*)\1$/s, '$2');
  const target = refLocation(finding.doc.path, parseRef(raw));
  if (!target || !('location' in target) || isAllowed(remote.policy(), target.location)) return [];
  const host = hostOf(target.location);
  const title = `Allow fetching from ${host}`;
  return [{ title, kind: CodeActionKind.QuickFix, diagnostics: [lsp], isPreferred: true, command: { title, command: ALLOW_HOST_COMMAND, arguments: [host] } }];
}
