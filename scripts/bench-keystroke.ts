// Keystrokes in a large description (run by bench-keystroke.mjs): the session's reparse and
// incremental check per key, timed in process without the protocol and the debounce, for profiles
// and before/after comparisons. Each series types one character at a time and re-checks after
// each (as the server does: not after an edit that only moved the findings), the tree cut into
// segments first as the server cuts it after its first check.
import * as fs from 'fs';
import { pathToFileURL } from 'url';
import { Session } from '../server/src/server/state/session';
import { drain } from '../server/src/syntax/steps';

const file = process.argv[2];
const count = Number(process.argv[3] ?? 40);
const text = fs.readFileSync(file, 'utf8');
const yaml = file.endsWith('.yaml');
const session = new Session();
const uri = pathToFileURL(file).href;
session.opened({ uri, path: file, version: 1, text });
let t = performance.now();
session.check(file);
console.log(`first check ${Math.round(performance.now() - t)} ms`);
// The server cuts open trees into segments after its first check, so that an edit moves one segment.
drain(session.segmentTreesSteps());
const doc = session.open.get(uri)!;
let lines = text.split('\n');
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
function series(label: string, pattern: RegExp, change: (l: string) => { character: number; insert: string }) {
  const targets = lines.map((l, i) => (pattern.test(l) ? i : -1)).filter((i) => i >= 0);
  const apply: number[] = [];
  const check: number[] = [];
  for (let e = 0; e < count; e++) {
    const line = targets[Math.floor((e * targets.length) / count)];
    const { character, insert } = change(lines[line]);
    t = performance.now();
    const outcome = session.applyChanges(doc, [{ range: { start: { line, character }, end: { line, character } }, text: insert }]);
    const applied = performance.now();
    // The server checks nothing after an edit that only moved the findings.
    const result = outcome !== 'findings-unchanged' ? session.check(file) : undefined;
    check.push(performance.now() - applied);
    if (process.env.BENCH_VERBOSE && result) {
      console.log(`  at ${Math.round(applied)} ms ${label} #${e}: ${outcome} check ${(performance.now() - applied).toFixed(1)} ms, kept ${result.keptObjects} of ${result.analysis?.objects.length}, reused ${result.analysisReused}`);
    }
    apply.push(applied - t);
    lines[line] = lines[line].slice(0, character) + insert + lines[line].slice(character);
  }
  const f = (xs: number[]) => `median ${pct(xs, 0.5).toFixed(1)} p95 ${pct(xs, 0.95).toFixed(1)} max ${Math.max(...xs).toFixed(1)}`;
  console.log(`${label}: apply ${f(apply)}; check ${f(check)}`);
}
const summaryLine = yaml ? /^ {6}(summary|description): [A-Za-z][^'"]{4,}$/ : /^ {8}"(summary|description)": "[A-Za-z][^"\\]{4,}",?$/;
const operationIdLine = yaml ? /^ {6}operationId: [a-z][\w/-]+$/ : /^ {8}"operationId": "[a-z][\w/-]+",$/;
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  series('free text', summaryLine, (l) => ({ character: l.indexOf(yaml ? ': ' : '": "') + (yaml ? 4 : 6), insert: 'x' }));
  series('operationId', operationIdLine, (l) => ({ character: yaml ? l.length : l.length - 2, insert: 'x' }));
}
