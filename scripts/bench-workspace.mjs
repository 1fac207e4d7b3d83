// The language server on a workspace of 200 files split from GitHub's REST description: a root,
// one file per component group (schemas, parameters, responses, examples, headers) and one per
// path item. Measures cold indexing (initialize -> work-done progress end), references and rename
// of a component used in about 300 places across files, workspace symbol latency, and the
// server's RSS with every file indexed and one open. Run by `npm run bench`, or alone.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startBenchServer } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FILES = 200;
const GROUPS = ['schemas', 'parameters', 'responses', 'examples', 'headers'];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const SYMBOL_QUERIES = Number(process.env.BENCH_SYMBOL_QUERIES ?? 100);
const source = join(root, '.bench', 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
// Outside .bench, which the single-file LSP bench opens as its workspace folder.
const workspace = join(tmpdir(), 'openapi-bench-workspace-200');
// Bump when the split changes, so an older split on disk is written again.
const SPLIT_VERSION = '1';
/** The component whose references and rename are timed: path items are picked so it has ~300 uses. */
const TARGET = ['parameters', 'owner'];

function split() {
  const marker = join(workspace, '.split-version');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === SPLIT_VERSION) return;
  rmSync(workspace, { recursive: true, force: true });
  mkdirSync(join(workspace, 'paths'), { recursive: true });
  mkdirSync(join(workspace, 'components'), { recursive: true });
  const spec = JSON.parse(readFileSync(source, 'utf8'));
  const target = `"#/components/${TARGET.join('/')}"`;
  const uses = (p) => JSON.stringify(spec.paths[p]).split(target).length - 1;
  const pathCount = FILES - 1 - GROUPS.length;
  // Path items with the most uses of the target first until it has 300, then the others in order.
  const byUses = Object.keys(spec.paths).filter((p) => uses(p) > 0).sort((a, b) => uses(b) - uses(a));
  const picked = [];
  let count = 0;
  for (const p of byUses) if (count < 300 && picked.length < pathCount) picked.push(p), (count += uses(p));
  for (const p of Object.keys(spec.paths)) if (picked.length < pathCount && !picked.includes(p)) picked.push(p);
  // `#/components/<group>/<name>` as seen from a file in `from` (`paths` or `components`).
  const rewrite = (value, from, ownGroup) => JSON.parse(JSON.stringify(value).replace(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g, (_, group, name) => {
    const file = from === 'paths' ? `../components/${group}.json` : group === ownGroup ? '' : `./${group}.json`;
    return `"$ref":"${file}#/${name}"`;
  }));
  const rootPaths = {};
  picked.forEach((p, i) => {
    const file = `paths/${String(i).padStart(3, '0')}.json`;
    writeFileSync(join(workspace, file), JSON.stringify(rewrite(spec.paths[p], 'paths'), null, 2) + '\n');
    rootPaths[p] = { $ref: `./${file}` };
  });
  for (const group of GROUPS) {
    writeFileSync(join(workspace, 'components', `${group}.json`), JSON.stringify(rewrite(spec.components[group] ?? {}, 'components', group), null, 2) + '\n');
  }
  const { openapi, info, tags, servers, externalDocs } = spec;
  writeFileSync(join(workspace, 'openapi.json'), JSON.stringify({ openapi, info, tags, servers, externalDocs, paths: rootPaths }, null, 2) + '\n');
  writeFileSync(marker, SPLIT_VERSION);
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const rssMiB = (pid, field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

split();
console.log(`workspace of ${FILES} files split from GitHub's description: ${workspace}`);
const { server, connection } = startBenchServer();
let indexed;
const indexedAt = new Promise((resolve) => (indexed = resolve));
let lastMessage = '';
connection.onNotification('$/progress', (p) => {
  if (p.value.message) lastMessage = p.value.message;
  if (p.value.kind === 'end') indexed(performance.now());
});
const published = new Map();
connection.onNotification('textDocument/publishDiagnostics', (p) => published.get(p.uri)?.(p));
connection.listen();

const start = performance.now();
await connection.sendRequest('initialize', {
  processId: process.pid, rootUri: pathToFileURL(workspace).href,
  capabilities: { window: { workDoneProgress: true }, workspace: { configuration: true } },
});
await connection.sendNotification('initialized', {});
const end = await indexedAt;
console.log(`cold indexing: ${Math.round(end - start)} ms (last progress report: ${lastMessage} files), peak RSS so far ${rssMiB(server.pid, 'VmHWM')} MiB`);

// One file open, as in an editor: the group file that defines the target component.
const groupFile = join(workspace, 'components', `${TARGET[0]}.json`);
const text = readFileSync(groupFile, 'utf8');
const uri = pathToFileURL(groupFile).href;
const opened = new Promise((resolve) => published.set(uri, resolve));
const openStart = performance.now();
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
await opened;
console.log(`open ${TARGET[0]}.json -> diagnostics: ${Math.round(performance.now() - openStart)} ms`);
const lines = text.split('\n');
const line = lines.findIndex((l) => l.startsWith(`  "${TARGET[1]}": {`));
const position = { line, character: 3 };

async function timed(label, n, request) {
  const times = [];
  let result;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    result = await request(i);
    times.push(performance.now() - t);
  }
  console.log(`${label}: median ${Math.round(pct(times, 0.5))} ms, p95 ${Math.round(pct(times, 0.95))} ms over ${n} requests`);
  return result;
}

const refs = await timed(`references of ${TARGET.join('/')}`, REQUESTS, () =>
  connection.sendRequest('textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: false } }));
const files = new Set(refs.map((r) => r.uri)).size;
console.log(`  ${refs.length} references in ${files} files`);
const edit = await timed(`rename of ${TARGET.join('/')}`, REQUESTS, () =>
  connection.sendRequest('textDocument/rename', { textDocument: { uri }, position, newName: 'repository-owner' }));
const edits = Object.values(edit.changes).reduce((n, list) => n + list.length, 0);
console.log(`  ${edits} edits in ${Object.keys(edit.changes).length} files`);

// Queries as a user types them: prefixes and subsequences of real names.
const names = ['repos/get', 'simple-user', 'pulls/list', 'GET /repos/{owner}', 'issue', 'webhook', 'orgs', 'ghsa', 'code-scanning', 'listForRepo'];
await timed('workspace symbol', SYMBOL_QUERIES, (i) => {
  const name = names[i % names.length];
  return connection.sendRequest('workspace/symbol', { query: name.slice(0, 2 + (i % (name.length - 1))) });
});
console.log('  (target: p95 <= 50 ms)');

// The indexing worker stops after a few idle seconds; measure after it has.
await new Promise((resolve) => setTimeout(resolve, 6000));
console.log(`server RSS with ${FILES} files indexed and one open: ${rssMiB(server.pid, 'VmRSS')} MiB (peak ${rssMiB(server.pid, 'VmHWM')} MiB)`);
await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
connection.dispose();
server.kill();
