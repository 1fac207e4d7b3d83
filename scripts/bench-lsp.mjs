// The language server under an editor's load, through a real JSON-RPC client over stdio, on
// GitHub's REST description: as YAML (about 10 MB) and as the published JSON (13 MB). For each:
// open -> first diagnostics beside the `yaml` package's parseDocument of the same text (timed in
// this run), edit -> diagnostics for each kind of edit (typing in free text, in an operationId,
// pasting a field line, and for YAML typing a new key character by character through broken
// states, also below a key left unfinished in another path), how many edits took a full parse,
// completion latency, the server's RSS sampled during the edits (peak, end, and a fresh server's
// after open), and how fast requests on another document are answered while the large one is
// opened (also with tags added, which take the text to the yaml package in a worker thread). The
// edits again on the YAML with one anchor and one alias added (BENCH_FORMS=yaml-alias), and typing
// in descriptions of a document with 40,000 findings (BENCH_FORMS=many-findings). Figures are
// medians and p95s.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseDocument } from 'yaml';
import { aloneInFolder, ensureGithubYaml, ensureGithubYamlWithAlias, ensureManyFindings, githubJson } from './bench-inputs.mjs';
import { SERVER_ENV, startBenchServer, stopBenchServer } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const EDITS = Number(process.env.BENCH_EDITS ?? 20);
const MIXED = Number(process.env.BENCH_MIXED_EDITS ?? 500);
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 20);
// yaml-alias: the YAML with one anchor and one alias (edits only: the blocks after them are reparsed alone).
const FORMS = (process.env.BENCH_FORMS ?? 'yaml,json,yaml-alias,many-findings').split(',');
// Another build's server (to compare two versions in one run), and skipping the responsiveness rows.
const SERVER = process.env.BENCH_SERVER ?? join(root, 'dist', 'server.js');
const ONLY_EDITS = process.env.BENCH_ONLY_EDITS === '1';
const jsonFile = aloneInFolder(githubJson, 'lsp-json');
const yamlFile = aloneInFolder(ensureGithubYaml(), 'lsp-yaml');

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
/** The first edits of each kind, reported apart (see series). */
const COLD_EDITS = 8;
const fmt = (xs) => `median ${Math.round(pct(xs, 0.5))} ms, p95 ${Math.round(pct(xs, 0.95))} ms, p99 ${Math.round(pct(xs, 0.99))} ms, max ${Math.round(Math.max(...xs))} ms over ${xs.length}`;
const rssMiB = (pid, field = 'VmRSS') => {
  try {
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
  } catch {
    return NaN;
  }
};

/** Starts a server with timing traces on; counts its full parses. */
function startServer() {
  const s = startBenchServer({
    script: SERVER,
    nodeArgs: process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF, '--cpu-prof-interval', '500'] : [],
    env: { ...SERVER_ENV, OPENAPI_TRACE_TIMING: '1' },
    settings: { maxFileSize: 100 },
    stderr: 'pipe',
  });
  const { server, connection } = s;
  const stats = { fullParses: 0, findingsMoved: 0, stderr: '' };
  server.stderr.on('data', (d) => {
    const text = String(d);
    stats.fullParses += (text.match(/\[timing\] change applied [^\n]*outcome=full-parse/g) ?? []).length;
    stats.findingsMoved += (text.match(/\[timing\] change applied [^\n]*outcome=findings-unchanged/g) ?? []).length;
    if (process.env.BENCH_VERBOSE) process.stderr.write(text);
  });
  const waiters = [];
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    for (const w of [...waiters]) if (w.check(p)) waiters.splice(waiters.indexOf(w), 1), w.resolve(p);
  });
  connection.onNotification('window/logMessage', () => undefined);
  connection.onNotification('$/progress', () => undefined);
  connection.listen();
  const diagnosticsFor = (uri, version) => new Promise((resolve) => waiters.push({ check: (p) => p.uri === uri && p.version === version, resolve }));
  return { server, connection, stats, diagnosticsFor };
}

const stopServer = (s) => stopBenchServer(s);

/**
 * Requests on a small document while a large one is opened and checked, in a fresh server:
 * completion on the small document every 20 ms until the large one's first diagnostics.
 */
async function responsiveness(label, file, text, languageId) {
  const s = startServer();
  const { connection, diagnosticsFor } = s;
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dirname(file)).href, capabilities: { workspace: { configuration: true } } });
  await connection.sendNotification('initialized', {});
  const smallFile = join(root, 'examples', 'petstore', 'openapi.yaml');
  const smallText = readFileSync(smallFile, 'utf8');
  const small = pathToFileURL(smallFile).href;
  const smallReady = diagnosticsFor(small, 1);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: small, languageId: 'yaml', version: 1, text: smallText } });
  await smallReady;
  const position = (() => {
    const lines = smallText.split('\n');
    const line = lines.findIndex((l) => /^\s+in: /.test(l));
    return { line, character: lines[line].indexOf(':') + 2 };
  })();
  const uri = pathToFileURL(file).href;
  let published = false;
  const done = diagnosticsFor(uri, 1).then(() => (published = true));
  const start = performance.now();
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  const latencies = [];
  while (!published) {
    const t = performance.now();
    await connection.sendRequest('textDocument/completion', { textDocument: { uri: small }, position });
    latencies.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await done;
  const openMs = performance.now() - start;
  console.log(`requests on another document while ${label} is opened and checked (${Math.round(openMs)} ms): ${fmt(latencies)}, slowest ${Math.round(Math.max(...latencies))} ms (target: within 100 ms)`);
  await stopServer(s);
}

async function benchForm(name) {
  const withAlias = name === 'yaml-alias';
  const form = withAlias ? 'yaml' : name;
  const file = withAlias ? ensureGithubYamlWithAlias() : form === 'yaml' ? yamlFile : jsonFile;
  const text = readFileSync(file, 'utf8');
  console.log(`\n== language server on ${file} (${(text.length / 1e6).toFixed(1)} MB ${form.toUpperCase()}${withAlias ? ', one anchor and one alias added' : ''})`);
  let parseMs;
  if (form === 'yaml' && !withAlias) {
    const start = performance.now();
    parseDocument(text, { uniqueKeys: false, strict: true, version: '1.2' });
    parseMs = performance.now() - start;
    console.log(`reference: the yaml package's parseDocument of the same text in this run: ${Math.round(parseMs)} ms`);
  }
  if (!ONLY_EDITS && !withAlias) await responsiveness(`this ${form.toUpperCase()} document`, file, text, form);
  if (form === 'yaml' && !ONLY_EDITS && !withAlias) {
    // Tags on more lines than the fast reader reads around send the text to the yaml package, parsed
    // in a worker thread.
    await responsiveness('this YAML document with four tags added', file, text + 'x-tagged: !!str a\nx-b: !!str b\nx-c: !!str c\nx-d: !!str d\n', 'yaml');
  }
  const s = startServer();
  const { connection, stats, diagnosticsFor } = s;
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dirname(file)).href, capabilities: { workspace: { configuration: true } } });
  await connection.sendNotification('initialized', {});
  const uri = pathToFileURL(file).href;
  let start = performance.now();
  const first = diagnosticsFor(uri, 1);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: form, version: 1, text } });
  const opened = await first;
  const openMs = performance.now() - start;
  console.log(`open -> first diagnostics: ${Math.round(openMs)} ms (${opened.diagnostics.length} diagnostics)` +
    (parseMs ? `; ratio to parseDocument ${(openMs / parseMs).toFixed(2)} (target <= 0.6)` : ''));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const freshRss = rssMiB(s.server.pid);
  console.log(`server RSS after open (a fresh server): ${freshRss} MiB`);

  // RSS sampled every 100 ms from here on.
  let peakRss = freshRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(s.server.pid) || 0)), 100);
  const lines = text.split('\n');
  let version = 1;
  /** One edit as a change at (line, character), awaited until its diagnostics are published. */
  async function edit(line, character, insert) {
    version++;
    const wait = diagnosticsFor(uri, version);
    const t = performance.now();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: insert }] });
    await wait;
    const ms = performance.now() - t;
    if (process.env.BENCH_VERBOSE) process.stderr.write(`[bench] v${version} took ${Math.round(ms)} ms\n`);
    const [head, ...rest] = (lines[line].slice(0, character) + insert + lines[line].slice(character)).split('\n');
    lines.splice(line, 1, head, ...rest);
    return { ms, added: rest.length };
  }
  const targetsOf = (pattern) => lines.map((l, i) => (pattern.test(l) ? i : -1)).filter((i) => i >= 0);
  async function series(label, pattern, change, count = EDITS) {
    let targets = targetsOf(pattern);
    const latencies = [];
    const parsesBefore = stats.fullParses;
    for (let e = 0; e < count; e++) {
      const line = targets[Math.floor((e * targets.length) / count)];
      const { character, insert } = change(lines[line]);
      const { ms, added } = await edit(line, character, insert);
      latencies.push(ms);
      if (added) targets = targets.map((t) => (t > line ? t + added : t));
    }
    // The first edits of a kind run code V8 has not optimized yet (60-200 ms for an operationId
    // in GitHub's description, 25-40 ms once warm): shown apart, as the median mixes the two.
    const cold = latencies.slice(0, COLD_EDITS);
    const warm = latencies.slice(COLD_EDITS);
    const split = warm.length > 0 ? `; the first ${COLD_EDITS} median ${Math.round(pct(cold, 0.5))} ms, the rest ${Math.round(pct(warm, 0.5))} ms` : '';
    console.log(`edit -> diagnostics, ${label}: ${fmt(latencies)} edits; full parses: ${stats.fullParses - parsesBefore}${split}`);
    return latencies;
  }

  const yaml = form === 'yaml';
  const summaryLine = yaml ? /^ {6}(summary|description): [A-Za-z][^'"]{4,}$/ : /^ {8}"(summary|description)": "[A-Za-z][^"\\]{4,}",?$/;
  const operationIdLine = yaml ? /^ {6}operationId: [a-z][\w/-]+$/ : /^ {8}"operationId": "[a-z][\w/-]+",$/;
  await series('typing in a summary/description', summaryLine, (l) => ({ character: l.indexOf(yaml ? ': ' : '": "') + (yaml ? 4 : 6), insert: 'x' }));
  await series('typing in an operationId', operationIdLine, (l) => ({ character: yaml ? l.length : l.length - 2, insert: 'x' }));
  await series('pasting a field line into an operation', operationIdLine, (l) => ({ character: l.length, insert: yaml ? '\n      x-edited: true' : '\n        "x-edited": true,' }));
  /**
   * A new line under operationIds (`targets`, spread over them), then `description: x` typed one
   * character at a time: the document passes through broken states (`d`, `des`, `description:`...).
   */
  async function typeNewKeys(label, targets, keys) {
    const latencies = [];
    const parsesBefore = stats.fullParses;
    for (let k = 0; k < keys; k++) {
      let line = targets[Math.floor(((k + 0.5) * targets.length) / keys)] + k; // earlier keys added a line each
      await edit(line, lines[line].length, '\n      ');
      line++;
      for (const ch of 'description: x') latencies.push((await edit(line, lines[line].length, ch)).ms);
    }
    console.log(`edit -> diagnostics, ${label}: ${fmt(latencies)} keystrokes; full parses: ${stats.fullParses - parsesBefore}`);
  }
  if (yaml) {
    await typeNewKeys('typing a new key character by character', targetsOf(operationIdLine), Math.max(1, Math.round(EDITS / 5)));
    // The same in `paths` while a key is left unfinished (`summ`, a syntax error) in its first
    // operation: the yaml package's recovery from it ends at the next path's key line.
    const webhooks = lines.indexOf('x-webhooks:');
    const inPaths = targetsOf(operationIdLine).filter((i) => webhooks < 0 || i < webhooks);
    const broken = inPaths[0];
    await edit(broken, lines[broken].length, '\n      summ');
    await typeNewKeys('typing a new key below an unfinished one in another path', inPaths.slice(inPaths.length >> 1).map((i) => i + 1), Math.max(1, Math.round(EDITS / 10)));
    // The unfinished key taken away again.
    version++;
    const wait = diagnosticsFor(uri, version);
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line: broken, character: lines[broken].length }, end: { line: broken + 1, character: lines[broken + 1].length } }, text: '' }] });
    await wait;
    lines.splice(broken + 1, 1);
  }

  const inLine = lines.findIndex((l) => (yaml ? /^\s+in: (query|path)$/ : /^\s+"in": "(query|path)",?$/).test(l));
  const completionTimes = [];
  for (let c = 0; c < COMPLETIONS; c++) {
    start = performance.now();
    await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: inLine, character: lines[inLine].indexOf(':') + 2 } });
    completionTimes.push(performance.now() - start);
  }
  console.log(`completion: ${fmt(completionTimes)} requests (target: p95 <= 50 ms)`);

  // Many mixed edits, for memory: free text, operationIds, pasted lines.
  if (MIXED > 0 && !withAlias) {
    const mixed = [];
    for (let e = 0; e < MIXED; e++) {
      const kind = e % 3;
      const pattern = kind === 0 ? summaryLine : operationIdLine;
      const targets = targetsOf(pattern);
      const line = targets[(e * 7919) % targets.length];
      const l = lines[line];
      const change = kind === 0 ? { character: l.indexOf(yaml ? ': ' : '": "') + (yaml ? 4 : 6), insert: 'y' }
        : kind === 1 ? { character: yaml ? l.length : l.length - 2, insert: 'y' }
          : { character: l.length, insert: yaml ? '\n      x-more: 1' : '\n        "x-more": 1,' };
      mixed.push((await edit(line, change.character, change.insert)).ms);
    }
    console.log(`edit -> diagnostics, ${MIXED} mixed edits: ${fmt(mixed)}`);
  }
  clearInterval(sampler);
  // The user pauses: the server collects its garbage once idle for 2.5 s, or for 6 s when the heap
  // is too large for a short pause (idle-collector.ts).
  await new Promise((resolve) => setTimeout(resolve, 8000));
  const endRss = rssMiB(s.server.pid);
  console.log(`server RSS: peak during the edits ${peakRss} MiB (target <= 600), at the end ${endRss} MiB, fresh ${freshRss} MiB (end/fresh ${(endRss / freshRss).toFixed(2)}, target <= 1.2); VmHWM ${rssMiB(s.server.pid, 'VmHWM')} MiB`);
  await stopServer(s);
}

/**
 * Typing in descriptions of a document with 40,000 findings, YAML and JSON: each keystroke moves
 * every finding after it and publishes the 5,000 shown (the findings themselves stay).
 */
async function benchManyFindings() {
  for (const form of ['yaml', 'json']) {
    const file = ensureManyFindings(form);
    const text = readFileSync(file, 'utf8');
    const s = startServer();
    const { connection, diagnosticsFor, stats } = s;
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dirname(file)).href, capabilities: { workspace: { configuration: true } } });
    await connection.sendNotification('initialized', {});
    const uri = pathToFileURL(file).href;
    const opened = diagnosticsFor(uri, 1);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: form, version: 1, text } });
    const { diagnostics } = await opened;
    // As the other rows: the server settles after the open before the edits.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const movedBefore = stats.findingsMoved;
    const lines = text.split('\n');
    const targets = lines.map((l, i) => (l.includes('many-findings benchmark') ? i : -1)).filter((i) => i >= 0);
    const latencies = [];
    for (let e = 0; e < EDITS; e++) {
      const line = targets[Math.floor((e * targets.length) / EDITS)];
      const character = lines[line].indexOf('number') + 'number'.length;
      const wait = diagnosticsFor(uri, e + 2);
      const t = performance.now();
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: e + 2 }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: 'x' }] });
      await wait;
      latencies.push(performance.now() - t);
      lines[line] = lines[line].slice(0, character) + 'x' + lines[line].slice(character);
    }
    const split = latencies.length > COLD_EDITS ? `; the first ${COLD_EDITS} median ${Math.round(pct(latencies.slice(0, COLD_EDITS), 0.5))} ms, the rest ${Math.round(pct(latencies.slice(COLD_EDITS), 0.5))} ms` : '';
    console.log(`\n== ${form.toUpperCase()} with 40,000 findings (${(text.length / 1e6).toFixed(1)} MB, ${diagnostics.length} diagnostics shown): edit -> diagnostics, typing in a description: ${fmt(latencies)} edits (target: median <= 25 ms); findings only moved for ${stats.findingsMoved - movedBefore} of them${split}`);
    await stopServer(s);
  }
}

for (const form of FORMS) await (form === 'many-findings' ? benchManyFindings() : benchForm(form));
