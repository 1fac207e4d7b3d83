// One fuzzing episode: a folder of hostile files, the built server over stdio, a sequence of
// actions (generated from a seed, or replayed from a list), and after every step the checks: the
// server still runs, logged no failure, and answered the step's request within its bound. At the
// end, its diagnostics must equal those of a fresh server given the final texts.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFileSync } from 'child_process';
import { pathToFileURL } from 'url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient } from '../helpers/lsp-client';
import { hostileWorkspace, Scale, WorkspaceFile } from './documents';
import { Random } from './random';
import { Action, StepGenerator } from './steps';
import { applyChanges, lineStarts, offsetAt, Position } from './text';

export interface EpisodeOptions {
  /** Steps to generate (a replay performs its actions instead). */
  steps: number;
  scale: Scale;
  /** How long a request may take before the server counts as not answering. */
  requestBoundMs: number;
  /** How long diagnostics for a version may take to be published (a pause, the end). */
  publishBoundMs: number;
  /** Stop generating steps after this time (performance.now()); the end is still checked. */
  deadline?: number;
  /** Progress lines (a long run prints them). */
  log?: (line: string) => void;
  /** Requests answered slower than this are logged (with the step's other actions), to find what is slow. */
  logSlowMs?: number;
}

/** An action and the step it belongs to (a step's request comes last). */
export interface LoggedAction {
  step: number;
  action: Action;
}

export interface Failure {
  /** What went wrong, without details that vary between runs (a replay must show the same kind). */
  kind: string;
  message: string;
  step: number;
}

export interface Figures {
  steps: number;
  actions: number;
  requests: number;
  slowest: { ms: number; method: string; step: number };
  /** The longest time from a pause's start to its diagnostics. */
  slowestPublish: number;
  comparedFiles: number;
  /** Where the time went: starting and indexing, the steps, the comparison with a fresh server. */
  phaseMs: { start: number; steps: number; compare: number };
}

export interface EpisodeResult {
  figures: Figures;
  failure?: Failure;
  workspace: WorkspaceFile[];
  actions: LoggedAction[];
  /** The open documents' texts at the end (or at the failure). */
  finalTexts: Map<string, string>;
}

class FuzzFailure extends Error {
  constructor(readonly kind: string, message: string) {
    super(message);
  }
}

/** What the fuzzing client supports besides the helper's defaults: progress (to know when indexing is done). */
const CAPABILITIES = { window: { workDoneProgress: true } };

/** Error messages the server logs that are no defect: it refused what a hostile client sent. */
const EXPECTED_ERRORS = /^ignored a malformed change/;

const short = (s: string, max = 300) => (s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s);

/** Writes the workspace's files into a folder. */
function writeFiles(folder: string, files: readonly WorkspaceFile[]): void {
  for (const file of files) {
    const target = path.join(folder, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const content = file.content;
    if ('text' in content) fs.writeFileSync(target, content.text);
    else if ('base64' in content) fs.writeFileSync(target, Buffer.from(content.base64, 'base64'));
    else if ('fifo' in content) execFileSync('mkfifo', [target]);
    else fs.symlinkSync(content.symlink, target);
  }
}

/** Whether an error is a JSON-RPC error answer (the server answered, with an error). */
function errorCode(e: unknown): number | undefined {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'number' ? code : undefined;
}

export class Episode {
  readonly folder: string;
  private readonly folderUrl: string;
  private client: LspClient;
  private step = 0;
  /** The editor's open documents: their text and version as the client sent them. */
  readonly open = new Map<string, { text: string; version: number }>();
  readonly actions: LoggedAction[] = [];
  readonly figures: Figures = {
    steps: 0, actions: 0, requests: 0, slowest: { ms: 0, method: '', step: 0 }, slowestPublish: 0, comparedFiles: 0,
    phaseMs: { start: 0, steps: 0, compare: 0 },
  };
  private logsSeen = 0;
  private stderrSeen = 0;

  constructor(readonly workspace: WorkspaceFile[], private readonly options: EpisodeOptions) {
    this.folder = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-fuzz-'));
    this.folderUrl = pathToFileURL(this.folder).href;
    writeFiles(this.folder, workspace);
    this.client = new LspClient();
  }

  private uri(file: string): string {
    return pathToFileURL(path.join(this.folder, file)).href;
  }

  /** Initializes a server on the folder and waits until it has indexed the workspace. */
  private async startServer(client: LspClient, which: string): Promise<void> {
    const bound = this.options.publishBoundMs;
    await this.bounded(`initialize (${which})`, client.initialize(this.folder, undefined, CAPABILITIES), bound);
    await this.bounded(`indexing the workspace (${which})`, client.waitForProgressEnd(bound), bound + 1000);
  }

  private openDocument(client: LspClient, file: string, version: number, text: string): Promise<void> {
    const languageId = file.endsWith('.json') ? 'json' : 'yaml';
    return client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: this.uri(file), languageId, version, text },
    });
  }

  /** A promise that must settle within a bound, or the server counts as hung. */
  private async bounded<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new FuzzFailure(`hang:${what}`, `no answer to ${what} within ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The server still runs and has logged no failure since the last look. */
  private checkHealth(): void {
    if (this.client.exited) {
      const { code, signal } = this.client.exited;
      const stderr = short(this.client.stderr, 4000);
      throw new FuzzFailure('exit', `the server exited (code ${code}, signal ${signal})\n${stderr}`);
    }
    for (; this.logsSeen < this.client.logs.length; this.logsSeen++) {
      const log = this.client.logs[this.logsSeen];
      if (log.type === 1 && !EXPECTED_ERRORS.test(log.message)) {
        // The kind leaves out numbers, which differ between runs, so that a replay can match it.
        const kind = `logged:${log.message.split('\n')[0].replace(/\d+/g, 'N').slice(0, 120)}`;
        throw new FuzzFailure(kind, `the server logged an error: ${short(log.message, 4000)}`);
      }
    }
  }

  /** Performs one step's actions, then looks at the server. */
  async perform(step: number, actions: readonly Action[]): Promise<void> {
    this.step = step;
    const start = performance.now();
    for (const action of actions) {
      this.actions.push({ step, action });
      await this.performOne(action);
      this.figures.actions++;
    }
    this.figures.steps++;
    this.checkHealth();
    const ms = performance.now() - start;
    if (ms > 2000) {
      this.options.log?.(`  step ${step} took ${Math.round(ms)} ms: ${actions.map(summary).join('; ')}`);
      // OPENAPI_TRACE_TIMING=1 (passed on to the server): its slow phases meanwhile.
      const slow = this.client.stderr.slice(this.stderrSeen).split('\n').filter((l) => /\d{3,} ms/.test(l));
      if (slow.length > 0) this.options.log?.(slow.map((l) => `    ${l}`).join('\n'));
    }
    this.stderrSeen = this.client.stderr.length;
  }

  private async performOne(action: Action): Promise<void> {
    const { connection } = this.client;
    const file = 'file' in action ? path.join(this.folder, action.file) : '';
    switch (action.do) {
      case 'open': {
        if (this.open.has(action.file)) return;
        this.open.set(action.file, { text: action.text, version: action.version });
        await this.openDocument(this.client, action.file, action.version, action.text);
        return;
      }
      case 'change': {
        const doc = this.open.get(action.file);
        if (!doc) return;
        if (action.version > doc.version) {
          doc.text = applyChanges(doc.text, action.changes);
          doc.version = action.version;
        }
        await connection.sendNotification('textDocument/didChange', {
          textDocument: { uri: this.uri(action.file), version: action.version }, contentChanges: action.changes,
        });
        return;
      }
      case 'close':
        if (!this.open.delete(action.file)) return;
        await connection.sendNotification('textDocument/didClose', { textDocument: { uri: this.uri(action.file) } });
        return;
      case 'write': {
        // A named pipe or a link is removed first: writing into a pipe would wait for a reader.
        const existed = fs.existsSync(file);
        fs.rmSync(file, { force: true });
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, action.text !== undefined ? action.text : Buffer.from(action.base64 ?? '', 'base64'));
        await this.notify(action.file, existed ? 2 : 1);
        return;
      }
      case 'delete':
        if (!fs.existsSync(file) && !isLink(file)) return;
        fs.rmSync(file, { force: true });
        await this.notify(action.file, 3);
        return;
      case 'fifo':
        fs.rmSync(file, { force: true });
        fs.mkdirSync(path.dirname(file), { recursive: true });
        execFileSync('mkfifo', [file]);
        await this.notify(action.file, 2);
        return;
      case 'wait':
        await this.waitForCurrentVersion(this.client, action.file);
        return;
      case 'request':
        await this.request(action.method, action.params);
        return;
    }
  }

  private notify(file: string, type: 1 | 2 | 3): Promise<void> {
    const changes = [{ uri: this.uri(file), type }];
    return this.client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
  }

  /** Waits until the diagnostics of an open document's current version are published. */
  private async waitForCurrentVersion(client: LspClient, file: string, docs = this.open): Promise<void> {
    const doc = docs.get(file);
    if (!doc) return;
    const start = performance.now();
    const version = doc.version;
    const bound = this.options.publishBoundMs;
    let diagnostics: Diagnostic[];
    try {
      diagnostics = await client.waitForDiagnostics(this.uri(file), (p) => p.version === version, bound);
    } catch {
      const last = client.allDiagnostics().get(this.uri(file))?.version;
      const message = `no diagnostics for ${file} version ${version} within ${bound} ms (the last: version ${last})`;
      throw new FuzzFailure('not-published', message);
    }
    this.figures.slowestPublish = Math.max(this.figures.slowestPublish, performance.now() - start);
    const starts = lineStarts(doc.text);
    const inside = (p: Position) => inText(doc.text, starts, p);
    const outside = diagnostics.filter((d) => !inside(d.range.start) || !inside(d.range.end));
    if (outside.length > 0) {
      const listed = outside.slice(0, 10).map(describe).join('\n');
      const message = `diagnostics of ${file} version ${version} lie outside its text (${starts.length} lines)`;
      throw new FuzzFailure('range-outside', `${message}:\n${listed}`);
    }
  }

  private async request(method: string, rawParams: unknown): Promise<void> {
    const params = JSON.parse(JSON.stringify(rawParams).split('{folder}').join(this.folderUrl));
    const start = performance.now();
    try {
      await this.client.request(method, params, this.options.requestBoundMs);
    } catch (e) {
      const code = errorCode(e);
      if (code === undefined) {
        this.checkHealth();
        const asked = short(JSON.stringify(params));
        const message = `no answer to ${method} within ${this.options.requestBoundMs} ms: ${asked}`;
        throw new FuzzFailure(`hang:${method}`, message);
      }
      // RequestFailed (rename refused) and the like are answers; InternalError is a handler that threw.
      if (code === -32603) {
        const message = `${method} failed inside the server: ${(e as Error).message}`;
        throw new FuzzFailure(`internal-error:${method}`, message);
      }
    }
    const ms = performance.now() - start;
    this.figures.requests++;
    if (this.options.logSlowMs !== undefined && ms > this.options.logSlowMs) this.logSlow(ms, method, params);
    if (ms > this.figures.slowest.ms) this.figures.slowest = { ms, method, step: this.step };
  }

  private logSlow(ms: number, method: string, params: unknown): void {
    const before = this.actions.filter((a) => a.step === this.step).slice(0, -1).map((a) => summary(a.action));
    const sizes = [...this.open].map(([file, doc]) => `${file} ${doc.text.length}`).join(', ');
    this.options.log?.(`  slow: ${method} ${Math.round(ms)} ms at step ${this.step}: ` +
      `${short(JSON.stringify(params).split(this.folderUrl).join('{folder}'), 200)}\n` +
      `    after: ${before.join('; ') || 'nothing'}\n    open: ${sizes}`);
  }

  /**
   * The end: every open document's current version published, then the same diagnostics as a
   * fresh server that opens the same texts over the same files. Work can still be under way
   * when the versions are published (a file changed on disk re-checks its roots), so a
   * difference counts only once neither server has published anything for a while.
   */
  async compareWithFresh(): Promise<void> {
    for (const file of this.open.keys()) await this.waitForCurrentVersion(this.client, file);
    this.checkHealth();
    const fresh = new LspClient();
    try {
      await this.startServer(fresh, 'a fresh server');
      for (const [file, doc] of this.open) await this.openDocument(fresh, file, doc.version, doc.text);
      for (const file of this.open.keys()) await this.waitForCurrentVersion(fresh, file);
      const quietMs = 1500;
      const stableMs = 10_000;
      const giveUp = performance.now() + this.options.publishBoundMs * 2;
      for (;;) {
        const now = performance.now();
        const lastPublish = Math.max(this.client.lastPublishAt, fresh.lastPublishAt);
        if (now - lastPublish >= quietMs) {
          const difference = differences(this.client, fresh, this.folderUrl);
          this.figures.comparedFiles = difference.files;
          if (difference.lines.length === 0) return;
          if (now - lastPublish >= stableMs || now > giveUp) {
            const heading = "diagnostics differ from a fresh server's on the final texts (- this one, + a fresh one):";
            throw new FuzzFailure('mismatch', `${heading}\n${difference.lines.join('\n')}`);
          }
        }
        this.checkHealth();
        if (fresh.exited) {
          const stderr = short(fresh.stderr, 4000);
          throw new FuzzFailure('exit', `the fresh server exited (code ${fresh.exited.code})\n${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await fresh.stop();
    }
  }

  finalTexts(): Map<string, string> {
    return new Map([...this.open].map(([file, doc]) => [file, doc.text]));
  }

  async dispose(): Promise<void> {
    await this.client.stop();
    fs.rmSync(this.folder, { recursive: true, force: true });
  }

  /** Runs actions and the end check; a failure is returned, not thrown. */
  async run(steps: Iterable<{ step: number; actions: Action[] }>): Promise<Failure | undefined> {
    // The phase under way when a failure ends the episode keeps the time it had taken.
    let phase: keyof Figures['phaseMs'] = 'start';
    let phaseStart = performance.now();
    const endPhase = (next: keyof Figures['phaseMs']) => {
      this.figures.phaseMs[phase] = performance.now() - phaseStart;
      phase = next;
      phaseStart = performance.now();
    };
    try {
      await this.startServer(this.client, 'the server');
      endPhase('steps');
      for (const { step, actions } of steps) await this.perform(step, actions);
      endPhase('compare');
      this.step = this.figures.steps;
      await this.compareWithFresh();
      this.checkHealth();
      return undefined;
    } catch (e) {
      if (e instanceof FuzzFailure) return { kind: e.kind, message: e.message, step: this.step };
      return { kind: 'fuzzer', message: `the fuzzer itself failed: ${(e as Error).stack}`, step: this.step };
    } finally {
      this.figures.phaseMs[phase] = performance.now() - phaseStart;
    }
  }
}

/** Whether a position names a place in the text: an existing line, at most at its end. */
function inText(text: string, starts: readonly number[], position: Position): boolean {
  if (position.line < 0 || position.line >= starts.length || position.character < 0) return false;
  return offsetAt(text, position, starts) === starts[position.line] + position.character;
}

function isLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** An action in a few words, for progress lines. */
function summary(action: Action): string {
  switch (action.do) {
    case 'change':
      return `change ${action.file} v${action.version} (${short(action.what, 80)})`;
    case 'request':
      return `${action.method} ${short(JSON.stringify(action.params), 160)}`;
    default:
      return `${action.do} ${action.file}`;
  }
}

/** What a user sees of a diagnostic: rule, range and message. */
function describe(d: Diagnostic): string {
  const { start, end } = d.range;
  return `${d.code ?? '-'} ${start.line}:${start.character}-${end.line}:${end.character} ${short(d.message, 500)}`;
}

/** The figures in one line, for a progress line or a test's diagnostic. */
export function describeFigures(f: Figures): string {
  const phases = Object.entries(f.phaseMs).map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`).join(', ');
  const slowest = `${Math.round(f.slowest.ms)} ms (${f.slowest.method}, step ${f.slowest.step})`;
  return `${f.steps} steps, ${f.actions} actions, ${f.requests} requests, slowest answer ${slowest}, ` +
    `slowest diagnostics after a pause ${Math.round(f.slowestPublish)} ms, ` +
    `${f.comparedFiles} files compared (${phases})`;
}

/** Per file, the diagnostics one server shows and the other does not. */
function differences(a: LspClient, b: LspClient, folderUrl: string): { files: number; lines: string[] } {
  const ours = a.allDiagnostics();
  const theirs = b.allDiagnostics();
  const lines: string[] = [];
  let files = 0;
  for (const uri of new Set([...ours.keys(), ...theirs.keys()])) {
    const left = (ours.get(uri)?.diagnostics ?? []).map(describe).sort();
    const right = (theirs.get(uri)?.diagnostics ?? []).map(describe).sort();
    files++;
    const onlyLeft = without(left, right);
    const onlyRight = without(right, left);
    if (onlyLeft.length + onlyRight.length === 0) continue;
    lines.push(`${uri.replace(folderUrl, '.')}:`);
    lines.push(...onlyLeft.slice(0, 20).map((l) => `  - ${l}`), ...onlyRight.slice(0, 20).map((l) => `  + ${l}`));
  }
  return { files, lines };
}

/** The items of `a` not in `b`, counting repeats. */
function without(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  return a.filter((x) => {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    return n === 0;
  });
}

/** A generated episode: its workspace and steps come from the seed. */
export async function runEpisode(seed: number, options: EpisodeOptions): Promise<EpisodeResult> {
  const rnd = new Random(seed);
  const { files, open } = hostileWorkspace(rnd, options.scale);
  const episode = new Episode(files, options);
  const generator = new StepGenerator(rnd, options.scale, files.map((f) => f.path));
  const state = { folder: episode.folder, open: episode.open };
  function* steps(): Generator<{ step: number; actions: Action[] }> {
    const opened = (file: string): Action => {
      return { do: 'open', file, version: 1, text: fs.readFileSync(path.join(episode.folder, file), 'utf8') };
    };
    yield { step: 0, actions: open.map(opened) };
    for (let step = 1; step <= options.steps; step++) {
      if (options.deadline !== undefined && performance.now() > options.deadline) return;
      yield { step, actions: generator.step(state) };
    }
  }
  try {
    const failure = await episode.run(steps());
    const { figures, actions } = episode;
    return { figures, failure, workspace: files, actions, finalTexts: episode.finalTexts() };
  } finally {
    await episode.dispose();
  }
}

/** Replays logged actions over a workspace (to check a reproduction, or to shrink one). */
export async function replayEpisode(workspace: WorkspaceFile[], actions: readonly LoggedAction[],
  options: EpisodeOptions): Promise<EpisodeResult> {
  const episode = new Episode(workspace, options);
  function* steps(): Generator<{ step: number; actions: Action[] }> {
    let i = 0;
    while (i < actions.length) {
      const step = actions[i].step;
      const group: Action[] = [];
      while (i < actions.length && actions[i].step === step) group.push(actions[i++].action);
      yield { step, actions: group };
    }
  }
  try {
    const failure = await episode.run(steps());
    return { figures: episode.figures, failure, workspace, actions: episode.actions, finalTexts: episode.finalTexts() };
  } finally {
    await episode.dispose();
  }
}
