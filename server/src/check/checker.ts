// One check of one root document: load, classify, walk, run the rules. Shared by the CLI and
// the language server; the store caches referenced files across checks.
import { Analysis, analyzeSteps, documentStatus } from '../model/analysis';
import { drain, Steps } from '../syntax/steps';
import { lineIndexSteps } from '../syntax/line-index';
import { DocumentStore, isLoadFailure, LoadFailure, SourceDocument } from '../model/documents';
import { Config, EMPTY_CONFIG } from './config';
import { EarlierFindings, EngineResult, runRulesSteps, RuleCrash } from './engine';
import { withoutFollowOnFindings } from './follow-on';
import { applySuppressions } from './suppressions';
import { Diagnostic, Rule } from './types';
import type { WorkspaceUses } from '../workspace/workspace-index';

export interface CheckOptions {
  config?: Config;
  /** Editor mode: a file that is not an OpenAPI document gets no diagnostics at all. */
  skipNonOpenApi?: boolean;
  /** The rule set (the catalog is rules/index.ts; tests pass one rule). */
  rules: readonly Rule[];
  /** The editor's incremental re-check: findings of untouched objects kept from the last check. */
  earlier?: EarlierFindings;
  /** The language server's workspace: unused-component asks it what other roots use. */
  workspace?: WorkspaceUses;
  /** The previous check's analysis, still right after edits that changed only scalar values. */
  reusable?: Analysis;
  /** Run at each pause of `checkDocument` (every few milliseconds): the CLI's watch on V8's heap. */
  atPause?: () => void;
}

export interface CheckResult {
  path: string;
  /** Set when the file itself could not be read as text. */
  loadFailure?: LoadFailure;
  document?: SourceDocument;
  analysis?: Analysis;
  diagnostics: Diagnostic[];
  /** Findings per object, reference and document (what the next incremental check reuses). */
  perUnit?: EngineResult['perUnit'];
  crashes: RuleCrash[];
  /** Objects whose findings an incremental check kept (see EarlierFindings). */
  keptObjects?: number;
  /** The previous check's analysis was brought up to date instead of walking the documents again. */
  analysisReused?: boolean;
}

/** OPENAPI_TRACE_TIMING=1: each phase's wall time on stderr (profiling and the bench). */
const traceTiming = typeof process !== 'undefined' && process.env.OPENAPI_TRACE_TIMING === '1';
function phaseTime(label: string, since: number): number {
  const now = performance.now();
  if (traceTiming) process.stderr.write(`[timing]   ${label} ${Math.round(now - since)} ms\n`);
  return now;
}

export function checkDocument(store: DocumentStore, absolutePath: string, options: CheckOptions): CheckResult {
  return drain(checkDocumentSteps(store, absolutePath, options), options.atPause);
}

/** The check in steps (see analyzeSteps): the language server can stop it between two. */
export function* checkDocumentSteps(store: DocumentStore, absolutePath: string, options: CheckOptions): Steps<CheckResult> {
  const started = performance.now();
  const loaded = yield* store.getSteps(absolutePath);
  if (isLoadFailure(loaded)) return { path: absolutePath, loadFailure: loaded, diagnostics: [], crashes: [] };
  if (options.skipNonOpenApi && documentStatus(loaded.root).kind === 'not-openapi') {
    return { path: absolutePath, document: loaded, diagnostics: [], crashes: [] };
  }
  let phase = phaseTime('read and parse (when not cached)', started);
  const current = (doc: SourceDocument) => {
    const now = store.cached(doc.path);
    return now && !isLoadFailure(now) ? now : doc;
  };
  // The values edited: the Operations they are members of are the ones whose operationId may differ.
  const edited = options.earlier?.valueEdits?.map((value) => value.node);
  const analysis = options.reusable ? yield* options.reusable.afterValueEdits(current, edited) : yield* analyzeSteps(loaded, store);
  phase = phaseTime(options.reusable ? 'analysis (reused)' : 'analysis', phase);
  const config = options.config ?? EMPTY_CONFIG;
  // Fixes and findings place themselves by lines: the documents' line indexes are built here in
  // steps, not at once by the first fix that asks (10 MB: 30 ms, in each round of a fix-all).
  for (const doc of analysis.documents) yield* lineIndexSteps(doc.parsed);
  const engine = yield* runRulesSteps(analysis, options.rules, config, options.earlier, options.workspace);
  phase = phaseTime('rules', phase);
  // Suppressions written in the documents, the same for every caller.
  const suppressed = applySuppressions(analysis, engine, options.rules, config);
  const diagnostics = withoutFollowOnFindings(suppressed.diagnostics, analysis);
  const crashes = suppressed.crashes;
  phaseTime('suppressions', phase);
  const { perUnit, keptObjects } = engine;
  return { path: absolutePath, document: loaded, analysis, diagnostics, perUnit, crashes: [...engine.crashes, ...crashes], keptObjects, analysisReused: Boolean(options.reusable) };
}
