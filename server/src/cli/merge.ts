// `openapi-check merge REPORT...`: the reports of the shards of one run (--shard) as one report of
// their format. Each shard's report is complete for its files, but a file that descriptions of two
// shards reference is checked by both: its findings are kept once, as one run without shards does.
// JSON arrays are joined; SARIF results go into one run (code scanning takes one run per tool and
// category in a file); JUnit test suites of the same file are one suite.
import * as fs from 'fs';
import * as path from 'path';
import { MergeOptions } from './args';
import type { Io } from './main';

type ReportFormat = 'json' | 'sarif' | 'junit';

interface SarifResult {
  ruleId?: string;
  level?: string;
  message?: { text?: string };
  locations?: { physicalLocation?: { artifactLocation?: { uri?: string }; region?: unknown } }[];
}
interface SarifRun {
  tool: { driver: { rules?: { id: string }[] } };
  results?: SarifResult[];
}
interface SarifLog {
  runs: SarifRun[];
}

function formatOf(text: string): ReportFormat | undefined {
  const start = text.trimStart();
  if (start.startsWith('<?xml') || start.startsWith('<testsuites')) return 'junit';
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value)) return 'json';
    if (value && typeof value === 'object' && Array.isArray((value as SarifLog).runs)) return 'sarif';
  } catch {
    return undefined;
  }
  return undefined;
}

export function runMerge(options: MergeOptions, io: Io): number {
  const texts: string[] = [];
  let format: ReportFormat | undefined;
  for (const report of options.reports) {
    let text: string;
    try {
      text = fs.readFileSync(path.resolve(io.cwd, report), 'utf8');
    } catch (e) {
      io.err(`openapi-check merge: cannot read ${report}: ${(e as Error).message}\n`);
      return 2;
    }
    const its = formatOf(text);
    if (!its) {
      io.err(`openapi-check merge: ${report} is no json, sarif or junit report of openapi-check.\n`);
      return 2;
    }
    if (format && its !== format) {
      io.err(`openapi-check merge: ${report} is a ${its} report, the ones before it ${format}: merge reports of one format.\n`);
      return 2;
    }
    format = its;
    texts.push(text);
  }
  const merged = format === 'json' ? mergeJson(texts) : format === 'sarif' ? mergeSarif(texts) : mergeJunit(texts);
  if (options.out) fs.writeFileSync(path.resolve(io.cwd, options.out), merged);
  else io.out(merged);
  return 0;
}

function mergeJson(texts: readonly string[]): string {
  const seen = new Set<string>();
  const all: unknown[] = [];
  for (const text of texts) {
    for (const finding of JSON.parse(text) as { file: string; rule: string; severity: string; message: string; range: unknown }[]) {
      const key = JSON.stringify([finding.file, finding.rule, finding.severity, finding.message, finding.range]);
      if (!seen.has(key)) seen.add(key), all.push(finding);
    }
  }
  return JSON.stringify(all, null, 2) + '\n';
}

function mergeSarif(texts: readonly string[]): string {
  const logs = texts.map((t) => JSON.parse(t) as SarifLog);
  const first = logs.find((log) => log.runs.length > 0) ?? logs[0];
  if (first.runs.length === 0) return JSON.stringify(first, null, 2) + '\n';
  const run = first.runs[0];
  const rules = (run.tool.driver.rules ??= []);
  const ruleIds = new Set(rules.map((r) => r.id));
  const seen = new Set<string>();
  const results: SarifResult[] = [];
  for (const log of logs) {
    for (const other of log.runs) {
      for (const rule of other.tool.driver.rules ?? []) if (!ruleIds.has(rule.id)) ruleIds.add(rule.id), rules.push(rule);
      for (const result of other.results ?? []) {
        const location = result.locations?.[0]?.physicalLocation;
        const key = JSON.stringify([location?.artifactLocation?.uri, location?.region, result.ruleId, result.level, result.message?.text]);
        if (!seen.has(key)) seen.add(key), results.push(result);
      }
    }
  }
  // Rule indexes point into the merged list of rules.
  const index = new Map(rules.map((r, i) => [r.id, i]));
  for (const result of results) if (result.ruleId !== undefined) (result as { ruleIndex?: number }).ruleIndex = index.get(result.ruleId) ?? -1;
  run.results = results;
  first.runs = [run];
  return JSON.stringify(first, null, 2) + '\n';
}

const SUITE = /<testsuite name="([^"]*)"[^>]*>([\s\S]*?)<\/testsuite>/g;
const CASE = /<testcase classname="[^"]*" name="([^"]*)"(?:\/>|>[\s\S]*?<\/testcase>)/g;
/** The case a clean file passes (see formats/junit.ts). */
const CLEAN_CASE = 'openapi-check';

function mergeJunit(texts: readonly string[]): string {
  const suites = new Map<string, Map<string, string>>();
  for (const text of texts) {
    for (const [, name, body] of text.matchAll(SUITE)) {
      let cases = suites.get(name);
      if (!cases) suites.set(name, (cases = new Map()));
      for (const [whole, caseName] of body.matchAll(CASE)) if (!cases.has(caseName)) cases.set(caseName, whole);
    }
  }
  let tests = 0;
  let failures = 0;
  const written: string[] = [];
  for (const [name, cases] of suites) {
    // A file clean in one shard's check and not in another's is not clean.
    if (cases.size > 1) cases.delete(CLEAN_CASE);
    const failed = [...cases.keys()].filter((c) => c !== CLEAN_CASE).length;
    tests += cases.size;
    failures += failed;
    const body = [...cases.values()].map((c) => `    ${c}`).join('\n');
    written.push(`  <testsuite name="${name}" tests="${cases.size}" failures="${failed}" errors="0">\n${body}\n  </testsuite>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="openapi-check" tests="${tests}" failures="${failures}" errors="0">\n${written.join('\n')}\n</testsuites>\n`;
}
