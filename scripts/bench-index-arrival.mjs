// How long requests on an open document wait while the language server indexes a workspace that
// holds a large description (the worker reads and parses it; its index then comes to the server's
// thread). Usage: node scripts/bench-index-arrival.mjs [file-or-folder ...] [--runs N]; the default
// is GitHub's description from .bench (10 MB of YAML). Each run starts a server on a temporary
// folder with a copy of the input and a small open root whose check asks the index
// (unused-component), sends documentSymbol requests one after another until indexing has ended and
// 1.5 s after, and prints the slowest answer. Not part of `npm run bench`; run on a quiet machine.
import { cpSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startBenchServer } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const inputs = args.length > 0 ? args : [join(root, '.bench', 'api.github.com.yaml')];
const OPEN = [
  'openapi: 3.0.3', 'info: {title: Open, version: 1.0.0}', 'paths:', '  /open:', '    get:', '      responses:',
  "        '200':", '          description: OK', 'components:', '  schemas:', '    Local:', '      type: string',
].join('\n') + '\n';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(input) {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-index-arrival-'));
  cpSync(input, statSync(input).isDirectory() ? dir : join(dir, basename(input)), { recursive: true });
  writeFileSync(join(dir, 'open.yaml'), OPEN);
  const { server, connection } = startBenchServer();
  let ended = false;
  let published = false;
  connection.onNotification('$/progress', (p) => (ended ||= p.value.kind === 'end'));
  connection.onNotification('textDocument/publishDiagnostics', () => (published = true));
  connection.listen();
  const started = performance.now();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: { window: { workDoneProgress: true }, workspace: { configuration: true } },
  });
  await connection.sendNotification('initialized', {});
  const uri = pathToFileURL(join(dir, 'open.yaml')).href;
  const textDocument = { uri, languageId: 'yaml', version: 1, text: OPEN };
  await connection.sendNotification('textDocument/didOpen', { textDocument });
  while (!published) await sleep(5);
  const latencies = [];
  const sentAt = [];
  let endedAt;
  while (endedAt === undefined || performance.now() - endedAt < 1500) {
    const sent = performance.now();
    await connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
    latencies.push(performance.now() - sent);
    sentAt.push(sent);
    if (ended && endedAt === undefined) endedAt = performance.now();
    await sleep(2);
  }
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  server.kill();
  rmSync(dir, { recursive: true, force: true });
  const slowest = latencies.indexOf(Math.max(...latencies));
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    indexed: endedAt - started,
    count: sorted.length,
    p99: sorted[Math.floor(sorted.length * 0.99)],
    max: sorted[sorted.length - 1],
    maxAt: sentAt[slowest] - endedAt,
  };
}

for (const input of inputs) {
  for (let i = 0; i < runs; i++) {
    const r = await run(input);
    const slowest = `slowest ${r.max.toFixed(1)} ms (sent ${Math.round(r.maxAt)} ms from the end of indexing)`;
    const requests = `${r.count} documentSymbol requests, p99 ${r.p99.toFixed(1)} ms`;
    console.log(`${basename(input)}: indexed in ${Math.round(r.indexed)} ms; ${requests}, ${slowest}`);
  }
}
