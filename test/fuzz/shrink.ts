// Shrinking a failing episode to a short reproduction (delta debugging over its logged actions:
// whole steps first, then single actions), and writing it to a folder a developer can read and
// replay with `npm run fuzz -- --replay <folder>`.
import * as fs from 'fs';
import * as path from 'path';
import { WorkspaceFile } from './documents';
import { EpisodeOptions, EpisodeResult, Failure, LoggedAction, replayEpisode } from './episode';
import type { Action } from './steps';
import type { ContentChange } from './text';

export interface Shrunk {
  workspace: WorkspaceFile[];
  actions: LoggedAction[];
  /** The replay of those actions (its failure message and final texts), when it failed again. */
  replay?: EpisodeResult;
  /** Whether a replay showed the failure again (one that depends on timing may not). */
  reproduced: boolean;
  replays: number;
}

/**
 * Delta debugging: the fewest items (within the time) for which `fails` still holds. Chunks are
 * removed, halving their size when none can go.
 */
async function ddmin<T>(items: readonly T[], fails: (candidate: T[]) => Promise<boolean>, end: number,
  onShrunk?: (kept: T[]) => void): Promise<T[]> {
  let kept = [...items];
  let chunks = 2;
  while (kept.length >= 2 && performance.now() < end) {
    const size = Math.ceil(kept.length / chunks);
    let removed = false;
    for (let start = 0; start < kept.length && performance.now() < end; start += size) {
      const candidate = [...kept.slice(0, start), ...kept.slice(start + size)];
      if (await fails(candidate)) {
        kept = candidate;
        chunks = Math.max(chunks - 1, 2);
        removed = true;
        onShrunk?.(kept);
        break;
      }
    }
    if (!removed) {
      if (size === 1) break;
      chunks = Math.min(kept.length, chunks * 2);
    }
  }
  return kept;
}

/** A text's lines, each with its line break. */
const linesOf = (text: string) => text.match(/[^\r\n]*(\r\n|\r|\n)|[^\r\n]+$/g) ?? [];

/**
 * The fewest actions, then the shortest texts (within the time budget) whose replay fails the same
 * way: whole steps first, then single actions, then lines of the workspace's files and of the
 * texts opened or written.
 */
export async function shrink(workspace: WorkspaceFile[], actions: readonly LoggedAction[], failure: Failure,
  options: EpisodeOptions, budgetMs: number, log: (line: string) => void): Promise<Shrunk> {
  const end = performance.now() + budgetMs;
  let replays = 0;
  let replay: EpisodeResult | undefined;
  let files = workspace;
  const fails = async (candidate: readonly LoggedAction[], candidateFiles = files) => {
    replays++;
    const result = await replayEpisode(candidateFiles, candidate, options);
    if (result.failure?.kind !== failure.kind) return false;
    replay = result;
    return true;
  };
  // Twice: a failure that depends on timing may not show on the first replay.
  if (!(await fails(actions)) && !(await fails(actions))) {
    return { workspace, actions: [...actions], reproduced: false, replays };
  }
  const progress = (count: number) => log(`  shrinking: ${count} actions fail the same way`);
  const steps = await ddmin(groupBySteps(actions), (c) => fails(c.flat()), end, (kept) => progress(kept.flat().length));
  let current = await ddmin(steps.flat(), (c) => fails(c), end, (kept) => progress(kept.length));
  // The texts, by lines: each file of the workspace, each text an action opens or writes.
  for (let i = 0; i < files.length && performance.now() < end; i++) {
    const content = files[i].content;
    if (!('text' in content) || content.text.length < 200) continue;
    const withText = (text: string) => files.map((f, j) => (j === i ? { ...f, content: { text } } : f));
    const kept = await ddmin(linesOf(content.text), (lines) => fails(current, withText(lines.join(''))), end);
    files = withText(kept.join(''));
    log(`  shrinking: ${files[i].path} down to ${kept.length} lines`);
  }
  for (let i = 0; i < current.length && performance.now() < end; i++) {
    const action = current[i].action;
    if (action.do !== 'open' && action.do !== 'write') continue;
    if (action.text === undefined || action.text.length < 200) continue;
    const withText = (text: string) => current.map((a, j) => (j === i ? { ...a, action: { ...action, text } } : a));
    const kept = await ddmin(linesOf(action.text), (lines) => fails(withText(lines.join(''))), end);
    current = withText(kept.join(''));
    log(`  shrinking: the text of action ${i} (${action.do} ${action.file}) down to ${kept.length} lines`);
  }
  return { workspace: files, actions: current, replay, reproduced: true, replays };
}

function groupBySteps(actions: readonly LoggedAction[]): LoggedAction[][] {
  const groups: LoggedAction[][] = [];
  for (const a of actions) {
    const last = groups[groups.length - 1];
    if (last && last[0].step === a.step) last.push(a);
    else groups.push([a]);
  }
  return groups;
}

export interface Reproduction {
  seed: number;
  episode: number;
  episodeSeed: number;
  failure: Failure;
  workspace: WorkspaceFile[];
  actions: LoggedAction[];
  allActions: LoggedAction[];
  reproduced: boolean;
  finalTexts: Map<string, string>;
}

const LONG = 400;

/** One line per action; long texts go to files beside it. */
function describeActions(actions: readonly LoggedAction[], folder: string): string {
  let n = 0;
  const text = (t: string) => {
    if (t.length <= LONG && !/[\r\n]/.test(t)) return JSON.stringify(t);
    const name = `texts/${String(++n).padStart(4, '0')}.txt`;
    fs.mkdirSync(path.join(folder, 'texts'), { recursive: true });
    fs.writeFileSync(path.join(folder, name), t);
    return `${JSON.stringify(t.slice(0, 80))}… (${t.length} characters, in ${name})`;
  };
  const line = ({ step, action }: { step: number; action: Action }) => {
    switch (action.do) {
      case 'open':
        return `${step}: open ${action.file} version ${action.version}: ${text(action.text)}`;
      case 'change': {
        const where = (c: ContentChange) => (c.range ? JSON.stringify(c.range) : 'whole text');
        const changes = action.changes.map((c) => `${where(c)} <- ${text(c.text)}`);
        return `${step}: change ${action.file} to version ${action.version} (${action.what}): ${changes.join('; ')}`;
      }
      case 'write': {
        const written = action.text !== undefined ? text(action.text) : `bytes ${action.base64}`;
        return `${step}: write ${action.file} on disk: ${written}, then didChangeWatchedFiles`;
      }
      case 'request':
        return `${step}: request ${action.method} ${JSON.stringify(action.params)}`;
      default:
        return `${step}: ${action.do} ${action.file}`;
    }
  };
  return actions.map(line).join('\n') + '\n';
}

/** Writes a reproduction folder: README, the workspace's files, the actions (JSON and readable), the final texts. */
export function writeReproduction(folder: string, r: Reproduction): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'workspace.json'), JSON.stringify(r.workspace));
  fs.writeFileSync(path.join(folder, 'actions.json'), JSON.stringify(r.actions, null, 1));
  fs.writeFileSync(path.join(folder, 'actions-all.json'), JSON.stringify(r.allActions));
  fs.writeFileSync(path.join(folder, 'steps.txt'), describeActions(r.actions, folder));
  for (const file of r.workspace) {
    const target = path.join(folder, 'workspace', file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const c = file.content;
    if ('text' in c) fs.writeFileSync(target, c.text);
    else if ('base64' in c) fs.writeFileSync(target, Buffer.from(c.base64, 'base64'));
    else {
      const special = 'fifo' in c ? 'a named pipe (mkfifo)\n' : `a symbolic link to ${c.symlink}\n`;
      fs.writeFileSync(target + '.SPECIAL.txt', special);
    }
  }
  for (const [file, text] of r.finalTexts) {
    const target = path.join(folder, 'final', file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  const replayed = r.reproduced
    ? `A replay of the ${r.actions.length} actions in actions.json (steps.txt) shows it again.`
    : 'A replay did not show it again (it may depend on timing); actions.json holds every action.';
  const readme = [
    `Fuzzing the language server found: ${r.failure.kind}`,
    `seed ${r.seed}, episode ${r.episode} (episode seed ${r.episodeSeed}), step ${r.failure.step}`,
    '',
    r.failure.message,
    '',
    replayed,
    'workspace/ holds the files the episode started with (named pipes and links are described in *.SPECIAL.txt);',
    "final/ the open documents' texts at the end.",
    `Replay: npm run fuzz -- --replay ${folder}`,
    `The whole episode again: npm run fuzz -- --episode-seed ${r.episodeSeed}`,
  ];
  fs.writeFileSync(path.join(folder, 'README.txt'), readme.join('\n') + '\n');
}

export function readReproduction(folder: string): { workspace: WorkspaceFile[]; actions: LoggedAction[] } {
  return {
    workspace: JSON.parse(fs.readFileSync(path.join(folder, 'workspace.json'), 'utf8')),
    actions: JSON.parse(fs.readFileSync(path.join(folder, 'actions.json'), 'utf8')),
  };
}
