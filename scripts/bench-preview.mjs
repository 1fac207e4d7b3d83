// The preview's figures on GitHub's REST description (issue 28, item 4), in two halves:
// 1. the language server (dist/server.js over stdio, as the extension starts it): the time from
//    didOpen to the answer of openapi30/previewDocument (what opening a preview waits for), from an
//    edit to the answer showing it (the extension asks 400 ms after typing stops: add that), how long
//    completion requests wait while a preview is being built (typing must not stall), the answer's
//    size and the server's RSS;
// 2. the webview's renderer: the preview page's own script (dist/preview/preview.js) with Swagger UI,
//    in headless chromium, sent the server's answer as the extension posts it: the time to the first
//    render (every operation in the DOM), to the update after an edit, the page's JS heap and the
//    renderer processes' RSS.
// 3. the palette's Bundle to a File on the same document, as YAML (`openapi30/bundleToFile`): its time,
//    and how long document symbols of another open document wait meanwhile (each every 20 ms).
// 4. the palette's Convert to OpenAPI 3.0 on a generated Swagger 2.0 document (3,000 paths, 5.3 MB of
//    YAML; GitHub publishes no 2.0 form): its time and the document symbols' waits meanwhile.
// BENCH_PARTS=server,webview,bundleToFile,convert (the default: all) picks the parts; BENCH_FORMS=json,yaml the forms.
// Run `npm run build` first. Prints `uptime` (the machine's load) before and after.
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { aloneInFolder, ensureGithubYaml, githubJson } from './bench-inputs.mjs';
import { SERVER_ENV, startBenchServer } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FORMS = (process.env.BENCH_FORMS ?? 'json,yaml').split(',');
const PARTS = (process.env.BENCH_PARTS ?? 'server,webview,bundleToFile,convert').split(',');
const EDITED_SUMMARY = 'Edited for the preview benchmark';

const rssMiB = (pid) => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
  } catch {
    return NaN;
  }
};
const ms = (t) => `${Math.round(t)} ms`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function startServer(folder) {
  const { server, connection } = startBenchServer({ env: SERVER_ENV, settings: { maxFileSize: 100 }, stderr: 'pipe' });
  server.stderr.on('data', (d) => { if (process.env.BENCH_VERBOSE) process.stderr.write(d); });
  server.on('exit', (code, signal) => console.log(`server exited: ${code ?? signal}`));
  connection.onNotification(() => undefined);
  connection.listen();
  return { server, connection, folder };
}

/** Completion on the document every 20 ms until `until` settles: how long each waited. */
async function completionsDuring(connection, uri, position, until) {
  let settled = false;
  void until.finally(() => (settled = true));
  const latencies = [];
  while (!settled) {
    const t = performance.now();
    await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
    latencies.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

async function serverHalf(form) {
  const file = form === 'yaml' ? aloneInFolder(ensureGithubYaml(), 'lsp-yaml') : aloneInFolder(githubJson, 'lsp-json');
  const text = readFileSync(file, 'utf8');
  const uri = pathToFileURL(file).href;
  console.log(`\n== ${form.toUpperCase()}: ${file} (${(text.length / 1e6).toFixed(1)} MB)`);
  const s = startServer(dirname(file));
  const { connection, server } = s;
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dirname(file)).href, capabilities: { workspace: { configuration: true } } });
  await connection.sendNotification('initialized', {});
  let start = performance.now();
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: form, version: 1, text } });
  const first = await connection.sendRequest('openapi30/previewDocument', { uri });
  const firstMs = performance.now() - start;
  if (first.error) throw new Error(JSON.stringify(first.error));
  const answerBytes = Buffer.byteLength(JSON.stringify(first));
  console.log(`server: didOpen -> previewDocument answer: ${ms(firstMs)} (answer ${(answerBytes / 1e6).toFixed(1)} MB, ${Object.keys(first.document.paths).length} paths, ${first.parts.length} parts); RSS ${rssMiB(server.pid)} MiB`);
  // Warm: asked again with nothing changed (what a preview shown again asks).
  start = performance.now();
  await connection.sendRequest('openapi30/previewDocument', { uri });
  console.log(`server: previewDocument again, nothing changed: ${ms(performance.now() - start)}`);
  // An edit: the first operation's summary changes; the answer after it must show it.
  const summaryAt = text.indexOf(form === 'yaml' ? 'summary: ' : '"summary": "');
  const valueStart = summaryAt + (form === 'yaml' ? 'summary: '.length : '"summary": "'.length);
  const valueEnd = form === 'yaml' ? text.indexOf('\n', valueStart) : text.indexOf('"', valueStart);
  const before = text.slice(0, valueStart);
  const line = before.split('\n').length - 1;
  const character = valueStart - (before.lastIndexOf('\n') + 1);
  const endCharacter = character + (valueEnd - valueStart);
  const edits = [];
  const waits = [];
  for (let i = 0; i < 5; i++) {
    const summary = `${EDITED_SUMMARY} ${i}`;
    const previous = i === 0 ? endCharacter : character + `${EDITED_SUMMARY} ${i - 1}`.length;
    start = performance.now();
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 + i }, contentChanges: [{ range: { start: { line, character }, end: { line, character: previous } }, text: summary }],
    });
    const asked = connection.sendRequest('openapi30/previewDocument', { uri });
    waits.push(...await completionsDuring(connection, uri, { line, character }, asked));
    const answer = await asked;
    edits.push(performance.now() - start);
    if (!JSON.stringify(answer.document).includes(summary)) throw new Error('the answer after the edit does not show it');
  }
  console.log(`server: edit -> previewDocument answer showing it: median ${ms(median(edits))} over ${edits.length} (${edits.map(ms).join(', ')}); the extension asks 400 ms after the last keystroke`);
  console.log(`server: completion while the preview is built: median ${ms(median(waits))}, slowest ${ms(Math.max(...waits))} over ${waits.length}`);
  console.log(`server: RSS after the edits ${rssMiB(server.pid)} MiB`);
  const edited = await connection.sendRequest('openapi30/previewDocument', { uri });
  await connection.sendRequest('shutdown').catch(() => undefined);
  await connection.sendNotification('exit').catch(() => undefined);
  server.kill();
  return { first, edited };
}

/** Document symbols of `uri` every 20 ms until `until` settles: how long each waited. */
async function symbolsDuring(connection, uri, until) {
  let settled = false;
  void until.finally(() => (settled = true));
  const latencies = [];
  while (!settled) {
    const t = performance.now();
    const symbols = await connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
    if (symbols.length !== 2) throw new Error(`the small document's symbols: ${JSON.stringify(symbols)}`);
    latencies.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

/** Bundle to a File as YAML on the description (parsed and previewed first), with document symbols of a small document meanwhile. */
async function bundleToFileHalf(form) {
  const file = form === 'yaml' ? aloneInFolder(ensureGithubYaml(), 'lsp-yaml') : aloneInFolder(githubJson, 'lsp-json');
  const text = readFileSync(file, 'utf8');
  const uri = pathToFileURL(file).href;
  const smallUri = pathToFileURL(join(dirname(file), 'small.yaml')).href;
  console.log(`\n== bundleToFile, ${form.toUpperCase()} input, YAML output: ${file}`);
  const { connection, server } = startServer(dirname(file));
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dirname(file)).href, capabilities: { workspace: { configuration: true } } });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: form, version: 1, text } });
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: smallUri, languageId: 'yaml', version: 1, text: 'openapi: 3.0.3\ninfo: {title: Small, version: 1.0.0}\npaths: {}\n' } });
  const previewed = await connection.sendRequest('openapi30/previewDocument', { uri });
  if (previewed.error) throw new Error(JSON.stringify(previewed.error));
  const quiet = [];
  for (let i = 0; i < 10; i++) quiet.push(...await symbolsDuring(connection, smallUri, new Promise((resolve) => setTimeout(resolve, 20))));
  const target = pathToFileURL(join(dirname(file), 'bundled.yaml')).href;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    const asked = connection.sendRequest('openapi30/bundleToFile', { uri, target });
    const waits = await symbolsDuring(connection, smallUri, asked);
    const answer = await asked;
    const took = performance.now() - start;
    if (answer.error || !answer.text.startsWith('openapi:')) throw new Error(JSON.stringify(answer).slice(0, 300));
    console.log(`bundleToFile (YAML, ${(answer.text.length / 1e6).toFixed(1)} MB of text): ${ms(took)}; documentSymbol meanwhile: median ${ms(median(waits))}, slowest ${ms(Math.max(...waits))} over ${waits.length}`);
  }
  console.log(`documentSymbol with nothing else under way: median ${ms(median(quiet))}, slowest ${ms(Math.max(...quiet))}; RSS ${rssMiB(server.pid)} MiB; ${execSync('uptime').toString().trim()}`);
  await connection.sendRequest('shutdown').catch(() => undefined);
  await connection.sendNotification('exit').catch(() => undefined);
  server.kill();
}

/** A Swagger 2.0 document of `paths` paths, each a GET with a query parameter and a response schema of 16 described properties. */
function generatedSwagger(paths) {
  const lines = ["swagger: '2.0'", 'info:', '  title: Generated', "  version: '1'", 'paths:'];
  for (let i = 0; i < paths; i++) {
    lines.push(`  /things${i}:`, '    get:', `      operationId: getThing${i}`, '      produces: [application/json]', '      parameters:', '        - name: q',
      '          in: query', '          type: string', '      responses:', "        '200':", '          description: ok', '          schema:', '            type: object', '            properties:');
    for (let p = 0; p < 16; p++) lines.push(`              f${p}:`, '                type: string', `                description: Field ${p} of ${i}`);
  }
  return lines.join('\n') + '\n';
}

/** Convert to OpenAPI 3.0 on a generated 5.3 MB Swagger 2.0 document, with document symbols of a small document meanwhile. */
async function convertPart() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-convert-'));
  const text = generatedSwagger(3000);
  writeFileSync(join(dir, 'swagger.yaml'), text);
  const uri = pathToFileURL(join(dir, 'swagger.yaml')).href;
  const smallUri = pathToFileURL(join(dir, 'small.yaml')).href;
  console.log(`\n== convert: a generated Swagger 2.0 document (${(text.length / 1e6).toFixed(1)} MB of YAML)`);
  const { connection, server } = startServer(dir);
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href,
    capabilities: { workspace: { configuration: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } } } });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: smallUri, languageId: 'yaml', version: 1, text: 'openapi: 3.0.3\ninfo: {title: Small, version: 1.0.0}\npaths: {}\n' } });
  await connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    const asked = connection.sendRequest('openapi30/convert', { uri });
    const waits = await symbolsDuring(connection, smallUri, asked);
    const answer = await asked;
    if (answer.error) throw new Error(answer.error);
    console.log(`convert: ${ms(performance.now() - start)}; documentSymbol meanwhile: median ${ms(median(waits))}, slowest ${ms(Math.max(...waits))} over ${waits.length}; RSS ${rssMiB(server.pid)} MiB`);
  }
  console.log(execSync('uptime').toString().trim());
  await connection.sendRequest('shutdown').catch(() => undefined);
  await connection.sendNotification('exit').catch(() => undefined);
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}

/** The RSS of chromium's renderer processes started by this script (the webview's process, here a tab's). */
function rendererRssMiB(ancestorPid) {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const parent = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
      if (cmdline.includes('--type=renderer') && (parent === ancestorPid || isDescendant(Number(pid), ancestorPid))) total += rssMiB(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

function isDescendant(pid, ancestor) {
  for (let p = pid, i = 0; p > 1 && i < 20; i++) {
    if (p === ancestor) return true;
    p = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))[1]);
  }
  return false;
}

async function webviewHalf(form, { first, edited }, browser) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-preview-'));
  const preview = pathToFileURL(join(root, 'dist', 'preview')).href;
  // The webview's page (client/src/preview.ts) with acquireVsCodeApi as the webview has it.
  writeFileSync(join(dir, 'index.html'), `<!DOCTYPE html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="${preview}/swagger-ui.css"><link rel="stylesheet" href="${preview}/preview.css"></head>
<body class="vscode-light"><div id="banner" hidden></div><details id="notes" hidden><summary></summary><ul></ul></details><div id="preview"></div>
<script>window.acquireVsCodeApi = () => ({ postMessage: () => undefined });</script>
<script src="${preview}/swagger-ui-bundle.js"></script><script src="${preview}/preview.js"></script></body></html>`);
  const context = await browser.newContext({ viewport: { width: 800, height: 1000 } });
  const page = await context.newPage();
  await page.goto(pathToFileURL(join(dir, 'index.html')).href);
  const operations = Object.values(first.document.paths).reduce((n, item) => n + Object.keys(item).filter((k) => /^(get|put|post|delete|options|head|patch|trace)$/.test(k)).length, 0);
  const post = (answer) => page.evaluate((message) => {
    window.__posted = performance.now();
    window.postMessage(message, '*');
  }, { type: 'render', document: answer.document, pointer: '', revealable: answer.parts.map((p) => p.pointer), notes: answer.notes });
  await post(first);
  // A large document's tags start folded (client/webview/preview.ts): every tag on screen is the first render.
  const tags = new Set(Object.values(first.document.paths).flatMap((item) => Object.values(item).flatMap((op) => op?.tags ?? []))).size;
  const firstMs = await page.evaluate(async (count) => {
    const end = performance.now() + 120_000;
    while (document.querySelectorAll('h3.opblock-tag').length < count && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
    return performance.now() - window.__posted;
  }, tags);
  const shown = await page.evaluate(() => [document.querySelectorAll('h3.opblock-tag').length, document.querySelectorAll('.opblock').length]);
  console.log(`webview: posted -> first render (${shown[0]} of ${tags} tags, ${shown[1]} of ${operations} operations unfolded): ${ms(firstMs)}`);
  const summary = edited.document.paths[Object.keys(edited.document.paths).find((p) => JSON.stringify(edited.document.paths[p]).includes(EDITED_SUMMARY))];
  const editedOperation = Object.values(summary).find((op) => op?.summary?.includes(EDITED_SUMMARY));
  const shownSummary = editedOperation.summary;
  // The edited operation's tag unfolded, as a reader looking at it would have it.
  const unfold = performance.now();
  await page.click(`h3.opblock-tag[data-tag="${editedOperation.tags[0]}"]`);
  await page.waitForSelector(`.opblock-summary-description`, { timeout: 120_000 });
  console.log(`webview: unfolding the tag ${editedOperation.tags[0]}: ${ms(performance.now() - unfold)}`);
  await post(edited);
  const updateMs = await page.evaluate(async (wanted) => {
    const shows = () => [...document.querySelectorAll('.opblock-summary-description')].some((e) => e.textContent === wanted);
    const end = performance.now() + 60_000;
    while (!shows() && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
    return shows() ? performance.now() - window.__posted : NaN;
  }, shownSummary);
  console.log(`webview: posted the edited bundle -> the edit shown: ${ms(updateMs)}`);
  const session = await context.newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  await session.send('Performance.enable');
  const { metrics } = await session.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value;
  console.log(`webview: JS heap used ${Math.round(heap / 1024 / 1024)} MiB; renderer processes' RSS ${rendererRssMiB(process.pid)} MiB`);
  await context.close();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`load before: ${execSync('uptime').toString().trim()}`);
const scratch = mkdtempSync(join(tmpdir(), 'bench-preview-chromium-'));
const browser = !PARTS.includes('webview') ? undefined : await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--disable-dev-shm-usage', '--allow-file-access-from-files'],
  env: { ...process.env, TMPDIR: scratch, XDG_CONFIG_HOME: scratch, XDG_CACHE_HOME: scratch, XDG_DATA_HOME: scratch, HOME: scratch },
});
try {
  for (const form of FORMS) {
    if (PARTS.includes('server')) {
      const answers = await serverHalf(form);
      if (PARTS.includes('webview')) await webviewHalf(form, answers, browser);
    }
    if (PARTS.includes('bundleToFile')) await bundleToFileHalf(form);
  }
  if (PARTS.includes('convert')) await convertPart();
} finally {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`load after: ${execSync('uptime').toString().trim()}`);
