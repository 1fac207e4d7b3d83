// The syntax tree's size and parse time (issue 32, item 1): GitHub's description parsed in process,
// as JSON (also with a comma left out), as YAML, as YAML with an anchor and an alias, and as YAML
// with a key left without its colon (the syntax errors: read around, timed against the whole
// text's recovery they took before). Bytes a node are the heap one parse keeps (after full
// collections; the text was read before it) over its nodes; parse times are the process's first
// parse (the CLI's case: cold code) and the median of the next ones. Run by scripts/bench-tree.mjs
// with --expose-gc.
import { readFileSync } from 'node:fs';
import { parseText } from '../server/src/syntax/parse';
import { SourceFormat, SyntaxNode } from '../server/src/syntax/tree';
import { parseJson } from '../server/src/syntax/json';
import { parseYamlWithPackage } from '../server/src/syntax/yaml';
import { withOneAlias } from './bench-alias.mjs';

const WARM_RUNS = 5;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (scripts/bench-tree.mjs does)');
const collect = () => {
  gc();
  gc();
};

function countNodes(root: SyntaxNode | undefined): { nodes: number; collections: number } {
  let nodes = 0;
  let collections = 0;
  const stack = root ? [root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    nodes++;
    if (node.children) {
      collections++;
      for (const child of node.children) stack.push(child);
    }
  }
  return { nodes, collections };
}

function measure(file: string, format: SourceFormat, edit?: { name: string; change: (text: string) => string }, againstRecovery = false): void {
  const text = edit ? edit.change(readFileSync(file, 'utf8')) : readFileSync(file, 'utf8');
  let started = performance.now();
  parseText(text, format);
  const firstMs = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    collect();
    started = performance.now();
    parseText(text, format);
    warm.push(performance.now() - started);
  }
  warm.sort((a, b) => a - b);
  // Measured after the runs above: the tables of shared keys and values (tree.ts) are full, so the
  // heap kept is this tree's alone, as for a document after the first.
  collect();
  const before = process.memoryUsage().heapUsed;
  const kept = parseText(text, format);
  collect();
  const heap = process.memoryUsage().heapUsed - before;
  const { nodes, collections } = countNodes(kept.root);
  const jsonParse = format === 'json' && !edit ? timeJsonParse(text) : undefined;
  const recovery = againstRecovery ? timeWholeRecovery(text, format) : undefined;
  console.log(`tree of ${file.split('/').pop()}${edit ? ` ${edit.name}` : ''} (${format.toUpperCase()}, ${(text.length / 1e6).toFixed(1)} M characters): ` +
    `${nodes.toLocaleString('en')} nodes (${collections.toLocaleString('en')} collections), ${(heap / 2 ** 20).toFixed(1)} MiB, ` +
    `${(heap / nodes).toFixed(0)} bytes a node; parse ${Math.round(firstMs)} ms first, median ${Math.round(warm[WARM_RUNS >> 1])} ms after` +
    (jsonParse === undefined ? '' : ` (JSON.parse: ${Math.round(jsonParse)} ms)`) +
    (recovery === undefined ? '' : ` (${format === 'json' ? "jsonc-parser's recovery" : 'the yaml package path'}: ${Math.round(recovery)} ms)`));
}

/** The parse a broken text had before it was read around: the `yaml` package path's, jsonc-parser's recovery (once: seconds). */
function timeWholeRecovery(text: string, format: SourceFormat): number {
  collect();
  const started = performance.now();
  if (format === 'json') parseJson(text);
  else parseYamlWithPackage(text);
  return performance.now() - started;
}

/** JSON.parse of the same text, the floor a parse in JavaScript is compared with (median). */
function timeJsonParse(text: string): number {
  const times: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    collect();
    const started = performance.now();
    JSON.parse(text);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[WARM_RUNS >> 1];
}

const [json, yaml] = process.argv.slice(2);
measure(json, 'json');
// A comma left out in an operation: read strictly around that operation (syntax/json-around.ts);
// the whole text went to jsonc-parser's recovery before.
measure(json, 'json', { name: 'with a comma left out', change: withCommaLeftOut }, true);
if (yaml) {
  measure(yaml, 'yaml');
  // Hand-written YAML often shares a block through an anchor: one alias once sent the whole text to
  // the `yaml` package (ten times slower); the fast reader now expands it.
  measure(yaml, 'yaml', { name: 'with an anchor and an alias', change: withOneAlias });
  // A key left without its colon in the first operation: the fast reader reads around that line
  // (syntax/yaml-around.ts); the whole text went to the `yaml` package before.
  measure(yaml, 'yaml', { name: 'with a key left without its colon', change: withUnfinishedKey }, true);
}

function withCommaLeftOut(text: string): string {
  const at = text.indexOf('"operationId"', text.length >> 3);
  return text.slice(0, at) + '"x-a": 1 ' + text.slice(at);
}

function withUnfinishedKey(text: string): string {
  const operation = text.indexOf('\n      operationId:', text.indexOf('\npaths:'));
  const lineEnd = text.indexOf('\n', operation + 1);
  return text.slice(0, lineEnd) + '\n      summ' + text.slice(lineEnd);
}
