// The extension's side of Try it out for one preview: runs the requests its webview posts
// (request-runner.ts), the OAuth 2 grants of the Authorize dialog (oauth.ts: the token request, and
// for the authorization code grant the browser and the loopback redirect), saves a binary answer where
// the user chooses, and keeps the credentials and tokens in VS Code's SecretStorage, per API root and
// security scheme, to offer them back when the preview opens again. Never in settings or files; Logout
// in the dialog deletes them. In Restricted Mode nothing is sent: the page is told why.
import { env, SecretStorage, Uri, Webview, window, workspace } from 'vscode';
import { authorizeWithCode, isDeclaredOAuthUrl, LoopbackRedirect, OAuthGrant, OAuthToken, requestToken } from './oauth';
import { CookieJar, runRequest, TryError, TryRequest } from './request-runner';

/** Messages of the webview's Try it out (client/webview/try-it.ts). */
export type TryItMessage =
  | { type: 'tryRequest'; id: number; request: TryRequest }
  | { type: 'oauthAuthorize'; id: number; grant: OAuthGrant }
  | { type: 'saveResponse'; fileName: string; base64: string }
  | { type: 'credentialsWanted'; schemes: string[] }
  | { type: 'saveCredentials'; values: Record<string, unknown> }
  | { type: 'forgetCredentials'; schemes: string[] };

/** What is kept per scheme for an OAuth 2 flow: the token sent as `Authorization`, and what obtained it. */
export interface StoredOAuth {
  oauth2: { flow: OAuthGrant['flow']; clientId: string; clientSecret?: string; scopes: string[]; token: OAuthToken };
}

const SECRET_PREFIX = 'openapi30.tryItOut';

/** Execute's answer in Restricted Mode: the one sentence the response panel shows. */
export const RESTRICTED_MESSAGE = 'Try it out sends no requests in Restricted Mode: trust this workspace to send them.';

export class TryItOutHost {
  /** Cookies the servers set, sent back to them while this preview is open. */
  private readonly cookies = new CookieJar();
  /** The authorization code grant waiting for the browser: one at a time per preview. */
  private pendingRedirect: LoopbackRedirect | undefined;

  constructor(
    private readonly webview: Webview, private readonly secrets: SecretStorage, private readonly root: () => string,
    /** The bundled document shown: OAuth requests go only to the URLs its security schemes declare. */
    private readonly document: () => unknown,
  ) {}

  /** Handles a Try it out message; false for any other. */
  received(message: { type: string }): boolean {
    const tryMessage = message as TryItMessage;
    switch (tryMessage.type) {
      case 'tryRequest':
        void this.run(tryMessage.id, tryMessage.request);
        return true;
      case 'oauthAuthorize':
        void this.authorize(tryMessage.id, tryMessage.grant);
        return true;
      case 'saveResponse':
        void this.save(tryMessage.fileName, tryMessage.base64);
        return true;
      case 'credentialsWanted':
        void this.offerCredentials(tryMessage.schemes);
        return true;
      case 'saveCredentials':
        for (const [scheme, value] of Object.entries(tryMessage.values)) void this.secrets.store(this.keyOf(scheme), JSON.stringify(value));
        return true;
      case 'forgetCredentials':
        for (const scheme of tryMessage.schemes) void this.secrets.delete(this.keyOf(scheme));
        return true;
      default:
        return false;
    }
  }

  dispose(): void {
    this.pendingRedirect?.cancel();
  }

  private async run(id: number, request: TryRequest): Promise<void> {
    if (!workspace.isTrusted) {
      void this.webview.postMessage({ type: 'tryResponse', id, error: RESTRICTED_MESSAGE });
      return;
    }
    try {
      const response = await runRequest(request, undefined, this.cookies);
      void this.webview.postMessage({ type: 'tryResponse', id, response });
    } catch (error) {
      void this.webview.postMessage({ type: 'tryResponse', id, error: messageOf(error) });
    }
  }

  private async authorize(id: number, grant: OAuthGrant): Promise<void> {
    try {
      if (!workspace.isTrusted) throw new TryError(RESTRICTED_MESSAGE);
      const document = this.document();
      if (!isDeclaredOAuthUrl(document, grant.scheme, 'tokenUrl', grant.tokenUrl)) {
        throw new TryError(`${grant.tokenUrl} is not a token URL of the scheme ${grant.scheme}: no request was sent.`);
      }
      let token: OAuthToken;
      if (grant.flow === 'authorizationCode') {
        if (!grant.authorizationUrl || !isDeclaredOAuthUrl(document, grant.scheme, 'authorizationUrl', grant.authorizationUrl)) {
          throw new TryError(`${grant.authorizationUrl ?? 'The authorization URL'} is not an authorization URL of the scheme ${grant.scheme}: no request was sent.`);
        }
        this.pendingRedirect?.cancel();
        // A string, not a Uri: Uri.parse would re-encode the query (redirect_uri, the challenge).
        token = await authorizeWithCode(grant, (url) => Promise.resolve(env.openExternal(url as unknown as Uri)), (redirect) => (this.pendingRedirect = redirect));
      } else token = await requestToken(grant);
      const stored: StoredOAuth = { oauth2: { flow: grant.flow, clientId: grant.clientId, clientSecret: grant.clientSecret || undefined, scopes: grant.scopes, token } };
      await this.secrets.store(this.keyOf(grant.scheme), JSON.stringify(stored));
      void this.webview.postMessage({ type: 'oauthAnswer', id, token });
    } catch (error) {
      void this.webview.postMessage({ type: 'oauthAnswer', id, error: messageOf(error) });
    }
  }

  /** A binary answer's "Save…": the bytes exactly as received, where the user chooses. */
  private async save(fileName: string, base64: string): Promise<void> {
    const folder = workspace.workspaceFolders?.[0]?.uri;
    const safeName = fileName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_') || 'response';
    const target = await window.showSaveDialog({ defaultUri: folder ? Uri.joinPath(folder, safeName) : undefined, saveLabel: 'Save Response', title: 'Save the response body' });
    if (!target) return;
    try {
      await workspace.fs.writeFile(target, Buffer.from(base64, 'base64'));
      void window.showInformationMessage(`Saved the response to ${workspace.asRelativePath(target)}.`);
    } catch (error) {
      void window.showErrorMessage(`The response could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async offerCredentials(schemes: string[]): Promise<void> {
    const values: Record<string, unknown> = {};
    for (const scheme of schemes) {
      const stored = await this.secrets.get(this.keyOf(scheme));
      if (stored === undefined) continue;
      try {
        values[scheme] = JSON.parse(stored);
      } catch {
        // Not ours to read: left alone.
      }
    }
    if (Object.keys(values).length > 0) void this.webview.postMessage({ type: 'credentials', values });
  }

  /** One secret per root and scheme: a token for one API is never offered to another. */
  private keyOf(scheme: string): string {
    return `${SECRET_PREFIX}:${this.root()}#${scheme}`;
  }
}

function messageOf(error: unknown): string {
  return error instanceof TryError ? error.message : `The request could not be made: ${error instanceof Error ? error.message : String(error)}`;
}
