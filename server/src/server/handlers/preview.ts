// openapi30/previewDocument `{ uri }` (and its alias for other editors, openapi30/bundle): the bundled document the preview renders, for a root or for
// a file a root references (then with the pointer of that file's part, to scroll to). Built from the
// editor's unsaved text: open documents the root reads are brought up to date first, in slices; the
// root's analysis is the last check's when it read those very models, else walked in slices; then the
// bundle is written on the non-blocking request path (one block: on GitHub's 13 MB description about
// 0.45 s, against 0.3-0.7 s more for a walk in one block).
import { CancellationToken, Location, Range } from 'vscode-languageserver/node';
import { Analysis, analyzeSteps, documentStatus } from '../../model/analysis';
import { isLoadFailure } from '../../model/documents';
import { Json } from '../../services/bundle';
import { isPreviewError, previewOf } from '../../services/preview';
import { rangeOf } from '../lsp-types';
import { signalOf } from '../runtime/scheduler';
import { answerWithoutBlocking, runInSlices } from '../state/request-loads';
import { uriToPath } from '../state/session';
import { ServerContext } from './context';

export interface PreviewParams {
  uri: string;
}

/** An operation, path item or component: where it is written, and its JSON pointer in the bundle. */
export interface PreviewPartPlace {
  uri: string;
  range: Range;
  pointer: string;
}

/** The bundle of `root` (a URI), or why there is none and where (keep the last good render then). */
export type PreviewAnswer =
  | { root: string; document: Json; pointer: string; notes: string[]; files: string[]; parts: PreviewPartPlace[] }
  | { root?: string; error: { message: string; location?: Location } };

export function registerPreview(ctx: ServerContext): void {
  const answerPreview = async (params: PreviewParams, token: CancellationToken): Promise<PreviewAnswer> => {
      const file = uriToPath(params.uri);
      if (!file) return { error: { message: `${params.uri} is not a file the server reads.` } };
      await bringOpenFilesUpToDate(ctx, [file], token);
      const root = rootOf(ctx, file);
      if (!root) return { error: { message: 'Not an OpenAPI document, and no open OpenAPI document references it: open its root first.' } };
      await bringOpenFilesUpToDate(ctx, ctx.session.filesOf(root), token);
      const cancelled: PreviewAnswer = { error: { message: 'The preview request was cancelled.' } };
      const analysis = await analysisOf(ctx, root, token);
      return answerWithoutBlocking(ctx.session, () => answerFor(ctx, root, file, analysis), cancelled, token, undefined, true);
  };
  ctx.dispatch.request<PreviewParams, PreviewAnswer>('openapi30/previewDocument', { error: { message: 'The preview could not be built.' } }, answerPreview);
  // The same answer under the name other editors look for (README: "openapi30/bundle").
  ctx.dispatch.request<PreviewParams, PreviewAnswer>('openapi30/bundle', { error: { message: 'The document could not be bundled.' } }, answerPreview);
}

/** Open documents edited since their last parse are parsed now, in slices: the preview shows what the user typed. */
export async function bringOpenFilesUpToDate(ctx: ServerContext, files: string[], token: CancellationToken): Promise<void> {
  const { session } = ctx;
  for (const file of files) {
    if (session.openDocument(file) && !session.isCurrent(file)) await runInSlices(session, session.store.loadSteps(file), token, 'requests');
  }
}

/** The file itself when it is an OpenAPI document (or one too broken to tell), else the first root that reads it. */
export function rootOf(ctx: ServerContext, file: string): string | undefined {
  const model = ctx.session.modelOf(file);
  if (model && (documentStatus(model.root).kind !== 'not-openapi')) return file;
  const reading = ctx.session.rootsReading(file).find((root) => root !== file);
  if (reading) return reading;
  if (model && (model.parsed.errors.length > 0 || ctx.session.rootsReading(file).includes(file))) return file;
  return undefined;
}

/**
 * The root's analysis over its current models: the last check's when it read exactly these, else
 * walked in slices (an edit meanwhile stops the walk: the bundle then walks in its own turn).
 */
export async function analysisOf(ctx: ServerContext, root: string, token: CancellationToken): Promise<Analysis | undefined> {
  const { session } = ctx;
  const rootDoc = session.modelOf(root);
  if (!rootDoc || !session.isCurrent(root)) return undefined;
  const last = session.results.get(root)?.analysis;
  if (last && readsCurrentModels(ctx, last)) return last;
  const signals = [session.scheduler.untilEdit(), signalOf(token)].filter((s): s is AbortSignal => s !== undefined);
  return session.scheduler.run('requests', analyzeSteps(rootDoc, session.store), { signal: AbortSignal.any(signals) });
}

/** Whether an analysis was made of the models the session holds now (no edit since). */
export function readsCurrentModels(ctx: ServerContext, analysis: Analysis): boolean {
  const { session } = ctx;
  return analysis.documents.every((doc) => session.store.cached(doc.path) === doc && session.isCurrent(doc.path));
}

function answerFor(ctx: ServerContext, root: string, file: string, analysis: Analysis | undefined): PreviewAnswer {
  const { session } = ctx;
  const answer = previewOf(session.store, root, file, analysis && readsCurrentModels(ctx, analysis) ? analysis : undefined);
  const rootUri = session.uriOf(root);
  if (!isPreviewError(answer)) {
    const parts: PreviewPartPlace[] = [];
    for (const part of answer.parts) {
      const doc = session.store.cached(part.path);
      if (doc && !isLoadFailure(doc)) parts.push({ uri: session.uriOf(part.path), range: rangeOf(doc, part.offset, part.length), pointer: part.pointer });
    }
    return { root: rootUri, document: answer.document, pointer: answer.pointer, notes: answer.notes, files: answer.files.map((f) => session.uriOf(f)), parts };
  }
  const at = answer.at;
  const doc = at && session.store.cached(at.path);
  const location = at && doc && !isLoadFailure(doc) ? { uri: session.uriOf(at.path), range: rangeOf(doc, at.offset, at.length) } : undefined;
  return { root: rootUri, error: { message: answer.message, location } };
}
