// Profiles operationId keystrokes through the server: starts dist/server.js (or BENCH_SERVER) with
// --cpu-prof into PROF_DIR (when set), opens GitHub's description (PROF_FORM=yaml|json), waits
// PROF_SETTLE_MS, types PROF_EDITS characters at the ends of operationIds spread over the document
// (PROF_REGION=0.1: over its first tenth; PROF_REVERSE=1: from the end), PROF_PAUSE ms apart, after
// PROF_FREE_TEXT characters typed in descriptions (as bench-lsp.mjs types them first). Prints the
// median and p95, each edit's time (PROF_VERBOSE=1), the edits' ends on the profile's clock
// (monotonic microseconds, to cut the profile per edit) and their [timing] marks (PROF_MARKS=n).
// PROF_NODE_ARGS: V8 flags for the server.
import { readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { aloneInFolder, ensureGithubYaml, githubJson } from './bench-inputs.mjs';
import { SERVER_ENV, startBenchServer, stopBenchServer } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FORM = process.env.PROF_FORM ?? 'json';
const EDITS = Number(process.env.PROF_EDITS ?? 60);
const SERVER = process.env.BENCH_SERVER ?? join(root, 'dist', 'server.js');
const PROF_DIR = process.env.PROF_DIR;
const file = FORM === 'yaml' ? aloneInFolder(ensureGithubYaml(), 'lsp-yaml') : aloneInFolder(githubJson, 'lsp-json');
const text = readFileSync(file, 'utf8');
if (PROF_DIR) mkdirSync(PROF_DIR, { recursive: true });
const { server, connection } = startBenchServer({
  script: SERVER,
  nodeArgs: [...(process.env.PROF_NODE_ARGS ? process.env.PROF_NODE_ARGS.split(' ') : []), ...(PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir=' + PROF_DIR, '--cpu-prof-interval', '200'] : [])],
  env: { ...SERVER_ENV, OPENAPI_TRACE_TIMING: '1' },
  settings: { maxFileSize: 100 },
  stderr: 'pipe',
});
let stderr = '';
server.stderr.on('data', (d) => (stderr += d));
const waiters = [];
connection.onNotification('textDocument/publishDiagnostics', (p) => {
  for (const w of [...waiters]) if (w.check(p)) waiters.splice(waiters.indexOf(w), 1), w.resolve(p);
});
connection.onNotification('window/logMessage', () => undefined);
connection.onNotification('$/progress', () => undefined);
connection.listen();
const diagnosticsFor = (uri, version) => new Promise((resolve) => waiters.push({ check: (p) => p.uri === uri && p.version === version, resolve }));
await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dirname(file)).href, capabilities: { workspace: { configuration: true } } });
await connection.sendNotification('initialized', {});
const uri = pathToFileURL(file).href;
const first = diagnosticsFor(uri, 1);
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: FORM, version: 1, text } });
await first;
await new Promise((r) => setTimeout(r, Number(process.env.PROF_SETTLE_MS ?? 4000)));
const lines = text.split('\n');
const yaml = FORM === 'yaml';
const operationIdLine = yaml ? /^ {6}operationId: [a-z][\w/-]+$/ : /^ {8}"operationId": "[a-z][\w/-]+",$/;
const targets = lines.map((l, i) => (operationIdLine.test(l) ? i : -1)).filter((i) => i >= 0);
let version = 1;
// PROF_FREE_TEXT=n: first n characters typed in descriptions, as bench-lsp.mjs does before its operationIds.
const freeText = yaml ? /^ {6}(summary|description): [A-Za-z][^'"]{4,}$/ : /^ {8}"(summary|description)": "[A-Za-z][^"\\]{4,}",?$/;
const freeTargets = lines.map((l, i) => (freeText.test(l) ? i : -1)).filter((i) => i >= 0);
for (let e = 0, count = Number(process.env.PROF_FREE_TEXT ?? 0); e < count; e++) {
  const line = freeTargets[Math.floor((e * freeTargets.length) / count)];
  const character = lines[line].indexOf(yaml ? ': ' : '": "') + (yaml ? 4 : 6);
  version++;
  const wait = diagnosticsFor(uri, version);
  await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: 'x' }] });
  await wait;
  lines[line] = lines[line].slice(0, character) + 'x' + lines[line].slice(character);
}
const times = [];
const stderrAt = stderr.length;
const startedAt = Date.now();
// Monotonic microseconds, the clock of V8 profiles: where each edit ended in the profile.
const stamps = [Number(process.hrtime.bigint() / 1000n)];
for (let e = 0; e < EDITS; e++) {
  // PROF_REGION=0.1: only the first tenth of the operationIds (edits early in the document move more after them).
  const region = Number(process.env.PROF_REGION ?? 1);
  const line = targets[Math.floor(((process.env.PROF_REVERSE ? EDITS - 1 - e : e) * targets.length * region) / EDITS)];
  const character = yaml ? lines[line].length : lines[line].length - 2;
  version++;
  const wait = diagnosticsFor(uri, version);
  const t = performance.now();
  await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: 'x' }] });
  await wait;
  times.push(performance.now() - t);
  stamps.push(Number(process.hrtime.bigint() / 1000n));
  lines[line] = lines[line].slice(0, character) + 'x' + lines[line].slice(character);
  await new Promise((r) => setTimeout(r, Number(process.env.PROF_PAUSE ?? 30)));
}
const endedAt = Date.now();
const sorted = [...times].sort((a, b) => a - b);
console.log(`${FORM} operationId keystrokes: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)].toFixed(1)} ms over ${times.length}`);
if (process.env.PROF_VERBOSE) console.log(times.map((t) => t.toFixed(0)).join(" "));
console.log(`edits from ${startedAt} to ${endedAt} (epoch ms); edit ends, monotonic µs: ${stamps.join(" ")}`);
if (process.env.PROF_MARKS) process.stdout.write(stderr.slice(stderrAt).split('\n').filter((l) => l.startsWith('[timing]')).slice(0, Number(process.env.PROF_MARKS)).join('\n') + '\n');
await stopBenchServer({ server, connection }, 8000);
