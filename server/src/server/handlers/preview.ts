// openapi30/previewDocument `{ uri }` (and its alias for other editors, openapi30/bundle): the bundled document the preview renders, for a root or for
// a file a root references (then with the pointer of that file's part, to scroll to). Built from the
// editor's unsaved text: open documents the root reads are brought up to date first, in slices; the
// root's analysis is the last check's when it read those very models, else walked in slices; then the
// bundle is written in slices too (other requests are answered meanwhile). An edit of any document
// while it is written stops it, and it starts again on the newer text: the newer edit wins. The last
// answer per root is kept with the models it read: asked again with nothing changed, it answers at once.
import { CancellationToken, Location, Range } from 'vscode-languageserver/node';
import { Analysis, analyzeSteps, documentStatus } from '../../model/analysis';
import { isLoadFailure } from '../../model/documents';
import { Json } from '../../services/bundle';
import { isPreviewError, PreviewBundle, PreviewError, previewSteps } from '../../services/preview';
import { SourceDocument } from '../../model/documents';
import { rangeOf } from '../lsp-types';
import { mark } from '../runtime/marks';
import { signalOf } from '../runtime/scheduler';
import { jsonTextSteps, RawJson } from '../transport/raw-json';
import { runInSlices } from '../state/request-loads';
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
  | { root: string; document: Json | RawJson; pointer: string; notes: string[]; files: string[]; parts: PreviewPartPlace[] }
  | { root?: string; error: { message: string; location?: Location } };

export function registerPreview(ctx: ServerContext): void {
  const answerPreview = async (params: PreviewParams, token: CancellationToken): Promise<PreviewAnswer> => {
      const file = uriToPath(params.uri);
      if (!file) return { error: { message: `${params.uri} is not a file the server reads.` } };
      const cancelled: PreviewAnswer = { error: { message: 'The preview request was cancelled.' } };
      const { session } = ctx;
      const cancelledSignal = signalOf(token);
      for (;;) {
        await bringOpenFilesUpToDate(ctx, [file], token);
        const root = rootOf(ctx, file);
        if (!root) return { error: { message: 'Not an OpenAPI document, and no open OpenAPI document references it: open its root first.' } };
        await bringOpenFilesUpToDate(ctx, session.filesOf(root), token);
        if (token.isCancellationRequested) return cancelled;
        const kept = lastBuilt.get(session)?.get(root);
        // Kept while no document was edited since (the scheduler's revision) and each model it read is current.
        if (kept && kept.revision === session.scheduler.revision && kept.read.every((doc) => readsCurrent(ctx, doc))) {
          mark('preview answered from the last build', { root });
          return answerFor(ctx, root, file, kept.answer, kept.text);
        }
        // Taken before the walk: an edit from here on stops both the walk and the bundle.
        const edited = session.scheduler.untilEdit();
        const revision = session.scheduler.revision;
        const analysis = await analysisOf(ctx, root, token);
        if (token.isCancellationRequested) return cancelled;
        if (edited.aborted) continue;
        const known = analysis && readsCurrentModels(ctx, analysis) ? analysis : undefined;
        mark('preview build starts', { root });
        const signal = AbortSignal.any([edited, cancelledSignal].filter((s): s is AbortSignal => s !== undefined));
        const built = await session.scheduler.run('requests', previewSteps(session.store, root, file, known), { signal });
        if (token.isCancellationRequested) return cancelled;
        // Stopped by an edit (the trees it walked changed): again, on the newer text.
        if (built === undefined || edited.aborted) {
          mark('preview build stopped by an edit', { root });
          continue;
        }
        if (isPreviewError(built.answer)) return answerFor(ctx, root, file, built.answer);
        // The document's JSON text, written in steps too (sending it then only copies it).
        const text = await session.scheduler.run('requests', jsonTextSteps(built.answer.document), { signal });
        if (token.isCancellationRequested) return cancelled;
        if (text === undefined) continue;
        if (built.read.every((doc) => readsCurrent(ctx, doc))) {
          let kept = lastBuilt.get(session);
          if (!kept) lastBuilt.set(session, (kept = new Map()));
          kept.set(root, { read: built.read, answer: built.answer, text, revision });
        }
        return answerFor(ctx, root, file, built.answer, text);
      }
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
  return analysis.documents.every((doc) => readsCurrent(ctx, doc));
}

/** Whether a model is the one the session holds now for its file, and of the file's current text. */
function readsCurrent(ctx: ServerContext, doc: SourceDocument): boolean {
  return ctx.session.store.cached(doc.path) === doc && ctx.session.isCurrent(doc.path);
}

/** Per session, per root: the last preview built and the models it read (the same models: the same preview). */
const lastBuilt = new WeakMap<ServerContext['session'], Map<string, { read: readonly SourceDocument[]; answer: PreviewBundle; text: RawJson; revision: number }>>();

function answerFor(ctx: ServerContext, root: string, file: string, answer: PreviewBundle | PreviewError, text?: RawJson): PreviewAnswer {
  const { session } = ctx;
  const rootUri = session.uriOf(root);
  if (!isPreviewError(answer)) {
    const parts: PreviewPartPlace[] = [];
    for (const part of answer.parts) {
      const doc = session.store.cached(part.path);
      if (doc && !isLoadFailure(doc)) parts.push({ uri: session.uriOf(part.path), range: rangeOf(doc, part.offset, part.length), pointer: part.pointer });
    }
    const pointer = answer.places.get(file) ?? '';
    return { root: rootUri, document: text ?? answer.document, pointer, notes: answer.notes, files: answer.files.map((f) => session.uriOf(f)), parts };
  }
  const at = answer.at;
  const doc = at && session.store.cached(at.path);
  const location = at && doc && !isLoadFailure(doc) ? { uri: session.uriOf(at.path), range: rangeOf(doc, at.offset, at.length) } : undefined;
  return { root: rootUri, error: { message: answer.message, location } };
}
