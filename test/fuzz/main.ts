// `npm run fuzz -- --seed N --seconds S`: episodes of hostile documents and edits against the built
// server until the time is up; each failure is printed with its seed and step, shrunk, and written
// to a reproduction folder. `--replay <folder>` runs a reproduction again; `--episode-seed X` one
// episode of an earlier run.
import * as path from 'path';
import { FULL_SCALE, TEST_SCALE } from './documents';
import { describeFigures, EpisodeOptions, EpisodeResult, replayEpisode, runEpisode } from './episode';
import { Random } from './random';
import { readReproduction, shrink, writeReproduction } from './shrink';
import { REPO_ROOT } from '../helpers/paths';

const USAGE = `npm run fuzz -- [--seed N] [--seconds S] [--steps K] [--small] [--request-bound MS]
                    [--publish-bound MS] [--out DIR] [--no-shrink] [--shrink-seconds S]
                    [--episode-seed X] [--replay DIR] [--deep-yaml-flow] [--log-slow MS]
  --log-slow: print each request answered slower than MS, with what its step did before it
  --small: the scale of npm test's fuzz test (smaller big inputs), for more steps per minute`;

type Args = Record<string, string | true>;

function parseArgs(argv: string[]): Args {
  const args: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}\n${USAGE}`);
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      args[arg.slice(2)] = next;
      i++;
    } else args[arg.slice(2)] = true;
  }
  return args;
}

function numberArg(args: Args, name: string, fallback: number): number {
  const value = args[name];
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} needs a number\n${USAGE}`);
  return n;
}

/** Options as the user gave them, with defaults. */
function episodeOptions(args: Args): EpisodeOptions {
  return {
    log: (line) => console.log(line),
    steps: numberArg(args, 'steps', 150),
    scale: { ...(args.small ? TEST_SCALE : FULL_SCALE), ...(args['deep-yaml-flow'] ? { yamlFlowDepth: 2_000 } : {}) },
    requestBoundMs: numberArg(args, 'request-bound', 10_000),
    publishBoundMs: numberArg(args, 'publish-bound', 60_000),
    logSlowMs: args['log-slow'] === undefined ? undefined : numberArg(args, 'log-slow', 100),
  };
}

/** Shrinks a failing episode (unless told not to) and writes its reproduction; returns the folder. */
async function keepFailure(args: Args, run: { seed: number; episode: number; episodeSeed: number },
  result: EpisodeResult, options: EpisodeOptions, out: string): Promise<string> {
  const log = options.log!;
  const failure = result.failure!;
  log(`FAILURE: seed ${run.seed}, episode ${run.episode} (episode seed ${run.episodeSeed}), step ${failure.step}: ` +
    `${failure.kind}\n${failure.message}`);
  const folder = path.join(out, `seed-${run.seed}-episode-${run.episode}`);
  let shown = result;
  let workspace = result.workspace;
  let reproduced = false;
  if (!args['no-shrink']) {
    const budgetMs = numberArg(args, 'shrink-seconds', 600) * 1000;
    const quiet = { ...options, log: undefined };
    const shrunk = await shrink(result.workspace, result.actions, failure, quiet, budgetMs, log);
    reproduced = shrunk.reproduced;
    if (shrunk.replay) shown = shrunk.replay;
    workspace = shrunk.workspace;
    const outcome = reproduced
      ? `shrunk to ${shrunk.actions.length} of ${result.actions.length} actions`
      : 'a replay did not fail again';
    log(`  ${outcome} (${shrunk.replays} replays)`);
    if (shrunk.replay?.failure) log(`  the shrunk replay: ${shrunk.replay.failure.message.slice(0, 2000)}`);
  }
  writeReproduction(folder, {
    ...run, failure: shown.failure ?? failure, workspace, actions: shown.actions, allActions: result.actions,
    reproduced, finalTexts: shown.finalTexts,
  });
  log(`  reproduction: ${folder}`);
  return folder;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const options = episodeOptions(args);
  const log = options.log!;
  if (typeof args.replay === 'string') {
    const { workspace, actions } = readReproduction(args.replay);
    const { failure } = await replayEpisode(workspace, actions, options);
    log(failure ? `fails: ${failure.kind} at step ${failure.step}\n${failure.message}` : 'passes');
    return failure ? 1 : 0;
  }

  const seed = numberArg(args, 'seed', Date.now() % 1_000_000);
  const seconds = numberArg(args, 'seconds', 60);
  const out = path.resolve(typeof args.out === 'string' ? args.out : path.join(REPO_ROOT, 'test-output', 'fuzz'));
  // One episode asked for by its seed runs all its steps, as it did in the run that found it.
  const single = typeof args['episode-seed'] === 'string';
  const end = performance.now() + seconds * 1000;
  const rnd = new Random(seed);
  const totals = { episodes: 0, steps: 0, actions: 0, requests: 0, slowestPublish: 0 };
  let slowest = { ms: 0, method: '', where: '' };
  const failures: string[] = [];
  log(`fuzzing for ${seconds} s with seed ${seed}; reproductions go to ${out}`);
  for (let episode = 0; performance.now() < end; episode++) {
    const episodeSeed = single ? Number(args['episode-seed']) : rnd.fork();
    const started = performance.now();
    const result = await runEpisode(episodeSeed, { ...options, deadline: single ? undefined : end });
    const f = result.figures;
    totals.episodes++;
    totals.steps += f.steps;
    totals.actions += f.actions;
    totals.requests += f.requests;
    totals.slowestPublish = Math.max(totals.slowestPublish, f.slowestPublish);
    if (f.slowest.ms > slowest.ms) slowest = { ...f.slowest, where: `episode ${episode} step ${f.slowest.step}` };
    const took = Math.round((performance.now() - started) / 1000);
    const failed = result.failure ? '  FAILED' : '';
    log(`episode ${episode} (seed ${episodeSeed}): ${describeFigures(f)}, ${took} s${failed}`);
    if (result.failure) {
      const folder = await keepFailure(args, { seed, episode, episodeSeed }, result, options, out);
      failures.push(`${result.failure.kind} (episode ${episode}, step ${result.failure.step}): ${folder}`);
    }
    if (single) break;
  }
  log(`\n${totals.episodes} episodes, ${totals.steps} steps, ${totals.actions} actions, ${totals.requests} requests; ` +
    `slowest answer ${Math.round(slowest.ms)} ms (${slowest.method}, ${slowest.where}); ` +
    `slowest diagnostics after a pause ${Math.round(totals.slowestPublish)} ms; ` +
    `${failures.length} failures${failures.map((f) => `\n  ${f}`).join('')}`);
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error((e as Error).message);
    process.exit(2);
  },
);
