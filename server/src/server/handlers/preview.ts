// openapi30/previewDocument `{ uri }`: the bundled document the preview renders, for a root or for
// a file a root references (then with the pointer of that file's part, to scroll to). Built from the
// editor's unsaved text: open documents the root reads are brought up to date first, in slices, and
// the bundle is computed on the non-blocking request path (files not parsed yet are parsed in slices).
import { CancellationToken, Location } from 'vscode-languageserver/node';
import { documentStatus } from '../../model/analysis';
import { isLoadFailure } from '../../model/documents';
import { Json } from '../../services/bundle';
import { isPreviewError, previewOf } from '../../services/preview';
import { rangeOf } from '../lsp-types';
import { answerWithoutBlocking, runInSlices } from '../state/request-loads';
import { uriToPath } from '../state/session';
import { ServerContext } from './context';

export interface PreviewParams {
  uri: string;
}

/** The bundle of `root` (a URI), or why there is none and where (keep the last good render then). */
export type PreviewAnswer =
  | { root: string; document: Json; pointer: string; notes: string[]; files: string[] }
  | { root?: string; error: { message: string; location?: Location } };

export function registerPreview(ctx: ServerContext): void {
  ctx.dispatch.request<PreviewParams, PreviewAnswer>('openapi30/previewDocument', { error: { message: 'The preview could not be built.' } },
    async (params, token) => {
      const file = uriToPath(params.uri);
      if (!file) return { error: { message: `${params.uri} is not a file the server reads.` } };
      await bringOpenFilesUpToDate(ctx, [file], token);
      const root = rootOf(ctx, file);
      if (!root) return { error: { message: 'Not an OpenAPI document, and no open OpenAPI document references it: open its root first.' } };
      await bringOpenFilesUpToDate(ctx, ctx.session.filesOf(root), token);
      const cancelled: PreviewAnswer = { error: { message: 'The preview request was cancelled.' } };
      return answerWithoutBlocking(ctx.session, () => answerFor(ctx, root, file), cancelled, token, undefined, true);
    });
}

/** Open documents edited since their last parse are parsed now, in slices: the preview shows what the user typed. */
async function bringOpenFilesUpToDate(ctx: ServerContext, files: string[], token: CancellationToken): Promise<void> {
  const { session } = ctx;
  for (const file of files) {
    if (session.openDocument(file) && !session.isCurrent(file)) await runInSlices(session, session.store.loadSteps(file), token, 'requests');
  }
}

/** The file itself when it is an OpenAPI document (or one too broken to tell), else the first root that reads it. */
function rootOf(ctx: ServerContext, file: string): string | undefined {
  const model = ctx.session.modelOf(file);
  if (model && (documentStatus(model.root).kind !== 'not-openapi')) return file;
  const reading = ctx.session.rootsReading(file).find((root) => root !== file);
  if (reading) return reading;
  if (model && (model.parsed.errors.length > 0 || ctx.session.rootsReading(file).includes(file))) return file;
  return undefined;
}

function answerFor(ctx: ServerContext, root: string, file: string): PreviewAnswer {
  const { session } = ctx;
  const answer = previewOf(session.store, root, file);
  const rootUri = session.uriOf(root);
  if (!isPreviewError(answer)) {
    return { root: rootUri, document: answer.document, pointer: answer.pointer, notes: answer.notes, files: answer.files.map((f) => session.uriOf(f)) };
  }
  const at = answer.at;
  const doc = at && session.store.cached(at.path);
  const location = at && doc && !isLoadFailure(doc) ? { uri: session.uriOf(at.path), range: rangeOf(doc, at.offset, at.length) } : undefined;
  return { root: rootUri, error: { message: answer.message, location } };
}
