// `openapi-check [options] FILE|GLOB...`, `openapi-check bundle ROOT`, `openapi-check convert IN` and
// `openapi-check diff BASE NEW`
// (see args.ts for the options). Exit codes: 0 no error-level finding, 1 some (or too many warnings), 2 usage or
// an input that could not be checked (the summary never counts it as a file without problems).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as v8 from 'v8';
import { Config, EMPTY_CONFIG, findConfigFile, readConfig } from '../check/config';
import { RULE_IDS, RULES } from '../rules/index';
import { BundleOptions, CheckOptions, Format, parseArgs, USAGE, UsageError } from './args';
import { applyBaseline, BaselineError, readBaseline, writeBaseline } from './baseline';
import { bundle } from '../services/bundle';
import { convert } from './convert';
import { runDocs } from './docs';
import { readConfigValue } from './config-file';
import { runDiff } from './diff-command';
import { FileJob, FileOutcome } from './check-files';
import { unifiedDiff } from './diff';
import { atLeast, countBySeverity, displayPath, Finding } from './findings';
import { describeFixes, fixInputs } from './fix';
import { formatCodeClimate } from './formats/codeclimate';
import { formatGithub } from './formats/github';
import { formatJson } from './formats/json';
import { formatJunit } from './formats/junit';
import { formatSarif } from './formats/sarif';
import { FileCounts, formatText, summaryLine } from './formats/text';
import { expandGlob, isGlob } from './glob';
import { formatBytes, MAX_FILE_BYTES } from '../io/read-file';
import { decodeText, DocumentStore, FileRead } from '../model/documents';
import { defaultCacheFolder, RemoteCache } from '../io/remote-cache';
import { RemoteDocuments } from '../io/remote-documents';
import { mergePolicies, NO_REMOTE, readRemotePolicy, RemotePolicy } from '../io/remote-policy';
import { prefetchRemoteRefs } from '../io/remote-prefetch';
import { checkInProcesses, checkInThisThread, CheckSetup, filesWithOverlay, workerScript } from './parallel';
import { tuneForOneRun } from './v8-tuning';
import { documentsReachedBy, shardOf } from './shard';
import { runMerge } from './merge';

/**
 * Report formats that show no finding's JSON Pointer: with one of them and no baseline, findings are
 * made without (SARIF and Code Climate fingerprint findings by it, as baselines do).
 */
const FORMATS_WITHOUT_POINTERS: ReadonlySet<string> = new Set(['text', 'json', 'github', 'junit']);

declare const PRODUCT_VERSION: string;
const VERSION = typeof PRODUCT_VERSION === 'string' ? PRODUCT_VERSION : '0.0.0';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

/** Formats other programs parse: on standard output they travel alone, and the terminal's lines go to stderr. */
const MACHINE_FORMATS: readonly Format[] = ['json', 'sarif', 'junit', 'codeclimate'];

export async function run(argv: string[], io: Io): Promise<number> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`openapi-check: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.command === 'help') return io.out(USAGE), 0;
  if (options.command === 'version') return io.out(VERSION + '\n'), 0;
  if (options.command === 'bundle') return runBundle(options, io);
  if (options.command === 'convert') return convert(options, io);
  if (options.command === 'docs') return runDocs(options, io, (root) => filesOfRoot(root, options.allowRemote, options.offline, io));
  if (options.command === 'diff') return runDiff(options, io, VERSION);
  if (options.command === 'merge') return runMerge(options, io);
  return runCheck(options, io);
}

function loadConfig(file: string, io: Io): Config | undefined {
  const read = readConfigValue(file, io.err);
  if (!read) return undefined;
  const { config, problems } = readConfig(read.value, RULE_IDS, file);
  for (const p of problems) io.err(`openapi-check: ${file}: ${p.message}\n`);
  const remoteRefs = (read.value as { remoteRefs?: unknown } | null)?.remoteRefs;
  if (remoteRefs !== undefined) {
    const remote = readRemotePolicy(remoteRefs);
    for (const p of remote.problems) io.err(`openapi-check: ${file}: ${p}\n`);
    config.remoteRefs = remote.policy;
  }
  return config;
}

/** Each input file's configuration: --config, or the nearest file above it (each read once). */
function configs(configFile: string | undefined, io: Io): ((file: string) => Config) | undefined {
  if (configFile) {
    const fixed = loadConfig(path.resolve(io.cwd, configFile), io);
    return fixed && (() => fixed);
  }
  const found = new Map<string, Config>();
  return (file) => {
    const configFile = findConfigFile(path.dirname(file), (f) => fs.existsSync(f), path.join, path.dirname);
    if (!configFile) return EMPTY_CONFIG;
    let config = found.get(configFile);
    if (!config) found.set(configFile, (config = loadConfig(configFile, io) ?? EMPTY_CONFIG));
    return config;
  };
}

/** How findings in a document read from standard input (`-`) name it. */
const STDIN_NAME = '<stdin>';
const stdinPath = (cwd: string) => path.join(cwd, STDIN_NAME);

/** All of standard input, up to the size limit (the user asked for it with `-`, so it may wait). */
function readStandardInput(): FileRead {
  const chunks: Buffer[] = [];
  let size = 0;
  const chunk = Buffer.alloc(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue; // a non-blocking pipe with nothing yet
      if ((e as NodeJS.ErrnoException).code === 'EOF') break;
      return { reason: 'unreadable', message: (e as Error).message };
    }
    if (n === 0) break;
    size += n;
    if (size > MAX_FILE_BYTES) return { reason: 'too-large', message: `it is larger than ${formatBytes(MAX_FILE_BYTES)}.` };
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return decodeText(Buffer.concat(chunks));
}

/** The inputs as files: globs expanded (sorted), each file once, in the order given. */
function inputJobs(options: CheckOptions, io: Io, configFor: (file: string) => Config): FileJob[] | undefined {
  const jobs: FileJob[] = [];
  const seen = new Set<string>();
  let unmatched = false;
  for (const input of options.inputs) {
    if (input === '-') {
      // Standard input, named explicitly: a document without a folder of its own.
      const absolute = stdinPath(io.cwd);
      if (!seen.has(absolute)) jobs.push({ file: STDIN_NAME, absolute, viaGlob: false, config: configFor(absolute) });
      seen.add(absolute);
      continue;
    }
    const viaGlob = isGlob(input) && !fs.existsSync(path.resolve(io.cwd, input));
    const files = viaGlob ? expandGlob(input, io.cwd) : [input];
    if (viaGlob && files.length === 0) {
      io.err(`openapi-check: no file matches ${input}.\n`);
      unmatched = true;
    }
    for (const file of files) {
      const absolute = path.resolve(io.cwd, file);
      if (seen.has(absolute)) continue;
      seen.add(absolute);
      jobs.push({ file, absolute, viaGlob, config: configFor(absolute) });
    }
  }
  return unmatched ? undefined : jobs;
}

/** Whether this process ran a check: then it compiled what a check runs (see entry.ts's code cache). */
let checkRan = false;
export const ranACheck = (): boolean => checkRan;

async function runCheck(options: CheckOptions, io: Io): Promise<number> {
  checkRan = true;
  const configFor = configs(options.configFile, io);
  if (!configFor) return 2;
  const jobs = inputJobs(options, io, configFor);
  if (!jobs) return 2;
  const shard = options.shard;
  const mine = shard ? jobs.filter((job) => shardOf(job.absolute, io.cwd, shard.count) === shard.index) : jobs;
  const reportOnStdout = !options.output;
  // The terminal's lines (summary, fixes, notes): stdout, unless stdout carries a machine format.
  const say = (text: string) => (reportOnStdout && MACHINE_FORMATS.includes(options.format) ? io.err(text) : io.out(text));

  const overlay = new Map<string, string>();
  if (mine.some((j) => j.file === STDIN_NAME)) {
    const read = readStandardInput();
    if (!('text' in read)) {
      io.err(`openapi-check: cannot check standard input: ${read.message}\n`);
      return 2;
    }
    overlay.set(stdinPath(io.cwd), read.text);
  }
  if (options.fix || options.fixDryRun) applyFixes(options, mine, io.cwd, say, overlay);

  const remote = await fetchRemoteRefs(options, mine, overlay);
  const setup: CheckSetup = {
    cwd: io.cwd, overlay: [...overlay], remote: { policy: remote.documents.policy, outcomes: remote.documents.outcomes() },
    pointers: Boolean(options.baseline || options.writeBaseline) || !FORMATS_WITHOUT_POINTERS.has(options.format),
  };
  const outcomes = await checkAll(mine, setup, options.jobs, remote.store);
  // Whether a file of this shard is checked in its role (see referencedByOthers) depends on every
  // input, this shard's and the others'.
  const othersReach = () => {
    const own = new Set(mine);
    return documentsReachedBy(jobs.filter((job) => !own.has(job)), setup);
  };
  const reachedElsewhere = options.shard && outcomes.some((o) => o.notOpenApi) ? othersReach() : new Set<string>();
  const { files, findings, checkedPaths, checkedFiles, crashed } = gathered(outcomes, mine, io, reachedElsewhere);
  const failed = (code: number) => (files.notChecked > 0 ? 2 : crashed ? 1 : code);

  let reported = options.severity ? findings.filter((f) => atLeast(f.severity, options.severity!)) : findings;
  if (options.writeBaseline) {
    const file = path.resolve(io.cwd, options.writeBaseline);
    fs.writeFileSync(file, writeBaseline(reported, path.dirname(file)));
    say(`Wrote ${reported.length} finding${reported.length === 1 ? '' : 's'} of ${files.checked} file${files.checked === 1 ? '' : 's'} to the baseline ${options.writeBaseline}.\n`);
    return failed(0);
  }
  let baselineNote = '';
  if (options.baseline) {
    const file = path.resolve(io.cwd, options.baseline);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      io.err(`openapi-check: cannot read the baseline ${options.baseline}: ${(e as Error).message}\n`);
      return 2;
    }
    try {
      const outcome = applyBaseline(readBaseline(text), reported, path.dirname(file), checkedPaths);
      reported = outcome.fresh;
      baselineNote = `Baseline: ${outcome.known} known finding${outcome.known === 1 ? '' : 's'} not shown; ${outcome.fixed} baselined finding${outcome.fixed === 1 ? ' is' : 's are'} fixed now.\n`;
    } catch (e) {
      if (!(e instanceof BaselineError)) throw e;
      io.err(`openapi-check: the baseline ${options.baseline} cannot be used: ${e.message}\n`);
      return 2;
    }
  }

  const report = formatReport(options.format, reported, files, checkedFiles, io.cwd);
  if (options.output) {
    fs.writeFileSync(path.resolve(io.cwd, options.output), report);
    say(summaryLine(reported, files) + '\n');
  } else {
    io.out(report);
    if (options.format === 'github') say(summaryLine(reported, files) + '\n');
  }
  if (baselineNote) say(baselineNote);
  const warnings = countBySeverity(reported).warning;
  const tooManyWarnings = options.maxWarnings !== undefined && warnings > options.maxWarnings;
  if (tooManyWarnings) say(`${warnings} warnings: more than --max-warnings ${options.maxWarnings}.\n`);
  return failed(reported.some((f) => f.severity === 'error') || tooManyWarnings ? 1 : 0);
}

/**
 * The remote documents the inputs reach, fetched (or read from the cache with --offline) before the
 * check, from the hosts the configurations and --allow-remote allow. With none allowed, nothing is
 * read and no request is made: every remote `$ref` is reported as not checked.
 */
async function fetchRemoteRefs(options: CheckOptions, jobs: readonly FileJob[], overlay: ReadonlyMap<string, string>) {
  const policy = mergePolicies(jobs.map((job) => job.config.remoteRefs ?? NO_REMOTE), options.allowRemote);
  return fetchRemoteDocuments(policy, options.offline, jobs.map((job) => job.absolute), overlay);
}

async function fetchRemoteDocuments(policy: RemotePolicy, offline: boolean, roots: readonly string[], overlay: ReadonlyMap<string, string>) {
  const cache = new RemoteCache(defaultCacheFolder());
  const documents = new RemoteDocuments({ policy, offline, cache, userAgent: `openapi-check/${VERSION}` });
  if (policy.allow.length === 0) return { documents, store: undefined };
  const store = new DocumentStore(filesWithOverlay(overlay, documents));
  await prefetchRemoteRefs(store, roots, documents);
  if (!offline) cache.prune();
  return { documents, store };
}

/** --fix writes the fixed files; --fix-dry-run prints them as a diff and checks them as fixed (through `overlay`). */
function applyFixes(options: CheckOptions, jobs: FileJob[], cwd: string, say: (text: string) => void, overlay: Map<string, string>): void {
  const fixed = fixInputs(jobs, cwd, options.severity);
  for (const file of fixed) {
    if (options.fixDryRun) {
      say(unifiedDiff(file.before, file.after, `a/${file.file}`, `b/${file.file}`));
      overlay.set(file.path, file.after);
    } else {
      writeKeepingBom(file.path, file.after);
      say(`Fixed ${describeFixes(file)}\n`);
    }
  }
  if (fixed.length === 0) say('Nothing to fix.\n');
}

/** The outcomes of every file put together: what was checked, the findings (each once), crashes said on stderr. */
function gathered(outcomes: readonly FileOutcome[], jobs: readonly FileJob[], io: Io, reachedElsewhere: ReadonlySet<string>) {
  let crashed = false;
  const inputs = new Set<string>();
  const files: FileCounts = { checked: 0, notChecked: 0, inputs };
  const findings: Finding[] = [];
  const checkedPaths = new Set<string>();
  const checkedFiles: string[] = [];
  const seen = new Set<string>();
  const inItsRole = referencedByOthers(outcomes, jobs, reachedElsewhere);
  outcomes.forEach((outcome, i) => {
    if (outcome.skipped || inItsRole.has(i)) return;
    if (outcome.notChecked) {
      io.err(`openapi-check: cannot check ${jobs[i].file}: ${outcome.notChecked}\n`);
      files.notChecked++;
      return;
    }
    files.checked++;
    checkedFiles.push(jobs[i].file);
    inputs.add(jobs[i].absolute);
    for (const crash of outcome.crashes) {
      crashed = true;
      io.err(`openapi-check: ${crash}\n`);
    }
    for (const p of outcome.documents) checkedPaths.add(p);
    for (const f of outcome.findings) {
      // A file referenced from several checked roots reports each finding once.
      const key = JSON.stringify([f.file, f.rule, f.severity, f.message, f.range]);
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(f);
    }
  });
  return { files, findings, checkedPaths, checkedFiles, crashed };
}

/**
 * The inputs that are no OpenAPI document but are referenced by another input (`*.yaml` expanded by
 * the shell names the schemas file beside the root): their findings come from that root's check,
 * in the role the reference gives them, not from a check as a root ("no openapi field").
 * `reachedElsewhere`: what the inputs of other shards reach (--shard).
 */
function referencedByOthers(outcomes: readonly FileOutcome[], jobs: readonly FileJob[], reachedElsewhere: ReadonlySet<string>): Set<number> {
  const referenced = new Set<string>(reachedElsewhere);
  outcomes.forEach((outcome, i) => {
    if (outcome.skipped || outcome.notChecked || outcome.notOpenApi) return;
    for (const document of outcome.documents) if (document !== jobs[i].absolute) referenced.add(document);
  });
  const inItsRole = new Set<number>();
  outcomes.forEach((outcome, i) => {
    if (outcome.notOpenApi && referenced.has(jobs[i].absolute)) inItsRole.add(i);
  });
  return inItsRole;
}

function formatReport(format: Format, findings: readonly Finding[], files: FileCounts, checkedFiles: readonly string[], cwd: string): string {
  switch (format) {
    case 'json':
      return formatJson(findings);
    case 'sarif':
      return formatSarif(findings, RULES, VERSION, cwd);
    case 'github':
      return formatGithub(findings);
    case 'junit':
      return formatJunit(findings, checkedFiles);
    case 'codeclimate':
      return formatCodeClimate(findings, cwd);
    default:
      return formatText(findings, files);
  }
}

/**
 * In worker processes when there are several files and cores to share them, else here, unless a
 * file may need a large part of the heap: a worker that runs out of memory ends with an error the
 * CLI reports (exit code 2), where this process would end in a V8 abort.
 */
function checkAll(jobs: readonly FileJob[], setup: CheckSetup, requested: number | undefined, store?: DocumentStore): Promise<FileOutcome[]> | FileOutcome[] {
  const threads = Math.min(requested ?? os.availableParallelism(), jobs.length);
  const script = workerScript();
  if (!script) return checkInThisThread(jobs, setup, store);
  if (threads > 1) return checkInProcesses(jobs, setup, threads, script);
  return jobs.some((job) => mayNeedMuchMemory(job.absolute)) ? checkInProcesses(jobs, setup, 1, script) : checkInThisThread(jobs, setup, store);
}

/** Files from this size on are checked in a worker process (its start costs little next to their check). */
const LARGE_FILE_BYTES = 16 * 1024 * 1024;
/** Heap a check may need per byte of text, with room to spare (about 12 is measured for GitHub's description). */
const HEAP_BYTES_PER_BYTE = 40;

function mayNeedMuchMemory(file: string): boolean {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return false; // the check itself says why it cannot read it
  }
  return size >= LARGE_FILE_BYTES || size * HEAP_BYTES_PER_BYTE > v8.getHeapStatistics().heap_size_limit;
}

/** Writes a fixed file, keeping a byte order mark it had (decoding dropped it). */
function writeKeepingBom(file: string, text: string): void {
  let bom = false;
  try {
    const fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(3);
    bom = fs.readSync(fd, head, 0, 3, 0) === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
    fs.closeSync(fd);
  } catch {
    // A new file: no mark.
  }
  fs.writeFileSync(file, (bom ? '\ufeff' : '') + text);
}

async function runBundle(options: BundleOptions, io: Io): Promise<number> {
  const root = path.resolve(io.cwd, options.root);
  // Remote targets are bundled like local ones from the hosts the root's configuration and --allow-remote allow.
  const configFor = configs(undefined, io)!;
  const policy = mergePolicies([configFor(root).remoteRefs ?? NO_REMOTE], options.allowRemote);
  const remote = await fetchRemoteDocuments(policy, options.offline, [root], new Map());
  const out = options.out === undefined ? undefined : path.resolve(io.cwd, options.out);
  const format = options.format ?? (out && /\.json$/i.test(out) ? 'json' : out && /\.ya?ml$/i.test(out) ? 'yaml' : undefined);
  const result = bundle(filesWithOverlay(new Map(), remote.documents), { root, format, dereference: options.dereference, outDir: path.dirname(out ?? root), show: (p) => displayPath(p, io.cwd) });
  for (const note of result.notes) io.err(`openapi-check bundle: ${note}\n`);
  if (result.text === undefined) {
    io.err(`openapi-check bundle: cannot bundle ${options.root}: ${result.failure}\n`);
    return 2;
  }
  if (out) fs.writeFileSync(out, result.text);
  else io.out(result.text);
  return 0;
}

/** The files a root reads: remote targets from the hosts its configuration and --allow-remote allow. */
async function filesOfRoot(root: string, allowRemote: string[], offline: boolean, io: Io) {
  const configFor = configs(undefined, io)!;
  const policy = mergePolicies([configFor(root).remoteRefs ?? NO_REMOTE], allowRemote);
  const remote = await fetchRemoteDocuments(policy, offline, [root], new Map());
  return filesWithOverlay(new Map(), remote.documents);
}

/** Runs this process's command line and exits with its code (dist/cli.js calls it: see entry.ts). */
export function main(): void {
  tuneForOneRun();
  void run(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    cwd: process.cwd(),
  }).then((code) => {
    // Let stdout drain before exiting (large JSON/SARIF output to a pipe).
    process.stdout.write('', () => process.exit(code));
  });
}

if (require.main === module) main();
