// openapi30/previewDocument `{ uri }` (and its alias for other editors, openapi30/bundle): the bundled document the preview renders, for a root or for
// a file a root references (then with the pointer of that file's part, to scroll to). Built from the
// editor's unsaved text: open documents the root reads are brought up to date first, in slices; the
// root's analysis is the last check's when it read those very models, else walked in slices; then the
// bundle is written in slices too (other requests are answered meanwhile). An edit of a file the root
// reads while it is written stops it, and it starts again on the newer text: the newer edit wins. The
// last answer per root is kept with the files it read (state/kept-previews.ts): asked again with none
// of them changed, it answers at once; openapi30/previewClosed `{ uri }` frees it.
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
import { inputsCurrent, inputsOf, KeptPreviews } from '../state/kept-previews';
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

/** A kept preview: the answer and its JSON text. */
interface BuiltPreview {
  answer: PreviewBundle;
  text: RawJson;
}

/** Per session, the last preview built per root (state/kept-previews.ts says what keeps and frees one). */
const keptPreviews = new WeakMap<ServerContext['session'], KeptPreviews<BuiltPreview>>();

export function keptPreviewsOf(session: ServerContext['session']): KeptPreviews<BuiltPreview> {
  let kept = keptPreviews.get(session);
  if (!kept) keptPreviews.set(session, (kept = new KeptPreviews<BuiltPreview>(session)));
  return kept;
}

export interface PreviewClosedParams {
  /** The document whose preview closed (the `uri` its previewDocument requests named). */
  uri: string;
}

export function registerPreview(ctx: ServerContext): void {
  /** `viewer`: the preview's document, when a preview panel asks (it says when it closes); other editors' bundle requests are kept by recent use only. */
  const answerPreview = async (params: PreviewParams, token: CancellationToken, viewer?: string): Promise<PreviewAnswer> => {
      const file = uriToPath(params.uri);
      if (!file) return { error: { message: `${params.uri} is not a file the server reads.` } };
      const cancelled: PreviewAnswer = { error: { message: 'The preview request was cancelled.' } };
      const { session } = ctx;
      const previews = keptPreviewsOf(session);
      const cancelledSignal = signalOf(token);
      for (;;) {
        await bringOpenFilesUpToDate(ctx, [file], token);
        const root = rootOf(ctx, file);
        if (!root) return { error: { message: 'Not an OpenAPI document, and no open OpenAPI document references it: open its root first.' } };
        await bringOpenFilesUpToDate(ctx, session.filesOf(root), token);
        if (token.isCancellationRequested) return cancelled;
        const kept = previews.get(root);
        if (kept) {
          mark('preview answered from the last build', { root });
          if (viewer) previews.shownIn(root, viewer);
          return answerFor(ctx, root, file, kept.answer, kept.text);
        }
        // Taken before the walk: an edit from here on of a file the root reads stops both the walk and
        // the bundle (they hold its tree); typing in another document does not.
        const edited = untilEditOfFilesOf(ctx, root);
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
        const inputs = inputsOf(session, built.read, built.named);
        // The document's JSON text, written in steps too (sending it then only copies it). It reads the
        // value alone, not the trees: an edit meanwhile does not stop it, the inputs say after.
        const text = await session.scheduler.run('requests', jsonTextSteps(built.answer.document), { signal: cancelledSignal });
        if (token.isCancellationRequested || text === undefined) return cancelled;
        // A file it read was edited meanwhile (one the root's last check did not know): the newer edit wins.
        if (!inputsCurrent(session, inputs)) {
          mark('preview build stopped by an edit', { root });
          continue;
        }
        previews.keep(root, inputs, { answer: built.answer, text });
        if (viewer) previews.shownIn(root, viewer);
        return answerFor(ctx, root, file, built.answer, text);
      }
  };
  ctx.dispatch.request<PreviewParams, PreviewAnswer>('openapi30/previewDocument', { error: { message: 'The preview could not be built.' } },
    (params, token) => answerPreview(params, token, params.uri));
  // The same answer under the name other editors look for (README: "openapi30/bundle").
  ctx.dispatch.request<PreviewParams, PreviewAnswer>('openapi30/bundle', { error: { message: 'The document could not be bundled.' } },
    (params, token) => answerPreview(params, token));
  // The preview of a document closed: its root's kept build is freed unless another preview shows it.
  ctx.dispatch.notification<PreviewClosedParams>('openapi30/previewClosed', (params) => {
    if (typeof params?.uri === 'string') keptPreviewsOf(ctx.session).closed(params.uri);
  });
}

/**
 * Aborted at the next edit of a file the root's last check read (the walk and the bundle hold their
 * trees, which an edit changes in place), or of any document when the root has no check to say.
 */
export function untilEditOfFilesOf(ctx: ServerContext, root: string): AbortSignal {
  const { session } = ctx;
  if (!session.results.get(root)?.analysis) return session.scheduler.untilEdit();
  return AbortSignal.any(session.filesOf(root).map((f) => session.scheduler.untilEdit(f)));
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
