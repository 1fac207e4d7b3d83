// Workspace symbol queries in process over a synthetic index of 5,000 descriptions (each with 40
// operations and 80 schemas whose names are drawn from a vocabulary, as real APIs repeat words):
// how long the tables take to build and a query takes, as a user types. Bundled and run by
// scripts/bench-symbols.mjs.
import { writeFileSync } from 'fs';
import { workspaceSymbols } from '../server/src/services/workspace-symbols';
import { parseText } from '../server/src/syntax/parse';
import { indexFile } from '../server/src/workspace/file-index';
import { prepareSteps, WorkspaceIndex } from '../server/src/workspace/workspace-index';
import { drain } from '../server/src/syntax/steps';
import { MAX_MERGED, SymbolIndex } from '../server/src/workspace/symbol-index';

const FILES = Number(process.env.BENCH_FILES ?? 5000);
const WORDS = ['account', 'address', 'bucket', 'customer', 'invoice', 'order', 'payment', 'user', 'pet', 'store', 'item', 'event',
  'webhook', 'token', 'session', 'project', 'repository', 'issue', 'comment', 'message', 'channel', 'device', 'policy', 'role',
  'group', 'member', 'subscription', 'plan', 'price', 'product', 'shipment', 'refund', 'report', 'metric', 'alert', 'job'];
const VERBS = ['get', 'list', 'create', 'update', 'delete', 'patch', 'search', 'cancel'];
let seed = 1;
// The high bits: an LCG's low bits repeat with a short period.
const random = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 8) % n;
const word = () => WORDS[random(WORDS.length)];
const cap = (w: string) => w[0].toUpperCase() + w.slice(1);

function description(i: number): string {
  const paths: Record<string, unknown> = {};
  for (let p = 0; p < 20; p++) {
    const a = word();
    const b = word();
    const item: Record<string, unknown> = {};
    for (const method of ['get', 'post']) {
      const verb = VERBS[random(VERBS.length)];
      item[method] = { operationId: `${verb}${cap(a)}${cap(b)}${p}`, responses: { '200': { description: 'OK' } } };
    }
    paths[`/v${i % 3}/${a}s/{${a}Id}/${b}s/${p}`] = item;
  }
  const schemas: Record<string, unknown> = {};
  for (let s = 0; s < 80; s++) schemas[`${cap(word())}${cap(word())}${s % 4 === 0 ? 'Response' : s % 4 === 1 ? 'Request' : ''}`] = { type: 'object' };
  return JSON.stringify({ openapi: '3.0.3', info: { title: `API ${i}`, version: '1' }, tags: [{ name: word() }], paths, components: { schemas } });
}

// BENCH_ANSWERS=FILE: every query's answer written there, a line each, so that two builds' answers can be compared.
const answers: string[] = [];
const answered = (query: string, result: ReturnType<typeof workspaceSymbols>) => {
  if (process.env.BENCH_ANSWERS) answers.push(`${JSON.stringify(query)} ${JSON.stringify(result)}`);
  return result;
};
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const index = new WorkspaceIndex();
let symbols = 0;
let building = 0;
let setting = 0;
const started = performance.now();
for (let i = 0; i < FILES; i++) {
  const file = indexFile(`/monorepo/api-${i}/openapi.json`, parseText(description(i), 'json'));
  const t = performance.now();
  drain(prepareSteps(file));
  building += performance.now() - t;
  const s = performance.now();
  index.set(file);
  setting += performance.now() - s;
  symbols += file.operations.length * 2 + file.definitions.length + file.tags.length;
}
console.log(`synthetic index: ${FILES} descriptions, ${symbols} names, indexed in ${Math.round(performance.now() - started)} ms ` +
  `(the workspace's part of each file, symbol table included: ${Math.round(building)} ms in all; setting the files in the index, ` +
  `the merges of the workspace's symbol segments included: ${Math.round(setting)} ms in all)`);

const typed = ['getCustomerInvoice', 'listBucketsPolicy', 'OrderResponse', 'GET /v1/users', 'webhook', 'dltcust', 'cstmrAddr', 'xyzzy', 'PaymentRefundRequest', 'subscr'];
const times: number[] = [];
const slowest: [number, string][] = [];
// CPU time as well: on a loaded machine the wall time counts the time other processes ran.
const cpuTimes: number[] = [];
const byLength = new Map<number, number[]>();
let found = 0;
for (const name of process.env.BENCH_QUERY ? Array(5).fill(process.env.BENCH_QUERY) : typed) {
  for (let n = 1; n <= name.length; n++) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    found += answered(name.slice(0, n), workspaceSymbols(index, name.slice(0, n))).length;
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    times.push(ms);
    slowest.push([ms, name.slice(0, n)]);
    byLength.set(Math.min(n, 6), [...(byLength.get(Math.min(n, 6)) ?? []), ms]);
  }
}
console.log(`workspace symbol query over ${FILES} descriptions: median ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms, ` +
  `max ${Math.max(...times).toFixed(1)} ms over ${times.length} queries (${Math.round(found / times.length)} symbols per answer on average; target < 50 ms)`);
console.log(`  CPU time per query: median ${pct(cpuTimes, 0.5).toFixed(1)} ms, p95 ${pct(cpuTimes, 0.95).toFixed(1)} ms, max ${Math.max(...cpuTimes).toFixed(1)} ms`);
console.log(`  by query length: ${[...byLength].map(([n, xs]) => `${n === 6 ? '6+' : n}: median ${pct(xs, 0.5).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`).join('; ')}`);
console.log(`  slowest: ${slowest.sort((a, b) => b[0] - a[0]).slice(0, 5).map(([ms, q]) => `'${q}' ${ms.toFixed(1)} ms`).join(', ')}`);
// The same queries again, the engine warm (the first round compiles the query's code as it goes).
const warm: number[] = [];
for (const name of process.env.BENCH_QUERY ? Array(5).fill(process.env.BENCH_QUERY) : typed) {
  for (let n = 1; n <= name.length; n++) {
    const t = performance.now();
    answered(name.slice(0, n), workspaceSymbols(index, name.slice(0, n)));
    warm.push(performance.now() - t);
  }
}
console.log(`  again, the engine warm: median ${pct(warm, 0.5).toFixed(1)} ms, p95 ${pct(warm, 0.95).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms`);

// The workspace-wide symbol index: its size, and what an edit of one file costs it.
const { segments } = index.symbols;
let segmentBytes = 0;
let entries = 0;
let distinct = 0;
for (const segment of segments) {
  // Every typed array of the segment counts, and the strings of the names its bytes do not hold whole (2 bytes a character).
  for (const name of segment.unscanned.values()) segmentBytes += 2 * name.length;
  for (const array of Object.values(segment)) if (ArrayBuffer.isView(array)) segmentBytes += array.byteLength;
  entries += segment.slots.length;
  distinct += segment.count;
}
console.log(`symbol index: ${segments.length} segments, ${entries} names (${distinct} distinct within their segment), ` +
  `${(segmentBytes / 2 ** 20).toFixed(1)} MB of arrays, ${(segmentBytes / entries).toFixed(1)} bytes per name`);
// Built again alone, file by file as the index was: what the symbol index adds to indexing.
const rebuilt = new SymbolIndex();
let rebuilding = 0;
let longestSet = 0;
for (const file of index.all()) {
  const t = performance.now();
  rebuilt.set(file);
  const ms = performance.now() - t;
  rebuilding += ms;
  longestSet = Math.max(longestSet, ms);
}
console.log(`  built file by file in ${Math.round(rebuilding)} ms (${(rebuilding / FILES).toFixed(2)} ms per file, ${longestSet.toFixed(1)} ms at most: ` +
  `a merge of at most ${MAX_MERGED} names)`);
const editTimes: number[] = [];
const symbolEditTimes: number[] = [];
for (let e = 0; e < 200; e++) {
  const i = random(FILES);
  const file = indexFile(`/monorepo/api-${i}/openapi.json`, parseText(description(FILES + e), 'json'));
  drain(prepareSteps(file));
  let t = performance.now();
  index.set(file);
  editTimes.push(performance.now() - t);
  // The symbol index's part alone: the same file set in it again (its old names dropped, its new ones added).
  t = performance.now();
  index.symbols.set(file);
  symbolEditTimes.push(performance.now() - t);
}
const summary = (xs: number[]) => `median ${pct(xs, 0.5).toFixed(2)} ms, p95 ${pct(xs, 0.95).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms`;
console.log(`an edited file set in the index (200 edits of random files): ${summary(editTimes)}; its symbol index part: ${summary(symbolEditTimes)}`);
if (process.env.BENCH_ANSWERS) writeFileSync(process.env.BENCH_ANSWERS, answers.join('\n') + '\n');
