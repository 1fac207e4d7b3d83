// The requests behind the editor's "OpenAPI" commands (any LSP client may send them; README lists
// them): the new-document template, a root's bundle as text, the Swagger 2.0 conversion as one
// workspace edit, a file's role (a root, or referenced by which roots), and the check of every
// root of the workspace with progress. The editor only hosts its UI: dialogs, the status bar.
import * as path from 'path';
import { CancellationToken, WorkDoneProgressReporter, WorkspaceEdit } from 'vscode-languageserver/node';
import { documentStatus } from '../../model/analysis';
import { isSwagger2Root } from '../../model/swagger2';
import { bundleValueSteps } from '../../services/bundle';
import { bundleTextSteps } from '../../services/bundle-text';
import { newDocumentTemplate } from '../../services/completion';
import { mark } from '../runtime/marks';
import { signalOf } from '../runtime/scheduler';
import { jsonStringSteps, jsonTextSteps, RawJson } from '../transport/raw-json';
import { inputsCurrent, inputsOf } from '../state/kept-previews';
import { answerWithoutBlocking, runInSlices } from '../state/request-loads';
import { isUnsaved, uriToPath } from '../state/session';
import { WorkspaceCheckSummary } from '../state/workspace-check';
import { ServerContext } from './context';
import { convertedEdit } from './convert-actions';
import { analysisOf, bringOpenFilesUpToDate, readsCurrentModels, rootOf, untilEditOfFilesOf } from './preview';

export interface NewDocumentParams {
  format: 'yaml' | 'json';
}
/** `snippet`: LSP snippet syntax (placeholders `${1:My API}`), for an editor that inserts snippets. */
export interface NewDocumentAnswer {
  language: 'yaml' | 'json';
  snippet: string;
}

export interface BundleParams {
  uri: string;
  /** Where the bundle will be written (a file URI): its folder for paths left relative, its extension for the format. */
  target?: string;
  format?: 'yaml' | 'json';
}
/** `text`: written ahead as JSON text (transport/raw-json.ts); the client receives a string. */
export type BundleAnswer = { root: string; text: string | RawJson; notes: string[] } | { error: string };

export interface ConvertParams {
  uri: string;
}
/** `created`: the new files the edit makes (the converted root first), to open once it is applied. */
export type ConvertAnswer = { edit: WorkspaceEdit | RawJson; created: string[] } | { error: string };

export interface FileRoleParams {
  uri: string;
}
/**
 * `label`: what a status bar shows ("OpenAPI 3.0 root", "referenced by api.yaml"); `related`: for a
 * root, the files it references; for a referenced file, the roots that reference it (URIs).
 */
export type FileRoleAnswer =
  | { role: 'root'; label: string; version: string; related: string[] }
  | { role: 'referenced'; label: string; related: string[] }
  | { role: 'none' };

export interface CheckWorkspaceParams {
  workDoneToken?: string | number;
}
export type CheckWorkspaceAnswer = WorkspaceCheckSummary & { message: string };

const VERSION_NAMES: Record<string, string> = {
  'openapi-3.0': 'OpenAPI 3.0', 'openapi-3.0-malformed': 'OpenAPI 3.0', 'openapi-3.1': 'OpenAPI 3.1', 'swagger-2.0': 'Swagger 2.0',
};

/** How long the workspace check waits, at most, for the workspace's files to be indexed. */
const INDEXING_WAIT_MS = 120_000;
const INDEXING_POLL_MS = 100;

export function registerCommands(ctx: ServerContext): void {
  const { session } = ctx;

  ctx.dispatch.request<NewDocumentParams, NewDocumentAnswer>('openapi30/newDocument', { language: 'yaml', snippet: '' }, (params) => {
    const format = params?.format === 'json' ? 'json' : 'yaml';
    return { language: format, snippet: newDocumentTemplate(format) };
  });

  ctx.dispatch.request<BundleParams, BundleAnswer>('openapi30/bundleToFile', { error: 'The document could not be bundled.' }, async (params, token) => {
    const file = uriToPath(params.uri);
    if (!file) return { error: `${params.uri} is not a file the server reads.` };
    await bringOpenFilesUpToDate(ctx, [file], token);
    // A referenced file whose root is closed: the first root of the workspace that reaches it.
    const root = rootOf(ctx, file) ?? (await ctx.workspace.freshInSlices(token)).rootsReaching(file).sort()[0];
    if (!root) return { error: 'This file is not an OpenAPI document, and no OpenAPI document of the workspace references it.' };
    const target = params.target ? uriToPath(params.target) : undefined;
    const format = params.format ?? (target && /\.json$/i.test(target) ? 'json' : target && /\.ya?ml$/i.test(target) ? 'yaml' : undefined);
    return bundleToText(ctx, root, path.dirname(target ?? root), format, token);
  });

  // Converted in a worker thread (seconds on a large document), from the editor's unsaved text; an
  // edit of a file it converted meanwhile: converted again, the newer edit wins.
  ctx.dispatch.request<ConvertParams, ConvertAnswer>('openapi30/convert', { error: 'The document could not be converted.' }, async (params, token) => {
    const file = uriToPath(params.uri);
    if (!file) return { error: `${params.uri} is not a file the server reads.` };
    const cancelled: ConvertAnswer = { error: 'The conversion was cancelled.' };
    await bringOpenFilesUpToDate(ctx, [file], token);
    const model = session.modelOf(file);
    if (!model || !isSwagger2Root(model.root)) {
      return { error: `${path.basename(file)} is not a Swagger 2.0 document (its root has no \`swagger: '2.0'\`).` };
    }
    const canCreate = ctx.workspace.clientCapabilities?.workspace?.workspaceEdit?.resourceOperations?.includes('create') ?? false;
    const placement = canCreate ? 'beside' : 'in-place';
    const edit = await convertedEdit(ctx, file, placement, token);
    if (token.isCancellationRequested) return cancelled;
    if ('error' in edit) return edit;
    const created = (edit.documentChanges ?? []).flatMap((c) => ('kind' in c && c.kind === 'create' ? [c.uri] : []));
    // The edit holds the converted texts (megabytes): its JSON text is written in steps too.
    const text = await session.scheduler.run('requests', jsonTextSteps(edit), { signal: signalOf(token) });
    if (token.isCancellationRequested || !text) return cancelled;
    return { edit: text, created };
  });

  ctx.dispatch.request<FileRoleParams, FileRoleAnswer>('openapi30/fileRole', { role: 'none' }, async (params, token) => {
    const file = uriToPath(params.uri);
    if (!file) return { role: 'none' };
    // Asked by the status bar after every check of the active file: a large document edited since it
    // was indexed is left to the background indexer (its role hardly changes with a keystroke).
    const compute = (): FileRoleAnswer => {
      const index = ctx.workspace.fresh('small');
      const model = session.modelOf(file);
      const status = model ? documentStatus(model.root).kind : 'not-openapi';
      if (status !== 'not-openapi') {
        const version = VERSION_NAMES[status];
        const related = session.results.has(file) ? session.filesOf(file) : [...(index.get(file) ? index.projectOf(file) : [])];
        // An unsaved document's relative `$ref`s name no file on disk: nothing to list or open.
        const files = related.filter((f) => f !== file && !isUnsaved(f));
        return { role: 'root', version, label: `${version} root`, related: files.sort().map((f) => session.uriOf(f)) };
      }
      const roots = new Set([...session.rootsReading(file), ...index.rootsReaching(file)]);
      roots.delete(file);
      if (roots.size === 0) return { role: 'none' };
      const sorted = [...roots].sort();
      const label = sorted.length === 1 ? `referenced by ${path.basename(sorted[0])}` : `referenced by ${sorted.length} roots`;
      return { role: 'referenced', label, related: sorted.map((f) => session.uriOf(f)) };
    };
    return answerWithoutBlocking(session, compute, { role: 'none' }, token);
  });

  ctx.dispatch.request<CheckWorkspaceParams, CheckWorkspaceAnswer>('openapi30/checkWorkspace',
    { roots: 0, checked: 0, filesWithFindings: 0, findings: 0, cancelled: true, message: 'The workspace could not be checked.' },
    async (params, token) => checkWorkspace(ctx, params, token));
}

/**
 * A root's bundle as text, built from the editor's unsaved text in slices as the preview's is, and
 * written in slices too (the YAML of GitHub's description held the loop 3-4 s in one block): requests
 * on open documents are answered meanwhile. An edit of a file it read stops it and it starts again on
 * the newer text, as the preview does: the newer edit wins.
 */
async function bundleToText(ctx: ServerContext, root: string, outDir: string, format: 'yaml' | 'json' | undefined,
  token: CancellationToken): Promise<BundleAnswer> {
  const { session } = ctx;
  const cancelled: BundleAnswer = { error: 'The bundle request was cancelled.' };
  const cancelledSignal = signalOf(token);
  for (;;) {
    // A closed root (of a referenced file asked for) is read and parsed in slices, not by the bundle's first look.
    if (!session.openDocument(root) && !session.isCurrent(root)) await runInSlices(session, session.store.loadSteps(root), token, 'requests');
    await bringOpenFilesUpToDate(ctx, session.filesOf(root), token);
    if (token.isCancellationRequested) return cancelled;
    const edited = untilEditOfFilesOf(ctx, root);
    const analysis = await analysisOf(ctx, root, token);
    if (token.isCancellationRequested) return cancelled;
    if (edited.aborted) continue;
    const known = analysis && readsCurrentModels(ctx, analysis) ? analysis : undefined;
    const request = { root, dereference: false, outDir, show: (p: string) => path.basename(p) };
    const signal = AbortSignal.any([edited, cancelledSignal].filter((s): s is AbortSignal => s !== undefined));
    mark('bundle to text starts', { root });
    const started = performance.now();
    const bundled = await session.scheduler.run('requests', bundleValueSteps(session.store, request, known), { signal });
    if (token.isCancellationRequested) return cancelled;
    if (bundled === undefined || edited.aborted) {
      mark('bundle to text stopped by an edit', { root });
      continue;
    }
    if ('failure' in bundled) return { error: `Cannot bundle ${path.basename(root)}: ${bundled.failure}` };
    const inputs = inputsOf(session, [...bundled.analysis.documents], bundled.analysis.files);
    const built = performance.now();
    // The text reads the value alone, not the trees: an edit meanwhile does not stop it, the inputs say after.
    const written = (format ?? bundled.analysis.root.format) === 'json' ? 'json' : 'yaml';
    const pieces = await session.scheduler.run('requests', bundleTextSteps(bundled.value, written), { signal: cancelledSignal });
    const text = pieces && await session.scheduler.run('requests', jsonStringSteps(pieces), { signal: cancelledSignal });
    if (token.isCancellationRequested || !text) return cancelled;
    mark('bundle to text written', { root, bundleMs: Math.round(built - started), textMs: Math.round(performance.now() - built) });
    if (!inputsCurrent(session, inputs)) {
      mark('bundle to text stopped by an edit', { root });
      continue;
    }
    return { root: session.uriOf(root), text, notes: bundled.notes };
  }
}

async function checkWorkspace(ctx: ServerContext, params: CheckWorkspaceParams, token: CancellationToken): Promise<CheckWorkspaceAnswer> {
  const progress: WorkDoneProgressReporter | undefined = params?.workDoneToken !== undefined
    ? ctx.connection.window.attachWorkDoneProgress(params.workDoneToken) : undefined;
  progress?.begin('Checking the workspace', 0, 'Finding the OpenAPI files', true);
  try {
    // Bringing the index up to date may queue files closed since (read again from the disk): waited for too.
    await ctx.workspace.freshInSlices(token);
    const waitUntil = performance.now() + INDEXING_WAIT_MS;
    while (ctx.workspace.indexing && performance.now() < waitUntil && !token.isCancellationRequested) {
      await new Promise((resolve) => setTimeout(resolve, INDEXING_POLL_MS));
    }
    let lastReport = 0;
    const report = (done: number, total: number, root: string) => {
      const now = performance.now();
      if (now - lastReport < 100 && done > 0) return;
      lastReport = now;
      progress?.report(Math.round((done / Math.max(1, total)) * 100), `${done + 1} of ${total}: ${path.basename(root)}`);
    };
    const cancelled = () => token.isCancellationRequested;
    // Stopped between roots, not inside one: what was checked is kept and counted.
    const steps = ctx.checks.workspaceCheck.runSteps(report, cancelled);
    const summary = await ctx.session.scheduler.run('background', steps, {
      waitWhile: () => ctx.workspace.checksBusy(),
    });
    const outcome = summary ?? { roots: 0, checked: 0, filesWithFindings: 0, findings: 0, cancelled: true };
    if (token.isCancellationRequested) outcome.cancelled = true;
    return { ...outcome, message: summaryMessage(outcome) };
  } finally {
    progress?.done();
  }
}

function summaryMessage(s: WorkspaceCheckSummary): string {
  const roots = `${s.roots} OpenAPI ${s.roots === 1 ? 'document' : 'documents'}`;
  if (s.roots === 0) return 'No OpenAPI documents in the workspace folders.';
  const findings = s.findings === 0 ? 'no findings' : `${s.findings} ${s.findings === 1 ? 'finding' : 'findings'} in ${s.filesWithFindings} ${s.filesWithFindings === 1 ? 'file' : 'files'}`;
  const checked = `${s.checked} closed ${s.checked === 1 ? 'one' : 'ones'} checked`;
  return `${s.cancelled ? 'Stopped: ' : ''}${roots} in the workspace, ${checked}: ${findings} (open documents show their own).`;
}
