// `openapi-check diff BASE NEW`: the two versions read (from disk, or as committed at a git
// revision), compared by the diff layer, reported in the format asked for. Exit codes: 0 nothing
// at or above --fail-on, 1 something, 2 a usage error or an input that cannot be read or compared.
import * as fs from 'fs';
import * as path from 'path';
import { findConfigFile } from '../check/config';
import { readDiffConfig, DiffConfig, EMPTY_DIFF_CONFIG } from '../diff/config';
import { diffSides } from '../diff/diff';
import { KIND_IDS, KINDS } from '../diff/kinds/index';
import { createSide, DiffSide } from '../diff/side';
import { DIFF_LEVELS, Place } from '../diff/types';
import { documentStatus } from '../model/analysis';
import { DocumentStore, FileSource, isLoadFailure } from '../model/documents';
import { diskFiles } from '../io/read-file';
import { firstSyntaxError } from '../syntax/tree';
import { DiffFormat, DiffOptions, FailOn } from './args';
import { applyBaseline, BaselineError, readBaseline, writeBaseline } from './baseline';
import { readConfigValue } from './config-file';
import { asFinding, DiffFinding, SEVERITY_OF_LEVEL, toDiffFinding } from './diff-findings';
import { displayPath } from './findings';
import { formatDiffJson } from './formats/diff-json';
import { formatDiffMarkdown } from './formats/diff-markdown';
import { diffSummary, formatDiffText } from './formats/diff-text';
import { formatGithub } from './formats/github';
import { formatJunit } from './formats/junit';
import { formatSarif } from './formats/sarif';
import { GitError, pathInRepository, resolveRevision, Revision, revisionFiles, revisionPath } from '../io/git';
import type { Io } from './main';

/** Formats other programs parse: on standard output they travel alone, and notes go to stderr. */
const MACHINE_FORMATS: readonly DiffFormat[] = ['json', 'sarif', 'junit'];

interface LoadedSide {
  side: DiffSide;
  /** As given on the command line. */
  given: string;
  /** The working tree's path of the root (a committed root's too): where its configuration is looked for. */
  absolute: string;
  revision?: Revision;
}

class InputError extends Error {}

/** OPENAPI_TRACE_TIMING=1: each phase's wall time on stderr (profiling and the bench). */
let cpuBefore = process.cpuUsage();
function phaseTime(label: string, since: number): number {
  const now = performance.now();
  if (process.env.OPENAPI_TRACE_TIMING === '1') {
    const cpu = process.cpuUsage(cpuBefore);
    cpuBefore = process.cpuUsage();
    process.stderr.write(
      `[timing] ${label} ${Math.round(now - since)} ms (CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms)\n`,
    );
  }
  return now;
}

/** `REF:PATH` (a committed file) or a file: a file that exists by the whole name is a file. */
function loadSide(given: string, cwd: string): LoadedSide {
  const git = /^([^:]+):(.*)$/.exec(given);
  let files: FileSource = diskFiles;
  let absolute = path.resolve(cwd, given);
  let revision: Revision | undefined;
  if (git && !fs.existsSync(absolute)) {
    if (git[2] === '') throw new InputError(`"${given}" names no file after the revision: write REF:PATH.`);
    try {
      revision = resolveRevision(cwd, git[1]);
    } catch (e) {
      if (e instanceof GitError) throw new InputError(e.message);
      throw e;
    }
    absolute = revisionPath(revision, cwd, git[2]);
    files = revisionFiles(revision);
  }
  const store = new DocumentStore(files);
  const root = store.get(absolute);
  if (isLoadFailure(root)) throw new InputError(`cannot read ${given}: ${root.message.replace(absolute, given)}`);
  const status = documentStatus(root.root);
  if (status.kind !== 'openapi-3.0') {
    const what =
      status.kind === 'swagger-2.0'
        ? 'a Swagger 2.0 document'
        : status.kind === 'openapi-3.1' || status.kind === 'openapi-3.2'
          ? `an OpenAPI ${status.kind.slice('openapi-'.length)} document`
          : 'no OpenAPI 3.0 document';
    throw new InputError(`${given} is ${what}: openapi-check diff compares OpenAPI 3.0 documents.`);
  }
  const error = firstSyntaxError(root.parsed.errors, (e) => e.severity === 'error');
  if (error) {
    const at = root.lineIndex.positionAt(error.offset);
    throw new InputError(
      `${given} has syntax errors (line ${at.line + 1}: ${error.message}): check it with openapi-check ${given} and fix them first.`,
    );
  }
  return { side: createSide(store, root), given, absolute, revision };
}

/** How a report names a document: the root as given; a committed file as REF:path; others relative to the current folder. */
function namer(side: LoadedSide, cwd: string): (absolutePath: string) => string {
  return (absolutePath) => {
    if (absolutePath === side.absolute) return side.given;
    if (side.revision) return `${side.revision.ref}:${pathInRepository(side.revision, absolutePath) ?? absolutePath}`;
    return displayPath(absolutePath, cwd);
  };
}

function diffConfig(options: DiffOptions, io: Io, newRoot: string): DiffConfig | undefined {
  const file = options.configFile
    ? path.resolve(io.cwd, options.configFile)
    : findConfigFile(path.dirname(newRoot), (f) => fs.existsSync(f), path.join, path.dirname);
  if (!file) return EMPTY_DIFF_CONFIG;
  const read = readConfigValue(file, io.err);
  if (!read) return undefined;
  const { config, problems } = readDiffConfig(read.value, KIND_IDS);
  for (const problem of problems) io.err(`openapi-check: ${file}: ${problem}\n`);
  return config;
}

function failsAt(level: string, failOn: FailOn): boolean {
  return failOn !== 'none' && DIFF_LEVELS.indexOf(level as never) <= DIFF_LEVELS.indexOf(failOn);
}

export function runDiff(options: DiffOptions, io: Io, version: string): number {
  const reportOnStdout = !options.output;
  const say = (text: string) =>
    reportOnStdout && MACHINE_FORMATS.includes(options.format) ? io.err(text) : io.out(text);
  let base: LoadedSide;
  let next: LoadedSide;
  let phase = performance.now();
  try {
    base = loadSide(options.base, io.cwd);
    phase = phaseTime('read and parse BASE', phase);
    next = loadSide(options.new, io.cwd);
    phase = phaseTime('read and parse NEW', phase);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.err(`openapi-check diff: ${e.message}\n`);
    return 2;
  }
  const config = diffConfig(options, io, next.absolute);
  if (!config) return 2;

  const result = diffSides(base.side, next.side, { config });
  phase = phaseTime('diff', phase);
  for (const crash of result.crashes)
    io.err(`openapi-check diff: internal error in change kind ${crash.kind}:\n${crash.error}\n`);
  if (result.truncated)
    io.err(
      'openapi-check diff: the comparison stopped at its bound on schema pairs: some schema changes are not reported.\n',
    );
  const names = new Map([
    [base.side, namer(base, io.cwd)],
    [next.side, namer(next, io.cwd)],
  ]);
  const baseName = names.get(base.side)!;
  const newName = names.get(next.side)!;
  // Both sides of a comparison of a file with itself at two revisions share paths: each place is
  // named by the side it belongs to.
  const findingOf = (change: (typeof result.changes)[number]) =>
    toDiffFinding(change, (place: Place) => (place === change.base ? baseName : newName)(place.doc.path));
  let findings: DiffFinding[] = result.changes.map(findingOf);

  if (options.writeBaseline) {
    const file = path.resolve(io.cwd, options.writeBaseline);
    fs.writeFileSync(file, writeBaseline(findings.map(asFinding), path.dirname(file)));
    say(
      `Wrote ${findings.length} change${findings.length === 1 ? '' : 's'} to the baseline ${options.writeBaseline}.\n`,
    );
    return 0;
  }
  let baselineNote = '';
  if (options.baseline) {
    let text: string;
    try {
      text = fs.readFileSync(path.resolve(io.cwd, options.baseline), 'utf8');
    } catch (e) {
      io.err(`openapi-check diff: cannot read the baseline ${options.baseline}: ${(e as Error).message}\n`);
      return 2;
    }
    try {
      const file = path.resolve(io.cwd, options.baseline);
      const asFindings = findings.map(asFinding);
      const checked = new Set(asFindings.map((f) => f.path).concat(next.absolute));
      const outcome = applyBaseline(readBaseline(text), asFindings, path.dirname(file), checked);
      const fresh = new Set(outcome.fresh);
      findings = findings.filter((_, i) => fresh.has(asFindings[i]));
      baselineNote = `Baseline: ${outcome.known} known change${outcome.known === 1 ? '' : 's'} not shown; ${outcome.fixed} baselined change${outcome.fixed === 1 ? ' is' : 's are'} gone now.\n`;
    } catch (e) {
      if (!(e instanceof BaselineError)) throw e;
      io.err(`openapi-check diff: the baseline ${options.baseline} cannot be used: ${e.message}\n`);
      return 2;
    }
  }

  const report = formatDiffReport(options.format, findings, options.base, options.new, version, io.cwd);
  phaseTime('report', phase);
  const summary = diffSummary(findings, options.base, options.new);
  if (options.output) {
    fs.writeFileSync(path.resolve(io.cwd, options.output), report);
    say(summary + '\n');
  } else {
    io.out(report);
    if (options.format === 'github') say(summary + '\n');
  }
  if (result.accepted.length > 0) {
    say(
      `${result.accepted.length} accepted change${result.accepted.length === 1 ? '' : 's'} (acknowledged in the new version) not shown.\n`,
    );
  }
  if (baselineNote) say(baselineNote);
  if (result.crashes.length > 0) return 1;
  return findings.some((f) => failsAt(f.level, options.failOn)) ? 1 : 0;
}

function formatDiffReport(
  format: DiffFormat,
  findings: readonly DiffFinding[],
  base: string,
  next: string,
  version: string,
  cwd: string,
): string {
  switch (format) {
    case 'json':
      return formatDiffJson(findings);
    case 'markdown':
      return formatDiffMarkdown(findings, base, next);
    case 'github':
      // Annotations go on files of the working tree: a committed file is named by its path there.
      return formatGithub(findings.map(asFinding).map((f) => ({ ...f, file: displayPath(f.path, cwd) })));
    case 'sarif':
      return formatSarif(findings.map(asFinding), KINDS.map(sarifRule), version, cwd, 'docs/diff');
    case 'junit':
      return formatJunit(findings.map(asFinding), [next]);
    default:
      return formatDiffText(findings, base, next);
  }
}

const sarifRule = (kind: (typeof KINDS)[number]) => ({
  id: kind.id,
  description: kind.description,
  severity: SEVERITY_OF_LEVEL[kind.level],
});
