// The extension's side of Try it out for one preview: runs the requests its webview posts
// (request-runner.ts) and keeps the credentials entered in Swagger UI's Authorize dialog in VS Code's
// SecretStorage, per API root and security scheme, to offer them back when the preview opens again.
// Never in settings or files; Logout in the dialog deletes them.
import { SecretStorage, Webview } from 'vscode';
import { CookieJar, runRequest, TryError, TryRequest } from './request-runner';

/** Messages of the webview's Try it out (client/webview/try-it.ts). */
export type TryItMessage =
  | { type: 'tryRequest'; id: number; request: TryRequest }
  | { type: 'credentialsWanted'; schemes: string[] }
  | { type: 'saveCredentials'; values: Record<string, unknown> }
  | { type: 'forgetCredentials'; schemes: string[] };

const SECRET_PREFIX = 'openapi30.tryItOut';

export class TryItOutHost {
  /** Cookies the servers set, sent back to them while this preview is open. */
  private readonly cookies = new CookieJar();

  constructor(private readonly webview: Webview, private readonly secrets: SecretStorage, private readonly root: () => string) {}

  /** Handles a Try it out message; false for any other. */
  received(message: { type: string }): boolean {
    const tryMessage = message as TryItMessage;
    switch (tryMessage.type) {
      case 'tryRequest':
        void this.run(tryMessage.id, tryMessage.request);
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

  private async run(id: number, request: TryRequest): Promise<void> {
    try {
      const response = await runRequest(request, undefined, this.cookies);
      void this.webview.postMessage({ type: 'tryResponse', id, response });
    } catch (error) {
      const message = error instanceof TryError ? error.message : `The request could not be made: ${String(error)}`;
      void this.webview.postMessage({ type: 'tryResponse', id, error: message });
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
