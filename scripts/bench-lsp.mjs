// The language server under an editor's load, through a real JSON-RPC client over stdio, on
// GitHub's REST description converted to YAML (about 9.5 MB): time from a one-character didChange
// inside an operation to the matching publishDiagnostics, completion latency, server peak RSS.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { stringify } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const EDITS = Number(process.env.BENCH_EDITS ?? 10);
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 20);
const json = join(root, '.bench', 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const yamlFile = join(root, '.bench', 'api.github.com.yaml');
if (!existsSync(yamlFile)) writeFileSync(yamlFile, stringify(JSON.parse(readFileSync(json, 'utf8')), { lineWidth: 0, aliasDuplicateObjects: false }));
let text = readFileSync(yamlFile, 'utf8');
console.log(`language server on ${yamlFile} (${(text.length / 1e6).toFixed(1)} MB)`);

const server = spawn(process.execPath, [join(root, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
const waiters = [];
connection.onNotification('textDocument/publishDiagnostics', (p) => {
  for (const w of [...waiters]) if (w.check(p)) waiters.splice(waiters.indexOf(w), 1), w.resolve(p);
});
connection.onRequest('workspace/configuration', () => [{}]);
connection.onRequest('client/registerCapability', () => null);
connection.listen();
const uri = pathToFileURL(yamlFile).href;
const diagnosticsFor = (version) => new Promise((resolve) => waiters.push({ check: (p) => p.uri === uri && p.version === version, resolve }));

await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dirname(yamlFile)).href, capabilities: { workspace: { configuration: true } } });
await connection.sendNotification('initialized', {});
let start = performance.now();
let first = diagnosticsFor(1);
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
const opened = await first;
console.log(`open -> first diagnostics: ${Math.round(performance.now() - start)} ms (${opened.diagnostics.length} diagnostics)`);

// Edits inside operations, spread over the file, in three kinds: one character typed in a
// one-line summary or description (free text), one character typed in an operationId (a value
// rules read), and a new field line pasted into an operation (a structural change).
const lines = text.split('\n');
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
let version = 1;
async function series(label, pattern, change) {
  const targets = lines.map((l, i) => (pattern.test(l) ? i : -1)).filter((i) => i >= 0);
  const latencies = [];
  for (let e = 0; e < EDITS; e++) {
    const line = targets[Math.floor((e * targets.length) / EDITS)];
    const { character, insert } = change(lines[line]);
    version++;
    const wait = diagnosticsFor(version);
    start = performance.now();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: insert }] });
    await wait;
    latencies.push(performance.now() - start);
    if (process.env.OPENAPI_TRACE_TIMING === '1') console.error(`[client] sent at ${Math.round(performance.timeOrigin + start)}, diagnostics at ${Math.round(performance.timeOrigin + performance.now())}`);
    // A pasted line shifts the lines after it; keep our copy in step.
    const [first, ...rest] = (lines[line].slice(0, character) + insert + lines[line].slice(character)).split('\n');
    lines.splice(line, 1, first, ...rest);
    for (let t = 0; t < targets.length; t++) if (targets[t] > line) targets[t] += rest.length;
  }
  console.log(`edit -> diagnostics, ${label}: median ${Math.round(pct(latencies, 0.5))} ms, p95 ${Math.round(pct(latencies, 0.95))} ms over ${EDITS} edits (target: median <= 100 ms)`);
}
await series('typing in a summary/description', /^ {6}(summary|description): [A-Za-z][^'"]{4,}$/, (l) => ({ character: l.indexOf(': ') + 4, insert: 'x' }));
await series('typing in an operationId', /^ {6}operationId: [a-z][\w/-]+$/, (l) => ({ character: l.length, insert: 'x' }));
await series('pasting a field line into an operation', /^ {6}operationId: /, (l) => ({ character: l.length, insert: '\n      x-edited: true' }));

const inLine = lines.findIndex((l) => /^\s+in: (query|path)$/.test(l));
const completionTimes = [];
for (let c = 0; c < COMPLETIONS; c++) {
  start = performance.now();
  await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: inLine, character: lines[inLine].indexOf(':') + 2 } });
  completionTimes.push(performance.now() - start);
}
console.log(`completion: median ${Math.round(pct(completionTimes, 0.5))} ms, p95 ${Math.round(pct(completionTimes, 0.95))} ms over ${COMPLETIONS} requests (target: p95 <= 50 ms)`);
const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
console.log(`server peak RSS: ${Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024)} MiB`);
await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
connection.dispose();
server.kill();
